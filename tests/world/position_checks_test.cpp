// Positions that name no place (issue 19): a local point outside its
// landblock, an indoor cell that does not contain its point, and an outdoor
// cell id that disagrees with its point, from a scene file, through World,
// and from the command line, each beside a position that is right.
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/test_scenes.hpp"
#include "support/tool_run.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/math/input_error.hpp"
#include "transit/world/world.hpp"

namespace transit {
namespace {

using namespace transit::test;
using ::testing::HasSubstr;

PositionDesc at(CellId cell, Vec3 local) {
  PositionDesc p;
  p.cell = cell;
  p.local = local;
  return p;
}

std::string scene_with_player_at(const std::string& position) {
  return R"({"format": "transit-scene/1",
    "terrain": {"landblocks": [{"x": 169, "y": 180, "flat": 0}]},
    "characters": [{"name": "player", "position": )" + position + "}]}";
}

std::string input_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(PositionChecks, ALocalPointOutsideItsLandblockIsAnErrorNamingTheField) {
  const std::string message = input_error_of([] {
    parse_scene(scene_with_player_at(R"({"cell": "0xA9B40001", "local": [4300, 6200, 1000]})"), ".", "s.json");
  });
  EXPECT_THAT(message, HasSubstr("s.json: /characters/0/position/local: must lie in the landblock of its cell"));
  EXPECT_THAT(message, HasSubstr("[4300, 6200, 1000]"));
  EXPECT_NO_THROW(parse_scene(scene_with_player_at(R"({"cell": "0xA9B4000B", "local": [40, 60, 0]})"), ".", "s.json"));
}

TEST(PositionChecks, AnOutdoorCellThatDisagreesWithItsPointIsReplacedWithAWarning) {
  // The example docs/scene-format.md once gave: (40, 60) lies in column 1,
  // row 2, cell 1 * 8 + 2 + 1 = 0x0B, not 0x12.
  const SceneDesc scene = parse_scene(scene_with_player_at(R"({"cell": "0xA9B40012", "local": [40, 60, 0]})"), ".", "s.json");
  std::vector<std::string> warnings;
  const World world = World::from_scene(scene, &warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_THAT(warnings[0], HasSubstr("/characters/0/position/cell: 0xA9B40012 does not hold local point [40, 60, 0]: it lies in 0xA9B4000B"));
  EXPECT_EQ(world.resolve(scene.characters[0].position)->objcell_id, 0xA9B4000Bu);
  EXPECT_EQ(world.cell_disagrees(at(0xA9B4000B, {40, 60, 0})), std::nullopt);
  EXPECT_EQ(world.position_problem(scene.characters[0].position), std::nullopt);
}

TEST(PositionChecks, ACharacterInAnIndoorCellThatDoesNotContainItIsAnError) {
  SceneDesc scene = house_scene();
  CharacterDesc c;
  c.name = "lost";
  c.position = at(kRoom, {10, 10, 0});  // the room spans (40..44, 40..44)
  scene.characters.push_back(c);
  EXPECT_THAT(input_error_of([&] { World::from_scene(scene); }),
              HasSubstr("/characters/0/position: indoor cell 0xA9B40100 does not contain local point [10, 10, 0]"));
  scene.characters[0].position = at(kRoom, {42, 42, 0.5f});
  EXPECT_NO_THROW(World::from_scene(scene));
}

TEST(PositionChecks, WorldSaysWhyAPositionNamesNoPlace) {
  const World world = World::from_scene(house_scene());
  EXPECT_EQ(world.position_problem(at(kBlock | 0x0A, {42, 30, 0})), std::nullopt);
  EXPECT_EQ(world.position_problem(at(kRoom, {42, 42, 1})), std::nullopt);
  EXPECT_EQ(*world.position_problem(at(0x12340001, {1, 1, 0})), "cell 0x12340001 is not in the world");
  EXPECT_EQ(*world.position_problem(at(kBlock | 1, {200, 1, 0})),
            "local point [200, 1, 0] lies outside its landblock (x and y must be 0 up to 192)");
  EXPECT_EQ(*world.position_problem(at(kRoom, {10, 10, 0})),
            "indoor cell 0xA9B40100 does not contain local point [10, 10, 0]");
  PositionDesc far;
  far.global = {10.0f, 10.0f, 0.0f};
  EXPECT_EQ(*world.position_problem(far), "global point [10, 10, 0] lies in no loaded landblock");
}

TEST(PositionChecks, InspectAndSimulateRefuseAPositionOutsideItsLandblock) {
  const std::string path = ::testing::TempDir() + "transit_far_player.json";
  std::ofstream(path) << scene_with_player_at(R"({"cell": "0xA9B40001", "local": [4300, 6200, 1000]})");
  const std::string script = ::testing::TempDir() + "transit_far_player_script.json";
  std::ofstream(script) << R"({"format": "transit-script/1", "dt": 0.1, "duration": 1, "inputs": {}})";
  for (const std::string& command : {"inspect " + path, "simulate " + path + " --script " + script}) {
    const ToolRun run = run_tool(command);
    EXPECT_NE(run.exit_code, 0) << command;
    EXPECT_THAT(run.output, HasSubstr("/characters/0/position/local")) << command;
  }
}

}  // namespace
}  // namespace transit
