#pragma once
// `transit check SCENE CLAIMS [--out RESULTS]` and `transit check SCENE
// --from-trajectory TRAJ`: a server's check of what clients claimed their
// characters did (docs/server.md).

#include <CLI/CLI.hpp>

namespace transit::cli {

void add_check_command(CLI::App& app);

}  // namespace transit::cli
