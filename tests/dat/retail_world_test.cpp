// A dungeon-like landblock written by the test writer (two rooms joined by
// portals, 30 m under flat terrain), loaded with retail's own trees: a
// runner crosses from one room into the other through the portal and stops
// at the far wall, never leaving the rooms; the same landblock exported as
// a scene (trees then built by transit) gives the same walk.
#include "transit/world/retail_world.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dat/data_dir.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/dat/retail_bsp.hpp"
#include "transit/format/scene_writer.hpp"
#include "dat/dat_writer.hpp"
#include "transit/sim/character.hpp"

namespace transit::dat {
namespace {

using ::testing::HasSubstr;
using transit::testing::input_error_of;

constexpr float kRadius = 0.48f;  // the default AC body's sphere

struct Walk {
  CellId end_cell = 0;
  Vec3 end{0.0f};
  GroundState ground = GroundState::InAir;
  int ticks_outside_rooms = 0;
  bool entered_second_room = false;
};

// Runs east from 3 m inside the first room for 3 s.
Walk run_east(const World& world) {
  PositionDesc at;
  at.cell = 0x01010100u;
  at.local = {38.0f, 96.5f, -30.0f};
  OrientationDesc east;
  east.heading_deg = 90.0f;
  Character runner(CharacterSettings{}, *world.resolve(at, east));
  EXPECT_EQ(runner.place(world), MoveStatus::Moved);
  runner.set_controls({ForwardInput::Run, StrafeInput::Stop, 0.0f});
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
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0].desc.portals.size(), 1u);
  EXPECT_EQ(cells[0].desc.portals[0].polygon, 4u);
  EXPECT_EQ(cells[0].desc.portals[0].to, std::optional<CellId>(0x01010101u));
  EXPECT_EQ(cells[0].physics.polygons().size(), 5u);
  EXPECT_EQ(cells[0].cell.polygons().size(), 6u);
  EXPECT_TRUE(cells[0].cell.point_inside_cell_bsp({0.0f, 0.0f, 1.0f}));
  EXPECT_FALSE(cells[0].cell.point_inside_cell_bsp({5.5f, 0.0f, 1.0f}));

  std::vector<std::string> warnings;
  const World world = retail_world(retail, {{0x01, 0x01}}, &warnings);
  EXPECT_EQ(world.env_cells().size(), 2u);
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
