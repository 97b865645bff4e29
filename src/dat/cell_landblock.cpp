#include "transit/dat/cell_landblock.hpp"

#include "dat/dat_stream.hpp"

namespace transit::dat {

CellLandblock parse_cell_landblock(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  CellLandblock block;
  block.id = s.cell_file_id(0xFFFF, "a landblock's");
  const std::uint32_t has_objects = s.u32();
  if (has_objects > 1) s.fail(fmt::format("has-objects word {}, expected 0 or 1", has_objects));
  block.has_objects = has_objects == 1;
  for (auto& t : block.terrain) t = s.u16();
  for (auto& h : block.heights) h = s.u8();
  s.align();
  return block;
}

}  // namespace transit::dat
