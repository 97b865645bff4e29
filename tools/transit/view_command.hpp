#pragma once
// `transit view`: the 3-D replay page of a scene with a trajectory or move
// results (docs/viewer.md).

#include <string>

#include <CLI/CLI.hpp>

#include "view/replay_data.hpp"

namespace transit::cli {

void add_view_command(CLI::App& app);

// Writes the page of `input` to `path` and says so on stderr as `command`.
void write_view_page(const std::string& path, const view::ReplayInput& input, const char* command);

}  // namespace transit::cli
