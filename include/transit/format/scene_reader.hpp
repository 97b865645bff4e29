#pragma once
// Reading scene files ("transit-scene/1", docs/scene-format.md).

#include <filesystem>
#include <string>

#include "transit/desc/scene_desc.hpp"

namespace transit {

/// Reads and validates a scene file; OBJ paths are relative to its directory.
/// Throws InputError "<file>: <JSON pointer>: <what>, got <value>".
SceneDesc read_scene_file(const std::filesystem::path& file);

/// The same for scene text; `source_name` names it in errors and OBJ paths are
/// relative to `base_dir_for_obj`.
SceneDesc parse_scene(const std::string& json_text, const std::filesystem::path& base_dir_for_obj,
                      const std::string& source_name);

}  // namespace transit
