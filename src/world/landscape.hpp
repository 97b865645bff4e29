#pragma once
// The loaded landblocks of a world and lookups across them (retail LScape):
// the land cell of an id and the neighbours of a land cell, also across
// landblock edges and corners. Cells of landblocks that are not loaded are
// simply absent.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "world/land_cell.hpp"
#include "world/land_defs.hpp"
#include "world/landblock.hpp"

namespace transit {

// Up to eight neighbouring cell ids, in the order north, south, east, west,
// north-west, south-west, north-east, south-east (retail
// LandDefs::Direction), absent ones left out.
struct NeighbourCells {
  std::array<CellId, 8> ids{};
  int count = 0;

  const CellId* begin() const { return ids.data(); }
  const CellId* end() const { return ids.data() + count; }
  bool contains(CellId id) const;
};

class Landscape {
 public:
  // Adds a landblock; false (and nothing changes) when one with the same id
  // is already loaded.
  bool add(Landblock landblock);
  // Unloads the landblock holding `id`; false when none is loaded.
  bool remove(CellId id);

  // The loaded landblock holding the cell `id` (any cell or landblock id).
  const Landblock* find_landblock(CellId id) const;
  // The outdoor cell `id`, nullptr when it is not an outdoor cell id or its
  // landblock is not loaded. ACE: LScape.get_landcell (outdoor part)
  const LandCell* get_landcell(CellId id) const;

  // Loaded landblocks, sorted by id.
  std::span<const Landblock> landblocks() const { return blocks_; }

  // The loaded outdoor cells touching the outdoor cell `id` on a side or a
  // corner, across landblock edges and corners.
  NeighbourCells neighbour_cells(CellId id) const;

 private:
  void index_blocks();

  std::vector<Landblock> blocks_;  // sorted by id
  // The index in blocks_ of the landblock at each (x, y) of the rectangle
  // of landblock coordinates the loaded ones span, -1 where none is: a
  // lookup is one subtraction and one load instead of a search.
  std::vector<std::int32_t> index_;
  int x0_ = 0, y0_ = 0, width_ = 0, height_ = 0;
};

}  // namespace transit
