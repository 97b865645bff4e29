#include "transit/world/landblock.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "transit/math/input_error.hpp"

namespace transit {

std::optional<std::string> Landblock::validate(CellId landblock_id, std::span<const float> heights,
                                               std::span<const std::uint8_t> terrain_types) {
  if (!is_valid_landblock_id(landblock_id))
    return fmt::format("landblock id 0x{:08X} is not 0xXXYY0000 with X and Y in 0..254",
                       landblock_id);
  if (heights.size() != static_cast<std::size_t>(kVerticesPerBlock))
    return fmt::format("landblock 0x{:08X}: heights has {} values, expected {}", landblock_id,
                       heights.size(), kVerticesPerBlock);
  for (std::size_t i = 0; i < heights.size(); ++i)
    if (!std::isfinite(heights[i]))
      return fmt::format("landblock 0x{:08X}: heights[{}] is {}, not a finite number", landblock_id,
                         i, heights[i]);
  if (!terrain_types.empty()) {
    if (terrain_types.size() != static_cast<std::size_t>(kVerticesPerBlock))
      return fmt::format("landblock 0x{:08X}: terrain_types has {} values, expected {}",
                         landblock_id, terrain_types.size(), kVerticesPerBlock);
    for (std::size_t i = 0; i < terrain_types.size(); ++i)
      if (terrain_types[i] >= kTerrainTypeCount)
        return fmt::format("landblock 0x{:08X}: terrain_types[{}] is {}, expected 0..{}",
                           landblock_id, i, terrain_types[i], kTerrainTypeCount - 1);
  }
  return std::nullopt;
}

Landblock::Landblock(CellId landblock_id, std::span<const float> heights,
                     std::span<const std::uint8_t> terrain_types)
    : id_(landblock_id) {
  if (auto error = validate(landblock_id, heights, terrain_types)) throw InputError(*error);
  std::copy(heights.begin(), heights.end(), heights_.begin());
  if (!terrain_types.empty())
    std::copy(terrain_types.begin(), terrain_types.end(), terrain_.begin());
  build();
}

Landblock Landblock::flat(CellId landblock_id, float height,
                          std::span<const std::uint8_t> terrain_types) {
  std::array<float, kVerticesPerBlock> heights;
  heights.fill(height);
  return Landblock(landblock_id, heights, terrain_types);
}

Vec3 Landblock::vertex(int vx, int vy) const {
  return Vec3(static_cast<float>(vx) * kCellLength, static_cast<float>(vy) * kCellLength,
              height(vx, vy));
}

// ACE: LandblockStruct.Generate (ConstructVertices, ConstructPolygons, CalcWater),
// Landblock.get_land_limits
void Landblock::build() {
  const auto [lo, hi] = std::minmax_element(heights_.begin(), heights_.end());
  min_z_ = *lo;
  max_z_ = *hi;

  // Water first: every cell also records the landblock's water type.
  // ACE: LandblockStruct.CalcWater / CalcCellWater
  std::array<std::uint8_t, kCellsPerBlock> corners{};
  bool has_water = false;
  bool all_water = true;
  for (int x = 0; x < kBlockSide; ++x) {
    for (int y = 0; y < kBlockSide; ++y) {
      std::uint8_t mask = 0;
      if (is_water_terrain(terrain_type(x, y))) mask |= LandCell::kCornerSW;
      if (is_water_terrain(terrain_type(x, y + 1))) mask |= LandCell::kCornerNW;
      if (is_water_terrain(terrain_type(x + 1, y))) mask |= LandCell::kCornerSE;
      if (is_water_terrain(terrain_type(x + 1, y + 1))) mask |= LandCell::kCornerNE;
      corners[idx(x * kBlockSide + y)] = mask;
      if (mask != 0) has_water = true;
      if (mask != 0x0F) all_water = false;
    }
  }
  water_type_ = !has_water  ? WaterType::NotWater
                : all_water ? WaterType::EntirelyWater
                            : WaterType::PartiallyWater;

  // Triangles. ACE: LandblockStruct.ConstructPolygons
  const std::uint32_t base_gx = block_x() * static_cast<std::uint32_t>(kBlockSide);
  const std::uint32_t base_gy = block_y() * static_cast<std::uint32_t>(kBlockSide);
  for (int x = 0; x < kBlockSide; ++x) {
    for (int y = 0; y < kBlockSide; ++y) {
      const Vec3 sw = vertex(x, y);
      const Vec3 se = vertex(x + 1, y);
      const Vec3 nw = vertex(x, y + 1);
      const Vec3 ne = vertex(x + 1, y + 1);
      const bool sw_ne = transit::split_sw_ne(base_gx + static_cast<std::uint32_t>(x),
                                              base_gy + static_cast<std::uint32_t>(y));
      // Retail's vertex order, counter-clockwise seen from above:
      //   SE-NW diagonal: (SW, SE, NW) and (NE, NW, SE)
      //   SW-NE diagonal: (SW, SE, NE) and (SW, NE, NW)
      std::array<Polygon, 2> triangles =
          sw_ne ? std::array<Polygon, 2>{Polygon({sw, se, ne}, PolygonSides::Landblock),
                                         Polygon({sw, ne, nw}, PolygonSides::Landblock)}
                : std::array<Polygon, 2>{Polygon({sw, se, nw}, PolygonSides::Landblock),
                                         Polygon({ne, nw, se}, PolygonSides::Landblock)};
      cells_[idx(x * kBlockSide + y)] =
          LandCell(outdoor_cell_id(id_, x, y), std::move(triangles), sw_ne,
                   corners[idx(x * kBlockSide + y)], water_type_);
    }
  }
}

// ACE: Landblock.GetCell
const LandCell* Landblock::get_cell(const Vec3& local) const {
  if (!(local.x >= 0.0f && local.y >= 0.0f && local.x <= kBlockLength && local.y <= kBlockLength))
    return nullptr;
  const int cx =
      std::min(static_cast<int>(local.x) / static_cast<int>(kCellLength), kBlockSide - 1);
  const int cy =
      std::min(static_cast<int>(local.y) / static_cast<int>(kCellLength), kBlockSide - 1);
  return &cell(cx, cy);
}

std::optional<TerrainPoly> Landblock::find_terrain_poly(const Vec3& local) const {
  const LandCell* land_cell = get_cell(local);
  if (land_cell == nullptr) return std::nullopt;
  const int index = land_cell->find_terrain_poly_index(local);
  if (index < 0) return std::nullopt;
  return TerrainPoly{land_cell->id(), index, &land_cell->polygon(index)};
}

// ACE: Landblock.GetZ
float Landblock::get_z(const Vec3& local) const {
  const std::optional<TerrainPoly> hit = find_terrain_poly(local);
  if (!hit) return local.z;
  const Plane& plane = hit->polygon->plane();
  if (std::fabs(plane.normal.z) <= kEpsilon) return local.z;
  return (dot2d(local, plane.normal) + plane.d) / plane.normal.z * -1.0f;
}

}  // namespace transit
