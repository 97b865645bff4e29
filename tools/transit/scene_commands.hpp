#pragma once

#include <CLI/CLI.hpp>

namespace transit::cli {

// `transit inspect SCENE` prints what a scene holds and what building it
// found; `transit demo-scene --out FILE` writes the built-in demo world.
void add_inspect_command(CLI::App& app);
void add_demo_scene_command(CLI::App& app);
// `transit bake SCENE --out FILE` writes the scene's built world (baked_world.hpp).
void add_bake_command(CLI::App& app);

}  // namespace transit::cli
