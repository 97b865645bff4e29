#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "transit/desc/scene_desc.hpp"

namespace transit::cli {

// `transit simulate [SCENE] [--script FILE] [--out FILE] [--svg FILE]`: runs
// a script over a scene (without a scene: the demo world and its tour),
// prints a summary per character, writes the trajectory and a picture.
void add_simulate_command(CLI::App& app);

// Every character moves with `mover` ("ac", "quake" or "tribes").
void use_mover(SceneDesc& scene, const std::string& mover);

}  // namespace transit::cli
