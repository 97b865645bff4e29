// `transit inspect --dat` and `transit dat export` over a synthetic retail
// data directory, as a user runs them.
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dat/data_dir.hpp"
#include "support/tool_run.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/format/scene_writer.hpp"
#include "transit/world/world.hpp"

namespace transit::dat {
namespace {

using ::testing::HasSubstr;
using test::run_tool;
using test::ToolRun;

TEST(DatCli, InspectSummarisesTheDirectoryAndALandblock) {
  const testing::DataDir data;
  const ToolRun run = run_tool("inspect --dat " + data.dir.path().string() + " --landblock 0xA9B4");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("client_cell_1.dat: cell data set, block size 256"));
  EXPECT_THAT(run.output, HasSubstr("10 files"));
  EXPECT_THAT(run.output, HasSubstr("region 1 \"Dereth\": 255 x 255 landblocks, 24 m squares; 3 landblocks have terrain"));
  EXPECT_THAT(run.output, HasSubstr("landblock 0xA9B4: terrain 20.0..36.0 m, terrain types {1}, has objects"));
  EXPECT_THAT(run.output, HasSubstr("2 indoor cells, 2 static objects (1 GfxObj, 1 Setup), 1 buildings (1 portals), 1 restricted cells"));
  EXPECT_THAT(run.output, HasSubstr("cell 0xA9B40100: 6 polygons, 1 portals; physics BSP"));
  EXPECT_THAT(run.output, HasSubstr("4 objects placed (GfxObj shapes with physics, Setup parts, spheres and cylspheres), 0 parts left out"));
  EXPECT_THAT(run.output, HasSubstr("scenery: 0 placed (0 objects); left out: 0 by frequency"));
  EXPECT_THAT(run.output, HasSubstr("not read: what physics does not use"));
}

// Landblock 0x0101 grows the synthetic grove's tree and rock and the lone
// tree (tests/dat/scenery_test.cpp); export writes them with the rest.
TEST(DatCli, InspectAndExportCountTheScenery) {
  const testing::DataDir data;
  const std::string dir = data.dir.path().string();
  const ToolRun run = run_tool("inspect --dat " + dir + " --landblock 0x0101");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("scenery: 3 placed (3 objects); left out: 1 by frequency, 1 weenie, 0 off the "
                                    "landblock, 0 on roads, 0 in building cells, 0 by slope, 0 past the edge"));
  const auto out = data.dir.path() / "hut.json";
  const ToolRun exported = run_tool("dat export " + dir + " --landblock 0x0101 --out " + out.string());
  ASSERT_EQ(exported.exit_code, 0) << exported.output;
  EXPECT_THAT(exported.output, HasSubstr("1 landblocks, 3 indoor cells and 4 objects written"));
  EXPECT_THAT(exported.output, HasSubstr("(3 scenery placements among them)"));
  const SceneDesc scene = read_scene_file(out);
  ASSERT_EQ(scene.objects.size(), 4u);
  EXPECT_EQ(scene.objects[1].name, "Scenery GfxObj 0x01000C01");
}

TEST(DatCli, TheDirectoryMayComeFromTheEnvironment) {
  const testing::DataDir data;
  ::setenv("TRANSIT_DAT", data.dir.path().c_str(), 1);
  const ToolRun run = run_tool("inspect --landblock AAB4");
  ::unsetenv("TRANSIT_DAT");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("landblock 0xAAB4: terrain 36.0..52.0 m"));
  EXPECT_THAT(run.output, HasSubstr("no LandblockInfo"));
}

TEST(DatCli, ExportWritesASceneEveryCommandReads) {
  const testing::DataDir data;
  const auto out = data.dir.path() / "exported.json";
  const ToolRun run = run_tool("dat export " + data.dir.path().string() + " --landblock 0xA9B4 --landblock 0xAAB4 --out " +
                               out.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("2 landblocks, 2 indoor cells and 4 objects written"));
  const SceneDesc scene = read_scene_file(out);
  ASSERT_EQ(scene.landblocks.size(), 2u);
  ASSERT_EQ(scene.cells.size(), 2u);
  EXPECT_EQ(scene.cells[1].id, 0xA9B40101u);
  ASSERT_EQ(scene.objects.size(), 4u);
  EXPECT_EQ(scene.objects[3].name, "GfxObj 0x01001234");
  EXPECT_EQ((*scene.landblocks[1].heights)[80], 52.0f);
  EXPECT_NO_THROW(World::from_scene(scene));
  const ToolRun inspect = run_tool("inspect " + out.string());
  EXPECT_EQ(inspect.exit_code, 0) << inspect.output;
}

TEST(DatCli, ErrorsNameWhatIsWrong) {
  const testing::DataDir data;
  const std::string dir = data.dir.path().string();
  ::unsetenv("TRANSIT_DAT");
  EXPECT_THAT(run_tool("inspect").output, HasSubstr("no retail data directory: give --dat DIR or set TRANSIT_DAT"));
  EXPECT_THAT(run_tool("inspect --dat " + dir + " --landblock 0xQQ").output,
              HasSubstr("--landblock 0xQQ: expected 0xXXYY"));
  const ToolRun missing = run_tool("dat export " + dir + " --landblock 0x0102 --out " + dir + "/x.json");
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_THAT(missing.output, HasSubstr("no terrain for landblock 0x0102 (file 0x0102FFFF)"));
  EXPECT_THAT(run_tool("inspect --dat /nonexistent").output, HasSubstr("/nonexistent: no client_cell_1.dat here"));
}

}  // namespace
}  // namespace transit::dat

namespace transit::dat {
namespace {

// The workflow for simulating over retail data: export the landblocks, add
// characters to the scene, simulate with --dat so that cells and objects
// collide through retail's trees.
TEST(DatCli, SimulateOverAnExportedSceneWithRetailTrees) {
  const testing::DataDir data;
  const std::string dir = data.dir.path().string();
  const auto scene_file = data.dir.path() / "hut.json";
  ASSERT_EQ(run_tool("dat export " + dir + " --landblock 0x0101 --out " + scene_file.string()).exit_code, 0);
  SceneDesc scene = read_scene_file(scene_file);
  CharacterDesc walker;
  walker.name = "walker";
  walker.position.cell = 0x0101001Du;
  walker.position.local = {92.0f, 100.0f, 0.05f};
  walker.orientation.heading_deg = 90.0f;
  scene.characters.push_back(walker);
  data.dir.write("hut.json", write_scene(scene));
  data.dir.write("walk.json", R"({"format": "transit-script/1", "dt": 0.0333333, "duration": 2.0,
    "inputs": {"walker": [{"t": 0.0, "forward": "run"}]}})");
  const std::string script = (data.dir.path() / "walk.json").string();
  const ToolRun run = run_tool("simulate " + scene_file.string() + " --script " + script + " --dat " + dir);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("final position  cell 01010102"));  // inside the hut

  // A scene that is not an export of those landblocks is refused.
  scene.objects.pop_back();
  data.dir.write("other.json", write_scene(scene));
  const ToolRun other = run_tool("simulate " + (data.dir.path() / "other.json").string() + " --script " + script +
                                 " --dat " + dir);
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_THAT(other.output, HasSubstr("give --dat only with a scene written by transit dat export"));
}

}  // namespace
}  // namespace transit::dat
