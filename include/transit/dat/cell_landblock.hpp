#pragma once
// CellLandblock (client_cell_1.dat, id 0xXXYYFFFF): a landblock's 9 x 9
// terrain words and height indices.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace transit::dat {

/// Vertex index = x * 9 + y, x east and y north, as the scene format's.
struct CellLandblock {
  std::uint32_t id = 0;
  bool has_objects = false;  ///< a LandblockInfo (0xXXYYFFFE) goes with it
  std::array<std::uint16_t, 81> terrain{};  ///< road bits 0-1, type 2-6, scenery 11-15
  std::array<std::uint8_t, 81> heights{};   ///< indices into LandDefs::land_height_table

  /// The terrain type (0..31) of vertex i.
  int terrain_type(std::size_t i) const { return (terrain[i] >> 2) & 0x1F; }
};

/// The id of landblock (x, y)'s CellLandblock file.
constexpr std::uint32_t cell_landblock_id(int x, int y) {
  return (static_cast<std::uint32_t>(x) << 24) | (static_cast<std::uint32_t>(y) << 16) | 0xFFFFu;
}

/// Parses a CellLandblock's bytes; `label` names the file in errors.
CellLandblock parse_cell_landblock(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
