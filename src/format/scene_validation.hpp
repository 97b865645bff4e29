#pragma once

#include <set>
#include <string>

#include "transit/desc/scene_desc.hpp"

namespace transit {

// Checks every value and reference of a scene (ranges, finite numbers, mesh
// polygons, portal targets, unique ids and names, positions inside the
// scene's landblocks). Throws InputError "<source_name>: <JSON pointer>:
// <what>, got <value>" for the first problem; the pointer is where the field
// is in the scene file (or would be, for a scene built in code). Without
// `check_polygons` a polygon's shape (planar, convex...) is taken as valid,
// its vertex indices still checked: for meshes validated before (baked).
void validate_scene(const SceneDesc& scene, const std::string& source_name,
                    bool check_polygons = true);

// Checks the objects and characters of `additions` (its landblocks and cells
// are ignored) as validate_scene would, for adding them to a world whose
// landblocks (0xXXYY0000) and indoor cells are given. Object ids need not be
// unique here.
void validate_additions(const SceneDesc& additions, std::set<CellId> landblocks,
                        std::set<CellId> cells, const std::string& source_name);

}  // namespace transit
