// The transition's main loop: sub-stepping, insertion into cells, the search
// of neighbouring cells, offset adjustment and per-step validation.
#include "transit/movers/ac/transition.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace transit::ac {

const char* to_string(TransitionState state) {
  switch (state) {
    case TransitionState::Invalid:
      return "Invalid";
    case TransitionState::OK:
      return "OK";
    case TransitionState::Collided:
      return "Collided";
    case TransitionState::Adjusted:
      return "Adjusted";
    case TransitionState::Slid:
      return "Slid";
  }
  return "Invalid";
}

void Transition::init_sphere(std::span<const Sphere> spheres, float scale) {
  sphere_path.init_sphere(spheres, scale);
}

void Transition::init_path(CellId begin_cell, const std::optional<Position>& begin,
                           const Position& end) {
  sphere_path.init_path(begin_cell, begin, end);
}

void Transition::init_contact_plane(CellId cell, const Plane& plane, bool is_water) {
  init_last_known_contact_plane(cell, plane, is_water);
  collision_info.contact_plane_valid = true;
  collision_info.contact_plane = plane;
  collision_info.contact_plane_is_water = is_water;
  collision_info.contact_plane_cell_id = cell;
}

void Transition::init_last_known_contact_plane(CellId cell, const Plane& plane, bool is_water) {
  collision_info.last_known_contact_plane_valid = true;
  collision_info.last_known_contact_plane = plane;
  collision_info.last_known_contact_plane_is_water = is_water;
  collision_info.last_known_contact_plane_cell_id = cell;
}

void Transition::init_sliding_normal(const Vec3& normal) {
  collision_info.sliding_normal_valid = true;
  collision_info.sliding_normal = normal;
  if (!normalize_checked(collision_info.sliding_normal)) collision_info.sliding_normal = Vec3(0.0f);
}

bool Transition::find_valid_position() {
  return sphere_path.insert_type == InsertType::Transition ? find_transitional_position()
                                                           : find_placement_position();
}

// ACE: Transition.CalcNumSteps
void Transition::calc_num_steps(Vec3& offset, Vec3& offset_per_step, int& num_steps) const {
  const SpherePath& path = sphere_path;
  if (!path.begin_pos) {
    offset = offset_per_step = Vec3(0.0f);
    num_steps = 1;
    return;
  }
  offset = get_offset(*path.begin_pos, path.end_pos);
  const float dist = glm::length(offset);
  const float step = dist / path.local_sphere[0].radius;
  if (!object_info.has(kIsViewer)) {
    if (step > 1.0f) {
      // A path of more than a billion radii (or an infinite one) is past any
      // sub-step cap: say so without converting it to an int it cannot fit.
      num_steps = step < 1e9f ? static_cast<int>(std::ceil(step)) : std::numeric_limits<int>::max();
      offset_per_step = offset * (1.0f / static_cast<float>(num_steps));
    } else if (offset != Vec3(0.0f)) {
      offset_per_step = offset;
      num_steps = 1;
    } else {
      offset_per_step = Vec3(0.0f);
      num_steps = 0;
    }
    return;
  }
  if (dist <= kEpsilon) {
    offset_per_step = Vec3(0.0f);
    num_steps = 0;
  } else {
    offset_per_step = offset * (1.0f / step);
    num_steps = step < 1e9f ? static_cast<int>(std::floor(step)) + 1 : std::numeric_limits<int>::max();
  }
}

