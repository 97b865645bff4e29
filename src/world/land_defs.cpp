#include "transit/world/land_defs.hpp"

#include <cmath>

namespace transit {

namespace {

// Column or row 0..7 of the land cell at local coordinate `v` (NaN -> 0).
int clamped_cell_coord(float v) {
  const float f = std::floor(v / kCellLength);
  if (!(f >= 0.0f)) return 0;
  if (f >= static_cast<float>(kBlockSide - 1)) return kBlockSide - 1;
  return static_cast<int>(f);
}

}  // namespace

// ACE: Position.GetOutdoorCell
CellId outdoor_cell_from_local(CellId landblock, float lx, float ly) {
  return outdoor_cell_id(landblock, clamped_cell_coord(lx), clamped_cell_coord(ly));
}

CellId neighbour_cell_id(CellId id, int dx, int dy) {
  if (!is_outdoor(id)) return 0;
  const std::optional<LCoord> lc = gid_to_lcoord(id);
  if (!lc) return 0;
  return lcoord_to_gid(lc->x + dx, lc->y + dy);
}

bool snaps_to_block_edge(const Vec3& local) {
  const auto snaps = [](float v) { return v != 0.0f && std::fabs(v) < kEpsilon; };
  return snaps(local.x) || snaps(local.y);
}

// ACE: LandDefs.InBlock
bool in_block(const Vec3& local, float radius) {
  if (local.x < radius || local.y < radius) return false;
  const float limit = kBlockLength - radius;
  return local.x < limit && local.y < limit;
}

Vec3 local_to_global(CellId id, const Vec3& local) {
  return Vec3(static_cast<float>(landblock_x(id)) * kBlockLength + local.x,
              static_cast<float>(landblock_y(id)) * kBlockLength + local.y, local.z);
}

std::optional<CellPoint> global_to_local(const Vec3& global) {
  const float world = static_cast<float>(kMaxBlockCoord + 1) * kBlockLength;
  if (!(global.x >= 0.0f && global.y >= 0.0f && global.x < world && global.y < world) ||
      !std::isfinite(global.z))
    return std::nullopt;
  // The quotient may round to the next integer just below a landblock edge;
  // the landblock is then corrected and the (exact) remainder recomputed so
  // that 0 <= local < 192.
  int bx = static_cast<int>(std::floor(global.x / kBlockLength));
  int by = static_cast<int>(std::floor(global.y / kBlockLength));
  const auto remainder = [](float g, int& b) {
    float l = g - static_cast<float>(b) * kBlockLength;
    if (l < 0.0f) {
      --b;
      l = g - static_cast<float>(b) * kBlockLength;
    } else if (l >= kBlockLength) {
      ++b;
      l = g - static_cast<float>(b) * kBlockLength;
    }
    return l;
  };
  const float lx = remainder(global.x, bx);
  const float ly = remainder(global.y, by);
  if (bx < 0 || by < 0 || bx > kMaxBlockCoord || by > kMaxBlockCoord) return std::nullopt;
  const CellId block =
      make_landblock_id(static_cast<std::uint32_t>(bx), static_cast<std::uint32_t>(by));
  return CellPoint{outdoor_cell_from_local(block, lx, ly), Vec3(lx, ly, global.z)};
}

}  // namespace transit
