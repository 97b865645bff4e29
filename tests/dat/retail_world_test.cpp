// A dungeon-like landblock written by the test writer (two rooms joined by
// portals, 30 m under flat terrain), loaded with retail's own trees: a
// runner crosses from one room into the other through the portal and stops
// at the far wall, never leaving the rooms; the same landblock exported as
// a scene (trees then built by transit) gives the same walk.
#include "transit/world/retail_world.hpp"
#include "transit/world/retail_streamer.hpp"

#include <map>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dat/data_dir.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/dat/retail_bsp.hpp"
#include "transit/format/scene_writer.hpp"
#include "dat/dat_writer.hpp"
#include "transit/sim/character.hpp"
#include "transit/sim/character_settings.hpp"

namespace transit::dat {
namespace {

using ::testing::HasSubstr;
using transit::testing::input_error_of;

constexpr float kRadius = 0.48f;  // the default AC body's sphere

// A default character at `local` of `cell` facing `heading_deg`, placed by
// retail's placement (its status in *placed), running.
Character placed_runner(const World& world, CellId cell, const Vec3& local, float heading_deg,
                        MoveStatus* placed = nullptr) {
  PositionDesc at;
  at.cell = cell;
  at.local = local;
  OrientationDesc heading;
  heading.heading_deg = heading_deg;
  Character runner(CharacterSettings{}, *world.resolve(at, heading));
  const MoveStatus status = runner.place(world);
  if (placed) *placed = status;
  runner.set_controls({ForwardInput::Run, StrafeInput::Stop, 0.0f});
  return runner;
}

struct Walk {
  CellId end_cell = 0;
  Vec3 end{0.0f};
  GroundState ground = GroundState::InAir;
  int ticks_outside_rooms = 0;
  bool entered_second_room = false;
};

// Runs east from 3 m inside the first room for 3 s.
Walk run_east(const World& world) {
  MoveStatus placed = MoveStatus::NoCell;
  Character runner = placed_runner(world, 0x01010100u, {38.0f, 96.5f, -30.0f}, 90.0f, &placed);
  EXPECT_EQ(placed, MoveStatus::Moved);
  Walk w;
  for (int tick = 0; tick < 90; ++tick) {
    runner.update(world, 1.0 / 30.0);
    const Vec3 p = runner.position().frame.origin;
    const bool inside = p.x >= 35.0f + kRadius - 0.01f && p.x <= 55.0f - kRadius + 0.01f &&
                        std::fabs(p.y - 96.0f) <= 3.0f - kRadius + 0.01f && p.z >= -30.01f;
    w.ticks_outside_rooms += !inside;
    w.entered_second_room |= runner.cell() == 0x01010101u;
  }
  w.end_cell = runner.cell();
  w.end = runner.position().frame.origin;
  w.ground = runner.ground_state();
  return w;
}

void expect_through_the_portal_to_the_far_wall(const Walk& w) {
  EXPECT_EQ(w.ticks_outside_rooms, 0);
  EXPECT_TRUE(w.entered_second_room);
  EXPECT_EQ(w.end_cell, 0x01010101u) << std::hex << w.end_cell;
  // Against the wall, or short of it by what the last sub-step would have
  // moved (a sub-step that collides leaves the sphere where it began).
  EXPECT_LE(w.end.x, 55.0f - kRadius + 0.001f);
  EXPECT_GT(w.end.x, 55.0f - kRadius - 0.35f);
  EXPECT_NEAR(w.end.z, -30.0f, 0.01f);
  EXPECT_EQ(w.ground, GroundState::OnGround);
}

TEST(RetailWorld, ARunnerCrossesADungeonPortalAndStopsAtTheFarWall) {
  const testing::DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  const auto cells = retail.indoor_cells(0x01, 0x01);
  ASSERT_EQ(cells.size(), 3u);  // the two rooms and the hut's
  EXPECT_EQ(cells[0].desc.portals.size(), 1u);
  EXPECT_EQ(cells[0].desc.portals[0].polygon, 4u);
  EXPECT_EQ(cells[0].desc.portals[0].to, std::optional<CellId>(0x01010101u));
  EXPECT_EQ(cells[0].physics.polygons().size(), 5u);
  EXPECT_EQ(cells[0].cell.polygons().size(), 6u);
  EXPECT_TRUE(cells[0].cell.point_inside_cell_bsp({0.0f, 0.0f, 1.0f}));
  EXPECT_FALSE(cells[0].cell.point_inside_cell_bsp({5.5f, 0.0f, 1.0f}));

  std::vector<std::string> warnings;
  const World world = retail_world(retail, {{0x01, 0x01}}, &warnings);
  EXPECT_EQ(world.env_cells().size(), 3u);
  expect_through_the_portal_to_the_far_wall(run_east(world));
}

TEST(RetailWorld, TheExportedSceneWalksTheSame) {
  const testing::DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  const RetailScene exported = retail_scene(retail, {{0x01, 0x01}});
  const SceneDesc scene = parse_scene(write_scene(exported.scene), ".", "exported");
  const Walk built = run_east(World::from_scene(scene));
  expect_through_the_portal_to_the_far_wall(built);
  // For these convex rooms transit's own trees give retail's bits.
  const Walk retail_trees = run_east(retail_world(retail, {{0x01, 0x01}}));
  EXPECT_EQ(built.end, retail_trees.end);
}

// The hut on the flat landblock: its building GfxObj has no west wall, and
// its doorway (the portal of indoor cell 0x01010102 that leads outside)
// joins the building to that cell. A runner walking east from outside goes
// in, enters the cell and stops at the east wall.
TEST(RetailWorld, ARunnerWalksThroughABuildingsDoorwayIntoItsCell) {
  const testing::DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  const RetailScene scene = retail_scene(retail, {{0x01, 0x01}});
  const ObjectDesc* hut = nullptr;
  for (const ObjectDesc& o : scene.scene.objects)
    if (o.name == "GfxObj 0x01005678") hut = &o;
  ASSERT_NE(hut, nullptr);
  ASSERT_TRUE(hut->building_portals.has_value());
  ASSERT_EQ(hut->building_portals->size(), 1u);
  EXPECT_EQ((*hut->building_portals)[0].to, std::optional<CellId>(0x01010102u));
  // The doorway polygon, brought into the hut's frame, is its west side.
  const MeshDesc& mesh = hut->shapes[0].mesh;
  for (std::uint32_t v : mesh.polygons[(*hut->building_portals)[0].polygon]) EXPECT_EQ(mesh.vertices[v].x, -3.0f);

  const World world = World::from_scene(scene.scene, nullptr, &scene.trees);
  // (92, 100): column 3, row 4, facing east.
  Character walker = placed_runner(world, 0x0101001Du, {92.0f, 100.0f, 0.05f}, 90.0f);
  bool entered = false;
  for (int tick = 0; tick < 60; ++tick) {
    walker.update(world, 1.0 / 30.0);
    entered |= walker.cell() == 0x01010102u;
    EXPECT_LE(walker.position().frame.origin.x, 103.0f - kRadius + 0.001f) << "tick " << tick;
  }
  EXPECT_TRUE(entered);
  EXPECT_EQ(walker.cell(), 0x01010102u) << std::hex << walker.cell();
  EXPECT_GT(walker.position().frame.origin.x, 103.0f - kRadius - 0.35f);
  EXPECT_NEAR(walker.position().frame.origin.z, 0.0f, 0.01f);
}

TEST(RetailWorld, DamagedCellsAreNamed) {
  const testing::DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  // 0xAAB4 has no LandblockInfo: no indoor cells, and that is not an error.
  EXPECT_TRUE(retail.indoor_cells(0xAA, 0xB4).empty());
  Environment env = testing::corridor_environment();
  env.cells.at(0).physics_bsp.nodes.back().polygons = {9};
  const Environment back = parse_environment(testing::environment_bytes(env), "env");
  const CellStruct& c = back.cells.at(0);
  EXPECT_THAT(input_error_of([&] { physics_bsp(c.physics_bsp, c.physics_polygons, c.vertices, "cell 0x01010100"); }),
              HasSubstr("cell 0x01010100: BSP leaf"));
  EXPECT_THAT(input_error_of([&] { physics_bsp(c.physics_bsp, c.physics_polygons, c.vertices, "x"); }),
              HasSubstr("names polygon 9, which is not there"));
  std::string bytes = testing::environment_bytes(testing::corridor_environment());
  EXPECT_THAT(input_error_of([&] { parse_environment(bytes.substr(0, bytes.size() / 2), "env 0x0D000123"); }),
              HasSubstr("env 0x0D000123: at byte"));
}

}  // namespace
}  // namespace transit::dat

