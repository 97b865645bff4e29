// Over a user's own retail data (make test-dat DAT=DIR): every landblock
// read with its LandblockInfo, indoor cells (retail's trees), static
// objects, doorways and scenery and built into a world of its own, with
// counts, time and every failure reported. Skipped when no directory is
// given: the repository holds no retail data.
#include <chrono>
#include <cstdlib>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "transit/dat/retail_data.hpp"
#include "transit/math/input_error.hpp"
#include "transit/world/retail_world.hpp"
#include "transit/world/world.hpp"

namespace transit::dat {
namespace {

TEST(RealDat, EveryLandblockReadsAndBuilds) {
  const char* dir = std::getenv("TRANSIT_TEST_DAT");
  if (!dir || !*dir) GTEST_SKIP() << "no retail data: make test-dat DAT=DIR runs this over DIR";
  const auto start = std::chrono::steady_clock::now();
  const RetailData retail = RetailData::open(dir);
  const auto blocks = retail.landblocks();
  std::size_t infos = 0, objects = 0, buildings = 0, cells = 0, failures = 0, placed = 0, left_out = 0;
  SceneryCounts scenery;
  for (const auto& [x, y] : blocks) {
    try {
      const RetailScene built = retail_scene(retail, {{x, y}});
      (void)World::from_scene(built.scene, nullptr, &built.trees);
      placed += built.scene.objects.size();
      left_out += built.not_read.size();
      scenery += built.scenery;
      if (const auto info = retail.landblock_info(x, y)) {
        ++infos;
        objects += info->objects.size();
        buildings += info->buildings.size();
        cells += info->num_cells;
      }
    } catch (const InputError& e) {
      if (++failures <= 20) ADD_FAILURE() << e.what();
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("{} landblocks with terrain, {} with a LandblockInfo: {} static objects, {} buildings, {} indoor "
             "cells; {} objects placed, {} left out (past an edge, unevenly scaled parts); scenery: {} placed, left "
             "out {} by frequency, {} weenie, {} off the landblock, {} on roads, {} by buildings, {} by slope, {} past "
             "the edge; {} failures; {:.2f} s\n",
             blocks.size(), infos, objects, buildings, cells, placed, left_out, scenery.placed, scenery.not_chosen,
             scenery.weenie, scenery.outside, scenery.road, scenery.building, scenery.slope, scenery.past_edge,
             failures, s);
  EXPECT_EQ(failures, 0u);
  EXPECT_GT(blocks.size(), 0u);
}

}  // namespace
}  // namespace transit::dat
