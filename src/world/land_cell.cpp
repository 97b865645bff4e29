#include "transit/world/land_cell.hpp"

#include <cmath>
#include <utility>

namespace transit {

// ACE: Polygon.point_in_poly2D
bool point_in_poly_2d(const Polygon& polygon, const Vec3& point) {
  // Walks the edges backwards (v0 -> v[n-1] -> ... -> v1 -> v0); the point is
  // outside as soon as it lies strictly left of one of those reversed edges.
  // The float expression keeps retail's order of operations.
  const std::span<const Vec3> v = polygon.vertices();
  std::size_t prev = 0;
  for (std::size_t i = v.size(); i-- > 0;) {
    const Vec3& from = v[prev];
    const Vec3& to = v[i];
    const float dx = to.x - from.x;
    const float dy = to.y - from.y;
    const float cross = dy * to.x - dx * to.y + dx * point.y - dy * point.x;
    if (cross > 0.0f) return false;
    prev = i;
  }
  return true;
}

LandCell::LandCell(CellId id, std::array<Polygon, 2> triangles, bool split_sw_ne,
                   std::uint8_t water_corners, WaterType block_water)
    : id_(id),
      polygons_(std::move(triangles)),
      split_sw_ne_(split_sw_ne),
      water_corners_(water_corners & 0x0Fu),
      block_water_type_(block_water) {
  if (water_corners_ == 0)
    water_type_ = WaterType::NotWater;
  else if (water_corners_ == 0x0F)
    water_type_ = WaterType::EntirelyWater;
  else
    water_type_ = WaterType::PartiallyWater;
}

Vec3 LandCell::center() const {
  return Vec3(static_cast<float>(cell_x()) * kCellLength + kHalfCellLength,
              static_cast<float>(cell_y()) * kCellLength + kHalfCellLength, 0.0f);
}

int LandCell::find_terrain_poly_index(const Vec3& local) const {
  for (int i = 0; i < 2; ++i)
    if (point_in_poly_2d(polygons_[static_cast<std::size_t>(i)], local)) return i;
  return -1;
}

// ACE: LandCell.find_terrain_poly
const Polygon* LandCell::find_terrain_poly(const Vec3& local) const {
  const int index = find_terrain_poly_index(local);
  return index < 0 ? nullptr : &polygons_[static_cast<std::size_t>(index)];
}

// ACE: ObjCell.get_water_depth, LandblockStruct.calc_water_depth
float LandCell::get_water_depth(const Vec3& local) const {
  switch (water_type_) {
    case WaterType::NotWater:
      return 0.0f;
    case WaterType::EntirelyWater:
      return kEntirelyWaterDepth;
    case WaterType::PartiallyWater:
      break;
  }
  // The corner nearest the point: east half when x mod 24 >= 12, north half
  // when y mod 24 >= 12 (fmod, as retail: the sign follows the point's).
  const bool east = std::fmod(local.x, kCellLength) >= kHalfCellLength;
  const bool north = std::fmod(local.y, kCellLength) >= kHalfCellLength;
  const std::uint8_t corner =
      static_cast<std::uint8_t>(1u << ((east ? 2u : 0u) + (north ? 1u : 0u)));
  return (water_corners_ & corner) != 0 ? kWaterCornerDepth : kDryCornerDepth;
}

}  // namespace transit
