#pragma once
// Region (client_portal.dat, id 0x13000000): the land definitions that turn
// a CellLandblock's height indices into metres, and the scene and terrain
// descriptions from which retail places scenery (docs/retail-data.md).

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

/// The Region's scenery tables: a terrain word's type (bits 2-6) and scene
/// slot (bits 11-15) name a scene type, and the scene type lists the Scene
/// files (0x12......) one of which a vertex draws its objects from.
struct RegionScenery {
  /// SceneDesc: each scene type's Scene ids.
  std::vector<std::vector<std::uint32_t>> scene_types;
  /// TerrainDesc: each terrain type's scene types (indices into
  /// scene_types), by scene slot.
  std::vector<std::vector<std::uint32_t>> terrain_scene_types;

  /// The Scene ids of a terrain type's scene slot; empty where the tables
  /// have no such type or slot (retail CRegionDesc::NumSceneType, GetScene).
  const std::vector<std::uint32_t>& scenes(int terrain_type, int scene_slot) const;
};

/// A whole Region as transit reads it: the land definitions and the scenery
/// tables. Game time, sky and sound are read past; the land surfaces and
/// miscellany after the terrain types are not read.
struct Region {
  LandDefs land_defs;
  std::uint32_t parts_mask = 0;  ///< 0x01 sound, 0x02 scenes, 0x10 sky, 0x200 miscellany
  RegionScenery scenery;
};

/// Parses the start of a Region file up to and including its land
/// definitions; `label` names the file in errors.
LandDefs parse_land_defs(std::string_view bytes, const std::string& label);

/// Parses a Region through its terrain descriptions. Throws InputError for
/// a terrain type naming a scene type the scene descriptions do not have.
Region parse_region(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
