#pragma once

#include <cstdint>
#include <vector>

#include "transit/math/plane.hpp"

namespace transit::ac {

/// A cell id.
using CellId = std::uint32_t;

/// What a transition learned about the surfaces around the object (retail
/// COLLISIONINFO): the plane it stands on, the one it stood on last, the
/// normals it collided with and slid along.
struct CollisionInfo {
  bool contact_plane_valid = false;
  Plane contact_plane;
  CellId contact_plane_cell_id = 0;
  bool contact_plane_is_water = false;

  bool last_known_contact_plane_valid = false;
  Plane last_known_contact_plane;
  CellId last_known_contact_plane_cell_id = 0;
  bool last_known_contact_plane_is_water = false;

  bool sliding_normal_valid = false;
  Vec3 sliding_normal{0.0f};
  bool collision_normal_valid = false;
  Vec3 collision_normal{0.0f};
  Vec3 adjust_offset{0.0f};
  bool collided_with_environment = false;
  int frames_stationary_fall = 0;

  /// Objects hit, by their index in the world, in the order first hit.
  std::vector<std::uint32_t> collide_objects;
  std::int64_t last_collided_object = -1;

  /// ACE: CollisionInfo.SetContactPlane
  void set_contact_plane(const Plane& plane, bool is_water);
  /// The normal, normalised (zero when it cannot be). ACE: CollisionInfo.SetCollisionNormal
  void set_collision_normal(const Vec3& normal);
  void set_sliding_normal(const Vec3& normal);
  /// Records an object hit (once); `collided`: it blocked. ACE: CollisionInfo.AddObject
  void add_object(std::uint32_t object, bool collided);
};

}  // namespace transit::ac
