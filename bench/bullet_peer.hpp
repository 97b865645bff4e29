#pragma once
// The peer: the demo world's geometry in Bullet (static triangle meshes,
// capsules for cylspheres, spheres) and one btKinematicCharacterController
// (a capsule) per character, driven by the same scripts as transit's
// runners at the same tick. See docs/performance.md for where this is not
// like for like.

#include <cstddef>
#include <memory>

#include "workload/scripted_runner.hpp"

namespace transit::perf {

class BulletPeer {
 public:
  explicit BulletPeer(const World& world);
  ~BulletPeer();
  BulletPeer(const BulletPeer&) = delete;
  BulletPeer& operator=(const BulletPeer&) = delete;

  // A character standing where `start` stands, following `script`.
  void add_character(const Runner& start, const Script& script);
  // One tick of every character, then the broadphase update Bullet's own
  // world step would do.
  void step();

  std::size_t characters() const;
  std::size_t static_triangles() const;
  // The character's feet, in world points (scripted_runner.hpp).
  Vec3 feet(std::size_t character) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace transit::perf
