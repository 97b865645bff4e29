// A retail data directory written by the test writer: terrain read through
// the Region's land height table into a scene, a world built from it, and a
// character walking on it.
#include "transit/dat/retail_data.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dat/dat_writer.hpp"
#include "dat/data_dir.hpp"
#include "format/format_test_util.hpp"
#include "transit/sim/character.hpp"
#include "transit/world/world.hpp"

namespace transit::dat {
namespace {

using ::testing::HasSubstr;
using transit::testing::input_error_of;
using transit::testing::TempDir;
using testing::DataDir;
using testing::retail_like_land_defs;

TEST(RetailData, RegionLandDefsRoundTrip) {
  const LandDefs d = retail_like_land_defs();
  const LandDefs back = parse_land_defs(testing::region_bytes(d), "region");
  EXPECT_EQ(back.region_name, "Dereth");
  EXPECT_EQ(back.square_length, 24.0f);
  EXPECT_EQ(back.land_height_table, d.land_height_table);
  EXPECT_THAT(input_error_of([&] { parse_land_defs(testing::region_bytes(d).substr(0, 300), "region"); }),
              HasSubstr("region: at byte 300"));
}

TEST(RetailData, TerrainBecomesASceneWithHeightsInMetres) {
  const DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  EXPECT_EQ(retail.land_defs().region_name, "Dereth");
  const auto blocks = retail.landblocks();
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0], std::make_pair(0x01, 0x01));
  EXPECT_EQ(blocks[1], std::make_pair(0xA9, 0xB4));
  EXPECT_FALSE(retail.landblock(0x02, 0x02).has_value());
  EXPECT_FALSE(retail.landblock_info(0xAA, 0xB4).has_value());
  const auto info = retail.landblock_info(0xA9, 0xB4);
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->num_cells, 2u);
  ASSERT_EQ(info->objects.size(), 2u);
  EXPECT_EQ(info->objects[1].frame.orientation, Quat(0.7071068f, 0, 0, 0.7071068f));
  ASSERT_EQ(info->buildings.size(), 1u);
  ASSERT_EQ(info->buildings[0].portals.size(), 1u);
  EXPECT_EQ(info->buildings[0].portals[0].stabs, (std::vector<std::uint16_t>{0x0100, 0x0101, 0x0102}));
  ASSERT_EQ(info->restrictions.size(), 1u);
  EXPECT_EQ(info->restrictions[0].second, 0x7F000001u);

  const SceneDesc scene = retail.terrain_scene({blocks[1], blocks[2]});
  ASSERT_EQ(scene.landblocks.size(), 2u);
  const LandblockDesc& lb = scene.landblocks[0];
  EXPECT_EQ(lb.x, 0xA9);
  EXPECT_EQ((*lb.heights)[0], 20.0f);       // index 10 * 2 m
  EXPECT_EQ((*lb.heights)[8 * 9], 36.0f);   // x = 8: index 18
  EXPECT_EQ((*lb.terrain_types)[0], 1);     // the road bit is not the type
  EXPECT_EQ((*scene.landblocks[1].heights)[0], 36.0f);  // continues the ramp east

  EXPECT_THAT(input_error_of([&] { retail.terrain_scene({{1, 2}}); }),
              HasSubstr("no terrain for landblock 0x0102 (file 0x0102FFFF)"));
}

// Walking east up the ramp across the landblock edge: the character stays
// on the ground and ends where the terrain's height says.
TEST(RetailData, ACharacterWalksUpRetailTerrainAcrossALandblockEdge) {
  const DataDir data;
  const RetailData retail = RetailData::open(data.dir.path());
  const World world = World::from_scene(retail.terrain_scene(retail.landblocks()));
  PositionDesc at;
  at.cell = 0xA9B40031u;  // x 150 m: column 6, row 4
  at.local = {150.0f, 96.0f, 32.6f};
  // Not exactly up the slope: a body that lands facing straight up a ramp
  // keeps the sliding normal of its landing and cannot climb (retail does
  // the same; see docs/retail-notes.md).
  OrientationDesc east;
  east.heading_deg = 80.0f;
  Character walker(CharacterSettings{}, *world.resolve(at, east));
  EXPECT_EQ(walker.place(world), MoveStatus::Moved);
  EXPECT_NEAR(walker.position().frame.origin.z, 20.0f + 150.0f / 12.0f, 0.01f);
  walker.set_controls({ForwardInput::Run, StrafeInput::Stop, 0.0f});
  for (int tick = 0; tick < 180; ++tick) walker.update(world, 1.0 / 30.0);
  const Position p = walker.position();
  EXPECT_EQ(p.objcell_id >> 16, 0xAAB4u) << std::hex << p.objcell_id;
  EXPECT_EQ(walker.ground_state(), GroundState::OnGround);
  // 2 m a 24 m square: z = 36 + x / 12 on the second landblock.
  const float x = p.frame.origin.x;
  EXPECT_NEAR(p.frame.origin.z, 36.0f + x / 12.0f, 0.01f);
}

