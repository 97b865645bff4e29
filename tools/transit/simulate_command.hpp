#pragma once

#include <CLI/CLI.hpp>

namespace transit::cli {

// `transit simulate [SCENE] [--script FILE] [--out FILE] [--svg FILE]`: runs
// a script over a scene (without a scene: the demo world and its tour),
// prints a summary per character, writes the trajectory and a picture.
void add_simulate_command(CLI::App& app);

}  // namespace transit::cli
