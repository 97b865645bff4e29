#include "transit/world/landblock.hpp"

#include <array>
#include <cmath>

#include <gtest/gtest.h>

#include "transit/math/input_error.hpp"

namespace transit {
namespace {

std::vector<Vec3> as_vector(std::span<const Vec3> v) { return {v.begin(), v.end()}; }

std::array<float, 81> zero_heights() {
  std::array<float, 81> h{};
  h.fill(0.0f);
  return h;
}

// Landblock (0, 0): cell (0, 0) is split SW-NE (global (0, 0)), cell (0, 1)
// SE-NW (global (0, 1)). Raised vertices: (1, 0) = 12 (SE corner of cell
// (0, 0)), (0, 2) = 24 and (1, 2) = 12 (NW and NE corners of cell (0, 1)).
Landblock test_block() {
  auto h = zero_heights();
  h[Landblock::vertex_index(1, 0)] = 12.0f;
  h[Landblock::vertex_index(0, 2)] = 24.0f;
  h[Landblock::vertex_index(1, 2)] = 12.0f;
  return Landblock(0x00000000, h);
}

TEST(Landblock, VerticesAndTriangleOrder) {
  const Landblock b = test_block();
  EXPECT_EQ(b.vertex(1, 0), Vec3(24.0f, 0.0f, 12.0f));
  EXPECT_EQ(b.vertex(8, 8), Vec3(192.0f, 192.0f, 0.0f));
  EXPECT_EQ(b.min_z(), 0.0f);
  EXPECT_EQ(b.max_z(), 24.0f);

  // SW-NE cell (0, 0): (SW, SE, NE) then (SW, NE, NW).
  const LandCell& c00 = b.cell(0, 0);
  EXPECT_EQ(c00.id(), 0x00000001u);
  EXPECT_TRUE(c00.split_sw_ne());
  EXPECT_EQ(as_vector(c00.polygon(0).vertices()), (std::vector<Vec3>{{0, 0, 0}, {24, 0, 12}, {24, 24, 0}}));
  EXPECT_EQ(as_vector(c00.polygon(1).vertices()), (std::vector<Vec3>{{0, 0, 0}, {24, 24, 0}, {0, 24, 0}}));
  // SE-NW cell (0, 1): (SW, SE, NW) then (NE, NW, SE).
  const LandCell& c01 = b.cell(0, 1);
  EXPECT_EQ(c01.id(), 0x00000002u);
  EXPECT_FALSE(c01.split_sw_ne());
  EXPECT_EQ(as_vector(c01.polygon(0).vertices()), (std::vector<Vec3>{{0, 24, 0}, {24, 24, 0}, {0, 48, 24}}));
  EXPECT_EQ(as_vector(c01.polygon(1).vertices()), (std::vector<Vec3>{{24, 48, 12}, {0, 48, 24}, {24, 24, 0}}));
  EXPECT_EQ(c01.polygon(0).sides(), PolygonSides::Landblock);
}

TEST(Landblock, AllTerrainNormalsPointUp) {
  std::array<float, 81> h{};
  for (int i = 0; i < 81; ++i) h[static_cast<std::size_t>(i)] = std::fmod(i * 7.3f, 19.0f);
  const Landblock b(0xA9B40000, h);
  for (const LandCell& c : b.cells())
    for (const Polygon& p : c.polygons()) EXPECT_GT(p.plane().normal.z, 0.0f) << c.id();
}

TEST(Landblock, GetZOnBothTrianglesOfSwNeCell) {
  const Landblock b = test_block();
  // Triangle 0 (SW, SE, NE) = (0,0,0), (24,0,12), (24,24,0): z = 0.5 (x - y).
  // At (18, 6): z = 6. Its mirror across the diagonal, (6, 18), is on
  // triangle 1 (SW, NE, NW), all at 0: z = 0.
  EXPECT_NEAR(b.get_z(Vec3(18.0f, 6.0f, 100.0f)), 6.0f, 1e-4f);
  EXPECT_NEAR(b.get_z(Vec3(6.0f, 18.0f, 100.0f)), 0.0f, 1e-4f);
  // On the diagonal both give 0.
  EXPECT_NEAR(b.get_z(Vec3(12.0f, 12.0f, 100.0f)), 0.0f, 1e-4f);
}

TEST(Landblock, GetZOnBothTrianglesOfSeNwCell) {
  const Landblock b = test_block();
  // Cell (0, 1), u = x, v = y - 24. Triangle 0 (SW, SE, NW) = (0,24,0),
  // (24,24,0), (0,48,24): z = v. At (u, v) = (16, 4): z = 4.
  EXPECT_NEAR(b.get_z(Vec3(16.0f, 28.0f, 0.0f)), 4.0f, 1e-4f);
  // Triangle 1 (NE, NW, SE) = (24,48,12), (0,48,24), (24,24,0):
  // z = 12 - 0.5 u + 0.5 v. Its mirror point across u + v = 24 is
  // (24 - v, 24 - u) = (20, 8): z = 12 - 10 + 4 = 6. (Had the diagonal been
  // SW-NE, (20, 8) would lie on (SW, SE, NE) with z = 0.5 v = 4.)
  EXPECT_NEAR(b.get_z(Vec3(20.0f, 32.0f, 0.0f)), 6.0f, 1e-4f);
  // Vertices give their heights.
  EXPECT_NEAR(b.get_z(Vec3(0.0f, 48.0f, 0.0f)), 24.0f, 1e-4f);
  EXPECT_NEAR(b.get_z(Vec3(24.0f, 48.0f, 0.0f)), 12.0f, 1e-4f);
}

TEST(Landblock, GetZOutsideLandblockReturnsPointZ) {
  const Landblock b = Landblock::flat(0xA9B40000, 7.5f);
  EXPECT_EQ(b.get_z(Vec3(-0.1f, 5.0f, 3.0f)), 3.0f);
  EXPECT_EQ(b.get_z(Vec3(5.0f, 192.1f, 3.0f)), 3.0f);
  EXPECT_NEAR(b.get_z(Vec3(100.0f, 50.0f, 3.0f)), 7.5f, 1e-5f);
  // The east and north edges belong to the last cells.
  EXPECT_NEAR(b.get_z(Vec3(192.0f, 192.0f, 3.0f)), 7.5f, 1e-5f);
}

TEST(Landblock, FindTerrainPolyInCellInteriors) {
  const Landblock b = test_block();
  auto hit = b.find_terrain_poly(Vec3(18.0f, 6.0f, 0.0f));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->cell_id, 0x00000001u);
  EXPECT_EQ(hit->triangle, 0);
  EXPECT_EQ(hit->polygon, &b.cell(0, 0).polygon(0));

