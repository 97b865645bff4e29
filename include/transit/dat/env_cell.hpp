#pragma once
// EnvCell (client_cell_1.dat, id 0xXXYY0100 and up): one indoor cell, a
// room of an Environment placed in its landblock, with its portals to
// other cells (docs/retail-data.md).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "transit/dat/landblock_info.hpp"

namespace transit::dat {

struct DatCellPortal {
  std::uint16_t flags = 0;         ///< bit 0 exact match, bit 1 portal side
  std::uint16_t polygon = 0;       ///< polygon id in the CellStruct
  std::uint16_t other_cell = 0;    ///< low 16 bits of the cell beyond; 0xFFFF outside
  std::uint16_t other_portal = 0;
  bool leads_outside() const { return other_cell == 0xFFFF; }
};

struct EnvCellFile {
  std::uint32_t id = 0;
  std::uint32_t flags = 0;  ///< 1 seen outside, 2 static objects, 8 restriction object
  std::vector<std::uint16_t> surfaces;
  std::uint32_t environment = 0;     ///< 0x0D......
  std::uint16_t cell_structure = 0;  ///< index into the Environment's CellStructs
  DatFrame frame;                    ///< landblock-local
  std::vector<DatCellPortal> portals;
  std::vector<std::uint16_t> visible_cells;
  std::vector<Stab> objects;
  std::uint32_t restriction = 0;
  bool seen_outside() const { return flags & 1; }
};

/// Parses an EnvCell's bytes; `label` names the file in errors.
EnvCellFile parse_env_cell(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
