// The transit command-line tool, run as a user runs it.
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "transit/format/scene_reader.hpp"
#include "transit/format/scene_writer.hpp"
#include "sim/scene_report.hpp"
#include "transit/world/demo_world.hpp"
#include "support/tool_run.hpp"

namespace transit {
namespace {

using test::run_tool;
using test::ToolRun;

namespace fs = std::filesystem;
using ::testing::HasSubstr;

TEST(Cli, EveryMalformedSceneGivesItsMessageAndFails) {
  std::ifstream in(test::source_file("tests/data/bad-scenes.expect.json"));
  const nlohmann::json expected = nlohmann::json::parse(in);
  ASSERT_GE(expected.size(), 20u);
  for (const auto& [file, message] : expected.items()) {
    SCOPED_TRACE(file);
    const fs::path path = test::source_file("tests/data/bad-scenes") / file;
    const ToolRun run = run_tool("inspect " + path.string());
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_THAT(run.output, HasSubstr("transit inspect: " + path.string() + ": "));
    EXPECT_THAT(run.output, HasSubstr(message.get<std::string>()));
  }
}

TEST(Cli, DemoSceneReadBackInspectsTheSame) {
  const fs::path file = fs::temp_directory_path() / "transit-cli-demo-scene.json";
  const ToolRun written = run_tool("demo-scene --out " + file.string());
  ASSERT_EQ(written.exit_code, 0) << written.output;

  const SceneDesc demo = make_demo_world();
  std::vector<std::string> demo_warnings;
  const World demo_world = World::from_scene(demo, &demo_warnings);
  const std::string expected = "scene: " + file.string() + "\n" +
                               scene_report(demo, demo_world, demo_warnings);
  const ToolRun inspected = run_tool("inspect " + file.string());
  EXPECT_EQ(inspected.exit_code, 0);
  EXPECT_EQ(inspected.output, expected);
  EXPECT_EQ(read_scene_file(file), demo);
  fs::remove(file);
}

TEST(Cli, CheckedInDemoSceneIsTheDemoWorld) {
  // tests/scenarios/demo-world.scene.json is `transit demo-scene` output;
  // regenerate it when the demo world changes.
  EXPECT_EQ(read_scene_file(test::source_file("tests/scenarios/demo-world.scene.json")), make_demo_world());
}

TEST(Cli, MoveWritesResultsForEachMove) {
  const fs::path dir = test::source_file("tests/scenarios/flat-ground");
  const ToolRun run = run_tool("move " + (dir / "scene.json").string() + " " + (dir / "moves.json").string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const nlohmann::json results = nlohmann::json::parse(run.output);
  EXPECT_EQ(results["format"], "transit-move-results/1");
  ASSERT_EQ(results["results"].size(), 2u);
  EXPECT_EQ(results["results"][0]["name"], "grounded-walk-east");
  EXPECT_EQ(results["results"][0]["position"]["cell"], "0xA9B40013");
}

TEST(Cli, MoveNamesAnUnknownCharacter) {
  const fs::path scene = test::source_file("tests/scenarios/flat-ground/scene.json");
  const fs::path moves = fs::temp_directory_path() / "transit-cli-bad-moves.json";
  std::ofstream(moves) << R"({"format": "transit-moves/1", "moves": [
    {"name": "m", "character": "ghost", "to": {"global": [32500, 34610, 12]}}]})";
  const ToolRun run = run_tool("move " + scene.string() + " " + moves.string());
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.output, HasSubstr("/moves/0/character"));
  EXPECT_THAT(run.output, HasSubstr("ghost"));
  fs::remove(moves);
}

}  // namespace
}  // namespace transit
