// Stepping up and down, walkable probes, and the slides along walls, edges
// and cliffs.
#include <cmath>

#include "transit/movers/ac/transition.hpp"

namespace transit::ac {

bool Transition::step_up(const Vec3& collision_normal) {
  SpherePath& path = sphere_path;
  collision_info.contact_plane_valid = false;
  collision_info.contact_plane_is_water = false;
  path.step_up = true;
  path.step_up_normal = collision_normal;

  float step_down_height = kStepDownProbe;
  float z_landing = kLandingZ;
  if (object_info.has(kOnWalkable)) {
    z_landing = object_info.walkable_z();
    step_down_height = object_info.step_up_height;
  }
  path.walkable_allowance = z_landing;
  path.backup_cell = path.check_cell;
  path.backup_check_pos = path.check_pos;

  // With step_up set, step_down does not lower the sphere: it is probed
  // downwards from where it hit the obstacle, which is the step's top.
  const bool stepped = step_down(step_down_height, z_landing);
  path.step_up = false;
  path.walkable = nullptr;
  if (!stepped) path.restore_check_pos();
  return stepped;
}

bool Transition::step_down(float step_down_height, float z_val) {
  SpherePath& path = sphere_path;
  path.neg_poly_hit = false;
  path.step_down = true;
  path.step_down_amt = step_down_height;
  path.walk_interp = 1.0f;
  if (!path.step_up) {
    path.cell_array_valid = false;
    path.check_pos.frame.origin.z -= step_down_height;
    path.shift_global_sphere({0.0f, 0.0f, -step_down_height});
  }
  TransitionState state = transitional_insert(5);
  path.step_down = false;

  const CollisionInfo& ci = collision_info;
  if (state != TransitionState::OK || !ci.contact_plane_valid || ci.contact_plane.normal.z < z_val)
    return false;
  if (object_info.has(kEdgeSlide) && !path.step_up && !check_walkable(z_val)) return false;
  path.backup = path.insert_type;
  path.insert_type = InsertType::Placement;
  state = transitional_insert(1);
  path.insert_type = path.backup;
  return state == TransitionState::OK;
}

bool Transition::check_walkable(float z_check) {
  SpherePath& path = sphere_path;
  if (!object_info.has(kOnWalkable) || path.check_walkables()) return true;
  path.backup_check_pos = path.check_pos;
  path.backup_cell = path.check_cell;

  float step_height = object_info.step_down_height;
  path.walkable_allowance = z_check;
  path.check_walkable = true;
  const float radius = path.global_sphere[0].radius;
  if (path.num_sphere < 2 && step_height > radius * 2.0f) step_height = radius * 0.5f;
  if (step_height > radius * 2.0f) step_height *= 0.5f;
  path.add_offset_to_check_pos({0.0f, 0.0f, -step_height});

  const TransitionState state = transitional_insert(1);
  path.check_walkable = false;
  path.set_check_pos(path.backup_check_pos, path.backup_cell);
  return state != TransitionState::OK;
}

bool Transition::edge_slide(TransitionState& state, float step_down_height, float z_val) {
  SpherePath& path = sphere_path;
  CollisionInfo& ci = collision_info;
  if (!object_info.has(kOnWalkable) || !object_info.has(kEdgeSlide)) {
    state = set_edge_slide(true, true, TransitionState::OK);
    return true;
  }
  if (ci.contact_plane_valid && ci.contact_plane.normal.z < z_val) {
    state = set_edge_slide(true, false, cliff_slide(ci.contact_plane));
    return false;
  }
  if (path.walkable) {
    state = set_edge_slide(false, false, precipice_slide());
    return state == TransitionState::Collided;
  }
  if (ci.contact_plane_valid) {
    state = set_edge_slide(true, true, TransitionState::OK);
    return true;
  }

  // Find the walkable the object is leaving by stepping down where it was.
  path.add_offset_to_check_pos(path.global_curr_center[0] - path.global_sphere[0].center);
  step_down(step_down_height, z_val);
  ci.contact_plane_valid = false;
  ci.contact_plane_is_water = false;
  path.restore_check_pos();
  if (path.walkable) {
    path.cache_local_space_sphere(path.walkable_pos, path.walkable_scale);
    path.walkable_check_pos = path.local_space_sphere[0];
    state = precipice_slide();
    return state == TransitionState::Collided;
  }
  path.walkable = nullptr;
  path.cell_array_valid = true;
  state = TransitionState::Collided;
  return true;
}

TransitionState Transition::set_edge_slide(bool unwalkable, bool valid_cell,
                                           TransitionState state) {
  if (unwalkable) sphere_path.walkable = nullptr;
  sphere_path.restore_check_pos();
  collision_info.contact_plane_valid = false;
  collision_info.contact_plane_is_water = false;
  if (valid_cell) sphere_path.cell_array_valid = true;
  return state;
}

TransitionState Transition::cliff_slide(const Plane& contact_plane) {
  SpherePath& path = sphere_path;
  Vec3 edge = glm::cross(contact_plane.normal, collision_info.last_known_contact_plane.normal);
  edge.z = 0.0f;
  // The horizontal normal of the cliff's edge line.
  Vec3 normal(edge.z - edge.y, edge.x - edge.z, 0.0f);
  if (!normalize_checked(normal)) return TransitionState::OK;

  const Vec3 offset = path.global_sphere[0].center - path.global_curr_center[0];
  const float angle = glm::dot(normal, offset + path.cur_check_block_offset());
  if (angle <= 0.0f) {
    path.add_offset_to_check_pos(normal * angle);
    collision_info.set_collision_normal(normal);
  } else {
    path.add_offset_to_check_pos(normal * -angle);
    collision_info.set_collision_normal(-normal);
  }
  return TransitionState::Adjusted;
}

TransitionState Transition::slide_sphere(Vec3 collision_normal, const Vec3& curr_pos) {
  SpherePath& path = sphere_path;
  CollisionInfo& ci = collision_info;
  const Vec3 center = path.global_sphere[0].center;
  if (collision_normal == Vec3(0.0f)) {
    path.add_offset_to_check_pos((curr_pos - center) * 0.5f);
    return TransitionState::Adjusted;
  }
  ci.set_collision_normal(collision_normal);

  const Vec3 moved = path.cur_check_block_offset() + (center - curr_pos);
  const Plane& plane = ci.contact_plane_valid ? ci.contact_plane : ci.last_known_contact_plane;
  const Vec3 crease = glm::cross(collision_normal, plane.normal);
  const float crease_sq = length_sq(crease);
  if (crease_sq >= kEpsilon) {
    // Keep only the movement along the crease of the wall and the floor.
    Vec3 offset = crease * glm::dot(crease, moved) * (1.0f / crease_sq);
    if (length_sq(offset) < kEpsilon) return TransitionState::Collided;
    offset -= moved;
    path.add_offset_to_check_pos(offset);
    return TransitionState::Slid;
  }
  if (glm::dot(collision_normal, plane.normal) >= 0.0f) {
    path.add_offset_to_check_pos(-collision_normal * glm::dot(collision_normal, moved));
    return TransitionState::Slid;
  }
  // Wall and floor face each other: turn back the way the object came. Retail
  // (0x00537440) returns Collided here; ACE and seed 000 section 6 say OK.
  collision_normal = -moved;
  if (normalize_checked(collision_normal)) ci.set_collision_normal(collision_normal);
  return TransitionState::Collided;
}

TransitionState Transition::step_up_slide() {
  collision_info.contact_plane_valid = false;
  collision_info.contact_plane_is_water = false;
  return slide_sphere(sphere_path.step_up_normal, sphere_path.global_curr_center[0]);
}

TransitionState Transition::precipice_slide() {
  SpherePath& path = sphere_path;
  Vec3 normal(0.0f);
  const bool found = path.walkable->find_crossed_edge(path.walkable_check_pos, path.walkable_up, normal);
  path.walkable = nullptr;
  if (!found) return TransitionState::Collided;
  path.step_up = false;
  normal = path.walkable_pos.frame.local_to_global_vec(normal);
  const Vec3 offset =
      path.global_sphere[0].center - path.global_curr_center[0] + path.cur_check_block_offset();
  if (glm::dot(normal, offset) > 0.0f) normal = -normal;
  return slide_sphere(normal, path.global_curr_center[0]);
}

}  // namespace transit::ac
