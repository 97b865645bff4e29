#include "transit/dat/landblock_info.hpp"

#include <cmath>

#include "dat/dat_stream.hpp"

namespace transit::dat {

namespace {

constexpr std::size_t kFrameBytes = 28;

BuildingPortal portal(DatStream& s) {
  BuildingPortal p;
  p.flags = s.u16();
  p.other_cell = s.u16();
  p.other_portal = s.u16();
  p.stabs.resize(s.count(s.u16(), 2, "stab list of"));
  for (auto& stab : p.stabs) stab = s.u16();
  s.align();
  return p;
}

BuildingInfo building(DatStream& s) {
  BuildingInfo b;
  b.model = s.u32();
  b.frame = s.frame();
  b.num_leaves = s.u32();
  b.portals.resize(s.count(s.u32(), 8, "portal count"));
  for (BuildingPortal& p : b.portals) p = portal(s);
  return b;
}

}  // namespace

LandblockInfo parse_landblock_info(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  LandblockInfo info;
  info.id = s.cell_file_id(0xFFFE, "a landblock info's");
  info.num_cells = s.u32();
  info.objects.resize(s.count(s.u32(), 4 + kFrameBytes, "object count"));
  for (Stab& o : info.objects) {
    o.id = s.u32();
    o.frame = s.frame();
  }
  const std::uint16_t buildings = s.u16();
  info.pack_mask = s.u16();
  info.buildings.resize(s.count(buildings, 4 + kFrameBytes + 8, "building count"));
  for (BuildingInfo& b : info.buildings) b = building(s);
  if (info.pack_mask & 1) {
    const std::uint16_t count = s.u16();
    s.u16();  // the table's bucket count
    info.restrictions.resize(s.count(count, 8, "restriction count"));
    for (auto& [cell, guid] : info.restrictions) {
      cell = s.u32();
      guid = s.u32();
    }
  }
  return info;
}

}  // namespace transit::dat
