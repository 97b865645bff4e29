// `transit simulate` run as a user runs it: the demo, a script file, errors.
#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "transit/format/scene_writer.hpp"
#include "sim/xml_check.hpp"
#include "transit/world/demo_world.hpp"
#include "support/tool_run.hpp"

namespace transit {
namespace {

using test::run_tool;
using test::ToolRun;

namespace fs = std::filesystem;
using ::testing::HasSubstr;

std::string read_all(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(SimulateCommand, TheDemoPrintsASummaryAndWritesTrajectoryAndPicture) {
  const fs::path json = fs::temp_directory_path() / "transit-simulate-demo.json";
  const fs::path svg = fs::temp_directory_path() / "transit-simulate-demo.svg";
  const ToolRun run = run_tool("simulate --out " + json.string() + " --svg " + svg.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("player"));
  EXPECT_THAT(run.output, HasSubstr("distance"));
  EXPECT_THAT(run.output, HasSubstr("time grounded"));
  EXPECT_THAT(run.output, HasSubstr("cells visited"));
  EXPECT_THAT(run.output, HasSubstr("final position"));

  const nlohmann::json t = nlohmann::json::parse(read_all(json));
  EXPECT_EQ(t["format"], "transit-trajectory/1");
  const auto& samples = t["characters"]["player"];
  ASSERT_GT(samples.size(), 1000u);
  EXPECT_TRUE(samples[0]["position"].contains("cell"));
  EXPECT_TRUE(samples[0]["position"].contains("global"));
  EXPECT_TRUE(samples[0].contains("on_walkable"));
  EXPECT_EQ(t["summary"]["ticks"].get<long long>() + 1, static_cast<long long>(samples.size()));

  const std::string picture = read_all(svg);
  std::string error;
  EXPECT_TRUE(test::well_formed_xml(picture, error)) << error;
  EXPECT_THAT(picture, HasSubstr("stone house"));   // the house
  EXPECT_THAT(picture, HasSubstr("id=\"water\""));  // the pond
  EXPECT_THAT(picture, HasSubstr("<rect x="));
  EXPECT_THAT(picture, HasSubstr("id=\"path-player\""));  // the path
  EXPECT_THAT(picture, HasSubstr("id=\"profile-player\""));
}

TEST(SimulateCommand, RunsAScriptFileOverASceneFile) {
  const fs::path scene = fs::temp_directory_path() / "transit-simulate-scene.json";
  const fs::path script = fs::temp_directory_path() / "transit-simulate-script.json";
  std::ofstream(scene) << write_scene(make_demo_world());
  std::ofstream(script) << R"({"format": "transit-script/1", "dt": 0.1, "duration": 2.0,
    "inputs": {"player2": [{"t": 0.0, "forward": "walk"}]}})";
  const ToolRun run = run_tool("simulate " + scene.string() + " --script " + script.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("20 ticks"));
  EXPECT_THAT(run.output, HasSubstr("player2\n  distance        6.2 m"));
}

// The trajectory document without its one clock reading.
nlohmann::json without_wall_time(const fs::path& file) {
  nlohmann::json t = nlohmann::json::parse(read_all(file));
  t["summary"].erase("wall_seconds");
  return t;
}

TEST(SimulateCommand, TwoThreadsWriteTheSameTrajectoryAsOne) {
  const fs::path one = fs::temp_directory_path() / "transit-simulate-1-thread.json";
  const fs::path two = fs::temp_directory_path() / "transit-simulate-2-threads.json";
  ASSERT_EQ(run_tool("simulate --threads 1 --out " + one.string()).exit_code, 0);
  const ToolRun run = run_tool("simulate --threads 2 --out " + two.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(without_wall_time(one), without_wall_time(two));
  const ToolRun none = run_tool("simulate --threads 0");
  EXPECT_NE(none.exit_code, 0);
  EXPECT_THAT(none.output, HasSubstr("--threads"));
}

TEST(SimulateCommand, BadInputIsOneLineAndExitCodeOne) {
  const fs::path script = fs::temp_directory_path() / "transit-simulate-bad-script.json";
  std::ofstream(script) << R"({"format": "transit-script/1", "dt": 0.1, "duration": 2.0,
    "inputs": {"nobody": [{"t": 0.0, "forward": "walk"}]}})";
  const ToolRun run = run_tool("simulate --script " + script.string());
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.output, HasSubstr("transit simulate: "));
  EXPECT_THAT(run.output, HasSubstr("nobody"));
}

}  // namespace
}  // namespace transit
