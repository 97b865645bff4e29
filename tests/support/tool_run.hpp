#pragma once
// Runs the transit command-line tool as a user would, for CLI tests, and
// finds the source tree's files they hand it.

#include <filesystem>
#include <string>

namespace transit::test {

struct ToolRun {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// `transit ARGS` (the build's tool, TRANSIT_TOOL_PATH), waited for.
ToolRun run_tool(const std::string& args);

// A file of the source tree (TRANSIT_SOURCE_DIR), by its path in it.
std::filesystem::path source_file(const std::string& relative);

}  // namespace transit::test
