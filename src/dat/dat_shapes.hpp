#pragma once
// The pieces Environments and GfxObjs share: vertex arrays, polygons by id,
// stored BSP trees, and their polygons as scene meshes.

#include <cstdint>
#include <map>

#include "dat/dat_stream.hpp"
#include "transit/dat/environment.hpp"
#include "transit/desc/scene_desc.hpp"

namespace transit::dat {

std::map<std::uint16_t, Vec3> read_vertices(DatStream& s);
std::map<std::uint16_t, DatPolygon> read_polygons(DatStream& s, std::uint32_t count);
DatBspTree read_bsp_tree(DatStream& s, BspKind kind);

/// The polygons of a shape as a scene mesh: vertices in id order, polygons
/// by vertex position.
MeshDesc mesh_of(const std::map<std::uint16_t, Vec3>& vertices, const std::map<std::uint16_t, DatPolygon>& polygons);

}  // namespace transit::dat
