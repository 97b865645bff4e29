#include "world/landscape.hpp"

#include <algorithm>
#include <utility>

namespace transit {

bool NeighbourCells::contains(CellId id) const {
  return std::find(begin(), end(), id) != end();
}

namespace {

auto block_lower_bound(const std::vector<Landblock>& blocks, CellId block_id) {
  return std::lower_bound(blocks.begin(), blocks.end(), block_id,
                          [](const Landblock& b, CellId id) { return b.id() < id; });
}

}  // namespace

bool Landscape::add(Landblock landblock) {
  const auto it = block_lower_bound(blocks_, landblock.id());
  if (it != blocks_.end() && it->id() == landblock.id()) return false;
  blocks_.insert(it, std::move(landblock));
  return true;
}

bool Landscape::remove(CellId id) {
  const auto it = block_lower_bound(blocks_, landblock_of(id));
  if (it == blocks_.end() || it->id() != landblock_of(id)) return false;
  blocks_.erase(it);
  return true;
}

const Landblock* Landscape::find_landblock(CellId id) const {
  const auto it = block_lower_bound(blocks_, landblock_of(id));
  if (it == blocks_.end() || it->id() != landblock_of(id)) return nullptr;
  return &*it;
}

const LandCell* Landscape::get_landcell(CellId id) const {
  if (!is_outdoor(id)) return nullptr;
  const Landblock* block = find_landblock(id);
  return block == nullptr ? nullptr : &block->cell(id);
}

NeighbourCells Landscape::neighbour_cells(CellId id) const {
  // North, south, east, west, north-west, south-west, north-east, south-east.
  static constexpr std::array<std::array<int, 2>, 8> kSteps{
      {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {-1, 1}, {-1, -1}, {1, 1}, {1, -1}}};
  NeighbourCells result;
  for (const auto& [dx, dy] : kSteps) {
    const CellId neighbour = neighbour_cell_id(id, dx, dy);
    if (neighbour != 0 && get_landcell(neighbour) != nullptr)
      result.ids[static_cast<std::size_t>(result.count++)] = neighbour;
  }
  return result;
}

}  // namespace transit
