#include "transit/world/land_defs.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace transit {
namespace {

TEST(LandDefs, IdParts) {
  // 0xA9B40021: landblock X = 0xA9 = 169, Y = 0xB4 = 180, cell 0x21 = 33;
  // 33 - 1 = 32 = 4 * 8 + 0 -> column 4, row 0.
  constexpr CellId id = 0xA9B40021;
  EXPECT_EQ(landblock_x(id), 169u);
  EXPECT_EQ(landblock_y(id), 180u);
  EXPECT_EQ(landblock_of(id), 0xA9B40000u);
  EXPECT_EQ(outdoor_cell_x(id), 4);
  EXPECT_EQ(outdoor_cell_y(id), 0);
  EXPECT_EQ(outdoor_cell_index(id), 32);
  EXPECT_EQ(make_landblock_id(169, 180), 0xA9B40000u);
  // cell = x * 8 + y + 1: (4, 0) -> 33 = 0x21, (0, 0) -> 1, (7, 7) -> 64 = 0x40.
  EXPECT_EQ(outdoor_cell_id(0xA9B40000, 4, 0), 0xA9B40021u);
  EXPECT_EQ(outdoor_cell_id(0xA9B40000, 0, 0), 0xA9B40001u);
  EXPECT_EQ(outdoor_cell_id(0xA9B40000, 7, 7), 0xA9B40040u);
  EXPECT_EQ(outdoor_cell_id(0xA9B40123, 1, 2), 0xA9B4000Bu);  // 1*8+2+1 = 11
  EXPECT_TRUE(is_outdoor(0xA9B40001));
  EXPECT_TRUE(is_outdoor(0xA9B40040));
  EXPECT_FALSE(is_outdoor(0xA9B40041));
  EXPECT_FALSE(is_outdoor(0xA9B40100));
  EXPECT_TRUE(is_indoor(0xA9B40100));
  EXPECT_FALSE(is_indoor(0xA9B4FFFF));
  EXPECT_TRUE(same_landblock(0xA9B40001, 0xA9B40105));
  EXPECT_FALSE(same_landblock(0xA9B40001, 0xA9B50001));
}

TEST(LandDefs, OutdoorCellFromLocalAtCellAndBlockEdges) {
  // 191.99 / 24 = 7.9996 -> column 7; row 0: 7*8+0+1 = 57 = 0x39.
  EXPECT_EQ(outdoor_cell_from_local(0xA9B40000, 191.99f, 0.0f), 0xA9B40039u);
  // 192.0 / 24 = 8 -> clamped to the last column.
  EXPECT_EQ(outdoor_cell_from_local(0xA9B40000, 192.0f, 0.0f), 0xA9B40039u);
  // 24.0 is the first metre of column 1; 47.99 still row 1: 1*8+1+1 = 10.
  EXPECT_EQ(outdoor_cell_from_local(0xA9B40000, 24.0f, 47.99f), 0xA9B4000Au);
  EXPECT_EQ(outdoor_cell_from_local(0xA9B40000, 23.99f, 48.0f), 0xA9B40003u);  // 0*8+2+1
  EXPECT_EQ(outdoor_cell_from_local(0xA9B40000, -5.0f, NAN), 0xA9B40001u);
}

TEST(LandDefs, CellIdValidity) {
  EXPECT_TRUE(is_valid_cell_id(0xA9B40001));
  EXPECT_TRUE(is_valid_cell_id(0xA9B40040));
  EXPECT_FALSE(is_valid_cell_id(0xA9B40041));  // past the 64 land cells
  EXPECT_FALSE(is_valid_cell_id(0xA9B400FF));  // gap 0x41..0xFF
  EXPECT_TRUE(is_valid_cell_id(0xA9B40100));
  EXPECT_TRUE(is_valid_cell_id(0xA9B4FFFD));
  EXPECT_FALSE(is_valid_cell_id(0xA9B4FFFE));
  EXPECT_FALSE(is_valid_cell_id(0xA9B4FFFF));  // names the landblock, not a cell
  EXPECT_FALSE(is_valid_cell_id(0xA9B40000));
  EXPECT_TRUE(is_valid_cell_id(0x00000001));   // landblock (0, 0)
  EXPECT_TRUE(is_valid_cell_id(0xFEFE0040));   // landblock (254, 254)
  EXPECT_FALSE(is_valid_cell_id(0xFFB40001));  // X = 255
  EXPECT_FALSE(is_valid_cell_id(0xA9FF0001));  // Y = 255

  EXPECT_TRUE(is_valid_landblock_id(0xA9B40000));
  EXPECT_TRUE(is_valid_landblock_id(0xFEFE0000));
  EXPECT_FALSE(is_valid_landblock_id(0xA9B40001));
  EXPECT_FALSE(is_valid_landblock_id(0xFF000000));

  EXPECT_TRUE(cell_in_range(0xFFFF));
  EXPECT_TRUE(cell_in_range(0x0001));
  EXPECT_TRUE(cell_in_range(0xFFFD));
  EXPECT_FALSE(cell_in_range(0x0000));
  EXPECT_FALSE(cell_in_range(0x0041));
  EXPECT_FALSE(cell_in_range(0xFFFE));

  // Retail's inbound check looks at X only: Y = 255 passes, X = 255 fails.
  EXPECT_TRUE(inbound_valid_cell_id(0xA9FF0001));
  EXPECT_FALSE(inbound_valid_cell_id(0xFF000001));
  EXPECT_FALSE(inbound_valid_cell_id(0xA9B40041));
}

TEST(LandDefs, GlobalCellCoordinates) {
  // Landblock (169, 180) starts at global cell (169*8, 180*8) = (1352, 1440).
  EXPECT_EQ(blockid_to_lcoord(0xA9B40021), (LCoord{1352, 1440}));
  EXPECT_FALSE(blockid_to_lcoord(0xFF000000).has_value());  // 255 * 8 = 2040
  // Cell 0x21: column (33-1) >> 3 = 4, row (33-1) & 7 = 0.
  EXPECT_EQ(gid_to_lcoord(0xA9B40021), (LCoord{1356, 1440}));
  EXPECT_EQ(gid_to_lcoord(0xFEFE0040), (LCoord{2039, 2039}));
  EXPECT_FALSE(gid_to_lcoord(0xA9B40100).has_value());  // indoor
  EXPECT_FALSE(gid_to_lcoord(0xA9B40041).has_value());
  EXPECT_EQ(lcoord_to_gid(1356, 1440), 0xA9B40021u);
  EXPECT_EQ(lcoord_to_gid(2039, 2039), 0xFEFE0040u);
  EXPECT_EQ(lcoord_to_gid(0, 0), 0x00000001u);
  EXPECT_EQ(lcoord_to_gid(2040, 0), 0u);
  EXPECT_EQ(lcoord_to_gid(0, -1), 0u);
  // 1352 + floor(-0.5 / 24) = 1351; 1440 + floor(200 / 24) = 1448.
  EXPECT_EQ(get_outside_lcoord(0xA9B40001, -0.5f, 200.0f), (LCoord{1351, 1448}));
  EXPECT_FALSE(get_outside_lcoord(0x00000001, -0.5f, 0.0f).has_value());
  EXPECT_FALSE(get_outside_lcoord(0xA9B40041, 1.0f, 1.0f).has_value());
  EXPECT_FALSE(get_outside_lcoord(0xA9B40001, NAN, 1.0f).has_value());
}

TEST(LandDefs, NeighbourCellIdCrossesLandblockEdgesAndCorners) {
  // 0xA9B40040 is column 7, row 7 (global 1359, 1447).
  EXPECT_EQ(neighbour_cell_id(0xA9B40040, 1, 1), 0xAAB50001u);    // (1360, 1448)
  EXPECT_EQ(neighbour_cell_id(0xA9B40040, 1, 0), 0xAAB40008u);    // column 0, row 7: 8
  EXPECT_EQ(neighbour_cell_id(0xA9B40040, 0, 1), 0xA9B50039u);    // column 7, row 0: 57
  EXPECT_EQ(neighbour_cell_id(0xA9B40040, -1, -1), 0xA9B40037u);  // (6, 6): 55
  EXPECT_EQ(neighbour_cell_id(0x00000001, -1, 0), 0u);            // off the world
  EXPECT_EQ(neighbour_cell_id(0xFEFE0040, 0, 1), 0u);
  EXPECT_EQ(neighbour_cell_id(0xA9B40100, 1, 0), 0u);  // indoor
}

TEST(LandDefs, BlockOffsetConvention) {
  EXPECT_EQ(get_block_offset(0xA9B40001, 0xA9B40105), Vec3(0.0f));
  // From (169, 180) to (170, 181): (+1 * 192, +1 * 192, 0).
  EXPECT_EQ(get_block_offset(0xA9B40021, 0xAAB50001), Vec3(192.0f, 192.0f, 0.0f));
  EXPECT_EQ(get_block_offset(0xAAB50001, 0xA9B40021), Vec3(-192.0f, -192.0f, 0.0f));
  // Landblock (0, 0) to (254, 254): 254 * 192 = 48768.
  EXPECT_EQ(get_block_offset(0x00000001, 0xFEFE0001), Vec3(48768.0f, 48768.0f, 0.0f));

  // Adding the offset to a point local to `to` gives the same point local to
  // `from`: (10, 20, 5) in 0xAAB5 is (202, 212, 5) in 0xA9B4; both are the
  // global (170*192 + 10, 181*192 + 20) = (32650, 34772).
  const Vec3 in_to(10.0f, 20.0f, 5.0f);
  const Vec3 in_from = in_to + get_block_offset(0xA9B40021, 0xAAB50001);
  EXPECT_EQ(in_from, Vec3(202.0f, 212.0f, 5.0f));
  EXPECT_EQ(local_to_global(0xAAB50001, in_to), Vec3(32650.0f, 34772.0f, 5.0f));
  EXPECT_EQ(local_to_global(0xA9B40021, in_from), Vec3(32650.0f, 34772.0f, 5.0f));
}

TEST(LandDefs, GetOffsetBetweenPositionsInDifferentLandblocks) {
  Position from;
  from.objcell_id = 0xA9B40021;
  from.frame.origin = Vec3(100.0f, 5.0f, 0.0f);
  Position to;
  to.objcell_id = 0xAAB40001;
  to.frame.origin = Vec3(3.0f, 4.0f, 1.0f);
  // (192, 0, 0) + (3, 4, 1) - (100, 5, 0) = (95, -1, 1).
  EXPECT_EQ(get_offset(from, to), Vec3(95.0f, -1.0f, 1.0f));
  EXPECT_EQ(get_offset(to, from), Vec3(-95.0f, 1.0f, -1.0f));
}

TEST(LandDefs, AdjustToOutsideStaysJustInsideEastEdge) {
  // 191.99 / 24 = 7.9996 -> column 7 of the same landblock: 0x39.
  CellId id = 0xA9B40001;
  Vec3 local(191.99f, 10.0f, 3.0f);
  ASSERT_TRUE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0xA9B40039u);
  EXPECT_EQ(local, Vec3(191.99f, 10.0f, 3.0f));
}

