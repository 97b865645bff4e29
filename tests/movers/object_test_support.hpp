#pragma once
// Helpers of the object-collision tests: scenes with objects on flat ground,
// a walker that chains moves the way a game loop does, and a measure of how
// far a body's spheres have sunk into the world's objects.

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "transit/movers/ac/ac_mover.hpp"
#include "support/penetration.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::ac::objtest {

// A human-sized body, and how deep into an object a move may leave it.
inline constexpr float kBodyRadius = 0.48f;
inline constexpr float kMaxPenetration = 0.01f;

// --- scenes ------------------------------------------------------------------

inline ShapeDesc sphere_shape(const Vec3& center, float radius) {
  ShapeDesc s;
  s.type = ShapeDesc::Type::Sphere;
  s.center = center;
  s.radius = radius;
  return s;
}

inline ShapeDesc cylsphere_shape(const Vec3& low_point, float radius, float height) {
  ShapeDesc s;
  s.type = ShapeDesc::Type::CylSphere;
  s.low_point = low_point;
  s.radius = radius;
  s.height = height;
  return s;
}

// A closed box, faces outward.
inline ShapeDesc box_shape(const Vec3& lo, const Vec3& hi) {
  ShapeDesc s;
  s.type = ShapeDesc::Type::Mesh;
  for (int i = 0; i < 8; ++i)
    s.mesh.vertices.emplace_back(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z);
  s.mesh.polygons = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                     {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  return s;
}

// The human body's two spheres, as an object (another player).
inline std::vector<ShapeDesc> human_shapes() {
  return {sphere_shape({0, 0, 0.48f}, 0.48f), sphere_shape({0, 0, 1.35f}, 0.48f)};
}

// An object at landblock-local `local` of test::kBlock (flat ground, z 0).
inline ObjectDesc object_at(std::uint32_t id, const Vec3& local, std::uint32_t flags,
                            std::vector<ShapeDesc> shapes) {
  ObjectDesc o;
  o.id = id;
  o.name = "object " + std::to_string(id);
  o.position.global = test::kBlockOrigin + local;
  o.flags = flags;
  o.shapes = std::move(shapes);
  return o;
}

inline SceneDesc flat_with(std::vector<ObjectDesc> objects) {
  SceneDesc s = test::two_by_two_flat();
  s.objects = std::move(objects);
  return s;
}

inline std::size_t index_of(const World& w, std::uint32_t id) {
  const WorldObject* o = w.object_by_id(id);
  return static_cast<std::size_t>(o - w.objects().data());
}

// --- positions and contact ---------------------------------------------------

// The position at landblock-local (x, y) of `block`, on the ground.
inline Position on_ground(const World& w, CellId block, float x, float y) {
  Position p{outdoor_cell_from_local(block, x, y), Frame{{x, y, 0.0f}, {}}};
  const Plane plane = surface_under(w, p.objcell_id, p.frame.origin)->plane;
  p.frame.origin.z = -(plane.normal.x * x + plane.normal.y * y + plane.d) / plane.normal.z;
  return p;
}

// Outdoors at landblock-local `local` of test::kBlock.
inline Position at(const Vec3& local) {
  return Position{outdoor_cell_from_local(test::kBlock, local.x, local.y), Frame{local, {}}};
}

inline AcContact standing_on(const World& w, const Position& p) {
  AcContact c;
  c.contact_plane = surface_under(w, p.objcell_id, p.frame.origin);
  c.contact = c.contact_plane.has_value();
  c.on_walkable = c.contact && c.contact_plane->plane.normal.z >= kFloorZ;
  return c;
}

// What the body knows after a move: what a game keeps for the next frame.
inline AcContact after(const AcMoveResult& r) {
  AcContact c;
  c.contact = r.contact;
  c.on_walkable = r.on_walkable;
  c.contact_plane = r.contact_plane;
  c.sliding_normal = r.sliding_normal;
  c.frames_stationary_fall = r.frames_stationary_fall;
  return c;
}

// --- walking -----------------------------------------------------------------

// A body moved frame by frame, each move starting from what the last left.
struct Walker {
  const World& world;
  AcBody body;
  Position pos;
  AcContact contact;
  AcMoveResult last;
  std::vector<std::uint32_t> collided_ids;  // over all moves, first hit first
  std::optional<std::uint32_t> last_blocker;  // the last move's last_collided_object that was set
  float deepest = -std::numeric_limits<float>::max();
  std::set<std::uint32_t> ignored;  // objects the body is meant to pass through

  Walker(const World& w, AcBody b, const Position& start)
      : world(w), body(std::move(b)), pos(start), contact(standing_on(w, start)) {}

  const AcMoveResult& move(const Vec3& offset) {
    Position to = pos;
    to.frame.origin += offset;
    last = move_body(world, body, pos, to, contact);
    pos = last.position;
    contact = after(last);
    for (std::uint32_t id : last.collided_object_ids)
      if (std::find(collided_ids.begin(), collided_ids.end(), id) == collided_ids.end())
        collided_ids.push_back(id);
    if (last.last_collided_object) last_blocker = last.last_collided_object;
    deepest = std::max(deepest, test::deepest_penetration(world, body, pos, ignored));
    return last;
  }
  // `total` in `frames` equal moves.
  const AcMoveResult& walk(const Vec3& total, int frames) {
    for (int i = 0; i < frames; ++i) move(total / static_cast<float>(frames));
    return last;
  }
  Vec3 xyz() const { return pos.frame.origin; }
};

// Lets the body fall from where it is in 0.1 m moves until it lands (at
// most `frames` moves); true when it did.
inline bool fall_until_contact(Walker& walker, int frames) {
  walker.contact = AcContact{};
  for (int i = 0; i < frames; ++i) {
    walker.move(Vec3(0.0f, 0.0f, -0.1f));
    if (walker.last.contact) return true;
  }
  return false;
}

}  // namespace transit::ac::objtest
