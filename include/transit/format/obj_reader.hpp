#pragma once
// Wavefront OBJ meshes for scene files: vertex positions and faces, each face
// kept as one polygon (not triangulated).

#include <filesystem>
#include <string>

#include "transit/desc/scene_desc.hpp"

namespace transit {

/// The vertices and faces of an OBJ file (MeshDesc::obj left empty). Throws
/// InputError "<file>: <what>" when the file cannot be read, has no faces, or
/// a face names a vertex that does not exist. Faces are not otherwise checked
/// here (see validate_scene).
MeshDesc read_obj_mesh(const std::filesystem::path& file);

/// The same for OBJ text; `source` names it in errors.
MeshDesc parse_obj_mesh(const std::string& obj_text, const std::string& source);

}  // namespace transit
