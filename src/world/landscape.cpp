#include "transit/world/landscape.hpp"

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

std::pair<int, int> block_xy(CellId id) {
  return {static_cast<int>(landblock_x(id)), static_cast<int>(landblock_y(id))};
}

}  // namespace

bool Landscape::add(Landblock landblock) {
  const auto it = block_lower_bound(blocks_, landblock.id());
  if (it != blocks_.end() && it->id() == landblock.id()) return false;
  blocks_.insert(it, std::move(landblock));
  index_blocks();
  return true;
}

bool Landscape::remove(CellId id) {
  const auto it = block_lower_bound(blocks_, landblock_of(id));
  if (it == blocks_.end() || it->id() != landblock_of(id)) return false;
  blocks_.erase(it);
  index_blocks();
  return true;
}

void Landscape::index_blocks() {
  index_.clear();
  width_ = height_ = 0;
  if (blocks_.empty()) return;
  int x1 = 0, y1 = 0;
  x0_ = y0_ = 255;
  for (const Landblock& b : blocks_) {
    const auto [x, y] = block_xy(b.id());
    x0_ = std::min(x0_, x), x1 = std::max(x1, x);
    y0_ = std::min(y0_, y), y1 = std::max(y1, y);
  }
  width_ = x1 - x0_ + 1;
  height_ = y1 - y0_ + 1;
  index_.assign(static_cast<std::size_t>(width_ * height_), -1);
  for (std::size_t i = 0; i < blocks_.size(); ++i) {
    const auto [x, y] = block_xy(blocks_[i].id());
    index_[static_cast<std::size_t>((x - x0_) * height_ + (y - y0_))] =
        static_cast<std::int32_t>(i);
  }
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
