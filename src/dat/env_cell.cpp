#include "transit/dat/env_cell.hpp"

#include "dat/dat_stream.hpp"

namespace transit::dat {

EnvCellFile parse_env_cell(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  EnvCellFile c;
  c.id = s.u32();
  if ((c.id & 0xFFFFu) < 0x0100 || (c.id & 0xFFFFu) >= 0xFFFE)
    s.fail(fmt::format("id 0x{:08X} is not an indoor cell's (0xXXYY0100 and up)", c.id));
  c.flags = s.u32();
  s.u32();  // the id again
  const std::uint8_t surfaces = s.u8();
  const std::uint8_t portals = s.u8();
  const std::uint16_t visible = s.u16();
  c.surfaces.resize(surfaces);
  for (auto& surface : c.surfaces) surface = s.u16();
  c.environment = 0x0D000000u | s.u16();
  c.cell_structure = s.u16();
  c.frame = s.frame();
  c.portals.resize(portals);
  for (DatCellPortal& p : c.portals) {
    p.flags = s.u16();
    p.polygon = s.u16();
    p.other_cell = s.u16();
    p.other_portal = s.u16();
  }
  c.visible_cells.resize(s.count(visible, 2, "visible cell count"));
  for (auto& v : c.visible_cells) v = s.u16();
  if (c.flags & 2) {
    c.objects.resize(s.count(s.u32(), 32, "object count"));
    for (Stab& o : c.objects) {
      o.id = s.u32();
      o.frame = s.frame();
    }
  }
  if (c.flags & 8) c.restriction = s.u32();
  return c;
}

}  // namespace transit::dat