bool Transition::find_transitional_position() {
  SpherePath& path = sphere_path;
  steps_taken_ = 0;
  step_cap_exceeded_ = false;
  last_validated_ = last_insert_ = TransitionState::Invalid;
  if (path.begin_cell == 0) return false;

  Vec3 offset(0.0f), offset_per_step(0.0f);
  int num_steps = 0;
  calc_num_steps(offset, offset_per_step, num_steps);
  if (num_steps > options_.max_steps) {
    step_cap_exceeded_ = true;
    return false;
  }

  if (object_info.has(kFreeRotate)) path.cur_pos.frame.orientation = path.end_pos.frame.orientation;
  path.set_check_pos(path.cur_pos, path.cur_cell);

  if (num_steps <= 0) {
    if (!object_info.has(kFreeRotate))
      path.cur_pos.frame.orientation = path.end_pos.frame.orientation;
    build_cell_array();
    last_validated_ = last_insert_ = TransitionState::OK;
    return true;
  }

  TransitionState state = TransitionState::OK;
  for (int step = 0; step < num_steps; ++step) {
    if (object_info.has(kIsViewer) && step == num_steps - 1) {
      // The camera's last step covers exactly what is left of the offset.
      const float len = glm::length(offset);
      if (len > kEpsilon)
        offset_per_step =
            offset * (len - path.local_sphere[0].radius * static_cast<float>(step)) / len;
    }
    path.global_offset = adjust_offset(offset_per_step);
    if (!object_info.has(kIsViewer) && length_sq(path.global_offset) < kEpsilon * kEpsilon)
      return step != 0 && state == TransitionState::OK;
    if (!object_info.has(kFreeRotate))
      path.check_pos.frame.interpolate_rotation(
          path.begin_pos->frame, path.end_pos.frame,
          static_cast<float>(step + 1) / static_cast<float>(num_steps));

    collision_info.sliding_normal_valid = false;
    collision_info.contact_plane_valid = false;
    collision_info.contact_plane_is_water = false;
    steps_taken_ = step + 1;

    if (path.insert_type != InsertType::Transition) {
      last_insert_ = transitional_insert(3);
      state = last_validated_ = validate_placement_transition(last_insert_);
      if (state == TransitionState::OK) return true;
      if (!path.placement_allows_sliding) return false;
      path.add_offset_to_check_pos(path.global_offset);
    } else {
      path.add_offset_to_check_pos(path.global_offset);
      last_insert_ = transitional_insert(3);
      state = last_validated_ = validate_transition(last_insert_);
      if (collision_info.frames_stationary_fall > 0) break;
    }
    if (collision_info.collision_normal_valid && object_info.has(kPathClipped)) break;
  }
  return state == TransitionState::OK;
}

// Removes the part of a step's offset that would go into the surface the
// object stands on or slid along, and lifts it back above the contact plane.
Vec3 Transition::adjust_offset(const Vec3& in) {
  CollisionInfo& ci = collision_info;
  Vec3 offset = in;
  bool check_slide = false;
  const float sliding_angle = glm::dot(offset, ci.sliding_normal);
  if (ci.sliding_normal_valid) {
    if (sliding_angle < 0.0f)
      check_slide = true;
    else
      ci.sliding_normal_valid = false;
  }
  if (!ci.contact_plane_valid) {
    if (check_slide) offset -= ci.sliding_normal * sliding_angle;
    return offset;
  }

  const float collision_angle = glm::dot(offset, ci.contact_plane.normal);
  Vec3 crease = glm::cross(ci.contact_plane.normal, ci.sliding_normal);
  if (check_slide)
    offset = normalize_checked(crease) ? glm::dot(crease, offset) * crease : Vec3(0.0f);
  else if (collision_angle <= 0.0f)
    offset -= ci.contact_plane.normal * collision_angle;
  else
    ci.contact_plane.snap_to_plane(offset);

  if (ci.contact_plane_cell_id == 0 || ci.contact_plane_is_water) return offset;
  const Sphere& sphere = sphere_path.global_sphere[0];
  const Vec3 block_offset =
      get_block_offset(sphere_path.check_pos.objcell_id, ci.contact_plane_cell_id);
  const float dist = ci.contact_plane.distance(sphere.center - block_offset);
  if (dist >= sphere.radius - kEpsilon) return offset;
  const float z_dist = (sphere.radius - dist) / ci.contact_plane.normal.z;
  if (sphere.radius > std::fabs(z_dist)) sphere_path.add_offset_to_check_pos({0.0f, 0.0f, z_dist});
  return offset;
}