TEST(LandDefs, AdjustToOutsideAtEastEdgeMovesToNextLandblock) {
  // 192.0 / 24 = 8 -> global column 1360 = landblock 170 (0xAA), column 0;
  // x becomes 192 - floor(192/192) * 192 = 0.
  CellId id = 0xA9B40039;
  Vec3 local(192.0f, 10.0f, 3.0f);
  ASSERT_TRUE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0xAAB40001u);
  EXPECT_EQ(local, Vec3(0.0f, 10.0f, 3.0f));
}

TEST(LandDefs, AdjustToOutsideAcrossNorthEastCorner) {
  CellId id = 0xA9B40040;
  Vec3 local(192.0f, 192.0f, 0.0f);
  ASSERT_TRUE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0xAAB50001u);
  EXPECT_EQ(local, Vec3(0.0f, 0.0f, 0.0f));
}

TEST(LandDefs, AdjustToOutsideWithNegativeLocalCoordinates) {
  // x: 1352 + floor(-0.5 / 24) = 1351 -> landblock 168 (0xA8), column 7;
  // y: 1440 + floor(-30 / 24 = -1.25) = 1438 = 179 * 8 + 6 -> landblock
  // 179 (0xB3), row 6; cell 7*8 + 6 + 1 = 63 = 0x3F.
  // Local: -0.5 + 192 = 191.5, -30 + 192 = 162 (162 / 24 = 6.75, row 6).
  CellId id = 0xA9B40001;
  Vec3 local(-0.5f, -30.0f, 2.0f);
  ASSERT_TRUE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0xA8B3003Fu);
  EXPECT_EQ(local, Vec3(191.5f, 162.0f, 2.0f));
}

