// Reading retail data (issue 20): one landblock's terrain and LandblockInfo
// out of a cell file of 10,000 landblocks (15,000 files, a directory of
// three levels) written in retail's layout by the tests' writer, turned
// into a World. The files sit in the page cache after the first pass.
#include <filesystem>
#include <fstream>
#include <map>

#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <unistd.h>

#include "dat/dat_writer.hpp"
#include "dat/synthetic_data.hpp"
#include "transit/dat/retail_data.hpp"
#include "transit/world/world.hpp"

namespace transit {
namespace {

const std::filesystem::path& data_dir() {
  static const std::filesystem::path dir = [] {
    const auto d = std::filesystem::temp_directory_path() / fmt::format("transit-dat-bench-{}", ::getpid());
    std::filesystem::create_directories(d);
    std::map<std::uint32_t, std::string> cell;
    for (int x = 0; x < 100; ++x)
      for (int y = 0; y < 100; ++y) {
        cell[dat::cell_landblock_id(x, y)] = dat::testing::cell_landblock_bytes(dat::testing::ramp_block(x, y, 10 + x));
        if ((x + y) % 2 == 0)
          cell[dat::landblock_info_id(x, y)] =
              dat::testing::landblock_info_bytes(dat::testing::small_landblock_info(x, y));
      }
    std::map<std::uint32_t, std::string> portal{
        {dat::kRegionId, dat::testing::region_bytes(dat::testing::retail_like_land_defs())}};
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

BENCHMARK(BM_Dat_OpenDirectory)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Dat_LoadLandblock)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace transit
