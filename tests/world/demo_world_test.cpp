#include "transit/world/demo_world.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "transit/format/scene_reader.hpp"
#include "format/scene_validation.hpp"
#include "transit/format/scene_writer.hpp"
#include "geom/bsp_builder.hpp"
#include "transit/geom/polygon.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/world/landblock.hpp"

namespace transit {
namespace {

const SceneDesc& world() {
  static const SceneDesc scene = make_demo_world();
  return scene;
}

std::vector<Vec3> polygon_points(const MeshDesc& mesh, std::size_t index) {
  std::vector<Vec3> points;
  for (std::uint32_t v : mesh.polygons[index]) points.push_back(mesh.vertices[v]);
  return points;
}

Vec3 polygon_normal(const MeshDesc& mesh, std::size_t index) {
  return Polygon::make_plane(polygon_points(mesh, index)).normal;
}

// Volume enclosed by a closed mesh: positive when its normals point out.
double signed_volume(const MeshDesc& mesh) {
  double six_v = 0.0;
  for (std::size_t p = 0; p < mesh.polygons.size(); ++p) {
    const std::vector<Vec3> pts = polygon_points(mesh, p);
    for (std::size_t i = 1; i + 1 < pts.size(); ++i)
      six_v += glm::dot(glm::dvec3(pts[0]), glm::cross(glm::dvec3(pts[i]), glm::dvec3(pts[i + 1])));
  }
  return six_v / 6.0;
}

struct Bounds {
  Vec3 lo{std::numeric_limits<float>::max()};
  Vec3 hi{std::numeric_limits<float>::lowest()};
  void add(const Vec3& p) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
};

Bounds polygon_bounds(const MeshDesc& mesh, std::size_t index, const Vec3& offset) {
  Bounds b;
  for (const Vec3& p : polygon_points(mesh, index)) b.add(p + offset);
  return b;
}

Bounds mesh_bounds(const MeshDesc& mesh) {
  Bounds b;
  for (const Vec3& p : mesh.vertices) b.add(p);
  return b;
}

const CellDesc* find_cell(CellId id) {
  for (const CellDesc& c : world().cells)
    if (c.id == id) return &c;
  return nullptr;
}

const ObjectDesc* find_object(std::uint32_t id) {
  for (const ObjectDesc& o : world().objects)
    if (o.id == id) return &o;
  return nullptr;
}

// The building mesh without its portal polygons: its solid walls.
MeshDesc solid_part(const ObjectDesc& object, const MeshDesc& mesh) {
  if (!object.building_portals) return mesh;
  std::set<std::uint32_t> portals;
  for (const PortalDesc& p : *object.building_portals) portals.insert(p.polygon);
  MeshDesc solid = mesh;
  solid.polygons.clear();
  for (std::uint32_t i = 0; i < mesh.polygons.size(); ++i)
    if (!portals.contains(i)) solid.polygons.push_back(mesh.polygons[i]);
  return solid;
}

std::vector<Landblock> landblocks() {
  std::vector<Landblock> blocks;
  for (const LandblockDesc& d : world().landblocks) {
    std::span<const std::uint8_t> types;
    if (d.terrain_types) types = *d.terrain_types;
    blocks.emplace_back(
        make_landblock_id(static_cast<std::uint32_t>(d.x), static_cast<std::uint32_t>(d.y)),
        *d.heights, types);
  }
  return blocks;
}

const Landblock& block(const std::vector<Landblock>& blocks, CellId id) {
  for (const Landblock& b : blocks)
    if (b.id() == landblock_of(id)) return b;
  throw std::runtime_error("no such landblock");
}

TEST(DemoWorld, IsDeterministic) {
  EXPECT_EQ(make_demo_world(), make_demo_world());
}

TEST(DemoWorld, IsAValidSceneThatSurvivesAFileRoundTrip) {
  EXPECT_NO_THROW(validate_scene(world(), "demo world"));
  const std::string text = write_scene(world());
  EXPECT_EQ(parse_scene(text, ".", "demo world"), world());
}

TEST(DemoWorld, HasTwoByTwoLandblocksWithHeights) {
  std::set<std::pair<int, int>> blocks;
  for (const LandblockDesc& d : world().landblocks) {
    EXPECT_TRUE(d.heights.has_value());
    blocks.insert({d.x, d.y});
  }
  EXPECT_EQ(blocks, (std::set<std::pair<int, int>>{
                        {0xA9, 0xB4}, {0xA9, 0xB5}, {0xAA, 0xB4}, {0xAA, 0xB5}}));
  // Neighbouring landblocks share their edge vertices.
  const auto blocks_built = landblocks();
  const Landblock& sw = block(blocks_built, demo::kVillageBlock);
  const Landblock& se = block(blocks_built, demo::kPondBlock);
  const Landblock& nw = block(blocks_built, demo::kHillsBlock);
  for (int i = 0; i < 9; ++i) {
    EXPECT_EQ(sw.height(8, i), se.height(0, i));
    EXPECT_EQ(sw.height(i, 8), nw.height(i, 0));
  }
}

TEST(DemoWorld, IdsAreUnique) {
  std::set<std::uint32_t> objects;
  for (const ObjectDesc& o : world().objects) EXPECT_TRUE(objects.insert(o.id).second) << o.id;
  std::set<CellId> cells;
  for (const CellDesc& c : world().cells) EXPECT_TRUE(cells.insert(c.id).second) << c.id;
  std::set<std::string> names;
  for (const CharacterDesc& c : world().characters) EXPECT_TRUE(names.insert(c.name).second);
  EXPECT_TRUE(names.contains("player"));
  EXPECT_TRUE(names.contains("player2"));
}

TEST(DemoWorld, EveryPolygonIsValid) {
  auto check = [](const MeshDesc& mesh, const std::string& what) {
    ASSERT_FALSE(mesh.polygons.empty()) << what;
    for (std::size_t p = 0; p < mesh.polygons.size(); ++p) {
      for (std::uint32_t v : mesh.polygons[p]) ASSERT_LT(v, mesh.vertices.size()) << what;
      const auto error = validate_polygon(polygon_points(mesh, p));
      EXPECT_FALSE(error.has_value()) << what << " polygon " << p << ": " << error.value_or("");
    }
  };
  for (const CellDesc& c : world().cells) check(c.mesh, "cell " + std::to_string(c.id));
  for (const ObjectDesc& o : world().objects)
    for (const ShapeDesc& s : o.shapes)
      if (s.type == ShapeDesc::Type::Mesh) check(s.mesh, o.name);
}

TEST(DemoWorld, ObjectMeshesAreClosedAndFaceOutward) {
  for (const ObjectDesc& o : world().objects)
    for (const ShapeDesc& s : o.shapes) {
      if (s.type != ShapeDesc::Type::Mesh) continue;
      const MeshDesc solid = solid_part(o, s.mesh);
      EXPECT_EQ(find_open_edge(solid.vertices, solid.polygons), "") << o.name;
      EXPECT_GT(signed_volume(solid), 0.0) << o.name;
      const BspBuildResult bsp = build_bsp(solid.vertices, solid.polygons, {.name = o.name});
      EXPECT_TRUE(bsp.warnings.empty()) << o.name;
    }
}

TEST(DemoWorld, CellMeshesAreClosedWithPortalsAndFaceInward) {
  ASSERT_GE(world().cells.size(), 2u);
  for (const CellDesc& c : world().cells) {
    EXPECT_EQ(find_open_edge(c.mesh.vertices, c.mesh.polygons), "") << c.id;
    EXPECT_LT(signed_volume(c.mesh), 0.0) << c.id;
    const BspBuildResult bsp =
        build_bsp(c.mesh.vertices, c.mesh.polygons, {.role = BspRole::Cell, .name = "cell"});
    EXPECT_TRUE(bsp.warnings.empty()) << c.id;
    EXPECT_TRUE(is_indoor(c.id));
    EXPECT_EQ(landblock_of(c.id), demo::kVillageBlock);
  }
}

TEST(DemoWorld, CellPortalsAreInRangeAndPaired) {
  for (const CellDesc& c : world().cells) {
    for (const PortalDesc& p : c.portals) {
      ASSERT_LT(p.polygon, c.mesh.polygons.size()) << c.id;
      if (!p.to) continue;
      const CellDesc* other = find_cell(*p.to);
      ASSERT_NE(other, nullptr) << c.id;
      const auto back = std::find_if(other->portals.begin(), other->portals.end(),
                                     [&](const PortalDesc& q) { return q.to == c.id; });
      ASSERT_NE(back, other->portals.end()) << c.id << " -> " << *p.to;
      // The same opening seen from both sides.
      const Bounds here = polygon_bounds(c.mesh, p.polygon, c.origin);
      const Bounds there = polygon_bounds(other->mesh, back->polygon, other->origin);
      EXPECT_EQ(here.lo, there.lo);
      EXPECT_EQ(here.hi, there.hi);
      EXPECT_EQ(polygon_normal(c.mesh, p.polygon), -polygon_normal(other->mesh, back->polygon));
    }
  }
  // Hall <-> stair hall <-> upper room, and hall and upper room lead outside.
  auto targets = [](CellId id) {
    std::multiset<CellId> t;
    for (const PortalDesc& p : find_cell(id)->portals) t.insert(p.to.value_or(0));
    return t;
  };
  EXPECT_EQ(targets(demo::kHallCell), (std::multiset<CellId>{0, demo::kStairHallCell}));
  EXPECT_EQ(targets(demo::kStairHallCell),
            (std::multiset<CellId>{demo::kHallCell, demo::kUpperRoomCell}));
  EXPECT_EQ(targets(demo::kUpperRoomCell), (std::multiset<CellId>{0, demo::kStairHallCell}));
  EXPECT_TRUE(find_cell(demo::kHallCell)->seen_outside);
}

TEST(DemoWorld, BuildingPortalsLineUpWithTheCellDoors) {
  const ObjectDesc* house = find_object(demo::kHouseId);
  ASSERT_NE(house, nullptr);
  ASSERT_TRUE(house->building_portals.has_value());
  ASSERT_EQ(house->building_portals->size(), 2u);
  ASSERT_EQ(house->shapes.size(), 1u);
  const MeshDesc& walls = house->shapes[0].mesh;
  for (const PortalDesc& door : *house->building_portals) {
    ASSERT_LT(door.polygon, walls.polygons.size());
    ASSERT_TRUE(door.to.has_value());
    const CellDesc* cell = find_cell(*door.to);
    ASSERT_NE(cell, nullptr);
    const auto outside = std::find_if(cell->portals.begin(), cell->portals.end(),
                                      [](const PortalDesc& p) { return !p.to; });
    ASSERT_NE(outside, cell->portals.end());
    const Bounds a = polygon_bounds(walls, door.polygon, house->position.local);
    const Bounds b = polygon_bounds(cell->mesh, outside->polygon, cell->origin);
    EXPECT_EQ(a.lo, b.lo);
    EXPECT_EQ(a.hi, b.hi);
    EXPECT_EQ(polygon_normal(walls, door.polygon), -polygon_normal(cell->mesh, outside->polygon));
  }
}

TEST(DemoWorld, HouseStandsOnFlatGround) {
  const auto blocks = landblocks();
  const Landblock& village = block(blocks, demo::kVillageBlock);
  const ObjectDesc* house = find_object(demo::kHouseId);
  ASSERT_NE(house, nullptr);
  const Vec3 origin = house->position.local;
  for (float dx : {-10.0f, 0.0f, 7.0f, 14.0f, 24.0f})
    for (float dy : {-10.0f, 0.0f, 5.0f, 12.0f, 20.0f})
      EXPECT_EQ(village.get_z(Vec3(origin.x + dx, origin.y + dy, 0.0f)), demo::kGroundZ);
  for (const CellDesc& c : world().cells) EXPECT_EQ(c.origin, origin) << c.id;
  // The ground-floor rooms' floors are level with the terrain.
  for (CellId id : {demo::kHallCell, demo::kStairHallCell}) {
    const CellDesc* c = find_cell(id);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(mesh_bounds(c->mesh).lo.z + c->origin.z, demo::kGroundZ) << id;
  }
}

TEST(DemoWorld, StairsRiseInQuarterMetreSteps) {
  const CellDesc* stairs = find_cell(demo::kStairHallCell);
  ASSERT_NE(stairs, nullptr);
  std::set<float> floor_heights;
  for (std::size_t p = 0; p < stairs->mesh.polygons.size(); ++p)
    if (polygon_normal(stairs->mesh, p).z > 0.99f)
      floor_heights.insert(stairs->mesh.vertices[stairs->mesh.polygons[p][0]].z);
  std::set<float> expected;
  for (int i = 0; i <= 12; ++i) expected.insert(demo::kStepRise * static_cast<float>(i));
  EXPECT_EQ(floor_heights, expected);
  EXPECT_EQ(*expected.rbegin(), demo::kUpperFloorZ);
}

TEST(DemoWorld, BalconyIsThreeMetresAboveTheGround) {
  const ObjectDesc* house = find_object(demo::kHouseId);
  ASSERT_NE(house, nullptr);
  const MeshDesc& walls = house->shapes[0].mesh;
  const float cx = 0.5f * (demo::kBalconyMinX + demo::kBalconyMaxX);
  const float cy = 0.5f * (demo::kBalconyMinY + demo::kBalconyMaxY);
  std::optional<float> top;
  for (std::size_t p = 0; p < walls.polygons.size(); ++p) {
    const Bounds b = polygon_bounds(walls, p, Vec3(0.0f));
    if (polygon_normal(walls, p).z > 0.99f && b.lo.x <= cx && b.hi.x >= cx && b.lo.y <= cy &&
        b.hi.y >= cy)
      top = b.lo.z;
  }
  ASSERT_TRUE(top.has_value());
  const auto blocks = landblocks();
  const Vec3 below = house->position.local + Vec3(cx, cy, 0.0f);
  const float ground = block(blocks, demo::kVillageBlock).get_z(below);
  EXPECT_NEAR(*top + house->position.local.z - ground, 3.0f, 0.1f);
  // The upper room's floor (cell) is level with the balcony.
  const CellDesc* upper = find_cell(demo::kUpperRoomCell);
  EXPECT_EQ(mesh_bounds(upper->mesh).lo.z, *top);
}

TEST(DemoWorld, BoxesHaveTheirHeightsAndStandOnTheGround) {
  const auto blocks = landblocks();
  for (auto [id, height] : {std::pair{demo::kLowBoxId, demo::kLowBoxHeight},
                            std::pair{demo::kHighBoxId, demo::kHighBoxHeight}}) {
    const ObjectDesc* box = find_object(id);
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->flags & kFlagStatic);
    const Bounds b = mesh_bounds(box->shapes.at(0).mesh);
    EXPECT_FLOAT_EQ(b.hi.z - b.lo.z, height);
    EXPECT_EQ(b.lo.z + box->position.local.z,
              block(blocks, demo::kVillageBlock).get_z(box->position.local));
  }
  const ObjectDesc* wall = find_object(demo::kWallId);
  ASSERT_NE(wall, nullptr);
  const Bounds w = mesh_bounds(wall->shapes.at(0).mesh);
  EXPECT_EQ(w.hi - w.lo, Vec3(8.0f, 0.5f, 3.0f));
}

TEST(DemoWorld, TreesAndCreaturesHaveTheirShapes) {
  int trees = 0, creatures = 0;
  for (const ObjectDesc& o : world().objects) {
    if (o.id >= demo::kFirstTreeId && o.id < demo::kFirstTreeId + 10) {
      ++trees;
      ASSERT_EQ(o.shapes.size(), 2u);
      EXPECT_EQ(o.shapes[0].type, ShapeDesc::Type::CylSphere);
      EXPECT_EQ(o.shapes[1].type, ShapeDesc::Type::Mesh);
      EXPECT_GT(mesh_bounds(o.shapes[1].mesh).lo.z, 1.0f);  // canopy above the ground
    }
    if (o.flags & kFlagCreature) {
      ++creatures;
      EXPECT_FALSE(o.flags & kFlagStatic);
      ASSERT_EQ(o.shapes.size(), 1u);
      EXPECT_EQ(o.shapes[0].type, ShapeDesc::Type::CylSphere);
      EXPECT_GT(o.shapes[0].radius, 0.0f);
    }
  }
  EXPECT_GE(trees, 4);
  EXPECT_GE(creatures, 2);
}

TEST(DemoWorld, OutdoorPositionsNameTheCellUnderThem) {
  auto check = [](const PositionDesc& p, const std::string& what) {
    ASSERT_TRUE(p.cell.has_value()) << what;
    ASSERT_TRUE(is_outdoor(*p.cell)) << what;
    EXPECT_TRUE(in_landblock(p.local.x, p.local.y)) << what;
    EXPECT_EQ(*p.cell, outdoor_cell_from_local(landblock_of(*p.cell), p.local.x, p.local.y))
        << what;
    const int cx = static_cast<int>(std::floor(p.local.x / 24.0f));
    const int cy = static_cast<int>(std::floor(p.local.y / 24.0f));
    EXPECT_EQ(cell_part(*p.cell), static_cast<std::uint32_t>(cx * 8 + cy + 1)) << what;
  };
  for (const ObjectDesc& o : world().objects) check(o.position, o.name);
  for (const CharacterDesc& c : world().characters) check(c.position, c.name);
  EXPECT_EQ(world().characters.at(0).position.cell, 0xA9B40023u);
}

TEST(DemoWorld, CharactersAreAcPlayersOnTheGround) {
  const auto blocks = landblocks();
  for (const CharacterDesc& c : world().characters) {
    EXPECT_EQ(c.mover, MoverKind::Ac);
    EXPECT_EQ(c.spheres.size(), 2u);
    EXPECT_EQ(c.flags, kFlagEdgeSlide | kFlagGravity | kFlagPlayer);
    EXPECT_EQ(c.position.local.z, block(blocks, *c.position.cell).get_z(c.position.local));
  }
}

// Normal z of both terrain triangles of a land cell.
std::array<float, 2> normal_z(const LandCell& cell) {
  return {cell.polygon(0).plane().normal.z, cell.polygon(1).plane().normal.z};
}

TEST(DemoWorld, SteepSlopeAndCliffAreTooSteepToWalk) {
  const auto blocks = landblocks();
  const Landblock& mesa = block(blocks, demo::kMesaBlock);
  for (int row = demo::kMesaFirstSteepRow; row < 8; ++row) {
    for (float nz : normal_z(mesa.cell(demo::kSteepSlopeColumn, row))) {
      EXPECT_LT(nz, kFloorZ - 0.1f) << "steep slope row " << row;
      EXPECT_GT(nz, 0.45f) << "steep slope row " << row;
    }
    for (float nz : normal_z(mesa.cell(demo::kCliffColumn, row)))
      EXPECT_LT(nz, 0.45f) << "cliff row " << row;
  }
  // The plateau on top is flat, the ramp up to it walkable.
  EXPECT_EQ(mesa.get_z(Vec3(96.0f, 150.0f, 0.0f)), demo::kMesaTopZ);
  for (int row = 0; row < demo::kMesaFirstSteepRow; ++row)
    for (float nz : normal_z(mesa.cell(demo::kSteepSlopeColumn + 1, row))) EXPECT_GT(nz, 0.8f);
}

TEST(DemoWorld, HillsElsewhereAreComfortablyWalkable) {
  float steepest = 1.0f;
  int hilly_triangles = 0;
  for (const Landblock& b : landblocks())
    for (const LandCell& cell : b.cells()) {
      const bool mesa_face =
          b.id() == demo::kMesaBlock &&
          (cell.cell_x() == demo::kSteepSlopeColumn || cell.cell_x() == demo::kCliffColumn);
      if (mesa_face) continue;
      for (float nz : normal_z(cell)) {
        EXPECT_GT(nz, 0.8f) << "cell 0x" << std::hex << cell.id();
        steepest = std::min(steepest, nz);
        hilly_triangles += nz < 0.995f ? 1 : 0;
      }
    }
  EXPECT_LT(steepest, 0.97f);  // it is not all flat: there are hills
  EXPECT_GT(hilly_triangles, 40);
}

TEST(DemoWorld, PondHasEntirelyAndPartiallyWaterCells) {
  const auto blocks = landblocks();
  const Landblock& pond = block(blocks, demo::kPondBlock);
  EXPECT_EQ(pond.cell(demo::kPondEntirelyWaterCell).water_type(), WaterType::EntirelyWater);
  EXPECT_EQ(pond.cell(demo::kPondPartiallyWaterCell).water_type(), WaterType::PartiallyWater);
  EXPECT_EQ(pond.water_type(), WaterType::PartiallyWater);  // not a whole-block lake
  int entire = 0, partial = 0;
  for (const LandCell& c : pond.cells()) {
    entire += c.water_type() == WaterType::EntirelyWater ? 1 : 0;
    partial += c.water_type() == WaterType::PartiallyWater ? 1 : 0;
  }
  EXPECT_EQ(entire, 4);
  EXPECT_EQ(partial, 12);
  EXPECT_EQ(pond.get_z(Vec3(48.0f, 72.0f, 0.0f)), demo::kPondZ);
  for (const Landblock& b : blocks) {
    if (b.id() != demo::kPondBlock) {
      EXPECT_EQ(b.water_type(), WaterType::NotWater);
    }
  }
}

}  // namespace
}  // namespace transit
