#pragma once
// Baked worlds (`transit bake`): a scene and every BSP tree built from it in
// one checked binary file, so that a world of large meshes loads without
// reading OBJ files or building trees (docs/baked-worlds.md).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "transit/desc/scene_desc.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// The bake format's version; a file of another version is refused.
inline constexpr std::uint32_t kBakedWorldFormatVersion = 2;

/// A file the baked world was made from, as it was then: a later load
/// refuses the bake when the file is still there but has changed.
struct BakedSource {
  std::string path;  ///< absolute
  std::uint64_t size = 0;
  std::int64_t modified_ns = 0;  ///< last write time, nanoseconds of the file clock
};

/// A baked world read back: the scene (meshes included) and its trees.
struct BakedWorld {
  SceneDesc scene;
  SceneTrees trees;
  std::vector<BakedSource> sources;
};

/// Writes `scene` and `trees` (World::trees_of for the world built from
/// it) to `out`, recording `sources` for the staleness check.
void write_baked_world(const std::filesystem::path& out, const SceneDesc& scene,
                       const SceneTrees& trees, const std::vector<BakedSource>& sources = {});

/// Reads a scene file, builds its world and writes it baked to `out`;
/// the scene file and its OBJ files are recorded as sources. Returns the
/// build's warnings.
std::vector<std::string> bake_scene_file(const std::filesystem::path& scene_file,
                                         const std::filesystem::path& out);

/// Reads a baked world. Throws InputError "<file>: <what>" for a file that
/// is not one, is truncated or corrupt (magic, version, sizes, checksum),
/// was baked by another transit version or bake format, or is stale (a
/// recorded source still exists but its size or time changed).
BakedWorld read_baked_world(const std::filesystem::path& file);

/// Whether the file starts as a baked world does.
bool is_baked_world_file(const std::filesystem::path& file);

/// A scene file or a baked world, told apart by their first bytes: the
/// scene, and for a baked world the trees to build it with.
struct SceneInput {
  SceneDesc scene;
  std::optional<SceneTrees> trees;
  /// World::from_scene with the trees when there are any.
  World build_world(std::vector<std::string>* warnings = nullptr) const;
};
SceneInput read_scene_input(const std::filesystem::path& file);

/// The world of a scene file or a baked world. For a baked world this is
/// the fastest load: the trees are taken as baked and the scene's mesh
/// polygon lists are not made again (read_scene_input gives those). Throws
/// InputError as read_scene_file and read_baked_world do.
World read_world_file(const std::filesystem::path& file, std::vector<std::string>* warnings = nullptr);

}  // namespace transit
