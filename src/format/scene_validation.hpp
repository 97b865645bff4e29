#pragma once

#include <string>

#include "transit/desc/scene_desc.hpp"

namespace transit {

// Checks every value and reference of a scene (ranges, finite numbers, mesh
// polygons, portal targets, unique ids and names, positions inside the
// scene's landblocks). Throws InputError "<source_name>: <JSON pointer>:
// <what>, got <value>" for the first problem; the pointer is where the field
// is in the scene file (or would be, for a scene built in code).
void validate_scene(const SceneDesc& scene, const std::string& source_name);

}  // namespace transit