  hit = b.find_terrain_poly(Vec3(6.0f, 18.0f, 0.0f));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->cell_id, 0x00000001u);
  EXPECT_EQ(hit->triangle, 1);

  // Cell (0, 1): (4, 28) is below u + v = 24 -> triangle 0; (20, 40) above.
  hit = b.find_terrain_poly(Vec3(4.0f, 28.0f, 0.0f));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->cell_id, 0x00000002u);
  EXPECT_EQ(hit->triangle, 0);
  hit = b.find_terrain_poly(Vec3(20.0f, 40.0f, 0.0f));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->triangle, 1);

  // (100, 170): column 4, row 7 -> 4*8 + 7 + 1 = 40 = 0x28.
  hit = b.find_terrain_poly(Vec3(100.0f, 170.0f, 0.0f));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->cell_id, 0x00000028u);

  EXPECT_FALSE(b.find_terrain_poly(Vec3(-1.0f, 5.0f, 0.0f)).has_value());
  EXPECT_FALSE(b.find_terrain_poly(Vec3(5.0f, 200.0f, 0.0f)).has_value());
}

TEST(Landblock, FindTerrainPolyExactlyOnTheDiagonalTakesTriangleZero) {
  const Landblock b = test_block();
  // (12, 12) is on the SW-NE diagonal of cell (0, 0): both triangles hold
  // it (edges count as inside), retail checks triangle 0 first.
  auto hit = b.find_terrain_poly(Vec3(12.0f, 12.0f, 0.0f));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->triangle, 0);
  EXPECT_TRUE(point_in_poly_2d(b.cell(0, 0).polygon(1), Vec3(12.0f, 12.0f, 0.0f)));
  // (12, 36) is on the SE-NW diagonal of cell (0, 1) (u = v = 12).
  hit = b.find_terrain_poly(Vec3(12.0f, 36.0f, 0.0f));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->cell_id, 0x00000002u);
  EXPECT_EQ(hit->triangle, 0);
  EXPECT_TRUE(point_in_poly_2d(b.cell(0, 1).polygon(1), Vec3(12.0f, 36.0f, 0.0f)));
  // A cell edge belongs to the cell GetCell picks: x = 24 -> column 1.
  hit = b.find_terrain_poly(Vec3(24.0f, 10.0f, 0.0f));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->cell_id, 0x00000009u);  // 1*8 + 0 + 1
}

