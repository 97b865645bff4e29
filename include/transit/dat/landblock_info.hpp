#pragma once
// LandblockInfo (client_cell_1.dat, id 0xXXYYFFFE): a landblock's indoor
// cell count, its static objects and its buildings with their portals.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "transit/math/vec.hpp"

namespace transit::dat {

/// A placement: origin in metres (landblock-local) and orientation.
struct DatFrame {
  Vec3 origin{0.0f};
  Quat orientation{1.0f, 0.0f, 0.0f, 0.0f};
};

/// A static object: a GfxObj (0x01...) or Setup (0x02...) id and its frame.
struct Stab {
  std::uint32_t id = 0;
  DatFrame frame;
};

/// A building's doorway into its cells.
struct BuildingPortal {
  std::uint16_t flags = 0;         ///< bit 0 exact match, bit 1 portal side
  std::uint16_t other_cell = 0;    ///< the indoor cell it leads to (low 16 bits)
  std::uint16_t other_portal = 0;  ///< that cell's portal index
  std::vector<std::uint16_t> stabs;  ///< cells seen through it
};

struct BuildingInfo {
  std::uint32_t model = 0;  ///< GfxObj or Setup id
  DatFrame frame;
  std::uint32_t num_leaves = 0;
  std::vector<BuildingPortal> portals;
};

struct LandblockInfo {
  std::uint32_t id = 0;
  std::uint32_t num_cells = 0;  ///< indoor cells 0xXXYY0100 ..
  std::vector<Stab> objects;
  std::uint16_t pack_mask = 0;
  std::vector<BuildingInfo> buildings;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> restrictions;  ///< cell, guid
};

constexpr std::uint32_t landblock_info_id(int x, int y) {
  return (static_cast<std::uint32_t>(x) << 24) | (static_cast<std::uint32_t>(y) << 16) | 0xFFFEu;
}

/// Parses a LandblockInfo's bytes; `label` names the file in errors.
LandblockInfo parse_landblock_info(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
