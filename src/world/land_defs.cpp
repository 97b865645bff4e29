#include "world/land_defs.hpp"

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

bool in_land(int x, int y) {
  return x >= 0 && y >= 0 && x < kLandLength && y < kLandLength;
}

}  // namespace

// ACE: Position.GetOutdoorCell
CellId outdoor_cell_from_local(CellId landblock, float lx, float ly) {
  return outdoor_cell_id(landblock, clamped_cell_coord(lx), clamped_cell_coord(ly));
}

// ACE: LandDefs.inbound_valid_cellid
bool inbound_valid_cell_id(CellId id) {
  if (!cell_in_range(cell_part(id))) return false;
  return static_cast<int>(landblock_x(id)) * kBlockSide < kLandLength;
}

// ACE: LandDefs.blockid_to_lcoord
std::optional<LCoord> blockid_to_lcoord(CellId id) {
  const int x = static_cast<int>(landblock_x(id)) * kBlockSide;
  const int y = static_cast<int>(landblock_y(id)) * kBlockSide;
  if (!in_land(x, y)) return std::nullopt;
  return LCoord{x, y};
}

// ACE: LandDefs.gid_to_lcoord
std::optional<LCoord> gid_to_lcoord(CellId id, bool env_check) {
  if (!inbound_valid_cell_id(id)) return std::nullopt;
  const int cell = static_cast<int>(cell_part(id));
  if (env_check && cell >= static_cast<int>(kFirstEnvCellId)) return std::nullopt;
  const int x = static_cast<int>(landblock_x(id)) * kBlockSide + ((cell - 1) >> 3);
  const int y = static_cast<int>(landblock_y(id)) * kBlockSide + ((cell - 1) & 7);
  if (!in_land(x, y)) return std::nullopt;
  return LCoord{x, y};
}

// ACE: LandDefs.get_outside_lcoord
std::optional<LCoord> get_outside_lcoord(CellId id, float x, float y) {
  if (!cell_in_range(cell_part(id))) return std::nullopt;
  const std::optional<LCoord> block = blockid_to_lcoord(id);
  if (!block) return std::nullopt;
  const float gx = static_cast<float>(block->x) + std::floor(x / kCellLength);
  const float gy = static_cast<float>(block->y) + std::floor(y / kCellLength);
  const float land = static_cast<float>(kLandLength);
  // Written so that NaN also fails.
  if (!(gx >= 0.0f && gy >= 0.0f && gx < land && gy < land)) return std::nullopt;
  return LCoord{static_cast<int>(gx), static_cast<int>(gy)};
}

// ACE: LandDefs.lcoord_to_gid
CellId lcoord_to_gid(int x, int y) {
  if (!in_land(x, y)) return 0;
  const auto ux = static_cast<std::uint32_t>(x);
  const auto uy = static_cast<std::uint32_t>(y);
  const std::uint32_t block = ((ux >> 3) << 8) | (uy >> 3);
  const std::uint32_t cell = kFirstLandCellId + ((ux & 7u) << 3) + (uy & 7u);
  return (block << 16) | cell;
}

CellId neighbour_cell_id(CellId id, int dx, int dy) {
  if (!is_outdoor(id)) return 0;
  const std::optional<LCoord> lc = gid_to_lcoord(id);
  if (!lc) return 0;
  return lcoord_to_gid(lc->x + dx, lc->y + dy);
}

// ACE: LandDefs.GetBlockOffset
Vec3 get_block_offset(CellId from, CellId to) {
  if (same_landblock(from, to)) return Vec3(0.0f);
  const int dx = static_cast<int>(landblock_x(to)) - static_cast<int>(landblock_x(from));
  const int dy = static_cast<int>(landblock_y(to)) - static_cast<int>(landblock_y(from));
  return Vec3(static_cast<float>(dx * kBlockSide) * kCellLength,
              static_cast<float>(dy * kBlockSide) * kCellLength, 0.0f);
}

// ACE: Position.GetOffset
Vec3 get_offset(const Position& from, const Position& to) {
  const Vec3 block_offset = get_block_offset(from.objcell_id, to.objcell_id);
  return block_offset + to.frame.origin - from.frame.origin;
}

// ACE: LandDefs.AdjustToOutside
bool adjust_to_outside(CellId& id, Vec3& local) {
  if (cell_in_range(cell_part(id))) {
    if (std::fabs(local.x) < kEpsilon) local.x = 0.0f;
    if (std::fabs(local.y) < kEpsilon) local.y = 0.0f;
    const std::optional<LCoord> lc = get_outside_lcoord(id, local.x, local.y);
    if (lc) {
      id = lcoord_to_gid(lc->x, lc->y);
      local.x -= std::floor(local.x / kBlockLength) * kBlockLength;
      local.y -= std::floor(local.y / kBlockLength) * kBlockLength;
      return true;
    }
  }
  id = 0;
  return false;
}

bool snaps_to_block_edge(const Vec3& local) {
  const auto snaps = [](float v) { return v != 0.0f && std::fabs(v) < kEpsilon; };
  return snaps(local.x) || snaps(local.y);
}

bool adjust_to_outside(Position& position) {
  return adjust_to_outside(position.objcell_id, position.frame.origin);
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