TransitionState Transition::insert_into_cell(CellId cell, int attempts) {
  if (cell == 0) return TransitionState::Collided;
  TransitionState state = TransitionState::OK;
  for (int i = 0; i < attempts; ++i) {
    state = find_collisions(cell);
    if (state == TransitionState::OK || state == TransitionState::Collided) return state;
    if (state == TransitionState::Slid) {
      collision_info.contact_plane_valid = false;
      collision_info.contact_plane_is_water = false;
    }
  }
  return state;
}

TransitionState Transition::transitional_insert(int attempts) {
  SpherePath& path = sphere_path;
  // Retail inserts into no cell as OK, with no collisions: a step-down that
  // left every cell's volume would then be accepted. transit refuses it.
  if (path.check_cell == 0) return TransitionState::Collided;
  if (attempts <= 0) return TransitionState::Invalid;

  TransitionState state = TransitionState::Invalid;
  for (int i = 0; i < attempts; ++i) {
    state = insert_into_cell(path.check_cell, attempts);
    switch (state) {
      case TransitionState::OK:
        state = check_other_cells(path.check_cell);
        if (state != TransitionState::OK) path.neg_poly_hit = false;
        if (state == TransitionState::Collided) return state;
        break;
      case TransitionState::Collided:
        return state;
      case TransitionState::Adjusted:
        path.neg_poly_hit = false;
        break;
      case TransitionState::Slid:
        collision_info.contact_plane_valid = false;
        collision_info.contact_plane_is_water = false;
        path.neg_poly_hit = false;
        break;
      case TransitionState::Invalid:
        break;
    }
    if (state != TransitionState::OK) continue;
    if (path.collide) return collide_after_insert(attempts);

    if (path.neg_poly_hit && !path.step_down && !path.step_up) {
      // The second sphere's hit, deferred until the first sphere was placed.
      path.neg_poly_hit = false;
      if (path.neg_step_up) {
        if (!step_up(path.neg_collision_normal)) state = step_up_slide();
      } else {
        state = slide_sphere(path.neg_collision_normal, path.global_curr_center[0]);
      }
      continue;
    }
    if (collision_info.contact_plane_valid || !object_info.has(kContact) || path.step_down ||
        path.check_cell == 0 || !object_info.step_down)
      return TransitionState::OK;
    if (step_down_after_insert(state)) return state;
  }
  return state;
}

// An object in contact found no ground under the new position: look for it
// a step height down; failing that, slide along the edge it walked off.
// True when transitional_insert should return `state`; otherwise its loop
// goes on (edge_slide may have changed `state`, to Slid for example).
bool Transition::step_down_after_insert(TransitionState& state) {
  SpherePath& path = sphere_path;
  float z_val = kLandingZ;
  float step_down_height = kStepDownProbe;
  if (object_info.has(kOnWalkable)) {
    z_val = object_info.walkable_z();
    step_down_height = object_info.step_down_height;
  }
  path.walkable_allowance = z_val;
  path.save_check_pos();

  const float rad_sum = path.global_sphere[0].radius * 2.0f;
  if (path.num_sphere < 2 && rad_sum < step_down_height)
    step_down_height = path.global_sphere[0].radius * 0.5f;
  if (rad_sum >= step_down_height) {
    if (step_down(step_down_height, z_val)) {
      path.walkable = nullptr;
      state = TransitionState::OK;
      return true;
    }
  } else {
    step_down_height *= 0.5f;
    if (step_down(step_down_height, z_val) || step_down(step_down_height, z_val)) {
      path.walkable = nullptr;
      state = TransitionState::OK;
      return true;
    }
  }
  return edge_slide(state, step_down_height, z_val);
}

