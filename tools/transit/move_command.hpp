#pragma once

#include <CLI/CLI.hpp>

namespace transit::cli {

// `transit move SCENE MOVES [--out FILE]`: runs each move of a moves file
// through its character's mover and writes the results (SCENE_FORMAT.md).
void add_move_command(CLI::App& app);

}  // namespace transit::cli
