#pragma once
// Reading a scene whose meshes come from elsewhere than the JSON (a baked
// world file keeps them in binary beside the scene's JSON).

#include <functional>
#include <string>

#include "format/json_cursor.hpp"
#include "format/scene_validation.hpp"
#include "transit/desc/scene_desc.hpp"

namespace transit {

// Called, in document order, for each cell and mesh shape; returns its mesh.
using MeshSource = std::function<MeshDesc(const JsonCursor& cell_or_shape)>;

// parse_scene, with every mesh from `mesh_source` (no OBJ file is opened),
// checked as `mesh_checks` says (polygon_counts: see validate_scene).
SceneDesc parse_scene_with_meshes(const std::string& json_text, const std::string& source_name,
                                  MeshSource mesh_source, MeshChecks mesh_checks,
                                  MeshPolygonCounts polygon_counts = {});

}  // namespace transit
