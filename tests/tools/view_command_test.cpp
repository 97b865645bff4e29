// `transit view` and `transit simulate --html` run as a user runs them: the
// page of a run and of move results, and the errors a user can make.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/tool_run.hpp"
#include "view/replay_page.hpp"

namespace transit {
namespace {

using test::run_tool;
using test::ToolRun;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

fs::path scratch(const std::string& name) { return fs::temp_directory_path() / ("transit-view-" + name); }

std::string read_all(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class ViewCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!view::replay_page_available()) {
      const ToolRun run = run_tool("view");
      EXPECT_EQ(run.exit_code, 1);
      EXPECT_THAT(run.output, HasSubstr("scripts/install-deps"));
      GTEST_SKIP() << "this build has no replay page";
    }
  }
};

TEST_F(ViewCommand, WritesThePageOfTheDemoRun) {
  const fs::path trajectory = scratch("demo.json"), page = scratch("demo.html");
  ASSERT_EQ(run_tool("simulate --out " + trajectory.string()).exit_code, 0);
  const ToolRun run = run_tool("view --trajectory " + trajectory.string() + " --out " + page.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("page written to " + page.string()));
  const std::string html = read_all(page);
  EXPECT_THAT(html, HasSubstr("<!doctype html>"));
  EXPECT_THAT(html, HasSubstr(R"("format":"transit-view/1")"));
  EXPECT_THAT(html, HasSubstr(R"("name":"player")"));
  EXPECT_THAT(html, HasSubstr(R"("event":"entered_cell")"));
  EXPECT_LT(html.size(), 2'500'000u);  // the documented bound for the demo (docs/viewer.md)
}

TEST_F(ViewCommand, SimulateWritesTheSamePageDirectly) {
  const fs::path trajectory = scratch("sim.json"), viewed = scratch("viewed.html"), direct = scratch("direct.html");
  ASSERT_EQ(run_tool("simulate --out " + trajectory.string() + " --html " + direct.string()).exit_code, 0);
  ASSERT_EQ(run_tool("view --trajectory " + trajectory.string() + " --out " + viewed.string() +
                     " --title \"transit: demo world\"")
                .exit_code,
            0);
  // The same data either way: the trajectory file loses nothing the page shows.
  const std::string a = read_all(direct), b = read_all(viewed);
  EXPECT_GT(a.size(), 500'000u);
  EXPECT_TRUE(a == b) << "the pages differ (" << a.size() << " and " << b.size() << " bytes)";
}

TEST_F(ViewCommand, ShowsMoveResults) {
  const fs::path dir = test::source_file("tests/scenarios/room-walls");
  const fs::path results = scratch("moves.json"), page = scratch("moves.html");
  ASSERT_EQ(run_tool("move " + (dir / "scene.json").string() + " " + (dir / "moves.json").string() + " --out " +
                     results.string())
                .exit_code,
            0);
  const ToolRun run =
      run_tool("view " + (dir / "scene.json").string() + " --moves " + results.string() + " --out " + page.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string html = read_all(page);
  EXPECT_THAT(html, HasSubstr(R"("name":"head-on-into-east-wall")"));
  EXPECT_THAT(html, HasSubstr(R"("collision_normal":[)"));
}

TEST_F(ViewCommand, ShowsRetailLandblocksStraightFromTheFiles) {
  const fs::path page = scratch("retail.html");
  const ToolRun run = run_tool("view --dat " + test::source_file("tests/data/retail-synthetic").string() +
                               " --landblock 0x0101 --out " + page.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string html = read_all(page);
  EXPECT_THAT(html, HasSubstr(R"("title":"transit: retail landblocks 0x0101")"));
  EXPECT_THAT(html, HasSubstr(R"("id":"0x01010100")"));  // the dungeon's rooms
  EXPECT_THAT(html, HasSubstr(R"("trajectory":null)"));
  EXPECT_EQ(run_tool("view --dat " + test::source_file("tests/data/retail-synthetic").string()).exit_code, 1);
}

TEST_F(ViewCommand, DrawsCharactersAsTheMoverTheyRanWith) {
  const fs::path trajectory = scratch("quake.json"), page = scratch("quake.html");
  ASSERT_EQ(run_tool("simulate --mover quake --out " + trajectory.string()).exit_code, 0);
  ASSERT_EQ(run_tool("view --mover quake --trajectory " + trajectory.string() + " --out " + page.string()).exit_code,
            0);
  EXPECT_THAT(read_all(page), HasSubstr(R"("name":"player","mover":"quake",)"));
  EXPECT_THAT(read_all(page), HasSubstr(R"("box":{"mins":[-0.4,-0.4,0.0],"maxs":[0.4,0.4,1.8]})"));
}

TEST_F(ViewCommand, RefusesWhatItCannotShow) {
  const fs::path trajectory = scratch("bad.json");
  std::ofstream(trajectory) << R"({"format": "transit-trajectory/1", "dt": 0.1, "characters": {"p": [
    {"t": 0, "position": {"cell": "0xA9B40001", "local": [1, 2, 3]}, "velocity": [0, 0, 0],
     "contact": false, "on_walkable": "yes"}]}})";
  ToolRun run = run_tool("view --trajectory " + trajectory.string() + " --out " + scratch("x.html").string());
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.output, HasSubstr(trajectory.string() + ": /characters/p/0/on_walkable"));

  run = run_tool("view --trajectory a.json --moves b.json");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.output, HasSubstr("give --trajectory or --moves, not both"));

  run = run_tool("view --moves " + scratch("missing.json").string());
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.output, HasSubstr("missing.json: cannot read file"));
}

TEST_F(ViewCommand, WarnsWhenTheTrajectoryIsOfAnotherScene) {
  const fs::path trajectory = scratch("elsewhere.json");
  std::ofstream(trajectory) << R"({"format": "transit-trajectory/1", "dt": 0.1, "characters": {"p": [
    {"t": 0, "position": {"cell": "0x10100001", "local": [1, 2, 3]}, "velocity": [0, 0, 0],
     "contact": false, "on_walkable": false}]}})";
  const ToolRun run = run_tool("view --trajectory " + trajectory.string() + " --out " + scratch("e.html").string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("p is in cell 0x10100001 at t = 0 s, which the scene does not have"));
}

}  // namespace
}  // namespace transit
