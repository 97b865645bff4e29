// Reading retail data (issue 20): one landblock's terrain and LandblockInfo
// out of a cell file of 10,000 landblocks (15,000 files, a directory of
// three levels) written in retail's layout by the tests' writer, turned
// into a World; and a landblock of 50 indoor cells with retail's trees.
// The files sit in the page cache after the first pass.
#include <filesystem>
#include <fstream>
#include <map>

#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <unistd.h>

#include "dat/dat_writer.hpp"
#include "dat/synthetic_data.hpp"
#include "transit/dat/retail_data.hpp"
#include "transit/world/retail_streamer.hpp"
#include "transit/world/retail_world.hpp"
#include "transit/world/world.hpp"

namespace transit {
namespace {

constexpr std::uint32_t kDungeonCells = 50;

const std::filesystem::path& data_dir() {
  static const std::filesystem::path dir = [] {
    const auto d = std::filesystem::temp_directory_path() / fmt::format("transit-dat-bench-{}", ::getpid());
    std::filesystem::create_directories(d);
    std::map<std::uint32_t, std::string> cell;
    for (int x = 0; x < 100; ++x)
      for (int y = 0; y < 100; ++y) {
        cell[dat::cell_landblock_id(x, y)] = dat::testing::cell_landblock_bytes(dat::testing::ramp_block(x, y, 10 + x));
        if ((x + y) % 2 == 0) {
          // The small LandblockInfo without indoor cells or doorways.
          dat::LandblockInfo info = dat::testing::small_landblock_info(x, y);
          info.num_cells = 0;
          for (dat::BuildingInfo& b : info.buildings) b.portals.clear();
          cell[info.id] = dat::testing::landblock_info_bytes(info);
        }
      }
    // Landblock 0x6464: 50 indoor cells, pairs of the corridor rooms in rows.
    dat::CellLandblock flat;
    flat.id = dat::cell_landblock_id(0x64, 0x64);
    dat::LandblockInfo dungeon;
    dungeon.id = dat::landblock_info_id(0x64, 0x64);
    dungeon.num_cells = kDungeonCells;
    cell[flat.id] = dat::testing::cell_landblock_bytes(flat);
    cell[dungeon.id] = dat::testing::landblock_info_bytes(dungeon);
    for (std::uint32_t i = 0; i < kDungeonCells; ++i) {
      dat::EnvCellFile c = dat::testing::corridor_cells(0x64, 0x64)[i % 2];
      c.id = 0x64640100u + i;
      c.frame.origin = {40.0f + 10.0f * static_cast<float>(i % 2) + 25.0f * static_cast<float>(i / 10),
                        20.0f + 8.0f * static_cast<float>((i / 2) % 5), -30.0f};
      c.portals[0].other_cell = static_cast<std::uint16_t>(0x0100 + (i ^ 1u));
      cell[c.id] = dat::testing::env_cell_bytes(c);
    }
    // Landblock 0x6565: a forest, every vertex in scene slot 1 (the grove or
    // the lone tree of the synthetic scenery tables).
    dat::CellLandblock forest;
    forest.id = dat::cell_landblock_id(0x65, 0x65);
    forest.terrain.fill(1 << 11);
    cell[forest.id] = dat::testing::cell_landblock_bytes(forest);
    std::map<std::uint32_t, std::string> portal{
        {dat::kRegionId, dat::testing::region_bytes(dat::testing::retail_like_land_defs(),
                                                    dat::testing::synthetic_scenery())},
        {0x12000001, dat::testing::scene_bytes(dat::testing::grove_scene())},
        {0x12000002, dat::testing::scene_bytes(dat::testing::lone_tree_scene())},
        {0x01000C01, dat::testing::gfx_obj_bytes(dat::testing::box_gfx_obj(0x01000C01, 0.3f, 0.3f, 8.0f))},
        {0x02000C02, dat::testing::setup_bytes(dat::testing::rock_setup())},
        {0x0D000123, dat::testing::environment_bytes(dat::testing::corridor_environment())},
        {0x01000A01, dat::testing::gfx_obj_bytes(dat::testing::box_gfx_obj(0x01000A01, 1, 1, 2))},
        {0x01001234, dat::testing::gfx_obj_bytes(dat::testing::box_gfx_obj(0x01001234, 4, 3, 4))},
        {0x02000B02, dat::testing::setup_bytes(dat::testing::crate_post_setup())}};
    std::ofstream(d / dat::kCellFileName, std::ios::binary)
        << dat::testing::write_dat(cell, {256, dat::DataSet::Cell, true});
    std::ofstream(d / dat::kPortalFileName, std::ios::binary)
        << dat::testing::write_dat(portal, {1024, dat::DataSet::Portal, true});
    std::atexit([] { std::filesystem::remove_all(data_dir()); });
    return d;
  }();
  return dir;
}

void BM_Dat_OpenDirectory(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(dat::RetailData::open(data_dir()).land_defs().square_length);
}

void BM_Dat_LoadLandblock(benchmark::State& state) {
  const dat::RetailData retail = dat::RetailData::open(data_dir());
  int i = 0;
  for (auto _ : state) {
    const int x = (i * 37) % 100, y = (i * 61) % 100;
    ++i;
    SceneDesc scene;
    scene.landblocks.push_back(retail.landblock_desc(*retail.landblock(x, y)));
    const auto info = retail.landblock_info(x, y);
    const World world = World::from_scene(scene);
    benchmark::DoNotOptimize(info);
    benchmark::DoNotOptimize(world.objects().size());
  }
}

// A landblock with 50 indoor cells: terrain, LandblockInfo, the EnvCells,
// their Environment and retail's trees, built into a World.
void BM_Dat_LoadDungeonLandblock(benchmark::State& state) {
  const dat::RetailData retail = dat::RetailData::open(data_dir());
  for (auto _ : state) {
    const World world = retail_world(retail, {{0x64, 0x64}});
    benchmark::DoNotOptimize(world.env_cells().size());
  }
  state.counters["cells"] = kDungeonCells;
}

// A landblock whose 81 vertices all grow scenery (75 trees and rocks
// placed): its placement by retail's rules and the World built with them.
void BM_Dat_LoadForestLandblock(benchmark::State& state) {
  const dat::RetailData retail = dat::RetailData::open(data_dir());
  std::size_t objects = 0;
  for (auto _ : state) {
    const World world = retail_world(retail, {{0x65, 0x65}});
    objects = world.objects().size();
    benchmark::DoNotOptimize(objects);
  }
  state.counters["objects"] = static_cast<double>(objects);
}

// A character crossing one landblock east each iteration through the
// 100 x 100 landblocks: 3 new landblocks read, 3 dropped, the world of 3 x 3
// rebuilt (the hitch a streaming client sees at a landblock edge).
void BM_Dat_StreamStep(benchmark::State& state) {
  const dat::RetailData retail = dat::RetailData::open(data_dir());
  RetailStreamer streamer(retail, {1, 16});
  int x = 10;
  for (auto _ : state) {
    const CellId cell = (static_cast<CellId>(x) << 24) | (50u << 16) | 1u;
    streamer.update(std::vector<Position>{Position{cell, Frame{Vec3(96.0f, 96.0f, 0.0f), Quat(1, 0, 0, 0)}}});
    x = x >= 88 ? 10 : x + 1;
  }
  state.counters["kept"] = static_cast<double>(streamer.kept());
  state.counters["objects"] = static_cast<double>(streamer.world().objects().size());
}

BENCHMARK(BM_Dat_OpenDirectory)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Dat_LoadLandblock)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Dat_LoadDungeonLandblock)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Dat_LoadForestLandblock)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Dat_StreamStep)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace transit