// A falling object hit something: stand it on a walkable surface found
// along the way, or put it back where it was.
TransitionState Transition::collide_after_insert(int attempts) {
  SpherePath& path = sphere_path;
  CollisionInfo& ci = collision_info;
  path.collide = false;
  bool reset = true;
  TransitionState state = TransitionState::OK;
  if (ci.contact_plane_valid && check_walkable(kLandingZ)) {
    path.backup = path.insert_type;
    path.insert_type = InsertType::Placement;
    state = transitional_insert(attempts);
    path.insert_type = path.backup;
    reset = state != TransitionState::OK;
    if (reset) state = TransitionState::OK;
  }
  path.walkable = nullptr;
  if (!reset) return state;

  path.restore_check_pos();
  ci.contact_plane_valid = false;
  ci.contact_plane_is_water = false;
  if (ci.last_known_contact_plane_valid) {
    ci.last_known_contact_plane_valid = false;
    object_info.stop_velocity();
  } else {
    ci.set_collision_normal(path.step_up_normal);
  }
  return TransitionState::Collided;
}

TransitionState Transition::check_other_cells(CellId current) {
  SpherePath& path = sphere_path;
  path.cell_array_valid = true;
  World::CellQuery query;
  const CellList& found = find_cell_list(&query);
  path.hits_interior_cell = query.hits_interior;
  const TransitionState state = find_other_collisions(found, current);
  if (state != TransitionState::OK) return state;

  path.check_cell = query.current;
  if (query.current != 0) {
    path.adjust_check_pos(query.current);
    return TransitionState::OK;
  }
  if (path.step_down) return TransitionState::Collided;

  // No cell holds the centre: try the outdoor cell under it. Retail goes on
  // with no cell (and so no collisions). transit refuses instead: nothing
  // moves into space with no loaded cell (it would fall out of the world),
  // nor out of every room's volume through a wall (it would be nowhere).
  Position outside = path.check_pos;
  const bool snapped = snaps_to_block_edge(outside.frame.origin);
  if (is_indoor(outside.objcell_id) || !adjust_to_outside(outside))
    return TransitionState::Collided;
  if (outside.objcell_id == 0 || !world_.has_cell(outside.objcell_id))
    return TransitionState::Collided;
  path.adjust_check_pos(outside.objcell_id);
  path.set_check_pos(outside, outside.objcell_id);
  path.cell_array_valid = true;
  // A centre within kEpsilon beyond the south or west edge of the loaded
  // world was snapped onto it. Retail accepts that spot untested (its cell
  // lookup missed the terrain there); transit inserts it again.
  return snapped ? TransitionState::Adjusted : TransitionState::OK;
}

// The collisions in the cells of `cells` other than `current`, until one
// answers Slid, Collided or Adjusted.
TransitionState Transition::find_other_collisions(const CellList& cells, CellId current) {
  if (std::all_of(cells.begin(), cells.end(), [&](CellId cell) { return cell == current; }))
    return TransitionState::OK;
  // Collision responses may find the cell list again: walk a copy.
  const CellList others = cells;
  for (CellId cell : others) {
    if (cell == current) continue;
    const TransitionState state = find_collisions(cell);
    if (state == TransitionState::Slid) {
      collision_info.contact_plane_valid = false;
      collision_info.contact_plane_is_water = false;
      return state;
    }
    if (state == TransitionState::Collided || state == TransitionState::Adjusted) return state;
  }
  return TransitionState::OK;
}

namespace {

// Retail compares positions within EPSILON per component (cell, origin and
// orientation): a sub-step that moved less than 0.2 mm has not moved. ACE's
// AFrame.Equals does the same for the origin (its orientation test compares
// a frame with itself). ACE: Position.Equals / AFrame.Equals
bool same_place(const Position& a, const Position& b) {
  if (a.objcell_id != b.objcell_id) return false;
  const Vec3 d = a.frame.origin - b.frame.origin;
  if (std::fabs(d.x) > kEpsilon || std::fabs(d.y) > kEpsilon || std::fabs(d.z) > kEpsilon)
    return false;
  const Quat& p = a.frame.orientation;
  const Quat& q = b.frame.orientation;
  return std::fabs(p.w - q.w) <= kEpsilon && std::fabs(p.x - q.x) <= kEpsilon &&
         std::fabs(p.y - q.y) <= kEpsilon && std::fabs(p.z - q.z) <= kEpsilon;
}

}  // namespace