TEST(RetailData, MissingOrSwappedFilesAreNamed) {
  const DataDir data;
  const TempDir empty;
  EXPECT_THAT(input_error_of([&] { RetailData::open(empty.path()); }),
              HasSubstr("no client_cell_1.dat here"));
  const TempDir swapped;
  std::filesystem::copy_file(data.dir.path() / kCellFileName, swapped.path() / kPortalFileName);
  std::filesystem::copy_file(data.dir.path() / kPortalFileName, swapped.path() / kCellFileName);
  EXPECT_THAT(input_error_of([&] { RetailData::open(swapped.path()); }),
              HasSubstr("client_cell_1.dat: data set 1 is not a cell file's (2)"));
}

}  // namespace
}  // namespace transit::dat

namespace transit::dat {
namespace {

std::string file_bytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// tests/data/retail-synthetic (what examples/retail_terrain and the docs
// run on) is the writer's synthetic directory, byte for byte.
// TRANSIT_WRITE_SYNTHETIC_DATA=1 writes it afresh first.
TEST(RetailData, TheCheckedInSyntheticDirectoryIsTheWritersOwn) {
  const testing::DataDir fresh;
  const auto kept = std::filesystem::path(TRANSIT_SOURCE_DIR) / "tests/data/retail-synthetic";
  if (std::getenv("TRANSIT_WRITE_SYNTHETIC_DATA")) testing::write_data_dir(kept);
  for (const char* name : {kCellFileName, kPortalFileName})
    EXPECT_TRUE(file_bytes(kept / name) == file_bytes(fresh.dir.path() / name))
        << name << ": regenerate it with write_data_dir (tests/dat/synthetic_data.hpp)";
}

}  // namespace
}  // namespace transit::dat

namespace transit::dat {
namespace {

TEST(RetailEnvironment, RoundTripsWithItsTrees) {
  const Environment env = testing::corridor_environment();
  const Environment back = parse_environment(testing::environment_bytes(env), "environment");
  ASSERT_EQ(back.cells.size(), 3u);
  const CellStruct& room = back.cells.at(0);
  EXPECT_EQ(room.vertices.size(), 8u);
  EXPECT_EQ(room.polygons.size(), 6u);
  EXPECT_EQ(room.physics_polygons.size(), 5u);
  EXPECT_FALSE(room.physics_polygons.count(4));  // the portal
  EXPECT_EQ(room.portals, std::vector<std::uint16_t>{4});
  ASSERT_EQ(room.cell_bsp.nodes.size(), 7u);  // six planes and the inside leaf
  EXPECT_EQ(room.cell_bsp.nodes[0].tag, bsp_tag("BPIn"));
  EXPECT_EQ(room.cell_bsp.nodes[6].tag, bsp_tag("LEAF"));
  ASSERT_EQ(room.physics_bsp.nodes.size(), env.cells.at(0).physics_bsp.nodes.size());
  for (std::size_t i = 0; i < room.physics_bsp.nodes.size(); ++i) {
    const DatBspNode& a = room.physics_bsp.nodes[i];
    const DatBspNode& b = env.cells.at(0).physics_bsp.nodes[i];
    EXPECT_EQ(a.tag, b.tag);
    EXPECT_EQ(a.pos, b.pos);
    EXPECT_EQ(a.solid, b.solid);
    EXPECT_EQ(a.polygons, b.polygons);
    EXPECT_EQ(a.bounds.radius, b.bounds.radius);
  }
  EXPECT_TRUE(testing::environment_bytes(back) == testing::environment_bytes(env));
}

}  // namespace
}  // namespace transit::dat
