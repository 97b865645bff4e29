#include "transit/world/retail_scenery.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "transit/world/landblock.hpp"
#include "transit/world/scenery_rules.hpp"

namespace transit {

namespace {

constexpr float kBlock = 192.0f;

bool inside_by(const Vec3& c, float r) { return c.x >= r && c.y >= r && c.x < kBlock - r && c.y < kBlock - r; }

// Retail CPhysicsObj::obj_within_block, on the object's frame before it is scaled.
bool within_block(const dat::ModelBounds& b, const dat::DatFrame& f) {
  const auto global = [&](const Vec3& local) { return f.origin + f.orientation * local; };
  if (b.physics_bsp) return inside_by(global(b.sorting.center), b.sorting.radius);
  if (!b.cylspheres.empty()) {
    for (const dat::DatCylSphere& c : b.cylspheres)
      if (!inside_by(global(c.low_point), c.radius)) return false;
    return true;
  }
  if (b.spheres) return inside_by(global(b.sorting.center), b.sorting.radius);
  return inside_by(f.origin, 0.0f);
}

// The land cells (x * 8 + y) holding a building's origin (retail
// CLandBlock::init_buildings gives each building to that cell).
std::set<int> building_cells(const dat::RetailData& retail, int x, int y) {
  std::set<int> cells;
  if (const auto info = retail.landblock_info(x, y))
    for (const dat::BuildingInfo& b : info->buildings) {
      const Vec3& o = b.frame.origin;
      if (inside_by(o, 0.0f)) cells.insert(static_cast<int>(o.x / 24.0f) * 8 + static_cast<int>(o.y / 24.0f));
    }
  return cells;
}

// Plane::set_height: the point dropped onto the plane, unless it stands on edge.
float height_on(const Plane& plane, const Vec3& p) {
  if (std::fabs(plane.normal.z) <= 0.0002f) return p.z;
  return static_cast<float>(-((static_cast<double>(p.y) * plane.normal.y + static_cast<double>(p.x) * plane.normal.x +
                               plane.d) / plane.normal.z));
}

}  // namespace

SceneryCounts& SceneryCounts::operator+=(const SceneryCounts& o) {
  placed += o.placed;
  not_chosen += o.not_chosen;
  weenie += o.weenie;
  outside += o.outside;
  road += o.road;
  building += o.building;
  slope += o.slope;
  past_edge += o.past_edge;
  return *this;
}

namespace {

// What became of one scene object: its count in SceneryCounts.
using Verdict = std::size_t SceneryCounts::*;

// A landblock's terrain, buildings and models, where its scene objects are
// tried one by one.
struct Ground {
  const dat::CellLandblock& block;
  const Landblock& land;
  const std::set<int>& buildings;
  dat::ModelPlacer& models;

