#include "transit/world/terrain.hpp"

#include <gtest/gtest.h>

#include "transit/world/landblock.hpp"

namespace transit {
namespace {

// s = 214614067*gx*gy + 1813693831*gy - 1109124029*gx - 1369149221 (mod 2^32);
// SW-NE diagonal when s >= 2^31 = 2147483648.
TEST(Terrain, SplitDiagonalMatchesHandComputedCells) {
  // (0, 0): s = -1369149221 + 4294967296 = 2925818075 >= 2^31 -> SW-NE.
  EXPECT_TRUE(split_sw_ne(0, 0));
  // (1, 0): s = -1109124029 - 1369149221 = -2478273250 -> 1816694046 < 2^31.
  EXPECT_FALSE(split_sw_ne(1, 0));
  // (0, 1): s = 1813693831 - 1369149221 = 444544610 < 2^31.
  EXPECT_FALSE(split_sw_ne(0, 1));
  // (1, 1): 214614067 + 1813693831 - 1109124029 - 1369149221 = -449965352
  //         -> 3845001944 >= 2^31.
  EXPECT_TRUE(split_sw_ne(1, 1));
  // (7, 7): 214614067*49 + 1813693831*7 - 1109124029*7 - 1369149221
  //       = 10516089283 + 12695856817 - 7763868203 - 1369149221
  //       = 14078928676 - 3 * 4294967296 = 1194026788 < 2^31.
  EXPECT_FALSE(split_sw_ne(7, 7));
  // (8, 0), the first cell of landblock (1, 0):
  //   -8 * 1109124029 - 1369149221 = -10242141453 + 3 * 2^32 = 2642760435.
  EXPECT_TRUE(split_sw_ne(8, 0));
}

TEST(Terrain, LandblockUsesGlobalCellCoordinatesForTheSplit) {
  // Cell (0, 0) of landblock (1, 0) is global cell (8, 0): SW-NE; the same
  // local cell of landblock (0, 0) is global (0, 0): also SW-NE; local
  // cell (1, 0) of landblock 0 is global (1, 0): SE-NW.
  const Landblock b0 = Landblock::flat(0x00000000, 0.0f);
  const Landblock b1 = Landblock::flat(0x01000000, 0.0f);
  EXPECT_TRUE(b0.split_sw_ne(0, 0));
  EXPECT_FALSE(b0.split_sw_ne(1, 0));
  EXPECT_FALSE(b0.split_sw_ne(0, 1));
  EXPECT_TRUE(b0.split_sw_ne(1, 1));
  EXPECT_TRUE(b1.split_sw_ne(0, 0));
  // Every cell of a far landblock agrees with the formula at its global cell.
  const Landblock far = Landblock::flat(0xA9B40000, 0.0f);
  for (int x = 0; x < 8; ++x)
    for (int y = 0; y < 8; ++y)
      EXPECT_EQ(far.split_sw_ne(x, y), split_sw_ne(1352u + x, 1440u + y)) << x << "," << y;
}

TEST(Terrain, SplitPatternIsNotAFixedDiagonal) {
  int sw_ne = 0;
  for (std::uint32_t x = 0; x < 64; ++x)
    for (std::uint32_t y = 0; y < 64; ++y) sw_ne += split_sw_ne(x, y) ? 1 : 0;
  // Roughly half of the 4096 cells go each way.
  EXPECT_GT(sw_ne, 1500);
  EXPECT_LT(sw_ne, 2600);
}

TEST(Terrain, WaterTerrainTypes) {
  EXPECT_FALSE(is_water_terrain(0x00));  // BarrenRock
  EXPECT_FALSE(is_water_terrain(0x0F));  // Snow
  EXPECT_TRUE(is_water_terrain(0x10));   // WaterRunning
  EXPECT_TRUE(is_water_terrain(0x11));   // WaterStandingFresh
  EXPECT_TRUE(is_water_terrain(0x12));   // WaterShallowSea
  EXPECT_TRUE(is_water_terrain(0x13));   // WaterShallowStillSea
  EXPECT_TRUE(is_water_terrain(0x14));   // WaterDeepSea
  EXPECT_FALSE(is_water_terrain(0x15));  // Reserved21
  EXPECT_FALSE(is_water_terrain(0x1F));
  // Raw cell.dat word 0x0044: (0x44 >> 2) & 0x1F = 0x11, standing water.
  EXPECT_EQ(terrain_type_from_word(0x0044), 0x11);
  // Road bits (0-1) and scenery bits (11-15) do not change the type.
  EXPECT_EQ(terrain_type_from_word(0xF847), 0x11);
}

}  // namespace
}  // namespace transit
