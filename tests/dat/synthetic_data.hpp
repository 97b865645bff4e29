#pragma once
// A retail data directory made by the test writer: two landblocks of a
// ramp rising 2 m a vertex eastward (0xA9B4 from 20 m, 0xAAB4 from 36 m),
// the Region's land definitions, and a LandblockInfo for 0xA9B4 with two
// static objects and a building with one portal.

#include <filesystem>

#include "transit/dat/cell_landblock.hpp"
#include "transit/dat/landblock_info.hpp"
#include "transit/dat/region.hpp"

namespace transit::dat::testing {

LandDefs retail_like_land_defs();
CellLandblock ramp_block(int x, int y, int base);
LandblockInfo small_landblock_info(int x, int y);

/// Writes client_cell_1.dat and client_portal.dat of the two landblocks
/// into `dir`.
void write_data_dir(const std::filesystem::path& dir);

}  // namespace transit::dat::testing