namespace transit::dat {
namespace {

TEST(RetailObjects, GfxObjRoundTripsWithItsTree) {
  const GfxObj box = testing::box_gfx_obj(0x01000A01, 1, 1, 2);
  const GfxObj back = parse_gfx_obj(testing::gfx_obj_bytes(box), "gfx");
  EXPECT_EQ(back.id, 0x01000A01u);
  EXPECT_TRUE(back.has_physics());
  EXPECT_EQ(back.vertices, box.vertices);
  EXPECT_EQ(back.physics_polygons.size(), 6u);
  EXPECT_EQ(back.physics_bsp.nodes.size(), box.physics_bsp.nodes.size());
  const BspTree tree = physics_bsp(back.physics_bsp, back.physics_polygons, back.vertices, "gfx");
  EXPECT_TRUE(tree.point_intersects_solid({0.0f, 0.0f, 1.0f}));
  EXPECT_FALSE(tree.point_intersects_solid({3.0f, 0.0f, 1.0f}));
  EXPECT_THAT(input_error_of([&] { parse_gfx_obj(testing::gfx_obj_bytes(box).substr(0, 40), "gfx 0x01000A01"); }),
              HasSubstr("gfx 0x01000A01: at byte"));
}

TEST(RetailObjects, StaticObjectsAndBuildingsArePlacedWithRetailTrees) {
  const testing::DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  const RetailObjects objects = retail.static_objects(0xA9, 0xB4);
  // The crate; the Setup's crate part and its cylsphere; the house.
  ASSERT_EQ(objects.placed.size(), 4u);
  EXPECT_TRUE(objects.not_read.empty());
  const ObjectDesc& crate = objects.placed[0].desc;
  EXPECT_EQ(crate.name, "GfxObj 0x01000A01");
  EXPECT_EQ(crate.position.cell, std::optional<CellId>(0xA9B4000Au));  // x 30, y 40: column 1, row 1
  EXPECT_EQ(crate.position.local, Vec3(30.0f, 40.0f, 22.0f));
  // The Setup at (60, 80) turned a quarter about z: its part 2 m out along
  // its x lies 2 m north; its cylsphere stands at the Setup's origin.
  const ObjectDesc& part = objects.placed[1].desc;
  EXPECT_EQ(part.name, "GfxObj 0x01000A01");
  EXPECT_NEAR(part.position.local.x, 60.0f, 1e-5f);
  EXPECT_NEAR(part.position.local.y, 82.0f, 1e-5f);
  const ObjectDesc& post = objects.placed[2].desc;
  EXPECT_EQ(post.name, "Setup 0x02000B02");
  ASSERT_EQ(post.shapes.size(), 1u);
  EXPECT_EQ(post.shapes[0].type, ShapeDesc::Type::CylSphere);
  EXPECT_EQ(post.shapes[0].height, 3.0f);
  EXPECT_EQ(objects.placed[2].tree, nullptr);
  EXPECT_EQ(objects.placed[3].tree->polygons().size(), 6u);
  EXPECT_EQ(objects.placed[3].desc.position.cell, std::optional<CellId>(0xA9B4002Du));  // (120, 100): column 5, row 4
  EXPECT_EQ(objects.placed[0].tree, objects.placed[1].tree);  // one tree per GfxObj

  const RetailScene s = retail_scene(retail, {{0xA9, 0xB4}, {0xAA, 0xB4}});
  EXPECT_EQ(s.scene.objects.size(), 4u);
  EXPECT_NO_THROW(World::from_scene(s.scene, nullptr, &s.trees));
}

// A runner bearing on the crate's west face is stopped or turned aside by
// it and never ends a tick inside it.
TEST(RetailObjects, ARunnerIsStoppedByACrateReadFromAGfxObj) {
  const testing::DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  const World world = retail_world(retail, {{0xA9, 0xB4}, {0xAA, 0xB4}});
  Character runner = placed_runner(world, 0xA9B40002u, {22.0f, 38.5f, 22.0f}, 80.0f);
  float closest = 1e9f;
  for (int tick = 0; tick < 60; ++tick) {
    runner.update(world, 1.0 / 30.0);
    const Vec3 p = runner.position().frame.origin;
    // How far the sphere's centre is from the crate's footprint.
    const float dx = std::max(std::fabs(p.x - 30.0f) - 1.0f, 0.0f);
    const float dy = std::max(std::fabs(p.y - 40.0f) - 1.0f, 0.0f);
    const float gap = std::sqrt(dx * dx + dy * dy);
    EXPECT_GE(gap, kRadius - 0.01f) << "tick " << tick << " at " << p.x << ", " << p.y;
    closest = std::min(closest, gap);
  }
  EXPECT_LT(closest, kRadius + 0.05f);  // it did reach the crate
}

// A character shaped as a Setup, and a Setup whose placement carries
// animation hooks of every size, read past to the spheres after them.
TEST(RetailObjects, ACharacterTakesItsShapeFromASetup) {
  const testing::DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  const CharacterSettings settings = settings_from_setup(retail.setup(0x02000001));
  ASSERT_EQ(settings.body.spheres.size(), 2u);
  EXPECT_EQ(settings.body.spheres[1].center, Vec3(0.0f, 0.0f, 1.5f));
  EXPECT_EQ(settings.body.spheres[1].radius, 0.6f);
  EXPECT_EQ(settings.body.step_up_height, 0.5f);
  EXPECT_EQ(settings.body.step_down_height, 1.0f);
  EXPECT_TRUE(settings.body.flags & kFlagFreeRotate);

  testing::Bytes hooks;
  hooks.u32(1).u32(0).u32(0x0A000001);                          // sound
  hooks.u32(3).u32(0);                                          // attack cone
  for (int i = 0; i < 7; ++i) hooks.f32(1.0f);
  hooks.u32(5).u32(0).u16(2).u16(0x8001).u16(0x2345);            // replace object, long id
  hooks.u32(13).u32(0).u32(1).u32(2).frame({}).u32(3);          // create particle
  hooks.u32(4).u32(1);                                          // animation done
  const dat::Setup back = parse_setup(testing::setup_bytes(testing::crate_post_setup(), hooks.str(), 5), "setup");
  EXPECT_EQ(back.cylspheres.size(), 1u);
  EXPECT_EQ(back.height, 3.0f);
  EXPECT_THAT(input_error_of([&] {
                testing::Bytes bad;
                bad.u32(99).u32(0);
                parse_setup(testing::setup_bytes(testing::crate_post_setup(), bad.str(), 1), "setup 0x02000B02");
              }),
              HasSubstr("setup 0x02000B02: at byte 72: unknown animation hook type 99"));
}

}  // namespace
}  // namespace transit::dat

