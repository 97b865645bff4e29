#pragma once
// Region (client_portal.dat, id 0x13000000): of it, the land definitions
// that turn a CellLandblock's height indices into metres.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace transit::dat {

inline constexpr std::uint32_t kRegionId = 0x13000000;

struct LandDefs {
  std::uint32_t region_number = 0;
  std::uint32_t version = 0;
  std::string region_name;  ///< "Dereth"
  std::int32_t num_block_length = 0, num_block_width = 0;
  float square_length = 0.0f;  ///< metres a terrain square (24)
  std::int32_t lblock_length = 0, vertex_per_cell = 0;
  float max_obj_height = 0.0f, sky_height = 0.0f, road_width = 0.0f;
  std::array<float, 256> land_height_table{};  ///< metres for each height index
};

/// Parses the start of a Region file up to and including its land
/// definitions (the rest: time, sky, sound, scenery, terrain textures, is
/// not read); `label` names the file in errors.
LandDefs parse_land_defs(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
