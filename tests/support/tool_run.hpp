#pragma once
// Runs the transit command-line tool as a user would, for CLI tests.

#include <string>

namespace transit::test {

struct ToolRun {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// `transit ARGS` (the build's tool, TRANSIT_TOOL_PATH), waited for.
ToolRun run_tool(const std::string& args);

}  // namespace transit::test