TEST(LandDefs, AdjustToOutsideSnapsNearZeroToZero) {
  // |x| = 0.0001 < kEpsilon (0.0002): snapped to 0, stays in the landblock.
  CellId id = 0xA9B40001;
  Vec3 local(-0.0001f, 5.0f, 0.0f);
  ASSERT_TRUE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0xA9B40001u);
  EXPECT_EQ(local.x, 0.0f);

  // |x| = 0.0003 is not snapped: the western neighbour's column 7, row 0 (57).
  id = 0xA9B40001;
  local = Vec3(-0.0003f, 5.0f, 0.0f);
  ASSERT_TRUE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0xA8B40039u);
  EXPECT_FLOAT_EQ(local.x, 191.9997f);
}

TEST(LandDefs, AdjustToOutsideAtWorldEdgesFails) {
  // West of landblock 0: global column -1 is off the world.
  CellId id = 0x00000001;
  Vec3 local(-1.0f, 5.0f, 0.0f);
  EXPECT_FALSE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0u);

  // East of landblock 254: 254*8 + floor(192.5/24) = 2032 + 8 = 2040, off.
  id = 0xFE000039;
  local = Vec3(192.5f, 5.0f, 0.0f);
  EXPECT_FALSE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0u);

  // Just inside landblock 254's east edge is fine.
  id = 0xFE000001;
  local = Vec3(191.9f, 5.0f, 0.0f);
  EXPECT_TRUE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0xFE000039u);

  // A low word out of range fails.
  id = 0xA9B40041;
  local = Vec3(5.0f, 5.0f, 0.0f);
  EXPECT_FALSE(adjust_to_outside(id, local));
  EXPECT_EQ(id, 0u);
}

