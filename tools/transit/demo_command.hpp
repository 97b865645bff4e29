#pragma once

#include <CLI/CLI.hpp>

namespace transit::cli {

// `transit demo`: builds BSP trees for a few meshes, runs the retail sphere
// queries on them, prints what happened and draws it as an SVG.
void add_demo_command(CLI::App& app);

}  // namespace transit::cli
