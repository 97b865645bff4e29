// Placing an object where there is no path to it: initial placement pushes
// it out of walls; placement searches circles around the spot for room.
#include <cmath>

#include "transit/movers/ac/transition.hpp"

namespace transit::ac {

// ACE: Transition.PlacementInsert
TransitionState Transition::placement_insert() {
  const CellId cell = sphere_path.check_cell;
  if (cell == 0) return TransitionState::Collided;
  TransitionState state = insert_into_cell(cell, 3);
  if (state == TransitionState::OK) state = check_other_cells(cell);
  return state;
}

// ACE: Transition.ValidatePlacement
TransitionState Transition::validate_placement(TransitionState state, bool adjust) {
  SpherePath& path = sphere_path;
  if (path.check_cell == 0) return TransitionState::Collided;
  if (state == TransitionState::OK) {
    path.cur_pos = path.check_pos;
    path.cur_cell = path.check_cell;
    path.cache_global_curr_center();
  } else if ((state == TransitionState::Adjusted || state == TransitionState::Slid) && adjust) {
    return validate_placement(placement_insert(), false);
  }
  return state;
}

// ACE: Transition.ValidatePlacementTransition
TransitionState Transition::validate_placement_transition(TransitionState state) {
  SpherePath& path = sphere_path;
  if (path.check_cell == 0) return TransitionState::Collided;
  if (state == TransitionState::OK) {
    path.cur_pos = path.check_pos;
    path.cur_cell = path.check_cell;
    path.cache_global_curr_center();
  } else if (path.placement_allows_sliding) {
    collision_info.collide_objects.clear();
  }
  return state;
}

// Tries the spot, then rings of spots ever further out, up to 4 m away.
// ACE: Transition.FindPlacementPos
bool Transition::find_placement_pos() {
  SpherePath& path = sphere_path;
  CollisionInfo& ci = collision_info;
  auto reset_step = [&] {
    ci.sliding_normal_valid = false;
    ci.contact_plane_valid = false;
    ci.contact_plane_is_water = false;
  };
  path.set_check_pos(path.cur_pos, path.cur_cell);
  reset_step();
  if (validate_placement_transition(transitional_insert(3)) == TransitionState::OK) return true;
  if (!path.placement_allows_sliding) return false;

  float adjust_rad = 4.0f;
  float sphere_rad = path.local_sphere[0].radius;
  const bool tiny = sphere_rad < 0.125f;
  if (tiny)
    adjust_rad = 2.0f;
  else if (sphere_rad < 0.48f)
    sphere_rad = 0.48f;

  float rings = 4.0f / sphere_rad;
  if (tiny) rings *= 0.5f;
  if (rings <= 1.0f) return false;
  const int num_steps = static_cast<int>(std::ceil(rings));
  const float dist_per_step = adjust_rad / static_cast<float>(num_steps);
  const float radians_per_step = 3.14159265358979f * dist_per_step / sphere_rad;

  float total_dist = 0.0f, total_rad = 0.0f;
  for (int i = 0; i < num_steps; ++i) {
    total_dist += dist_per_step;
    total_rad += radians_per_step;
    const int spots = static_cast<int>(std::ceil(total_rad)) * 2;
    const float angle = 360.0f / static_cast<float>(spots);
    for (int j = 0; j < spots; ++j) {
      path.set_check_pos(path.cur_pos, path.cur_cell);
      const float heading = angle * static_cast<float>(j) * (3.14159265358979f / 180.0f);
      const Vec3 offset = Vec3(std::sin(heading), std::cos(heading), 0.0f) * total_dist;
      path.global_offset = adjust_offset(offset);
      if (glm::length(path.global_offset) < kEpsilon) continue;
      path.add_offset_to_check_pos(path.global_offset);
      reset_step();
      if (validate_placement_transition(transitional_insert(3)) == TransitionState::OK) return true;
    }
  }
  return false;
}

// ACE: Transition.FindPlacementPosition
bool Transition::find_placement_position() {
  SpherePath& path = sphere_path;
  CollisionInfo& ci = collision_info;
  path.set_check_pos(path.cur_pos, path.cur_cell);
  path.insert_type = InsertType::InitialPlacement;

  TransitionState state = TransitionState::Collided;
  if (path.check_cell != 0) {
    state = insert_into_cell(path.check_cell, 3);
    if (state == TransitionState::OK) state = check_other_cells(path.check_cell);
  }
  if (validate_placement(state, true) != TransitionState::OK) return false;

  path.insert_type = InsertType::Placement;
  if (!find_placement_pos()) return false;
  if (!object_info.step_down) return validate_placement(TransitionState::OK, true) == TransitionState::OK;

  // Settle the placed object onto the ground below it.
  path.walkable_allowance = kLandingZ;
  path.save_check_pos();
  path.backup = path.insert_type;
  path.insert_type = InsertType::Transition;
  const float radius = path.global_sphere[0].radius;
  float step_down_height = object_info.step_down_height;
  if (path.num_sphere < 2 && radius * 2.0f < step_down_height) step_down_height = radius * 0.5f;
  bool settled;
  if (step_down_height <= radius * 2.0f) {
    settled = step_down(step_down_height, kLandingZ);
  } else {
    step_down_height *= 0.5f;
    settled = step_down(step_down_height, kLandingZ) || step_down(step_down_height, kLandingZ);
  }
  if (!settled) {
    path.restore_check_pos();
    ci.contact_plane_valid = false;
    ci.contact_plane_is_water = false;
  }
  path.insert_type = path.backup;
  path.walkable = nullptr;
  return validate_placement(TransitionState::OK, true) == TransitionState::OK;
}

}  // namespace transit::ac
