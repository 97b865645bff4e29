#include "transit/dat/gfx_obj.hpp"

#include "dat/dat_shapes.hpp"

namespace transit::dat {

GfxObj parse_gfx_obj(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  GfxObj g;
  g.id = s.portal_file_id(0x01, "a GfxObj's");
  g.flags = s.u32();
  const std::uint32_t surfaces = s.count(s.compressed_u32(), 4, "surface count");
  s.skip(static_cast<std::size_t>(surfaces) * 4);
  g.vertices = read_vertices(s);
  if (g.has_physics()) {
    g.physics_polygons = read_polygons(s, s.compressed_u32());
    g.physics_bsp = read_bsp_tree(s, BspKind::Physics);
  }
  return g;  // the sort centre, drawn polygons and drawing tree follow: not needed
}

}  // namespace transit::dat
