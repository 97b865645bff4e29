#include "dat/synthetic_data.hpp"

#include <algorithm>
#include <fstream>
#include <numbers>
#include <map>
#include <stdexcept>

#include "dat/dat_writer.hpp"
#include "geom/bsp_builder.hpp"
#include "transit/geom/polygon.hpp"
#include "transit/dat/retail_data.hpp"

namespace transit::dat::testing {

LandDefs retail_like_land_defs() {
  LandDefs d;
  d.region_number = 1;
  d.version = 3;
  d.region_name = "Dereth";  // 6 bytes: two of padding follow
  d.num_block_length = 255;
  d.num_block_width = 255;
  d.square_length = 24.0f;
  d.lblock_length = 8;
  d.vertex_per_cell = 1;
  d.max_obj_height = 200.0f;
  d.sky_height = 1000.0f;
  d.road_width = 5.0f;
  for (std::size_t i = 0; i < 256; ++i) d.land_height_table[i] = static_cast<float>(i) * 2.0f;
  return d;
}

// Grass (type 1), with a road bit on the first column.
CellLandblock ramp_block(int x, int y, int base) {
  CellLandblock b;
  b.id = cell_landblock_id(x, y);
  b.has_objects = true;
  for (int vx = 0; vx < 9; ++vx)
    for (int vy = 0; vy < 9; ++vy) {
      const std::size_t i = static_cast<std::size_t>(vx * 9 + vy);
      b.heights[i] = static_cast<std::uint8_t>(base + vx);
      b.terrain[i] = static_cast<std::uint16_t>((1 << 2) | (vx == 0 ? 1 : 0));
    }
  return b;
}

LandblockInfo small_landblock_info(int x, int y) {
  LandblockInfo info;
  info.id = landblock_info_id(x, y);
  info.num_cells = 2;
  info.objects = {{0x01000A01, {{30.0f, 40.0f, 22.0f}, {1, 0, 0, 0}}},
                  {0x02000B02, {{60.0f, 80.0f, 30.0f}, {0.7071068f, 0, 0, 0.7071068f}}}};
  BuildingInfo house;
  house.model = 0x01001234;
  house.frame = {{120.0f, 100.0f, 30.0f}, {1, 0, 0, 0}};
  house.num_leaves = 3;
  house.portals = {{1, 0x0100, 0, {0x0100, 0x0101, 0x0102}}};  // 3 stabs: padded to 4 bytes
  info.buildings = {house};
  info.pack_mask = 1;
  info.restrictions = {{static_cast<std::uint32_t>(x << 24 | y << 16 | 0x0100), 0x7F000001}};
  return info;
}

namespace {

const std::vector<Vec3> kRoomCorners = {{-5, -3, 0}, {5, -3, 0}, {5, 3, 0}, {-5, 3, 0},
                                        {-5, -3, 4}, {5, -3, 4}, {5, 3, 4}, {-5, 3, 4}};
// Floor, ceiling, walls at y -3, y +3, x +5, x -5: each facing into the room.
const std::vector<std::vector<std::uint16_t>> kRoomPolygons = {
    {0, 1, 2, 3}, {4, 7, 6, 5}, {0, 4, 5, 1}, {3, 2, 6, 7}, {1, 5, 6, 2}, {0, 3, 7, 4}};

// Transit's tree over the room's walls as retail stores a physics tree:
// pre-order, every internal node with both children, leaves naming
// polygons by id.
std::int32_t put_physics(const BspTree& tree, std::int32_t n, const std::vector<std::uint16_t>& ids,
                         DatBspTree& out) {
  const BspNode& node = tree.nodes()[static_cast<std::size_t>(n)];
  const auto at = static_cast<std::int32_t>(out.nodes.size());
  out.nodes.emplace_back();
  out.nodes.back().bounds = node.bounds;
  if (node.is_leaf()) {
    out.nodes.back().tag = bsp_tag("LEAF");
    out.nodes.back().leaf_index = at;
    out.nodes.back().solid = node.solid;
    for (std::uint32_t k = 0; k < node.num_refs; ++k) out.nodes.back().polygons.push_back(ids.at(tree.leaf_refs()[node.first_ref + k]));
    return at;
  }
  out.nodes.back().tag = bsp_tag("BPIN");
  out.nodes.back().plane = node.plane;
  const std::int32_t pos = put_physics(tree, node.pos, ids, out);
  const std::int32_t neg = put_physics(tree, node.neg, ids, out);
  out.nodes[static_cast<std::size_t>(at)].pos = pos;
  out.nodes[static_cast<std::size_t>(at)].neg = neg;
  return at;
}

// The room's polygons turned to face out: a closed box.
std::vector<std::vector<std::uint16_t>> box_polygons() {
  auto polygons = kRoomPolygons;
  for (auto& p : polygons) std::reverse(p.begin() + 1, p.end());
  return polygons;
}

// The room's corners scaled to x within +-half_x, y within +-half_y, z 0..height.
std::vector<Vec3> corners_of(float half_x, float half_y, float height) {
  std::vector<Vec3> corners;
  for (const Vec3& c : kRoomCorners) corners.emplace_back(c.x / 5.0f * half_x, c.y / 3.0f * half_y, c.z / 4.0f * height);
  return corners;
}

CellStruct room(std::uint16_t portal, const std::vector<Vec3>& corners = kRoomCorners) {
  CellStruct c;
  for (std::uint16_t v = 0; v < corners.size(); ++v) c.vertices[v] = corners[v];
  std::vector<std::vector<std::uint32_t>> walls;
  std::vector<std::uint16_t> wall_ids;
  for (std::uint16_t id = 0; id < kRoomPolygons.size(); ++id) {
    DatPolygon p;
    p.sides = 2;
    p.vertex_ids = kRoomPolygons[id];
    c.polygons[id] = p;
    if (id == portal) continue;
    c.physics_polygons[id] = p;
    walls.emplace_back(p.vertex_ids.begin(), p.vertex_ids.end());
    wall_ids.push_back(id);
  }
  c.portals = {portal};
  const BspTree physics = build_bsp(corners, walls, {BspRole::Physics, PolygonSides::Single, "room", 16}).tree;
  if (physics.polygons().size() != walls.size()) throw std::logic_error("the room's walls were split");
  put_physics(physics, 0, wall_ids, c.physics_bsp);
  // The cell tree: in front of every polygon's plane, portals included.
  for (std::uint16_t id = 0; id < kRoomPolygons.size(); ++id) {
    std::vector<Vec3> points;
    for (std::uint16_t v : kRoomPolygons[id]) points.push_back(corners[v]);
    DatBspNode node;
    node.tag = bsp_tag("BPIn");
    node.plane = Polygon::make_plane(points);
    node.pos = static_cast<std::int32_t>(c.cell_bsp.nodes.size() + 1);
    c.cell_bsp.nodes.push_back(node);
  }
  DatBspNode inside;
  inside.tag = bsp_tag("LEAF");
  c.cell_bsp.nodes.push_back(inside);
  return c;
}

}  // namespace

GfxObj box_gfx_obj(std::uint32_t id, float half_x, float half_y, float height, bool hut) {
  GfxObj g;
  g.id = id;
  g.flags = 1;
  const std::vector<Vec3> corners = corners_of(half_x, half_y, height);
  for (std::uint16_t v = 0; v < corners.size(); ++v) g.vertices[v] = corners[v];
  std::vector<std::vector<std::uint32_t>> faces;
  std::vector<std::uint16_t> ids;
  const auto polygons = box_polygons();
  for (std::uint16_t id16 = 0; id16 < polygons.size(); ++id16) {
    if (hut && (id16 == 0 || id16 == 5)) continue;  // no floor, the west wall open
    DatPolygon p;
    p.sides = 2;
    p.vertex_ids = polygons[id16];
    g.physics_polygons[id16] = p;
    faces.emplace_back(p.vertex_ids.begin(), p.vertex_ids.end());
    ids.push_back(id16);
  }
  const BspTree tree = build_bsp(corners, faces, {BspRole::Physics, PolygonSides::Single, "box", 16}).tree;
  if (tree.polygons().size() != faces.size()) throw std::logic_error("the box's faces were split");
  put_physics(tree, 0, ids, g.physics_bsp);
  return g;
}

EnvCellFile hut_cell() {
  EnvCellFile c;
  c.id = 0x01010102;
  c.flags = 1;  // seen outside
  c.environment = 0x0D000123;
  c.cell_structure = 2;
  c.frame = {{100.0f, 100.0f, 0.0f}, {1, 0, 0, 0}};
  c.portals = {{0, 5, 0xFFFF, 0}};
  return c;
}

Setup crate_post_setup() {
  Setup s;
  s.id = 0x02000B02;
  s.parts = {0x01000A01};
  s.placements[0] = {DatFrame{{2.0f, 0.0f, 0.0f}, {1, 0, 0, 0}}};
  s.cylspheres = {{{0.0f, 0.0f, 0.0f}, 0.5f, 3.0f}};
  s.height = 3.0f;
  s.radius = 2.5f;
  return s;
}

Setup creature_setup() {
  Setup s;
  s.id = 0x02000001;
  s.flags = 4;
  s.spheres = {{{0.0f, 0.0f, 0.6f}, 0.6f}, {{0.0f, 0.0f, 1.5f}, 0.6f}};
  s.height = 2.0f;
  s.radius = 0.6f;
  s.step_up_height = 0.5f;
  s.step_down_height = 1.0f;
  s.default_motion_table = 0x09000001;
  return s;
}

MotionTable creature_motion_table() {
  constexpr std::uint32_t kHandCombat = 0x8000003Cu;
  const float pi = std::numbers::pi_v<float>;
  MotionTable t;
  t.id = 0x09000001;
  t.default_style = kStyleNonCombat;
  t.style_defaults = {{kStyleNonCombat, kMotionReady}, {kHandCombat, kMotionReady}};
  const auto key = MotionTable::motion_key;
  t.cycles[key(kStyleNonCombat, kMotionReady)] = {std::nullopt, std::nullopt, 1};
  // A slow creature: it walks at 1.2 m/s, runs at 2.5 and sidesteps at 0.8.
  t.cycles[key(kStyleNonCombat, kMotionWalkForward)] = {Vec3(0.0f, 1.2f, 0.0f), std::nullopt, 1};
  t.cycles[key(kStyleNonCombat, kMotionRunForward)] = {Vec3(0.0f, 2.5f, 0.0f), std::nullopt, 2};
  t.cycles[key(kStyleNonCombat, kMotionTurnRight)] = {std::nullopt, Vec3(0.0f, 0.0f, -pi / 3.0f), 1};
  t.cycles[key(kHandCombat, kMotionTurnRight)] = {std::nullopt, Vec3(0.0f, 0.0f, -pi / 2.0f), 1};
  t.modifiers[key(kStyleNonCombat, kMotionRunForward)] = {Vec3(0.0f, 1.0f, 0.0f), std::nullopt, 0};
  t.modifiers[kMotionSideStepRight & 0xFFFFFFu] = {Vec3(0.8f, 0.0f, 0.0f), std::nullopt, 0};
  t.links = 2;
  return t;
}

RegionScenery synthetic_scenery() {
  RegionScenery r;
  r.scene_types = {{}, {0x12000001, 0x12000002}};
  r.terrain_scene_types = {{0, 1}, {0}};
  return r;
}

namespace {

// The tree trunk GfxObj 0x01000C01, displaced up to `displace` m each way
// and turned up to `rotation` degrees.
SceneObject tree_object(float displace, float rotation) {
  SceneObject tree;
  tree.model = 0x01000C01;
  tree.displace_x = displace;
  tree.displace_y = displace;
  tree.max_rotation = rotation;
  return tree;
}

}  // namespace

SceneFile grove_scene() {
  SceneFile s;
  s.id = 0x12000001;
  SceneObject tree = tree_object(4.0f, 360.0f);
  tree.frequency = 0.9f;
  tree.min_scale = 0.8f;
  tree.max_scale = 1.25f;
  SceneObject weenie = tree;
  weenie.model = 0x02000C02;
  weenie.frequency = 1.0f;
  weenie.weenie = 1;
  SceneObject never = tree;
  never.frequency = 0.0f;
  SceneObject rock;
  rock.model = 0x02000C02;
  rock.base.origin = {3.0f, 0.0f, 0.0f};
  rock.min_slope = 0.95f;
  rock.align = 1;
  s.objects = {tree, weenie, never, rock};
  return s;
}

SceneFile lone_tree_scene() { return {0x12000002, {tree_object(2.0f, 90.0f)}}; }

Setup rock_setup() {
  Setup s;
  s.id = 0x02000C02;
  s.cylspheres = {{{0.0f, 0.0f, 0.0f}, 0.7f, 1.2f}};
  s.height = 1.2f;
  s.radius = 0.7f;
  s.sorting_sphere = {{0.0f, 0.0f, 0.6f}, 1.0f};
  return s;
}

Environment corridor_environment() {
  Environment env;
  env.id = 0x0D000123;
  env.cells[0] = room(4);
  env.cells[1] = room(5);
  env.cells[2] = room(5, corners_of(3.0f, 3.0f, 3.0f));
  return env;
}

std::vector<EnvCellFile> corridor_cells(int x, int y) {
  const std::uint32_t block = static_cast<std::uint32_t>(x << 24 | y << 16);
  EnvCellFile a;
  a.id = block | 0x0100;
  a.surfaces = {0x0032};
  a.environment = 0x0D000123;
  a.cell_structure = 0;
  a.frame = {{40.0f, 96.0f, -30.0f}, {1, 0, 0, 0}};
  a.portals = {{0, 4, 0x0101, 0}};
  a.visible_cells = {0x0101};
  EnvCellFile b = a;
  b.id = block | 0x0101;
  b.cell_structure = 1;
  b.frame.origin.x = 50.0f;
  b.portals = {{0, 5, 0x0100, 0}};
  b.visible_cells = {0x0100};
  return {a, b};
}

void write_data_dir(const std::filesystem::path& dir) {
  CellLandblock flat;
  flat.id = cell_landblock_id(0x01, 0x01);
  flat.has_objects = true;
  for (int v : {2 * 9 + 6, 3 * 9 + 5}) flat.terrain[static_cast<std::size_t>(v)] = 1 << 11;  // scene slot 1
  LandblockInfo dungeon;
  dungeon.id = landblock_info_id(0x01, 0x01);
  dungeon.num_cells = 3;
  BuildingInfo hut;
  hut.model = 0x01005678;
  hut.frame = {{100.0f, 100.0f, 0.0f}, {1, 0, 0, 0}};
  hut.portals = {{0, 0x0102, 0, {0x0102}}};
  dungeon.buildings = {hut};
  std::map<std::uint32_t, std::string> cell{
      {cell_landblock_id(0xA9, 0xB4), cell_landblock_bytes(ramp_block(0xA9, 0xB4, 10))},
      {landblock_info_id(0xA9, 0xB4), landblock_info_bytes(small_landblock_info(0xA9, 0xB4))},
      {cell_landblock_id(0xAA, 0xB4), cell_landblock_bytes(ramp_block(0xAA, 0xB4, 18))},
      {flat.id, cell_landblock_bytes(flat)},
      {dungeon.id, landblock_info_bytes(dungeon)}};
  for (int block : {0x0101, 0xA9B4})
    for (const EnvCellFile& c : corridor_cells(block >> 8, block & 0xFF)) cell[c.id] = env_cell_bytes(c);
  const EnvCellFile inside = hut_cell();
  cell[inside.id] = env_cell_bytes(inside);
  std::map<std::uint32_t, std::string> portal{{kRegionId, region_bytes(retail_like_land_defs(), synthetic_scenery())},
                                              {0x12000001, scene_bytes(grove_scene())},
                                              {0x12000002, scene_bytes(lone_tree_scene())},
                                              {0x01000C01, gfx_obj_bytes(box_gfx_obj(0x01000C01, 0.3f, 0.3f, 8.0f))},
                                              {0x02000C02, setup_bytes(rock_setup())},
                                              {0x0D000123, environment_bytes(corridor_environment())},
                                              {0x01000A01, gfx_obj_bytes(box_gfx_obj(0x01000A01, 1, 1, 2))},
                                              {0x01001234, gfx_obj_bytes(box_gfx_obj(0x01001234, 4, 3, 4))},
                                              {0x01005678, gfx_obj_bytes(box_gfx_obj(0x01005678, 3, 3, 3, true))},
                                              {0x02000B02, setup_bytes(crate_post_setup())},
                                              {0x02000001, setup_bytes(creature_setup())},
                                              {0x09000001, motion_table_bytes(creature_motion_table())}};
  std::ofstream(dir / kCellFileName, std::ios::binary) << write_dat(cell, {256, DataSet::Cell, true});
  std::ofstream(dir / kPortalFileName, std::ios::binary) << write_dat(portal, {1024, DataSet::Portal, true});
}

}  // namespace transit::dat::testing
