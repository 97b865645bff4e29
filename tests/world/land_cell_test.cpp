#include "transit/world/land_cell.hpp"

#include <array>

#include <gtest/gtest.h>

#include "transit/world/landblock.hpp"

namespace transit {
namespace {

TEST(LandCell, IdentityAndCentre) {
  const Landblock b = Landblock::flat(0xA9B40000, 2.0f);
  // Cell 0x21: column 4, row 0, centre (4*24 + 12, 0*24 + 12) = (108, 12).
  const LandCell& c = b.cell(0xA9B40021);
  EXPECT_EQ(c.id(), 0xA9B40021u);
  EXPECT_EQ(c.cell_x(), 4);
  EXPECT_EQ(c.cell_y(), 0);
  EXPECT_EQ(c.center(), Vec3(108.0f, 12.0f, 0.0f));
  EXPECT_TRUE(c.point_in_cell(Vec3(108.0f, 12.0f, 0.0f)));
  EXPECT_TRUE(c.point_in_cell(Vec3(96.0f, 0.0f, 0.0f)));    // corner
  EXPECT_TRUE(c.point_in_cell(Vec3(120.0f, 24.0f, 0.0f)));  // opposite corner
  EXPECT_FALSE(c.point_in_cell(Vec3(95.99f, 12.0f, 0.0f)));
  EXPECT_FALSE(c.point_in_cell(Vec3(108.0f, 24.01f, 0.0f)));
}

TEST(LandCell, FindTerrainPolyOnAndOffTheDiagonal) {
  // Global cell (1, 1) is split SW-NE (s = 3845001944 >= 2^31):
  // triangle 0 = (SW, SE, NE) below the diagonal, 1 = (SW, NE, NW) above.
  const Landblock b = Landblock::flat(0x00000000, 0.0f);
  const LandCell& c = b.cell(1, 1);  // x 24..48, y 24..48
  ASSERT_TRUE(c.split_sw_ne());
  EXPECT_EQ(c.find_terrain_poly(Vec3(40.0f, 30.0f, 0.0f)), &c.polygon(0));
  EXPECT_EQ(c.find_terrain_poly(Vec3(30.0f, 40.0f, 0.0f)), &c.polygon(1));
  EXPECT_EQ(c.find_terrain_poly(Vec3(36.0f, 36.0f, 0.0f)), &c.polygon(0));  // on the diagonal
  EXPECT_EQ(c.find_terrain_poly(Vec3(50.0f, 30.0f, 0.0f)), nullptr);
  EXPECT_EQ(c.find_terrain_poly_index(Vec3(30.0f, 40.0f, 0.0f)), 1);
}

TEST(LandCell, WaterDepths) {
  // Water corners: vertices (1,0) and (1,1) -> cell (1, 0) (x 24..48, y 0..24)
  // has water at SW and NW only: PartiallyWater. Cell (0, 0) all four.
  std::array<std::uint8_t, 81> types{};
  for (int vx = 0; vx <= 1; ++vx)
    for (int vy = 0; vy <= 1; ++vy)
      types[static_cast<std::size_t>(Landblock::vertex_index(vx, vy))] = kTerrainWaterShallowSea;
  std::array<float, 81> h{};
  const Landblock b(0xA9B40000, h, types);

  const LandCell& partial = b.cell(1, 0);
  ASSERT_EQ(partial.water_type(), WaterType::PartiallyWater);
  EXPECT_TRUE(partial.is_water());
  EXPECT_EQ(partial.water_corners(), LandCell::kCornerSW | LandCell::kCornerNW);
  // The nearest corner by 12 m halves: x mod 24 >= 12 east, y mod 24 >= 12 north.
  EXPECT_EQ(partial.get_water_depth(Vec3(30.0f, 5.0f, 0.0f)), 0.45f);   // SW, water
  EXPECT_EQ(partial.get_water_depth(Vec3(30.0f, 20.0f, 0.0f)), 0.45f);  // NW, water
  EXPECT_EQ(partial.get_water_depth(Vec3(40.0f, 5.0f, 0.0f)), 0.1f);    // SE, dry
  EXPECT_EQ(partial.get_water_depth(Vec3(40.0f, 20.0f, 0.0f)), 0.1f);   // NE, dry
  EXPECT_EQ(partial.get_water_depth(Vec3(36.0f, 12.0f, 0.0f)), 0.1f);   // exactly 12: NE

  const LandCell& full = b.cell(0, 0);
  ASSERT_EQ(full.water_type(), WaterType::EntirelyWater);
  EXPECT_EQ(full.get_water_depth(Vec3(3.0f, 3.0f, 0.0f)), 0.9f);
  EXPECT_EQ(full.get_water_depth(Vec3(20.0f, 20.0f, 0.0f)), 0.9f);

  const LandCell& dry = b.cell(5, 5);
  EXPECT_EQ(dry.water_type(), WaterType::NotWater);
  EXPECT_FALSE(dry.is_water());
  EXPECT_EQ(dry.get_water_depth(Vec3(130.0f, 130.0f, 0.0f)), 0.0f);
  // The entry check uses the landblock's type: only partially water here.
  EXPECT_EQ(full.block_water_type(), WaterType::PartiallyWater);
}

}  // namespace
}  // namespace transit
