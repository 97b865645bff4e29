#pragma once
// A retail data directory made by the test writer: two landblocks of a
// ramp rising 2 m a vertex eastward (0xA9B4 from 20 m, 0xAAB4 from 36 m),
// the Region's land definitions, and a LandblockInfo for 0xA9B4 with two
// static objects and a building with one portal.

#include "format/format_test_util.hpp"
#include "transit/dat/cell_landblock.hpp"
#include "transit/dat/landblock_info.hpp"
#include "transit/dat/region.hpp"

namespace transit::dat::testing {

LandDefs retail_like_land_defs();
CellLandblock ramp_block(int x, int y, int base);
LandblockInfo small_landblock_info(int x, int y);

struct DataDir {
  transit::testing::TempDir dir;
  DataDir();
};

}  // namespace transit::dat::testing