  // Retail's tests and placement of object k of a vertex's scene, in
  // retail's order; `placed` is set when the answer is placed.
  Verdict plant(const dat::SceneObject& o, int vx, int vy, std::uint32_t k, SceneryPlacement& placed) const {
    const auto gx = static_cast<std::uint32_t>(static_cast<int>(block.id >> 24) * 8 + vx);
    const auto gy = static_cast<std::uint32_t>(static_cast<int>((block.id >> 16) & 0xFF) * 8 + vy);
    if (!scenery_object_chosen(gx, gy, k, o.frequency)) return &SceneryCounts::not_chosen;
    if (o.weenie != 0) return &SceneryCounts::weenie;
    const Vec3 offset = scenery_offset(o, gx, gy, k);
    Vec3 at(static_cast<float>(vx * 24.0 + offset.x), static_cast<float>(vy * 24.0 + offset.y), offset.z);
    if (!(at.x >= 0.0f && at.y >= 0.0f && at.x < kBlock && at.y < kBlock)) return &SceneryCounts::outside;
    if (on_road(block.terrain, at)) return &SceneryCounts::road;
    if (buildings.count(static_cast<int>(at.x / 24.0f) * 8 + static_cast<int>(at.y / 24.0f)))
      return &SceneryCounts::building;
    const std::optional<TerrainPoly> under = land.find_terrain_poly(at);
    if (!under) return &SceneryCounts::slope;
    const Plane& plane = under->polygon->plane();
    if (!(plane.normal.z >= o.min_slope && plane.normal.z <= o.max_slope)) return &SceneryCounts::slope;
    at.z = height_on(plane, at);
    const bool turned = o.align || o.max_rotation > 0.0f;
    const float heading = o.align ? heading_of(-plane.normal) : scenery_heading(o, gx, gy, k);
    const dat::DatFrame frame{at, turned ? with_heading(o.base.orientation, heading) : o.base.orientation};
    if (!within_block(models.bounds(o.model), frame)) return &SceneryCounts::past_edge;
    placed = {o.model, frame, scenery_scale(o, gx, gy, k), 0, vx * 9 + vy, k};
    return &SceneryCounts::placed;
  }
};

}  // namespace

// Retail CLandBlock::get_land_scenes
Scenery retail_scenery(const dat::RetailData& retail, const dat::CellLandblock& block, dat::ModelPlacer& models) {
  Scenery out;
  const int x = static_cast<int>(block.id >> 24), y = static_cast<int>((block.id >> 16) & 0xFF);
  const dat::RegionScenery& tables = retail.region_scenery();
  const auto scenes_of = [&](std::uint16_t word) -> const std::vector<std::uint32_t>& {
    return tables.scenes((word >> 2) & 0x1F, word >> 11);
  };
  // Most landblocks grow nothing: their terrain and buildings are not looked at.
  if (std::none_of(block.terrain.begin(), block.terrain.end(), [&](std::uint16_t w) { return !scenes_of(w).empty(); }))
    return out;
  const LandblockDesc desc = retail.landblock_desc(block);
  const Landblock land(block.id & 0xFFFF0000u, *desc.heights, *desc.terrain_types);
  const std::set<int> buildings = building_cells(retail, x, y);
  const Ground ground{block, land, buildings, models};
  std::map<std::uint32_t, dat::SceneFile> scene_files;  // a landblock uses few
  for (int vx = 0; vx < 9; ++vx)
    for (int vy = 0; vy < 9; ++vy) {
      const std::vector<std::uint32_t>& scenes = scenes_of(block.terrain[static_cast<std::size_t>(vx * 9 + vy)]);
      if (scenes.empty()) continue;
      const auto gx = static_cast<std::uint32_t>(x * 8 + vx), gy = static_cast<std::uint32_t>(y * 8 + vy);
      const std::uint32_t scene_id = scenes[scene_choice(gx, gy, scenes.size())];
      if (scene_id == 0) continue;
      auto found = scene_files.find(scene_id);
      if (found == scene_files.end()) found = scene_files.emplace(scene_id, retail.scene_file(scene_id)).first;
      const std::vector<dat::SceneObject>& objects = found->second.objects;
      for (std::uint32_t k = 0; k < objects.size(); ++k) {
        SceneryPlacement placed;
        const Verdict verdict = ground.plant(objects[k], vx, vy, k, placed);
        ++(out.counts.*verdict);
        if (verdict != &SceneryCounts::placed) continue;
        placed.scene = scene_id;
        out.placements.push_back(placed);
      }
    }
  return out;
}

SceneryCounts add_retail_scenery(const dat::RetailData& retail, const dat::CellLandblock& block,
                                 dat::RetailObjects& objects) {
  const std::uint32_t id = block.id & 0xFFFF0000u;
  dat::ModelPlacer models(retail, id, objects, "Scenery ");
  const Scenery scenery = retail_scenery(retail, block, models);
  for (const SceneryPlacement& p : scenery.placements)
    models.place(p.model, p.frame, dat::outdoor_cell_under(id, p.frame.origin), p.scale);
  return scenery.counts;
}

}  // namespace transit
