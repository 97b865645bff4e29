#pragma once
// A landblock's terrain (retail CLandBlock / CLandBlockStruct): 9 x 9 height
// vertices 24 m apart, 8 x 8 land cells, each split into two triangles by
// retail's pseudo-random diagonal, and the water classification of its cells.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "transit/geom/polygon.hpp"
#include "transit/math/vec.hpp"
#include "transit/world/land_cell.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/world/terrain.hpp"

namespace transit {

/// The terrain triangle under a point: which cell, which of its two triangles.
struct TerrainPoly {
  CellId cell_id = 0;
  int triangle = 0;                  ///< 0 or 1, the index in LandCell::polygons()
  const Polygon* polygon = nullptr;  ///< owned by the landblock
};

/// A 192 m square of terrain: 9 x 9 heights (metres), terrain types, and
/// its 64 land cells.
class Landblock {
 public:
  /// `landblock_id` is 0xXXYY0000 (X, Y in 0..254). `heights` holds 81
  /// vertex heights in metres, index vx * 9 + vy (vx east, vy north, 0..8);
  /// `terrain_types` is empty (all 0, land) or 81 TerrainType values 0..31 in
  /// the same order. Throws InputError when any of that does not hold or a
  /// height is not finite (see validate).
  Landblock(CellId landblock_id, std::span<const float> heights,
            std::span<const std::uint8_t> terrain_types = {});
  /// A landblock whose 81 vertices all stand at `height`.
  static Landblock flat(CellId landblock_id, float height,
                        std::span<const std::uint8_t> terrain_types = {});

  /// What is wrong with these arguments, or nothing.
  static std::optional<std::string> validate(CellId landblock_id, std::span<const float> heights,
                                             std::span<const std::uint8_t> terrain_types);

  CellId id() const { return id_; }
  std::uint32_t block_x() const { return landblock_x(id_); }
  std::uint32_t block_y() const { return landblock_y(id_); }

  static constexpr int vertex_index(int vx, int vy) { return vx * kVertexDim + vy; }
  float height(int vx, int vy) const { return heights_[idx(vertex_index(vx, vy))]; }
  std::uint8_t terrain_type(int vx, int vy) const { return terrain_[idx(vertex_index(vx, vy))]; }
  /// Landblock-local position of a terrain vertex: (vx * 24, vy * 24, height).
  Vec3 vertex(int vx, int vy) const;
  const std::array<float, kVerticesPerBlock>& heights() const { return heights_; }
  const std::array<std::uint8_t, kVerticesPerBlock>& terrain_types() const { return terrain_; }
  /// Lowest and highest vertex. ACE: Landblock.get_land_limits
  float min_z() const { return min_z_; }
  float max_z() const { return max_z_; }

  /// The 64 land cells, index cell_x * 8 + cell_y (= low word of the id - 1).
  const std::array<LandCell, kCellsPerBlock>& cells() const { return cells_; }
  const LandCell& cell(int cell_x, int cell_y) const {
    return cells_[idx(cell_x * kBlockSide + cell_y)];
  }
  /// The land cell with this id (its landblock part is ignored); the id
  /// must be an outdoor cell.
  const LandCell& cell(CellId cell_id) const { return cells_[idx(outdoor_cell_index(cell_id))]; }
  bool split_sw_ne(int cell_x, int cell_y) const { return cell(cell_x, cell_y).split_sw_ne(); }

  /// The land cell under a landblock-local point, nullptr outside [0, 192]
  /// on x or y. A point on the east or north edge (x or y == 192) belongs to
  /// the last column or row (ACE would look up a non-existent cell there).
  /// ACE: Landblock.GetCell
  const LandCell* get_cell(const Vec3& local) const;

  /// The terrain triangle under a landblock-local point (a point on a shared
  /// edge goes to the cell get_cell picks and, within it, to triangle 0),
  /// nothing outside the landblock.
  std::optional<TerrainPoly> find_terrain_poly(const Vec3& local) const;

  /// Terrain height under the local point (x, y) on the triangle that holds
  /// it; point.z when the point is outside the landblock.
  /// ACE: Landblock.GetZ
  float get_z(const Vec3& local) const;

  /// NotWater when no cell has water, EntirelyWater when every cell is
  /// entirely water, else PartiallyWater. ACE: LandblockStruct.CalcWater
  WaterType water_type() const { return water_type_; }

 private:
  static constexpr std::size_t idx(int i) { return static_cast<std::size_t>(i); }
  void build();

  CellId id_ = 0;
  std::array<float, kVerticesPerBlock> heights_{};
  std::array<std::uint8_t, kVerticesPerBlock> terrain_{};
  std::array<LandCell, kCellsPerBlock> cells_;
  WaterType water_type_ = WaterType::NotWater;
  float min_z_ = 0.0f;
  float max_z_ = 0.0f;
};

}  // namespace transit