namespace transit::dat {
namespace {

// A crate whose origin lies 3 m past landblock 0xA9B4's east edge (retail
// data has such objects at edges): given in 0xAAB4 when that landblock is
// loaded too, left out (and counted) when it is not.
TEST(RetailObjects, AnObjectPastItsLandblocksEdgeGoesToTheLandblockHoldingIt) {
  const transit::testing::TempDir dir;
  LandblockInfo info = testing::small_landblock_info(0xA9, 0xB4);
  info.num_cells = 0;
  info.buildings.clear();
  info.objects = {{0x01000A01, {{195.0f, 40.0f, 37.0f}, {1, 0, 0, 0}}}};
  const std::map<std::uint32_t, std::string> cell{
      {cell_landblock_id(0xA9, 0xB4), testing::cell_landblock_bytes(testing::ramp_block(0xA9, 0xB4, 10))},
      {info.id, testing::landblock_info_bytes(info)},
      {cell_landblock_id(0xAA, 0xB4), testing::cell_landblock_bytes(testing::ramp_block(0xAA, 0xB4, 18))}};
  const std::map<std::uint32_t, std::string> portal{
      {kRegionId, testing::region_bytes(testing::retail_like_land_defs())},
      {0x01000A01, testing::gfx_obj_bytes(testing::box_gfx_obj(0x01000A01, 1, 1, 2))}};
  dir.write(kCellFileName, testing::write_dat(cell, {256, DataSet::Cell, true}));
  dir.write(kPortalFileName, testing::write_dat(portal, {1024, DataSet::Portal, true}));
  const RetailData retail = RetailData::open(dir.path());

  const RetailScene both = retail_scene(retail, {{0xA9, 0xB4}, {0xAA, 0xB4}});
  ASSERT_EQ(both.scene.objects.size(), 1u);
  EXPECT_EQ(both.scene.objects[0].position.cell, std::optional<CellId>(0xAAB40002u));
  EXPECT_NEAR(both.scene.objects[0].position.local.x, 3.0f, 1e-4f);
  EXPECT_NO_THROW(World::from_scene(both.scene, nullptr, &both.trees));

  const RetailScene alone = retail_scene(retail, {{0xA9, 0xB4}});
  EXPECT_TRUE(alone.scene.objects.empty());
  EXPECT_EQ(alone.not_read.size(), 1u);
  EXPECT_NO_THROW(World::from_scene(alone.scene, nullptr, &alone.trees));
}

}  // namespace
}  // namespace transit::dat


