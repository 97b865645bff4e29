#pragma once
// An outdoor land cell: one 24 m square of a landblock's terrain, split into
// two triangles (retail CLandCell).

#include <array>
#include <cstdint>

#include "transit/geom/polygon.hpp"
#include "transit/math/vec.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/world/terrain.hpp"

namespace transit {

/// An outdoor cell: 24 m square of a landblock, two terrain triangles split
/// as retail splits them, water or not.
class LandCell {
 public:
  /// Which corners of the cell stand on water terrain, one bit per corner,
  /// bit (east * 2 + north): SW = 1, NW = 2, SE = 4, NE = 8.
  static constexpr std::uint8_t kCornerSW = 1;
  static constexpr std::uint8_t kCornerNW = 2;
  static constexpr std::uint8_t kCornerSE = 4;
  static constexpr std::uint8_t kCornerNE = 8;

  LandCell() = default;
  /// `triangles` in retail order (see Landblock); their vertices are local to
  /// the landblock. `block_water` is the water type of the whole landblock.
  LandCell(CellId id, std::array<Polygon, 2> triangles, bool split_sw_ne,
           std::uint8_t water_corners, WaterType block_water);

  CellId id() const { return id_; }
  /// The two terrain triangles, counter-clockwise seen from above.
  const std::array<Polygon, 2>& polygons() const { return polygons_; }
  const Polygon& polygon(int index) const { return polygons_[static_cast<std::size_t>(index)]; }
  /// True when the diagonal runs SW-NE (see split_sw_ne in terrain.hpp).
  bool split_sw_ne() const { return split_sw_ne_; }

  /// NotWater: no corner on water; EntirelyWater: all four corners;
  /// PartiallyWater: some. ACE: LandblockStruct.CalcCellWater
  WaterType water_type() const { return water_type_; }
  /// What retail passes as "is water" with the terrain contact plane.
  bool is_water() const { return water_type_ != WaterType::NotWater; }
  std::uint8_t water_corners() const { return water_corners_; }
  /// Water type of the whole landblock. Retail's terrain collision
  /// (LandCell::find_env_collisions) refuses entry to every object that is
  /// neither a viewer nor a missile when this -- the landblock's type, not
  /// the cell's -- is EntirelyWater.
  /// ACE: ObjCell.get_block_water_type
  WaterType block_water_type() const { return block_water_type_; }

  /// Column (east) and row (north) of the cell in its landblock, 0..7.
  int cell_x() const { return outdoor_cell_x(id_); }
  int cell_y() const { return outdoor_cell_y(id_); }
  /// Landblock-local centre of the cell at z = 0 (retail's cell position).
  Vec3 center() const;

  /// Index (0 or 1) of the triangle whose outline, seen from above, contains
  /// the landblock-local point (edges included, first triangle first), or -1.
  int find_terrain_poly_index(const Vec3& local) const;
  /// The triangle under the point, or nullptr when the point is outside the
  /// cell. ACE: LandCell.find_terrain_poly
  const Polygon* find_terrain_poly(const Vec3& local) const;
  /// ACE: LandCell.point_in_cell
  bool point_in_cell(const Vec3& local) const { return find_terrain_poly_index(local) >= 0; }

  /// Depth objects sink into this cell's water at a landblock-local point:
  /// 0 on dry cells, 0.9 on entirely-water cells; on partially-water cells
  /// 0.45 when the cell corner nearest the point (by 12 m halves) is water,
  /// else 0.1.
  /// ACE: ObjCell.get_water_depth, LandblockStruct.calc_water_depth
  float get_water_depth(const Vec3& local) const;

 private:
  CellId id_ = 0;
  std::array<Polygon, 2> polygons_;
  bool split_sw_ne_ = false;
  std::uint8_t water_corners_ = 0;
  WaterType water_type_ = WaterType::NotWater;
  WaterType block_water_type_ = WaterType::NotWater;
};

/// Whether the point, seen from above, lies inside or on the outline of a
/// convex polygon wound counter-clockwise seen from above.
/// ACE: Polygon.point_in_poly2D (with Sidedness.Positive, as the terrain uses it)
bool point_in_poly_2d(const Polygon& polygon, const Vec3& point);

}  // namespace transit
