#pragma once
// The pieces Environments and GfxObjs share: vertex arrays, polygons by id
// and stored BSP trees.

#include <cstdint>
#include <map>

#include "dat/dat_stream.hpp"
#include "transit/dat/environment.hpp"

namespace transit::dat {

std::map<std::uint16_t, Vec3> read_vertices(DatStream& s);
std::map<std::uint16_t, DatPolygon> read_polygons(DatStream& s, std::uint32_t count);
DatBspTree read_bsp_tree(DatStream& s, BspKind kind);

}  // namespace transit::dat