namespace transit::dat {
namespace {

// Landblocks loaded around a character as it goes: the ramp's two
// landblocks while it runs on them, then only the dungeon landblock once it
// is taken there; with nothing kept beyond what is loaded, the others are
// dropped. The character runs on in each new world.
TEST(RetailStreaming, LoadsTheLandblocksAroundACharacterAndDropsTheRest) {
  const testing::DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  RetailStreamer streamer(retail, {1, 0});
  PositionDesc at;
  at.cell = 0xA9B40031u;
  at.local = {150.0f, 96.0f, 32.6f};
  OrientationDesc heading;
  heading.heading_deg = 80.0f;
  EXPECT_TRUE(streamer.update(std::vector<Position>{Position{0xA9B40031u, Frame{at.local, heading.quat()}}}));
  EXPECT_EQ(streamer.loaded(), (std::vector<std::pair<int, int>>{{0xA9, 0xB4}, {0xAA, 0xB4}}));
  EXPECT_GT(streamer.world().objects().size(), 0u);
  Character runner = placed_runner(streamer.world(), at.cell.value(), at.local, 80.0f);
  for (int tick = 0; tick < 180; ++tick) {
    // Both ramp landblocks stay within reach on either of them.
    EXPECT_FALSE(streamer.update(std::vector<Position>{runner.position()})) << "tick " << tick;
    runner.update(streamer.world(), 1.0 / 30.0);
  }
  EXPECT_EQ(landblock_of(runner.cell()), 0xAAB40000u);  // ran over the edge

  PositionDesc dungeon;
  dungeon.cell = 0x01010100u;
  dungeon.local = {38.0f, 96.5f, -30.0f};
  runner.teleport(Position{0x01010100u, Frame{dungeon.local, heading.quat()}});
  EXPECT_TRUE(streamer.update(std::vector<Position>{runner.position()}));
  EXPECT_EQ(streamer.loaded(), (std::vector<std::pair<int, int>>{{0x01, 0x01}}));
  EXPECT_EQ(streamer.kept(), 1u);
  EXPECT_EQ(streamer.world().env_cells().size(), 3u);
  EXPECT_GT(streamer.last_change_ms(), 0.0);
  runner.place(streamer.world());
  for (int tick = 0; tick < 30; ++tick) runner.update(streamer.world(), 1.0 / 30.0);
  EXPECT_TRUE(is_indoor(runner.cell()));
  EXPECT_NEAR(runner.position().frame.origin.z, -30.0f, 0.01f);
}

}  // namespace
}  // namespace transit::dat
