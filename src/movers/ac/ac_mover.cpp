#include "transit/movers/ac/ac_mover.hpp"

#include <algorithm>
#include <utility>

namespace transit::ac {

namespace {

// Less than this (metres) from where it started, a body that collided has
// not moved: it was blocked rather than slid.
constexpr float kStillDistance = 1e-4f;
// sin^2 of 3 degrees: a move this close to a surface's normal goes straight into it.
constexpr float kHeadOnSq = 0.00274f;

// The sphere retail gives objects that have none (PhysicsGlobals.DummySphere).
constexpr Sphere kDummySphereShape{{0.0f, 0.0f, kDummySphereRadius}, kDummySphereRadius};

}  // namespace

ObjectInfo object_info_for(const AcBody& body, const AcContact& contact) {
  ObjectInfo info;
  if (body.flags & kFlagEdgeSlide) info.state |= kEdgeSlide;
  if (contact.contact && contact.contact_plane) {
    info.state |= kContact;
    if (contact.on_walkable) info.state |= kOnWalkable;
  }
  if (body.flags & kFlagFreeRotate) info.state |= kFreeRotate;
  if (body.flags & kFlagMissile) info.state |= kPathClipped;
  if (body.flags & kFlagPerfectClip) info.state |= kPerfectClip;
  if (body.flags & kFlagViewer) info.state |= kIsViewer;
  if (body.flags & kFlagImpenetrable) info.state |= kIsImpenetrable;
  if (body.flags & kFlagPlayer) info.state |= kIsPlayer;
  if (body.flags & kFlagPk) info.state |= kIsPk;
  if (body.flags & kFlagIgnoreCreatures) info.state |= kIgnoreCreatures;
  info.scale = body.scale;
  info.step_up_height = body.step_up_height * body.scale;
  info.step_down_height = body.step_down_height * body.scale;
  info.ethereal = (body.flags & kFlagEthereal) != 0;
  info.missile = (body.flags & kFlagMissile) != 0;
  info.step_down = !info.missile;
  info.gravity = (body.flags & kFlagGravity) != 0;
  if (body.world_object) info.self_object = static_cast<std::int64_t>(*body.world_object);
  return info;
}

bool cell_holds_body(const World& world, const AcBody& body, const Position& at) {
  if (world.point_in_cell(at.objcell_id, at.frame.origin)) return true;
  return !body.spheres.empty() &&
         world.point_in_cell(at.objcell_id, at.frame.local_to_global(body.spheres[0].center * body.scale));
}

AcMoveResult move_body(const World& world, const AcBody& body, const Position& begin,
                       const Position& end, const AcContact& contact, TransitionOptions options) {
  AcMoveResult r;
  move_body(world, body, begin, end, contact, options, r);
  return r;
}

void move_body(const World& world, const AcBody& body, const Position& begin, const Position& end,
               const AcContact& contact, const TransitionOptions& options, AcMoveResult& r) {
  std::vector<std::uint32_t> objects = std::move(r.collided_objects);
  std::vector<std::uint32_t> ids = std::move(r.collided_object_ids);
  objects.clear();
  ids.clear();

  Transition t(world, r.memo, options);
  t.collision_info.collide_objects = std::move(objects);  // lent to the transition
  t.init_object(object_info_for(body, contact));
  if (contact.contact_plane) {
    const CellPlane& cp = *contact.contact_plane;
    if (contact.contact)
      t.init_contact_plane(cp.cell, cp.plane, cp.water);
    else
      t.init_last_known_contact_plane(cp.cell, cp.plane, cp.water);
  }
  if (contact.sliding_normal) t.init_sliding_normal(*contact.sliding_normal);
  if (body.spheres.empty())
    t.init_sphere(std::span<const Sphere>(&kDummySphereShape, 1), 1.0f);
  else
    t.init_sphere(body.spheres, body.scale);
  const bool begin_in_world = world.has_cell(begin.objcell_id);
  // `begin` or `end` may be r.position, written below.
  const Position begin_copy = begin;
  const Vec3 wanted = get_offset(begin, end);
  t.init_path(begin_in_world ? begin.objcell_id : 0, begin, end);
  t.collision_info.frames_stationary_fall = contact.frames_stationary_fall;

  // Written field by field over `r`, whose lists keep their storage.
  // `begin` may be r.position: its only use is the first.
  const bool ok = t.find_valid_position();
  r.position = ok ? t.sphere_path.cur_pos : begin;
  r.ok = ok;
  r.state = t.last_validated_state();
  r.last_insert = t.last_insert_state();
  r.steps = t.steps_taken();
  CollisionInfo& ci = t.collision_info;
  r.contact = t.object_info.has(kContact);
  r.on_walkable = t.object_info.has(kOnWalkable);
  r.contact_plane.reset();
  if (ci.contact_plane_valid)
    r.contact_plane =
        CellPlane{ci.contact_plane, ci.contact_plane_cell_id, ci.contact_plane_is_water};
  r.collision_normal.reset();
  if (ci.collision_normal_valid) r.collision_normal = ci.collision_normal;
  r.sliding_normal.reset();
  if (ci.sliding_normal_valid) r.sliding_normal = ci.sliding_normal;
  r.velocity_stopped = t.object_info.velocity_stopped;
  r.collided_with_environment = ci.collided_with_environment;
  r.frames_stationary_fall = ci.frames_stationary_fall;
  for (std::uint32_t index : ci.collide_objects) ids.push_back(world.objects()[index].id);
  r.collided_objects = std::move(ci.collide_objects);
  r.collided_object_ids = std::move(ids);
  r.last_collided_object.reset();
  if (ci.last_collided_object >= 0)
    r.last_collided_object = static_cast<std::uint32_t>(ci.last_collided_object);
  r.status = move_status(world, begin_copy, wanted, r, begin_in_world, t.step_cap_exceeded());
}

MoveStatus move_status(const World& world, const Position& begin, const Vec3& wanted,
                       const AcMoveResult& r, bool begin_in_world, bool step_cap_exceeded) {
  if (!begin_in_world) return MoveStatus::NoCell;
  if (step_cap_exceeded) return MoveStatus::StepCapExceeded;
  if (r.frames_stationary_fall > 0) return MoveStatus::StationaryFall;
  const bool by_object = r.last_collided_object &&
                         !world.objects()[*r.last_collided_object].has(kFlagStatic);
  const MoveStatus blocked = by_object ? MoveStatus::BlockedByObject : MoveStatus::Blocked;
  if (!r.ok) return blocked;
  const bool still = length_sq(get_offset(begin, r.position)) < kStillDistance * kStillDistance;
  // Asked to go somewhere and went nowhere: stopped by what it met.
  if (still && r.collision_normal && length_sq(wanted) >= kStillDistance * kStillDistance)
    return blocked;
  // Ground met on the way (a landing, a step) turns nothing.
  if (!r.collision_normal || r.collision_normal->z >= kFloorZ) return MoveStatus::Moved;
  if (still) return blocked;
  // Slid: the move had a way along the surface it met; a move straight into
  // it (within about 3 degrees) was only cut short.
  const Vec3 n(r.collision_normal->x, r.collision_normal->y, 0.0f);
  const float into = glm::dot(wanted, n);
  const float along_sq = length_sq(wanted) - into * into / std::max(length_sq(n), kEpsilon);
  return along_sq > kHeadOnSq * length_sq(wanted) ? MoveStatus::Slid : blocked;
}

std::optional<CellPlane> surface_under(const World& world, CellId cell, const Vec3& point) {
  if (is_outdoor(cell)) {
    const LandCell* land = world.land_cell(cell);
    const Polygon* poly = land ? land->find_terrain_poly(point) : nullptr;
    if (!poly) return std::nullopt;
    return CellPlane{poly->plane(), cell, land->is_water()};
  }
  const EnvCell* env = world.env_cell(cell);
  if (!env) return std::nullopt;
  // Start a little above the point so that a floor exactly at it is found.
  const Vec3 start = env->frame().global_to_local(point + Vec3(0.0f, 0.0f, 0.01f));
  const Vec3 down = env->frame().global_to_local_vec(-kUnitZ);
  BspTree::RayHit hit;
  if (!env->geometry().physics.trace_ray(Ray{start, down, 1000.0f}, hit)) return std::nullopt;
  return CellPlane{env->frame().local_to_global(hit.polygon->plane()), cell, false};
}

}  // namespace transit::ac