TransitionState Transition::validate_transition(TransitionState state) {
  SpherePath& path = sphere_path;
  CollisionInfo& ci = collision_info;
  bool moved = true;
  if (state != TransitionState::OK || same_place(path.check_pos, path.cur_pos)) {
    moved = false;
    if (state == TransitionState::OK) {
      set_current_check_pos();
    } else if (state != TransitionState::Invalid) {
      if (ci.last_known_contact_plane_valid) {
        // Retail's "mechanism B" (seed 004): still resting on the last known
        // contact plane, measured from the current (not the check) centre.
        object_info.stop_velocity();
        const float dist = ci.last_known_contact_plane.distance(path.global_curr_center[0]);
        if (path.global_sphere[0].radius + kEpsilon > std::fabs(dist)) {
          ci.set_contact_plane(ci.last_known_contact_plane, ci.last_known_contact_plane_is_water);
          ci.contact_plane_cell_id = ci.last_known_contact_plane_cell_id;
          if (object_info.has(kOnWalkable)) moved = true;
        }
      }
      if (!ci.collision_normal_valid) ci.set_collision_normal(kUnitZ);
      path.set_check_pos(path.cur_pos, path.cur_cell);
      build_cell_array();
      state = TransitionState::OK;
    }
  } else {
    set_current_check_pos();
  }

  if (ci.collision_normal_valid) ci.set_sliding_normal(ci.collision_normal);

  if (!object_info.has(kIsViewer) && object_info.gravity) {
    if (moved) {
      ci.frames_stationary_fall = 0;
    } else if (ci.frames_stationary_fall == 0) {
      ci.frames_stationary_fall = 1;
    } else if (ci.frames_stationary_fall == 1) {
      ci.frames_stationary_fall = 2;
    } else {
      // Stuck under gravity for three steps: stand on a synthetic floor.
      ci.frames_stationary_fall = 3;
      const Sphere& sphere = path.global_sphere[0];
      ci.set_contact_plane(Plane{kUnitZ, sphere.radius - sphere.center.z}, false);
      ci.contact_plane_cell_id = path.check_pos.objcell_id;
      if (!object_info.has(kContact)) {
        ci.set_collision_normal(kUnitZ);
        ci.collided_with_environment = true;
      }
    }
  }

  // Retail overwrites the last known contact plane's validity every step.
  ci.last_known_contact_plane_valid = ci.contact_plane_valid;
  if (ci.contact_plane_valid) {
    ci.last_known_contact_plane = ci.contact_plane;
    ci.last_known_contact_plane_cell_id = ci.contact_plane_cell_id;
    ci.last_known_contact_plane_is_water = ci.contact_plane_is_water;
    object_info.state |= kContact;
    if (ObjectInfo::is_valid_walkable(ci.contact_plane.normal))
      object_info.state |= kOnWalkable;
    else
      object_info.state &= ~kOnWalkable;
  } else {
    object_info.state &= ~(kContact | kOnWalkable);
  }
  return state;
}

void Transition::set_current_check_pos() {
  SpherePath& path = sphere_path;
  path.cur_pos = path.check_pos;
  path.cur_cell = path.check_cell;
  path.cache_global_curr_center();
  path.set_check_pos(path.cur_pos, path.cur_cell);
}

void Transition::build_cell_array() {
  SpherePath& path = sphere_path;
  path.cell_array_valid = true;
  path.hits_interior_cell = false;
  find_cell_list(nullptr);
}

const CellList& Transition::find_cell_list(World::CellQuery* query) {
  return cell_list_memo_.find(sphere_path, query);
}

}  // namespace transit::ac
