#include "transit/movers/box_mover.hpp"

#include <cmath>

#include "transit/world/land_defs.hpp"

namespace transit {
namespace {

// How many whole landblocks `v` lies beyond [0, 192); beyond the whole land
// (or NaN), a count that names no landblock.
int block_steps(float v) {
  constexpr float kBeyond = 2.0f * kLandLength / kBlockSide;
  const float steps = std::floor(v / kBlockLength);
  return steps >= -kBeyond && steps <= kBeyond ? static_cast<int>(steps) : static_cast<int>(kBeyond);
}

}  // namespace

void rebase_position(const World& world, Position& position, const Vec3& center) {
  Vec3 local = position.frame.origin;
  const int dx = block_steps(local.x);
  const int dy = block_steps(local.y);
  const int bx = static_cast<int>(landblock_x(position.objcell_id)) + dx;
  const int by = static_cast<int>(landblock_y(position.objcell_id)) + dy;
  if (bx < 0 || by < 0 || !is_valid_block_coord(static_cast<std::uint32_t>(bx)) ||
      !is_valid_block_coord(static_cast<std::uint32_t>(by)))
    return;
  const CellId block =
      make_landblock_id(static_cast<std::uint32_t>(bx), static_cast<std::uint32_t>(by));
  if (!world.landscape().find_landblock(block)) return;
  local.x -= static_cast<float>(dx) * kBlockLength;
  local.y -= static_cast<float>(dy) * kBlockLength;
  const Vec3 probe = local + center;
  CellId cell = outdoor_cell_from_local(block, probe.x, probe.y);
  for (const EnvCell& room : world.env_cells())
    if (landblock_of(room.id()) == block && room.point_in_cell(probe)) {
      cell = room.id();
      break;
    }
  position.objcell_id = cell;
  position.frame.origin = local;
}

}  // namespace transit
