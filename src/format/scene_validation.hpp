#pragma once

#include <set>
#include <span>
#include <string>

#include "transit/desc/scene_desc.hpp"

namespace transit {

// How much of a scene's meshes validate_scene looks at.
enum class MeshChecks {
  Full,     // every vertex and polygon
  Indices,  // polygons' shapes (planar, convex...) taken as valid, their
            // vertex indices checked: meshes validated before (baked)
  Counts,   // the meshes stand only for their polygon counts, for portal
            // indices: a baked world built straight into a World
};

// With MeshChecks::Counts, the meshes' polygon counts in document order
// (the cells' meshes, then the objects' mesh shapes), for meshes given
// without their polygon lists; empty: each mesh's own list is counted.
using MeshPolygonCounts = std::span<const std::size_t>;

// Checks every value and reference of a scene (ranges, finite numbers, mesh
// polygons, portal targets, unique ids and names, positions inside the
// scene's landblocks). Throws InputError "<source_name>: <JSON pointer>:
// <what>, got <value>" for the first problem; the pointer is where the field
// is in the scene file (or would be, for a scene built in code).
void validate_scene(const SceneDesc& scene, const std::string& source_name,
                    MeshChecks mesh_checks = MeshChecks::Full, MeshPolygonCounts polygon_counts = {});

// Checks the objects and characters of `additions` (its landblocks and cells
// are ignored) as validate_scene would, for adding them to a world whose
// landblocks (0xXXYY0000) and indoor cells are given. Object ids need not be
// unique here.
void validate_additions(const SceneDesc& additions, std::set<CellId> landblocks,
                        std::set<CellId> cells, const std::string& source_name);

}  // namespace transit