TEST(Landblock, WaterClassification) {
  // Water on vertices (0,0), (1,0), (0,1), (1,1): cell (0, 0) has four water
  // corners; cells (1, 0), (0, 1), (1, 1) share one or two of them.
  std::array<std::uint8_t, 81> types{};
  types.fill(0x01);  // Grassland
  for (int vx = 0; vx <= 1; ++vx)
    for (int vy = 0; vy <= 1; ++vy)
      types[static_cast<std::size_t>(Landblock::vertex_index(vx, vy))] = kTerrainWaterStandingFresh;
  const auto h = zero_heights();
  const Landblock b(0xA9B40000, h, types);
  EXPECT_EQ(b.cell(0, 0).water_type(), WaterType::EntirelyWater);
  EXPECT_EQ(b.cell(1, 0).water_type(), WaterType::PartiallyWater);
  EXPECT_EQ(b.cell(0, 1).water_type(), WaterType::PartiallyWater);
  EXPECT_EQ(b.cell(1, 1).water_type(), WaterType::PartiallyWater);
  EXPECT_EQ(b.cell(2, 2).water_type(), WaterType::NotWater);
  EXPECT_EQ(b.cell(2, 0).water_type(), WaterType::NotWater);
  EXPECT_EQ(b.water_type(), WaterType::PartiallyWater);
  EXPECT_EQ(b.cell(7, 7).block_water_type(), WaterType::PartiallyWater);

  // Every vertex water (any of the five water types): the block is entirely water.
  types.fill(kTerrainWaterDeepSea);
  types[0] = kTerrainWaterRunning;
  const Landblock sea(0xA9B40000, h, types);
  EXPECT_EQ(sea.water_type(), WaterType::EntirelyWater);
  EXPECT_EQ(sea.cell(3, 3).block_water_type(), WaterType::EntirelyWater);

  // No water, and reserved type 0x15 is not water.
  types.fill(0x15);
  const Landblock dry(0xA9B40000, h, types);
  EXPECT_EQ(dry.water_type(), WaterType::NotWater);
  EXPECT_EQ(Landblock::flat(0xA9B40000, 1.0f).water_type(), WaterType::NotWater);
}

TEST(Landblock, RejectsBadInput) {
  const auto h = zero_heights();
  EXPECT_THROW(Landblock(0xA9B40001, h), InputError);  // not a landblock id
  EXPECT_THROW(Landblock(0xFF000000, h), InputError);  // X = 255
  EXPECT_THROW(Landblock(0xA9B40000, std::span<const float>(h.data(), 80)), InputError);
  auto bad = h;
  bad[5] = NAN;
  const auto msg = Landblock::validate(0xA9B40000, bad, {});
  ASSERT_TRUE(msg.has_value());
  EXPECT_NE(msg->find("heights[5]"), std::string::npos) << *msg;
  std::array<std::uint8_t, 81> types{};
  types[80] = 32;
  EXPECT_THROW(Landblock(0xA9B40000, h, types), InputError);
  EXPECT_THROW(Landblock(0xA9B40000, h, std::span<const std::uint8_t>(types.data(), 3)),
               InputError);
  EXPECT_FALSE(Landblock::validate(0xA9B40000, h, {}).has_value());
}

}  // namespace
}  // namespace transit
