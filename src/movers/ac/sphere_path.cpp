#include "transit/movers/ac/sphere_path.hpp"

#include <algorithm>
#include <cstring>

#include "transit/world/land_defs.hpp"

namespace transit::ac {

void SpherePath::init_path(CellId begin_cell_id, const std::optional<Position>& begin,
                           const Position& end) {
  begin_pos = begin;
  begin_cell = begin_cell_id;
  end_pos = end;
  insert_type = begin ? InsertType::Transition : InsertType::Placement;
  cur_pos = begin ? *begin : end;
  cur_cell = begin_cell_id;
  cache_global_curr_center();
}

void SpherePath::init_sphere(std::span<const Sphere> spheres, float scale) {
  num_sphere = static_cast<int>(std::min<std::size_t>(spheres.size(), 2));
  for (int i = 0; i < num_sphere; ++i)
    local_sphere[i] = Sphere{spheres[i].center * scale, spheres[i].radius * scale};
  local_low_point = local_sphere[0].center;
  local_low_point.z -= local_sphere[0].radius;
  turned.use_points(std::span<const Sphere>(local_sphere.data(), num_sphere), local_low_point);
}

void SpherePath::add_offset_to_check_pos(const Vec3& offset) {
  cell_array_valid = false;
  check_pos.frame.origin += offset;
  shift_global_sphere(offset);
}

void SpherePath::adjust_check_pos(CellId cell) {
  if (is_outdoor(cell)) {
    const Vec3 offset = get_block_offset(cell, check_pos.objcell_id);
    shift_global_sphere(offset);
    check_pos.frame.origin += offset;
  }
  check_pos.objcell_id = cell;
}

// Frame::local_to_global (origin + orientation * point) with the turned
// points reused.
void SpherePath::cache_global_curr_center() {
  const TurnedPoints::Turned& t = turned.turned_by(cur_pos.frame.orientation);
  for (int i = 0; i < num_sphere; ++i) global_curr_center[i] = cur_pos.frame.origin + t.centers[i];
}

void SpherePath::cache_global_sphere() {
  const TurnedPoints::Turned& t = turned.turned_by(check_pos.frame.orientation);
  for (int i = 0; i < num_sphere; ++i)
    global_sphere[i] = Sphere{check_pos.frame.origin + t.centers[i], local_sphere[i].radius};
  global_low_point = check_pos.frame.origin + t.low_point;
}

void SpherePath::shift_global_sphere(const Vec3& offset) {
  for (int i = 0; i < num_sphere; ++i) global_sphere[i].center += offset;
  global_low_point += offset;
}

static_assert(sizeof(SpherePath::LocalSpaceMemo::Key) == 80, "no padding: keys are compared with memcmp");

// `pos` is the cell or object tested; its frame maps its own space into its
// landblock, and `scale` its size.

void SpherePath::cache_local_space_sphere(const Position& pos, float scale) {
  const float inv_scale = 1.0f / scale;
  // pos.frame.global_to_local(from.local_to_global(point) + block offset) / scale
  auto to_local = [&](const Position& from, const Vec3& turned_point) {
    const Vec3 in_pos_block =
        (from.frame.origin + turned_point) + get_block_offset(pos.objcell_id, from.objcell_id);
    return pos.frame.global_to_local(in_pos_block) * inv_scale;
  };
  const std::array<Vec3, 2> cur_centers = turned.turned_by(cur_pos.frame.orientation).centers;
  const std::array<Vec3, 2> check_centers = turned.turned_by(check_pos.frame.orientation).centers;
  LocalSpaceMemo& memo = local_space_memo;
  const LocalSpaceMemo::Key key{pos.objcell_id,     cur_pos.objcell_id,   num_sphere, scale, pos.frame.origin,
                                pos.frame.orientation, cur_pos.frame.origin, cur_centers};
  if (!memo.valid || std::memcmp(&key, &memo.key, sizeof(key)) != 0) {
    memo.valid = true;
    memo.key = key;
    for (int i = 0; i < num_sphere; ++i) memo.local_curr_center[i] = to_local(cur_pos, cur_centers[i]);
    memo.local_z = pos.global_to_local_vec(kUnitZ);
  }
  for (int i = 0; i < num_sphere; ++i) {
    local_space_curr_center[i] = memo.local_curr_center[i];
    local_space_sphere[i] =
        Sphere{to_local(check_pos, check_centers[i]), local_sphere[i].radius * inv_scale};
  }
  local_space_pos = pos;
  local_space_z = memo.local_z;
  local_space_low_point =
      local_space_sphere[0].center - local_space_z * local_space_sphere[0].radius;
}

bool SpherePath::check_walkables() const {
  if (!walkable) return true;
  const Sphere half{walkable_check_pos.center, walkable_check_pos.radius * 0.5f};
  return walkable->check_walkable(half, walkable_up);
}

Vec3 SpherePath::cur_check_block_offset() const {
  return get_block_offset(cur_pos.objcell_id, check_pos.objcell_id);
}

void SpherePath::save_check_pos() {
  backup_cell = check_cell;
  backup_check_pos = check_pos;
}

void SpherePath::restore_check_pos() {
  check_pos = backup_check_pos;
  check_cell = backup_cell;
  cell_array_valid = false;
  cache_global_sphere();
}

void SpherePath::set_check_pos(const Position& position, CellId cell) {
  check_pos = position;
  check_cell = cell;
  cell_array_valid = false;
  cache_global_sphere();
}

void SpherePath::set_collide(const Vec3& collision_normal) {
  collide = true;
  backup_cell = check_cell;
  backup_check_pos = check_pos;
  step_up_normal = collision_normal;
  walk_interp = 1.0f;
}

void SpherePath::set_neg_poly_hit(bool step_up_hit, const Vec3& collision_normal) {
  neg_step_up = step_up_hit;
  neg_poly_hit = true;
  neg_collision_normal = -collision_normal;
}

void SpherePath::set_walkable(const Sphere& sphere, const Polygon* poly, const Vec3& up,
                              const Position& local_pos, float scale) {
  walkable_check_pos = sphere;
  walkable = poly;
  walkable_up = up;
  walkable_pos = local_pos;
  walkable_scale = scale;
}

}  // namespace transit::ac
