#pragma once
// GfxObj (client_portal.dat, id 0x01......): a shape, as static objects,
// buildings and the parts of Setups use it. Of it transit takes the
// vertices, the physics polygons and retail's physics BSP tree; the drawn
// polygons and the drawing tree are read past (docs/retail-data.md).

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "transit/dat/environment.hpp"

namespace transit::dat {

struct GfxObj {
  std::uint32_t id = 0;
  std::uint32_t flags = 0;  ///< 1 physics, 2 drawing, 8 degrade id
  std::map<std::uint16_t, Vec3> vertices;
  std::map<std::uint16_t, DatPolygon> physics_polygons;
  DatBspTree physics_bsp;  ///< empty without physics
  bool has_physics() const { return flags & 1; }
};

/// Parses a GfxObj's bytes; `label` names the file in errors.
GfxObj parse_gfx_obj(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
