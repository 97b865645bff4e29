#include "transit/world/landscape.hpp"

#include <gtest/gtest.h>

namespace transit {
namespace {

// Suite named LandCellNeighbours: these are the land-cell neighbour lookups
// across landblocks, served by the Landscape of loaded landblocks.

TEST(LandCellNeighbours, AllEightAcrossALandblockCorner) {
  Landscape scape;
  for (CellId id : {0xA9B40000u, 0xAAB40000u, 0xA9B50000u, 0xAAB50000u})
    ASSERT_TRUE(scape.add(Landblock::flat(id, 0.0f)));
  // 0xA9B40040 is column 7, row 7 of (169, 180), touching the corner shared
  // with (170, 180), (169, 181), (170, 181). Neighbours, in order N, S, E,
  // W, NW, SW, NE, SE:
  //   N  (7, 8) -> 0xA9B5 column 7 row 0: 7*8+0+1 = 57 = 0x39
  //   S  (7, 6) -> 7*8+6+1 = 63 = 0x3F
  //   E  (8, 7) -> 0xAAB4 column 0 row 7: 8
  //   W  (6, 7) -> 6*8+7+1 = 56 = 0x38
  //   NW (6, 8) -> 0xA9B5 column 6 row 0: 49 = 0x31
  //   SW (6, 6) -> 55 = 0x37
  //   NE (8, 8) -> 0xAAB5 column 0 row 0: 1
  //   SE (8, 6) -> 0xAAB4 column 0 row 6: 7
  const NeighbourCells n = scape.neighbour_cells(0xA9B40040);
  ASSERT_EQ(n.count, 8);
  const std::array<CellId, 8> expected{0xA9B50039, 0xA9B4003F, 0xAAB40008, 0xA9B40038,
                                       0xA9B50031, 0xA9B40037, 0xAAB50001, 0xAAB40007};
  EXPECT_EQ(n.ids, expected);
  for (CellId id : n) EXPECT_NE(scape.get_landcell(id), nullptr);
}

TEST(LandCellNeighbours, CellsOfUnloadedLandblocksAreAbsent) {
  Landscape scape;
  ASSERT_TRUE(scape.add(Landblock::flat(0xA9B40000, 0.0f)));
  ASSERT_TRUE(scape.add(Landblock::flat(0xAAB50000, 0.0f)));
  // (169, 181) and (170, 180) are not loaded: N, E, NW and SE drop out.
  const NeighbourCells n = scape.neighbour_cells(0xA9B40040);
  ASSERT_EQ(n.count, 4);
  EXPECT_EQ(n.ids[0], 0xA9B4003Fu);  // S
  EXPECT_EQ(n.ids[1], 0xA9B40038u);  // W
  EXPECT_EQ(n.ids[2], 0xA9B40037u);  // SW
  EXPECT_EQ(n.ids[3], 0xAAB50001u);  // NE, across the corner
  EXPECT_FALSE(n.contains(0xAAB40008));
  EXPECT_EQ(scape.get_landcell(0xAAB40008), nullptr);
}

TEST(LandCellNeighbours, WorldCornerAndInteriorCell) {
  Landscape scape;
  ASSERT_TRUE(scape.add(Landblock::flat(0x00000000, 0.0f)));
  // Cell 1 = (0, 0) of landblock 0: only N (0,1) = 2, E (1,0) = 9, NE (1,1) = 10.
  const NeighbourCells corner = scape.neighbour_cells(0x00000001);
  ASSERT_EQ(corner.count, 3);
  EXPECT_EQ(corner.ids[0], 0x00000002u);
  EXPECT_EQ(corner.ids[1], 0x00000009u);
  EXPECT_EQ(corner.ids[2], 0x0000000Au);
  // An interior cell has all eight in its own landblock.
  EXPECT_EQ(scape.neighbour_cells(0x0000001C).count, 8);  // (3, 3)
  // Indoor ids and unloaded cells have none.
  EXPECT_EQ(scape.neighbour_cells(0x00000100).count, 0);
  // Cell (0, 0) of the unloaded landblock (1, 0) still sees landblock 0's
  // cells: W (7, 0) = 57 = 0x39 and NW (7, 1) = 58 = 0x3A.
  const NeighbourCells east = scape.neighbour_cells(0x01000001);
  ASSERT_EQ(east.count, 2);
  EXPECT_EQ(east.ids[0], 0x00000039u);
  EXPECT_EQ(east.ids[1], 0x0000003Au);
}

TEST(LandCellNeighbours, LandscapeAddRemoveLookup) {
  Landscape scape;
  ASSERT_TRUE(scape.add(Landblock::flat(0xAAB40000, 1.0f)));
  ASSERT_TRUE(scape.add(Landblock::flat(0xA9B40000, 2.0f)));
  EXPECT_FALSE(scape.add(Landblock::flat(0xA9B40000, 3.0f)));  // duplicate
  ASSERT_EQ(scape.landblocks().size(), 2u);
  EXPECT_EQ(scape.landblocks()[0].id(), 0xA9B40000u);  // sorted
  ASSERT_NE(scape.find_landblock(0xA9B40123), nullptr);
  EXPECT_EQ(scape.find_landblock(0xA9B40123)->height(0, 0), 2.0f);
  EXPECT_EQ(scape.get_landcell(0xA9B40021)->id(), 0xA9B40021u);
  EXPECT_EQ(scape.get_landcell(0xA9B40100), nullptr);
  EXPECT_TRUE(scape.remove(0xA9B40005));
  EXPECT_FALSE(scape.remove(0xA9B40000));
  EXPECT_EQ(scape.find_landblock(0xA9B40000), nullptr);
}

}  // namespace
}  // namespace transit