TEST(LandDefs, AdjustToOutsideFromIndoorCellGivesOutdoorCell) {
  // (30, 50): column 1, row 2 -> 1*8 + 2 + 1 = 11 = 0x0B.
  Position position;
  position.objcell_id = 0xA9B40105;
  position.frame.origin = Vec3(30.0f, 50.0f, 1.0f);
  ASSERT_TRUE(adjust_to_outside(position));
  EXPECT_EQ(position.objcell_id, 0xA9B4000Bu);
  EXPECT_EQ(position.frame.origin, Vec3(30.0f, 50.0f, 1.0f));
}

TEST(LandDefs, InBlock) {
  // Inside means radius <= x, y < 192 - radius.
  EXPECT_TRUE(in_block(Vec3(0.5f, 0.5f, 0.0f), 0.5f));
  EXPECT_FALSE(in_block(Vec3(0.49f, 10.0f, 0.0f), 0.5f));
  EXPECT_FALSE(in_block(Vec3(191.5f, 10.0f, 0.0f), 0.5f));
  EXPECT_TRUE(in_block(Vec3(191.49f, 10.0f, 0.0f), 0.5f));
  EXPECT_FALSE(in_block(Vec3(10.0f, 191.5f, 0.0f), 0.5f));
  EXPECT_TRUE(in_landblock(0.0f, 191.99f));
  EXPECT_FALSE(in_landblock(192.0f, 0.0f));
  EXPECT_FALSE(in_landblock(-0.01f, 0.0f));
}

TEST(LandDefs, GlobalToLocalAndBack) {
  // 32460 = 169 * 192 + 12, 34620 = 180 * 192 + 60; (12, 60): column 0,
  // row 2 -> cell 3.
  const auto p = global_to_local(Vec3(32460.0f, 34620.0f, 12.0f));
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->cell_id, 0xA9B40003u);
  EXPECT_EQ(p->local, Vec3(12.0f, 60.0f, 12.0f));
  EXPECT_EQ(local_to_global(p->cell_id, p->local), Vec3(32460.0f, 34620.0f, 12.0f));

  // Exactly on a landblock edge: x = 192 is landblock 1's x = 0.
  const auto edge = global_to_local(Vec3(192.0f, 0.0f, 0.0f));
  ASSERT_TRUE(edge.has_value());
  EXPECT_EQ(edge->cell_id, 0x01000001u);
  EXPECT_EQ(edge->local.x, 0.0f);

  // The float just below 100 * 192 = 19200 stays in landblock 99, local < 192.
  const float below = std::nextafter(19200.0f, 0.0f);  // 19199.998046875
  const auto b = global_to_local(Vec3(below, 0.0f, 0.0f));
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(landblock_x(b->cell_id), 99u);
  EXPECT_EQ(b->local.x, 191.998046875f);
  EXPECT_EQ(b->cell_id, 0x63000039u);  // column 7, row 0

  // Off the world: west of 0, and at 255 * 192 = 48960.
  EXPECT_FALSE(global_to_local(Vec3(-0.1f, 0.0f, 0.0f)).has_value());
  EXPECT_FALSE(global_to_local(Vec3(48960.0f, 0.0f, 0.0f)).has_value());
  EXPECT_FALSE(global_to_local(Vec3(NAN, 0.0f, 0.0f)).has_value());
  const auto last = global_to_local(Vec3(48959.0f, 48959.0f, 0.0f));
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->cell_id, 0xFEFE0040u);  // 48959 - 48768 = 191 -> (7, 7)
}

}  // namespace
}  // namespace transit
