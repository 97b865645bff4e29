#include "transit/world/world.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "transit/math/input_error.hpp"
#include "transit/math/same_bits.hpp"

namespace transit {

namespace {

constexpr std::size_t kShadowSlotsPerBlock = kCellsPerBlock;
// Room kept so that moving objects about soon stops allocating: the cells
// an object's shadow usually falls in at most (four outdoor cells at a
// corner); the objects a cell's list holds before it first grows, or with
// reserve_objects, eight times as many as an even spread of the objects
// over the cells would put there; a full list grows fourfold.
constexpr std::size_t kReservedShadowCells = 4;
constexpr std::size_t kReservedShadows = 32;
constexpr std::size_t kReservedCrowding = 8;
constexpr std::size_t kShadowGrowth = 4;

}  // namespace

const EnvCell* World::env_cell(CellId id) const {
  auto it = std::lower_bound(env_cells_.begin(), env_cells_.end(), id,
                             [](const EnvCell& c, CellId v) { return c.id() < v; });
  return it != env_cells_.end() && it->id() == id ? &*it : nullptr;
}

const WorldObject* World::object_by_id(std::uint32_t id) const {
  for (const WorldObject& o : objects_)
    if (o.id == id) return &o;
  return nullptr;
}

std::optional<std::size_t> World::shadow_slot(CellId cell) const {
  const std::span<const Landblock> blocks = landscape_.landblocks();
  if (is_indoor(cell)) {
    const EnvCell* env = env_cell(cell);
    if (!env) return std::nullopt;
    return blocks.size() * kShadowSlotsPerBlock + static_cast<std::size_t>(env - env_cells_.data());
  }
  const std::int32_t block = is_outdoor(cell) ? landscape_.block_index(cell) : -1;
  if (block < 0) return std::nullopt;
  return static_cast<std::size_t>(block) * kShadowSlotsPerBlock +
         static_cast<std::size_t>(outdoor_cell_index(cell));
}

std::span<const std::uint32_t> World::shadows(CellId cell) const {
  const std::optional<std::size_t> slot = shadow_slot(cell);
  if (!slot || *slot >= shadow_lists_.size()) return {};
  return shadow_lists_[*slot];
}

bool World::point_in_cell(CellId cell, const Vec3& point) const {
  if (is_indoor(cell)) {
    const EnvCell* env = env_cell(cell);
    return env && env->point_in_cell(point);
  }
  const LandCell* land = land_cell(cell);
  return land && land->point_in_cell(point);
}

void World::find_cell_list(const Position& pos, std::span<const Sphere> spheres, CellList& out,
                           CellQuery* query) const {
  out.clear();
  bool hits_interior = false;
  const CellId start = pos.objcell_id;
  if (is_indoor(start)) {
    hits_interior = true;
    if (env_cell(start)) out.add(start);
  } else {
    add_all_outside_cells(pos, spheres, out);
  }
  if (query) *query = CellQuery{};

  if (has_cell(start) && !spheres.empty()) {
    // The list grows while it is walked: cells found lead to more cells.
    for (std::size_t i = 0; i < out.size(); ++i)
      find_transit_cells(out[i], pos, spheres, out, hits_interior);
    if (query) {
      for (CellId cell : out) {
        if (!point_in_cell(cell, spheres[0].center - get_block_offset(start, cell))) continue;
        query->current = cell;
        if (is_indoor(cell)) {
          // Retail returns here, before the visibility pruning below.
          query->hits_interior = true;
          return;
        }
      }
    }
  }
  // Seen from inside, only the cells of the same building take part.
  if (is_indoor(start)) {
    const EnvCell* inside = env_cell(start);
    CellList keep;
    for (CellId cell : out)
      if (cell == start || (inside && inside->sees(cell))) keep.add(cell);
    out = keep;
  }
  if (query) query->hits_interior = hits_interior;
}

bool World::answers_by_footprint(const CellList& cells) const {
  return std::all_of(cells.begin(), cells.end(),
                     [&](CellId cell) { return is_outdoor(cell) && !may_hold_buildings(cell); });
}

// ACE: LandCell.add_all_outside_cells
void World::add_all_outside_cells(const Position& pos, std::span<const Sphere> spheres,
                                  CellList& out) const {
  if (out.added_outside) return;
  out.added_outside = true;
  if (spheres.empty()) {
    Position outside = pos;
    if (!adjust_to_outside(outside)) return;
    if (auto lc = gid_to_lcoord(outside.objcell_id)) add_outside_cell(lc->x, lc->y, out);
    return;
  }
  for (std::size_t i = 0; i < spheres.size(); ++i) {
    const Sphere& sphere = spheres[i];
    // A sphere straight above the previous one (a body's) adds the same cells.
    if (i > 0 && same_footprint(sphere, spheres[i - 1])) continue;
    CellId cell = pos.objcell_id;
    Vec3 center = sphere.center;
    if (!adjust_to_outside(cell, center)) break;
    const float px = center.x - std::floor(center.x / kCellLength) * kCellLength;
    const float py = center.y - std::floor(center.y / kCellLength) * kCellLength;
    const float min_rad = sphere.radius;
    const float max_rad = kCellLength - min_rad;
    const auto lc = gid_to_lcoord(cell);
    if (!lc) continue;
    const int x = lc->x, y = lc->y;
    add_outside_cell(x, y, out);
    // ACE: LandCell.check_add_cell_boundary
    if (px > max_rad) {
      add_outside_cell(x + 1, y, out);
      if (py > max_rad) add_outside_cell(x + 1, y + 1, out);
      if (py < min_rad) add_outside_cell(x + 1, y - 1, out);
    }
    if (px < min_rad) {
      add_outside_cell(x - 1, y, out);
      if (py > max_rad) add_outside_cell(x - 1, y + 1, out);
      if (py < min_rad) add_outside_cell(x - 1, y - 1, out);
    }
    if (py > max_rad) add_outside_cell(x, y + 1, out);
    if (py < min_rad) add_outside_cell(x, y - 1, out);
  }
}

// The outdoor cells under the object's box, turned into its landblock's
// frame, then the rooms its bounding sphere reaches through doorways.
// ACE: PhysicsObj.find_bbox_cell_list
void World::find_box_cell_list(const WorldObject& object, const Position& pos, const Sphere& bounds,
                               CellList& out) const {
  out.clear();
  add_cells_under_box(object, pos, out);
  out.added_outside = true;
  if (!has_cell(pos.objcell_id)) return;
  bool hits_interior = false;
  for (std::size_t i = 0; i < out.size(); ++i)
    find_transit_cells(out[i], pos, std::span<const Sphere>(&bounds, 1), out, hits_interior);
}

// Every outdoor cell the box's footprint overlaps, in any landblock; retail
// keeps to the object's own landblock. A box over more cells than a
// CellList holds leaves the rest to add_cells_in_reach.
// ACE: LandCell.add_all_outside_cells (for parts) + LandCell.add_cell_block
void World::add_cells_under_box(const WorldObject& object, const Position& pos,
                                CellList& out) const {
  const SphereBox local = object.shape_box();
  if (local.empty()) return;
  CellId cell = pos.objcell_id;
  Vec3 origin = pos.frame.origin;
  if (!adjust_to_outside(cell, origin)) return;
  const auto lc = gid_to_lcoord(cell);
  if (!lc) return;
  // Retail turns the box's eight corners and takes the box around them.
  const Vec3 lo = local.lo() * object.scale;
  const Vec3 hi = local.hi() * object.scale;
  const Vec3 shift = origin - pos.frame.origin;
  SphereBox box;
  for (int i = 0; i < 8; ++i) {
    const Vec3 corner((i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z);
    box.add(pos.frame.local_to_global(corner) + shift, 0.0f);
  }
  // The lcoord of the landblock's first cell, and the cells under the box.
  // However far out the box reaches (an object of any scale), its cells
  // stay an int's range.
  const int bx = lc->x - cell_index_near_land(origin.x), by = lc->y - cell_index_near_land(origin.y);
  const int x0 = bx + cell_index_near_land(box.lo().x), x1 = bx + cell_index_near_land(box.hi().x);
  const int y0 = by + cell_index_near_land(box.lo().y), y1 = by + cell_index_near_land(box.hi().y);
  // Only loaded cells can hold a shadow: walk the loaded landblocks, not
  // the block of cells, however large the object claims to be.
  for (const Landblock& block : landscape_.landblocks()) {
    const int first_x = static_cast<int>(block.block_x()) * kBlockSide;
    const int first_y = static_cast<int>(block.block_y()) * kBlockSide;
    for (int x = std::max(x0, first_x); x <= std::min(x1, first_x + kBlockSide - 1); ++x)
      for (int y = std::max(y0, first_y); y <= std::min(y1, first_y + kBlockSide - 1); ++y) {
        if (out.size() == CellList::kCapacity) return;
        add_outside_cell(x, y, out);
      }
  }
}

// ACE: LandCell.add_outside_cell
void World::add_outside_cell(int gx, int gy, CellList& out) const {
  if (gx < 0 || gy < 0 || gx >= kLandLength || gy >= kLandLength) return;
  const CellId id = lcoord_to_gid(gx, gy);
  if (land_cell(id)) out.add(id);
}

// ACE: LandCell/SortCell/EnvCell.find_transit_cells
void World::find_transit_cells(CellId cell, const Position& pos, std::span<const Sphere> spheres,
                               CellList& out, bool& hits_interior) const {
  if (is_indoor(cell)) {
    if (const EnvCell* env = env_cell(cell)) find_env_transit_cells(*env, pos, spheres, out);
    return;
  }
  add_all_outside_cells(pos, spheres, out);
  if (!may_hold_buildings(cell)) return;
  auto it = buildings_.find(cell);
  if (it == buildings_.end()) return;
  for (std::uint32_t index : it->second)
    for (const CellPortal& portal : objects_[index].building_portals)
      if (const EnvCell* inside = env_cell(portal.other))
        check_building_transit(*inside, pos, spheres, out, hits_interior);
}

// ACE: EnvCell.find_transit_cells
void World::find_env_transit_cells(const EnvCell& cell, const Position& pos,
                                   std::span<const Sphere> spheres, CellList& out) const {
  const Vec3 offset = get_block_offset(pos.objcell_id, cell.id());
  bool check_outside = false;
  for (const CellPortal& portal : cell.portals()) {
    if (portal.leads_outside()) {
      const Plane& plane = cell.portal_polygon(portal).plane();
      for (const Sphere& sphere : spheres) {
        const float rad = sphere.radius + kEpsilon;
        const float dist = plane.distance(cell.frame().global_to_local(sphere.center - offset));
        if (dist > -rad && dist < rad) {
          check_outside = true;
          break;
        }
      }
      continue;
    }
    const EnvCell* other = env_cell(portal.other);
    if (!other) continue;
    for (const Sphere& sphere : spheres)
      if (other->sphere_intersects_cell({sphere.center - offset, sphere.radius}) !=
          BoundingType::Outside) {
        out.add(other->id());
        break;
      }
  }
  if (check_outside) add_all_outside_cells(pos, spheres, out);
}

// ACE: EnvCell.check_building_transit
void World::check_building_transit(const EnvCell& cell, const Position& pos,
                                   std::span<const Sphere> spheres, CellList& out,
                                   bool& hits_interior) const {
  const Vec3 offset = get_block_offset(pos.objcell_id, cell.id());
  for (const Sphere& sphere : spheres) {
    if (cell.sphere_intersects_cell({sphere.center - offset, sphere.radius}) ==
        BoundingType::Outside)
      continue;
    hits_interior = true;
    out.add(cell.id());
  }
}

std::optional<Position> World::resolve_global(const Vec3& global) const {
  const auto point = global_to_local(global);
  if (!point || !landscape_.find_landblock(point->cell_id)) return std::nullopt;
  Position pos;
  pos.frame.origin = point->local;
  const CellId block = landblock_of(point->cell_id);
  auto it = std::lower_bound(env_cells_.begin(), env_cells_.end(), block | 0x100u,
                             [](const EnvCell& c, CellId v) { return c.id() < v; });
  for (; it != env_cells_.end() && landblock_of(it->id()) == block; ++it)
    if (it->point_in_cell(point->local)) {
      pos.objcell_id = it->id();
      return pos;
    }
  pos.objcell_id = point->cell_id;
  return pos;
}

namespace {

// An outdoor local point lies in its landblock: x and y 0 up to 192.
bool in_landblock(const Vec3& local) {
  return local.x >= 0.0f && local.y >= 0.0f && local.x < kBlockLength && local.y < kBlockLength;
}

std::string point_text(const Vec3& v) { return fmt::format("[{}, {}, {}]", v.x, v.y, v.z); }

}  // namespace

std::optional<CellId> World::cell_disagrees(const PositionDesc& desc) const {
  if (desc.is_global() || !is_outdoor(*desc.cell) || !in_landblock(desc.local)) return std::nullopt;
  const CellId holding = outdoor_cell_from_local(landblock_of(*desc.cell), desc.local.x, desc.local.y);
  if (holding == *desc.cell) return std::nullopt;
  return holding;
}

std::optional<std::string> World::position_problem(const PositionDesc& desc) const {
  if (desc.is_global()) {
    if (resolve_global(desc.global)) return std::nullopt;
    return fmt::format("global point {} lies in no loaded landblock", point_text(desc.global));
  }
  const CellId cell = *desc.cell;
  if (!has_cell(cell)) return fmt::format("cell 0x{:08X} is not in the world", cell);
  if (is_outdoor(cell) && !in_landblock(desc.local))
    return fmt::format("local point {} lies outside its landblock (x and y must be 0 up to 192)",
                       point_text(desc.local));
  if (is_indoor(cell) && !point_in_cell(cell, desc.local))
    return fmt::format("indoor cell 0x{:08X} does not contain local point {}", cell,
                       point_text(desc.local));
  return std::nullopt;
}

std::optional<Position> World::resolve(const PositionDesc& desc,
                                       const OrientationDesc& outer) const {
  std::optional<Position> pos;
  if (desc.is_global()) {
    pos = resolve_global(desc.global);
  } else if (has_cell(*desc.cell)) {
    pos = Position{cell_disagrees(desc).value_or(*desc.cell), Frame{desc.local, {}}};
  }
  if (!pos) return std::nullopt;
  const bool inner = desc.orientation.heading_deg || desc.orientation.rotation;
  pos->frame.orientation = inner ? desc.orientation.quat() : outer.quat();
  return pos;
}

// A building keeps the cells it was registered in and its doorways (by
// indoor cell id), so moving objects leaves structure_version as it is.
void World::move_object(std::size_t index, const Position& position) {
  unregister_shadow(index);
  objects_[index].position = position;
  register_shadow(index);
}

void World::ObjectMove::keep_cells(const CellList& found) {
  cell_count = found.size() <= kCells ? static_cast<std::uint32_t>(found.size()) : 0;
  std::copy_n(found.begin(), cell_count, cells.begin());
}

void World::move_objects(std::span<const ObjectMove> moves) {
  leave_shadows(moves);
  for (const ObjectMove& move : moves) {
    objects_[move.index].position = move.position;
    if (move.cell_count > 0)
      register_shadow(move.index, std::span<const CellId>(move.cells.data(), move.cell_count));
    else
      register_shadow(move.index);  // finds the cells at the position just set
  }
}

// Takes every moving object out of the shadow lists it is in, one pass per
// list; the objects that stay keep their order.
void World::leave_shadows(std::span<const ObjectMove> moves) {
  leaving_.resize(objects_.size(), false);
  slot_touched_.resize(shadow_lists_.size(), false);
  touched_slots_.clear();
  for (const ObjectMove& move : moves) {
    leaving_[move.index] = true;
    for (CellId cell : object_cells_[move.index]) {
      const std::size_t slot = *shadow_slot(cell);
      if (!slot_touched_[slot]) touched_slots_.push_back(slot);
      slot_touched_[slot] = true;
    }
    object_cells_[move.index].clear();
  }
  for (std::size_t slot : touched_slots_) {
    std::vector<std::uint32_t>& list = shadow_lists_[slot];
    const auto leaves = [&](std::uint32_t object) { return leaving_[object]; };
    list.erase(std::remove_if(list.begin(), list.end(), leaves), list.end());
    slot_touched_[slot] = false;
  }
  for (const ObjectMove& move : moves) leaving_[move.index] = false;
}

// Retail registers an outdoor object with a physics BSP under its parts'
// bounding box and anything else under a sphere; transit's meshes stand in
// for the parts. A building keeps its sphere (buildings are registered apart).
// ACE: PhysicsObj.calc_cross_cells / calc_cross_cells_static
void World::shadow_cells_at(std::size_t index, const Position& position, CellList& out) const {
  const WorldObject& object = objects_[index];
  const Sphere bounds = object.bounds_at(position);
  if (object.meshes.empty() || object.is_building() || !is_outdoor(position.objcell_id))
    find_cell_list(position, std::span<const Sphere>(&bounds, 1), out);
  else
    find_box_cell_list(object, position, bounds, out);
  // An object also shadows the cell it stands in, however small it is.
  if (has_cell(position.objcell_id)) out.add(position.objcell_id);
}

ObjectId World::add_object(WorldObject object) {
  if (!has_cell(object.position.objcell_id))
    throw InputError(fmt::format("object {} '{}': cell 0x{:08X} is not in the world", object.id,
                                 object.name, object.position.objcell_id));
  object.local_bounds = object.shape_bounds();
  const std::size_t index = take_slot(std::move(object));
  if (objects_[index].is_building()) register_building(index);
  register_shadow(index);
  return handle(index);
}

std::size_t World::take_slot(WorldObject object) {
  if (free_slots_.empty()) {
    objects_.push_back(std::move(object));
    object_cells_.emplace_back().reserve(kReservedShadowCells);
    generations_.push_back(0);
    free_.push_back(false);
    return objects_.size() - 1;
  }
  const std::size_t index = free_slots_.back();
  free_slots_.pop_back();
  objects_[index] = std::move(object);
  free_[index] = false;
  ++generations_[index];
  if (index < mesh_bounds_.size()) mesh_bounds_[index] = Sphere{Vec3(0.0f), -1.0f};
  return index;
}

void World::reserve_objects(std::size_t count) {
  objects_.reserve(count);
  object_cells_.reserve(count);
  generations_.reserve(count);
  free_.reserve(count);
  mesh_bounds_.reserve(count);
  shadow_lists_.resize(landscape_.landblocks().size() * kShadowSlotsPerBlock + env_cells_.size());
  const std::size_t even_spread = count / std::max<std::size_t>(shadow_lists_.size(), 1);
  for (std::vector<std::uint32_t>& list : shadow_lists_)
    list.reserve(std::max(kReservedShadows, even_spread * kReservedCrowding));
}

bool World::remove_object(ObjectId id) {
  if (!is_valid(id)) return false;
  const std::size_t index = id.index;
  unregister_shadow(index);
  // Its doorways close: find_cell_list no longer passes through them.
  if (objects_[index].is_building()) structure_version_.renew();
  for (auto& [cell, list] : buildings_)
    list.erase(std::remove(list.begin(), list.end(), static_cast<std::uint32_t>(index)),
               list.end());
  objects_[index] = WorldObject{};
  free_[index] = true;
  free_slots_.push_back(id.index);
  return true;
}

bool World::move_object(ObjectId id, const Position& position) {
  if (!is_valid(id)) return false;
  move_object(id.index, position);
  return true;
}

void World::register_shadow(std::size_t index) {
  CellList cells;
  const Position& position = objects_[index].position;
  shadow_cells_at(index, position, cells);
  const Sphere bounds = objects_[index].bounds_at(position);
  if (bounds.radius <= kCellLength) {
    register_shadow(index, std::span<const CellId>(cells.begin(), cells.size()));
    return;
  }
  std::vector<CellId> all(cells.begin(), cells.end());
  add_cells_in_reach(position, bounds, all);
  register_shadow(index, all);
}

// Beyond retail: retail registers an object in the cell under its bounding
// sphere's centre and the neighbours the sphere reaches, which covers any
// object smaller than a cell (24 m) as every retail object is. A user's
// mesh larger than that (a level, a big floor) is registered in every
// outdoor cell its bounds reach too, after retail's cells, or characters
// would fall through it away from its centre.
void World::add_cells_in_reach(const Position& position, const Sphere& bounds,
                               std::vector<CellId>& out) const {
  CellId cell = position.objcell_id;
  Vec3 center = bounds.center;
  if (!adjust_to_outside(cell, center)) return;
  const auto lc = gid_to_lcoord(cell);
  if (!lc) return;
  // The centre in metres of global cell space; doubles, as it runs to 49 km.
  const double cx = lc->x * double{kCellLength} + (center.x - std::floor(center.x / kCellLength) * kCellLength);
  const double cy = lc->y * double{kCellLength} + (center.y - std::floor(center.y / kCellLength) * kCellLength);
  const double r_sq = double{bounds.radius} * bounds.radius;
  // Only loaded cells can hold a shadow: the work is bounded by the world,
  // not by how large the object claims to be.
  for (const Landblock& block : landscape_.landblocks())
    for (const LandCell& land : block.cells()) {
      const auto g = gid_to_lcoord(land.id());
      if (!g) continue;
      const double x0 = g->x * double{kCellLength}, y0 = g->y * double{kCellLength};
      const double ex = std::max({0.0, x0 - cx, cx - (x0 + kCellLength)});
      const double ey = std::max({0.0, y0 - cy, cy - (y0 + kCellLength)});
      if (ex * ex + ey * ey > r_sq) continue;
      if (std::find(out.begin(), out.end(), land.id()) == out.end()) out.push_back(land.id());
    }
}

void World::register_shadow(std::size_t index, std::span<const CellId> cells) {
  // Characters have no mesh: their moves, the serial end of a simulation
  // step, leave the bounds alone.
  if (mesh_bounds_.size() < objects_.size())
    mesh_bounds_.resize(objects_.size(), Sphere{Vec3(0.0f), -1.0f});
  if (!objects_[index].meshes.empty()) mesh_bounds_[index] = objects_[index].mesh_bounds();
  auto& registered = object_cells_[index];
  registered.assign(cells.begin(), cells.end());
  for (CellId cell : registered) {
    const std::size_t slot = *shadow_slot(cell);
    if (slot >= shadow_lists_.size()) shadow_lists_.resize(slot + 1);
    std::vector<std::uint32_t>& list = shadow_lists_[slot];
    if (list.size() == list.capacity())
      list.reserve(std::max(kReservedShadows, list.size() * kShadowGrowth));
    list.push_back(static_cast<std::uint32_t>(index));
  }
}

void World::unregister_shadow(std::size_t index) {
  for (CellId cell : object_cells_[index]) {
    auto& list = shadow_lists_[*shadow_slot(cell)];
    list.erase(std::remove(list.begin(), list.end(), static_cast<std::uint32_t>(index)),
               list.end());
  }
  object_cells_[index].clear();
}

// A building's doorways are found from every outdoor cell its bounds reach.
void World::register_building(std::size_t index) {
  structure_version_.renew();
  const WorldObject& object = objects_[index];
  const Sphere bounds = object.bounds();
  CellList cells;
  add_all_outside_cells(object.position, std::span<const Sphere>(&bounds, 1), cells);
  for (CellId cell : cells) {
    buildings_[cell].push_back(static_cast<std::uint32_t>(index));
    building_cells_.resize(landscape_.landblocks().size(), 0);
    const auto block = static_cast<std::size_t>(landscape_.block_index(cell));
    building_cells_[block] |= std::uint64_t{1} << outdoor_cell_index(cell);
  }
}

bool World::may_hold_buildings(CellId cell) const {
  const std::int32_t block = landscape_.block_index(cell);
  if (block < 0 || static_cast<std::size_t>(block) >= building_cells_.size()) return false;
  return (building_cells_[static_cast<std::size_t>(block)] >> outdoor_cell_index(cell)) & 1u;
}

}  // namespace transit
