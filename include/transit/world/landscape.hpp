#pragma once
// The loaded landblocks of a world and lookups across them (retail LScape):
// the land cell of an id and the neighbours of a land cell, also across
// landblock edges and corners. Cells of landblocks that are not loaded are
// simply absent.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "transit/world/land_cell.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/world/landblock.hpp"

namespace transit {

/// Up to eight neighbouring cell ids, in the order north, south, east, west,
/// north-west, south-west, north-east, south-east (retail
/// LandDefs::Direction), absent ones left out.
struct NeighbourCells {
  std::array<CellId, 8> ids{};
  int count = 0;

  const CellId* begin() const { return ids.data(); }
  const CellId* end() const { return ids.data() + count; }
  /// Whether the landblock of the id is loaded.
  bool contains(CellId id) const;
};

/// The loaded landblocks, found by id through a grid.
class Landscape {
 public:
  /// Adds a landblock; false (and nothing changes) when one with the same id
  /// is already loaded.
  bool add(Landblock landblock);
  /// Unloads the landblock holding `id`; false when none is loaded.
  bool remove(CellId id);

  /// The loaded landblock holding the cell `id` (any cell or landblock id).
  const Landblock* find_landblock(CellId id) const {
    const std::int32_t i = block_index(id);
    return i < 0 ? nullptr : &blocks_[static_cast<std::size_t>(i)];
  }
  /// The index in landblocks() of the landblock holding `id`, -1 when it is
  /// not loaded.
  std::int32_t block_index(CellId id) const {
    const int x = static_cast<int>(landblock_x(id)) - x0_;
    const int y = static_cast<int>(landblock_y(id)) - y0_;
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return -1;
    return index_[static_cast<std::size_t>(x * height_ + y)];
  }
  /// The outdoor cell `id`, nullptr when it is not an outdoor cell id or its
  /// landblock is not loaded. ACE: LScape.get_landcell (outdoor part)
  const LandCell* get_landcell(CellId id) const {
    if (!is_outdoor(id)) return nullptr;
    const Landblock* block = find_landblock(id);
    return block == nullptr ? nullptr : &block->cell(id);
  }

  /// Loaded landblocks, sorted by id.
  std::span<const Landblock> landblocks() const { return blocks_; }

  /// The loaded outdoor cells touching the outdoor cell `id` on a side or a
  /// corner, across landblock edges and corners.
  NeighbourCells neighbour_cells(CellId id) const;

 private:
  void index_blocks();

  std::vector<Landblock> blocks_;  ///< sorted by id
  /// The index in blocks_ of the landblock at each (x, y) of the rectangle
  /// of landblock coordinates the loaded ones span, -1 where none is: a
  /// lookup is one subtraction and one load instead of a search.
  std::vector<std::int32_t> index_;
  int x0_ = 0, y0_ = 0, width_ = 0, height_ = 0;
};

}  // namespace transit
