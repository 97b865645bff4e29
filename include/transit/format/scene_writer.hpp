#pragma once
// Writing scene files ("transit-scene/1").

#include <string>

#include "transit/desc/scene_desc.hpp"

namespace transit {

/// The scene as a pretty-printed "transit-scene/1" document with a stable
/// field order; cell ids are written "0xA9B40100", meshes loaded from an OBJ
/// file as {"obj": path}, floats so that they read back bit-identically.
/// parse_scene(write_scene(d)) == d for every valid scene d (with its OBJ
/// files where the paths say).
std::string write_scene(const SceneDesc& scene);

}  // namespace transit
