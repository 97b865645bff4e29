// Collisions with a cell's own geometry: terrain for outdoor cells, the
// room's physics BSP for indoor ones.
#include <cmath>

#include "transit/movers/ac/transition.hpp"

namespace transit::ac {

// Retail order: the cell's own geometry, an outdoor cell's buildings, then
// the objects whose shadows fall in the cell.
TransitionState Transition::find_collisions(CellId cell) {
  TransitionState state = TransitionState::OK;
  if (is_indoor(cell)) {
    const EnvCell* env = world_.env_cell(cell);
    if (!env) return state;
    state = find_env_cell_collisions(*env);
    return state == TransitionState::OK ? find_obj_collisions(world_.shadows(cell)) : state;
  }
  const LandCell* land = world_.land_cell(cell);
  if (!land) return state;
  state = find_land_env_collisions(*land);
  if (state != TransitionState::OK) return state;
  const std::span<const std::uint32_t> shadows = world_.shadows(cell);
  state = find_building_collisions(shadows);
  return state == TransitionState::OK ? find_obj_collisions(shadows) : state;
}

namespace {

// Whether the bottom of `check` lies more than kEpsilon above both terrain
// triangles' planes, by validate_walkable's own expression: then it answers
// OK whichever triangle find_terrain_poly picks (water depth, never
// negative, only widens the gap), and a falling or jumping object high over
// the ground skips the search.
bool above_both_planes(const LandCell& cell, const Sphere& check) {
  const Vec3 low_point = check.center - Vec3(0.0f, 0.0f, check.radius);
  for (const Polygon& triangle : cell.polygons())
    if (!(triangle.plane().distance(low_point) > kEpsilon)) return false;
  return true;
}

}  // namespace

// ACE: LandCell.FindEnvCollisions
TransitionState Transition::find_land_env_collisions(const LandCell& cell) {
  const SpherePath& path = sphere_path;
  const Vec3 block_offset = get_block_offset(path.check_pos.objcell_id, cell.id());
  Sphere check = path.global_sphere[0];
  check.center -= block_offset;
  // Retail tests the landblock's water, not the cell's.
  const bool water_refuses = cell.block_water_type() == WaterType::EntirelyWater &&
                             !object_info.has(kIsViewer) && !object_info.missile;
  if (!water_refuses && !object_info.has(kIsViewer) && above_both_planes(cell, check))
    return TransitionState::OK;

  const Vec3 low_point = path.global_low_point - block_offset;
  const Polygon* walkable = cell.find_terrain_poly(low_point);
  if (!walkable) return TransitionState::OK;
  if (water_refuses) return TransitionState::Collided;

  const float water_depth = cell.get_water_depth(low_point);
  return validate_walkable(check, walkable->plane(), cell.is_water(), water_depth, cell.id());
}

// ACE: EnvCell.FindEnvCollisions
TransitionState Transition::find_env_cell_collisions(const EnvCell& cell) {
  SpherePath& path = sphere_path;
  path.obstruction_ethereal = false;
  path.cache_local_space_sphere(Position{cell.id(), cell.frame()}, 1.0f);
  const BspTree& physics = cell.geometry().physics;
  const TransitionState state = path.insert_type == InsertType::InitialPlacement
                                    ? bsp_placement_insert(physics)
                                    : bsp_find_collisions(physics, 1.0f);
  if (state != TransitionState::OK && !object_info.has(kContact))
    collision_info.collided_with_environment = true;
  return state;
}

TransitionState Transition::validate_walkable(const Sphere& check_pos, const Plane& contact_plane,
                                              bool is_water, float water_depth, CellId cell) {
  SpherePath& path = sphere_path;
  CollisionInfo& ci = collision_info;
  const bool began_indoors = path.begin_pos && is_indoor(path.begin_pos->objcell_id);
  if (object_info.has(kIsViewer)) {
    // The camera is pulled back along its ray to stay above the ground.
    const float dist = contact_plane.distance(check_pos.center) - check_pos.radius;
    if (dist > -kEpsilon && began_indoors) return TransitionState::OK;
    const Vec3 offset = check_pos.center - path.global_curr_center[0];
    const float angle = dist / glm::dot(offset, contact_plane.normal);
    if ((angle <= 0.0f || angle > 1.0f) && began_indoors) return TransitionState::OK;
    path.add_offset_to_check_pos(offset * -angle);
    ci.set_collision_normal(contact_plane.normal);
    ci.collided_with_environment = true;
    return TransitionState::Adjusted;
  }

  const Vec3 low_point = check_pos.center - Vec3(0.0f, 0.0f, check_pos.radius);
  const float dist = contact_plane.distance(low_point) + water_depth;
  const bool may_stand = path.step_down || !object_info.has(kOnWalkable) ||
                         ObjectInfo::is_valid_walkable(contact_plane.normal);
  const bool landing = !object_info.has(kContact) && !path.step_down;
  if (dist >= -kEpsilon) {
    if (dist > kEpsilon) return TransitionState::OK;
    if (may_stand) {
      ci.set_contact_plane(contact_plane, is_water);
      ci.contact_plane_cell_id = cell;
    }
    if (landing) {
      ci.set_collision_normal(contact_plane.normal);
      ci.collided_with_environment = true;
    }
    return TransitionState::OK;
  }

  // Below the surface: lift the sphere onto it.
  if (path.check_walkable) return TransitionState::Collided;
  const float z_dist = dist / contact_plane.normal.z;
  if (may_stand) {
    ci.set_contact_plane(contact_plane, is_water);
    ci.contact_plane_cell_id = cell;
    if (path.step_down) {
      const float interp =
          (1.0f - -1.0f / (path.step_down_amt * path.walk_interp) * z_dist) * path.walk_interp;
      if (interp >= path.walk_interp || interp < -0.1f) return TransitionState::Collided;
      path.walk_interp = interp;
    }
    path.add_offset_to_check_pos({0.0f, 0.0f, -z_dist});
  }
  if (landing) {
    ci.set_collision_normal(contact_plane.normal);
    ci.collided_with_environment = true;
  }
  return TransitionState::Adjusted;
}

}  // namespace transit::ac
