#pragma once
// Asheron's Call landblock and cell id arithmetic (retail LandDefs).
//
// The outdoor world is a grid of 255 x 255 landblocks, each 192 m square and
// cut into 8 x 8 land cells of 24 m. Landblock (X, Y), X east and Y north,
// 0..254, has id 0xXXYY0000. Its outdoor cells are 0xXXYY0001..0xXXYY0040,
// cell = x * 8 + y + 1 with x, y the 0..7 column (east) and row (north);
// indoor cells (EnvCells) are 0xXXYY0100..0xXXYYFFFD. The low 16 bits 0xFFFF
// name the landblock itself in the retail data files.
//
// Positions are landblock-local: (lx, ly, z) in landblock (X, Y) is the global
// point (X * 192 + lx, Y * 192 + ly, z).
//
// "lcoord" (retail name) is a global cell coordinate: (X * 8 + x, Y * 8 + y),
// 0..2039 on each axis.

#include <cmath>
#include <cstdint>
#include <optional>

#include "transit/math/position.hpp"
#include "transit/math/vec.hpp"

namespace transit {

/// A cell id: 0xXXYY (landblock) in the high word, the cell in the low word.
using CellId = std::uint32_t;

inline constexpr float kBlockLength = 192.0f;  ///< metres per landblock side
inline constexpr float kCellLength = 24.0f;    ///< metres per land cell side
/// Half a land cell, metres.
inline constexpr float kHalfCellLength = 12.0f;
inline constexpr int kBlockSide = 8;  ///< land cells per landblock side
inline constexpr int kVertexDim = 9;  ///< terrain vertices per landblock side
/// Land cells and terrain vertices per landblock.
inline constexpr int kCellsPerBlock = kBlockSide * kBlockSide;
inline constexpr int kVerticesPerBlock = kVertexDim * kVertexDim;
inline constexpr int kMaxBlockCoord = 254;  ///< landblock X and Y are 0..254
inline constexpr int kLandLength = 2040;    ///< global cell coordinates are 0..2039

/// The landblock and cell words of a cell id.
inline constexpr std::uint32_t kBlockMask = 0xFFFF0000u;
inline constexpr std::uint32_t kCellMask = 0x0000FFFFu;
inline constexpr std::uint32_t kBlockCellId = 0xFFFFu;  ///< low word naming the landblock itself
/// Low words of the first and last outdoor and indoor cells.
inline constexpr std::uint32_t kFirstLandCellId = 0x1u;
inline constexpr std::uint32_t kLastLandCellId = 0x40u;
inline constexpr std::uint32_t kFirstEnvCellId = 0x100u;
inline constexpr std::uint32_t kLastEnvCellId = 0xFFFDu;

/// A global cell coordinate (retail lcoord): X * 8 + column, Y * 8 + row.
struct LCoord {
  int x = 0;
  int y = 0;
  bool operator==(const LCoord&) const = default;
};

/// A landblock-local point and the cell holding it.
struct CellPoint {
  CellId cell_id = 0;
  Vec3 local{0.0f};
  bool operator==(const CellPoint&) const = default;
};

// --- id parts ---------------------------------------------------------------

/// Landblock X (east, 0..254) and Y (north) of a cell id.
constexpr std::uint32_t landblock_x(CellId id) {
  return id >> 24;
}
constexpr std::uint32_t landblock_y(CellId id) {
  return (id >> 16) & 0xFFu;
}
/// The low word: which cell of the landblock.
constexpr std::uint32_t cell_part(CellId id) {
  return id & kCellMask;
}
/// The landblock id (0xXXYY0000) of any cell id.
constexpr CellId landblock_of(CellId id) {
  return id & kBlockMask;
}
/// The landblock id 0xXXYY0000 of landblock (X, Y).
constexpr CellId make_landblock_id(std::uint32_t block_x, std::uint32_t block_y) {
  return (block_x << 24) | ((block_y & 0xFFu) << 16);
}
/// Whether two ids name cells of one landblock.
constexpr bool same_landblock(CellId a, CellId b) {
  return (a >> 16) == (b >> 16);
}

/// Outdoor land cell (low word 0x01..0x40).
constexpr bool is_outdoor(CellId id) {
  const std::uint32_t c = cell_part(id);
  return c >= kFirstLandCellId && c <= kLastLandCellId;
}
/// Indoor cell (EnvCell, low word 0x0100..0xFFFD).
constexpr bool is_indoor(CellId id) {
  const std::uint32_t c = cell_part(id);
  return c >= kFirstEnvCellId && c <= kLastEnvCellId;
}

/// The id of the outdoor cell at column `cell_x`, row `cell_y` (0..7) of a
/// landblock: cell = cell_x * 8 + cell_y + 1.
constexpr CellId outdoor_cell_id(CellId landblock, int cell_x, int cell_y) {
  return landblock_of(landblock) | static_cast<std::uint32_t>(cell_x * kBlockSide + cell_y + 1);
}
/// Column (east, 0..7) and row (north, 0..7) of an outdoor cell in its landblock.
constexpr int outdoor_cell_x(CellId id) {
  return static_cast<int>(cell_part(id) - 1) / kBlockSide;
}
/// Row (north, 0..7) of an outdoor cell in its landblock.
constexpr int outdoor_cell_y(CellId id) {
  return static_cast<int>(cell_part(id) - 1) % kBlockSide;
}
/// Index 0..63 of an outdoor cell in its landblock (x * 8 + y).
constexpr int outdoor_cell_index(CellId id) {
  return static_cast<int>(cell_part(id) - 1);
}

/// The outdoor cell of `landblock` containing the local point (lx, ly); the
/// column and row are clamped to 0..7 so that the east and north edges
/// (lx or ly == 192) belong to the last cell.
/// ACE: Position.GetOutdoorCell
CellId outdoor_cell_from_local(CellId landblock, float lx, float ly);

// --- validity ---------------------------------------------------------------

/// The low word is a landblock (0xFFFF), an outdoor cell or an indoor cell.
/// ACE: LandDefs.cell_in_range
constexpr bool cell_in_range(std::uint32_t cell_low_word) {
  return cell_low_word == kBlockCellId ||
         (cell_low_word >= kFirstLandCellId && cell_low_word <= kLastLandCellId) ||
         (cell_low_word >= kFirstEnvCellId && cell_low_word <= kLastEnvCellId);
}

/// Retail's own check: the low word is in range and the landblock X is 0..254.
/// It does not look at Y (retail quirk, kept).
/// ACE: LandDefs.inbound_valid_cellid
constexpr bool inbound_valid_cell_id(CellId id) {
  if (!cell_in_range(cell_part(id))) return false;
  return static_cast<int>(landblock_x(id)) * kBlockSide < kLandLength;
}

/// A landblock coordinate is 0..254.
constexpr bool is_valid_block_coord(std::uint32_t c) {
  return c <= kMaxBlockCoord;
}

/// Strict validity of a cell id as transit uses it: landblock X and Y in
/// 0..254 and a low word that is an outdoor cell (0x01..0x40) or an indoor
/// cell (0x0100..0xFFFD). Landblock ids themselves (low word 0) are not cells.
constexpr bool is_valid_cell_id(CellId id) {
  return is_valid_block_coord(landblock_x(id)) && is_valid_block_coord(landblock_y(id)) &&
         (is_outdoor(id) || is_indoor(id));
}
/// A valid landblock id: 0xXXYY0000 with X and Y in 0..254.
constexpr bool is_valid_landblock_id(CellId id) {
  return cell_part(id) == 0 && is_valid_block_coord(landblock_x(id)) &&
         is_valid_block_coord(landblock_y(id));
}

// --- global cell coordinates (lcoord) ---------------------------------------

/// Both global cell coordinates are 0..2039.
constexpr bool in_land(int x, int y) {
  return x >= 0 && y >= 0 && x < kLandLength && y < kLandLength;
}

/// Global cell coordinate of the landblock's south-west cell (X * 8, Y * 8);
/// nothing when X or Y is 255.
/// ACE: LandDefs.blockid_to_lcoord
inline std::optional<LCoord> blockid_to_lcoord(CellId id) {
  const int x = static_cast<int>(landblock_x(id)) * kBlockSide;
  const int y = static_cast<int>(landblock_y(id)) * kBlockSide;
  if (!in_land(x, y)) return std::nullopt;
  return LCoord{x, y};
}

/// Global cell coordinate of an outdoor cell; nothing for an invalid id and,
/// when `env_check` is set, for an indoor cell.
/// ACE: LandDefs.gid_to_lcoord
inline std::optional<LCoord> gid_to_lcoord(CellId id, bool env_check = true) {
  if (!inbound_valid_cell_id(id)) return std::nullopt;
  const int cell = static_cast<int>(cell_part(id));
  if (env_check && cell >= static_cast<int>(kFirstEnvCellId)) return std::nullopt;
  const int x = static_cast<int>(landblock_x(id)) * kBlockSide + ((cell - 1) >> 3);
  const int y = static_cast<int>(landblock_y(id)) * kBlockSide + ((cell - 1) & 7);
  if (!in_land(x, y)) return std::nullopt;
  return LCoord{x, y};
}

/// The column (or row) of land cells, counted from a landblock's corner,
/// that `v` metres from that corner lies in; held a cell past the whole
/// land either way (NaN: the low end), so that the cells of a box of any
/// size stay an int's range.
inline int cell_index_near_land(float v) {
  constexpr float kReach = (kLandLength + 1) * kCellLength;
  const float kept = v >= -kReach ? (v < kReach ? v : kReach) : -kReach;
  return static_cast<int>(std::floor(kept / kCellLength));
}

/// Global cell coordinate of the land cell under the landblock-local point
/// (x, y) of `id`'s landblock, which may lie outside that landblock; nothing
/// when it falls off the world or the low word of `id` is not in range.
/// ACE: LandDefs.get_outside_lcoord
inline std::optional<LCoord> get_outside_lcoord(CellId id, float x, float y) {
  if (!cell_in_range(cell_part(id))) return std::nullopt;
  const std::optional<LCoord> block = blockid_to_lcoord(id);
  if (!block) return std::nullopt;
  const float gx = static_cast<float>(block->x) + std::floor(x / kCellLength);
  const float gy = static_cast<float>(block->y) + std::floor(y / kCellLength);
  const float land = static_cast<float>(kLandLength);
  /// Written so that NaN also fails.
  if (!(gx >= 0.0f && gy >= 0.0f && gx < land && gy < land)) return std::nullopt;
  return LCoord{static_cast<int>(gx), static_cast<int>(gy)};
}

/// Outdoor cell id of a global cell coordinate; 0 when off the world.
/// ACE: LandDefs.lcoord_to_gid
constexpr CellId lcoord_to_gid(int x, int y) {
  if (!in_land(x, y)) return 0;
  const auto ux = static_cast<std::uint32_t>(x);
  const auto uy = static_cast<std::uint32_t>(y);
  const std::uint32_t block = ((ux >> 3) << 8) | (uy >> 3);
  const std::uint32_t cell = kFirstLandCellId + ((ux & 7u) << 3) + (uy & 7u);
  return (block << 16) | cell;
}

/// The outdoor cell `dx` columns east and `dy` rows north of the outdoor cell
/// `id`, crossing landblock edges; 0 when that is off the world or `id` is
/// not an outdoor cell.
CellId neighbour_cell_id(CellId id, int dx, int dy);

// --- positions --------------------------------------------------------------

/// The vector from the south-west corner of `from`'s landblock to that of
/// `to`'s landblock, (Xto - Xfrom) * 192, (Yto - Yfrom) * 192, 0; zero when
/// both are in the same landblock. Add it to a point local to `to`'s
/// landblock to express that point in `from`'s landblock; subtract it from a
/// point local to `from`'s landblock to express it in `to`'s (retail
/// LandCell::find_env_collisions does the latter with
/// get_block_offset(check_pos.cell, cell.id)). Only the landblock parts of
/// the ids are used.
/// ACE: LandDefs.GetBlockOffset
inline Vec3 get_block_offset(CellId from, CellId to) {
  if (same_landblock(from, to)) return Vec3(0.0f);
  const int dx = static_cast<int>(landblock_x(to)) - static_cast<int>(landblock_x(from));
  const int dy = static_cast<int>(landblock_y(to)) - static_cast<int>(landblock_y(from));
  return Vec3(static_cast<float>(dx * kBlockSide) * kCellLength,
              static_cast<float>(dy * kBlockSide) * kCellLength, 0.0f);
}

/// The vector from `from`'s origin to `to`'s origin, in `from`'s landblock:
/// get_block_offset(from, to) + to.origin - from.origin.
/// ACE: Position.GetOffset
inline Vec3 get_offset(const Position& from, const Position& to) {
  const Vec3 block_offset = get_block_offset(from.objcell_id, to.objcell_id);
  return block_offset + to.frame.origin - from.frame.origin;
}

/// Moves a position whose local x/y has left its landblock into the
/// landblock that holds it: the id becomes that landblock's outdoor cell
/// under the point and local x/y are shifted by multiples of 192 into
/// [0, 192). Local x or y within kEpsilon of 0 is first snapped to 0. Works
/// from any cell id whose low word is in range (indoor ids become the outdoor
/// cell under the point). Returns false and sets the id to 0 when the low
/// word is not in range or the point is off the world.
/// ACE: LandDefs.AdjustToOutside
inline bool adjust_to_outside(CellId& id, Vec3& local) {
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
/// adjust_to_outside on a position's cell and origin.
inline bool adjust_to_outside(Position& position) {
  return adjust_to_outside(position.objcell_id, position.frame.origin);
}
/// True when adjust_to_outside moves `local` onto its block's south or west
/// edge (x or y within kEpsilon of 0, and not 0).
bool snaps_to_block_edge(const Vec3& local);

/// True when a circle of `radius` around the local point lies strictly
/// inside the landblock: radius <= x, y < 192 - radius.
/// ACE: LandDefs.InBlock
bool in_block(const Vec3& local, float radius);

/// The landblock-local point lies in [0, 192) x [0, 192).
constexpr bool in_landblock(float lx, float ly) {
  return lx >= 0.0f && ly >= 0.0f && lx < kBlockLength && ly < kBlockLength;
}

/// Global point of a landblock-local point of `id`'s landblock.
Vec3 local_to_global(CellId id, const Vec3& local);

/// The outdoor cell and landblock-local point of a global point; nothing
/// when the point is off the world (x or y below 0 or at/after 255 * 192).
std::optional<CellPoint> global_to_local(const Vec3& global);

}  // namespace transit
