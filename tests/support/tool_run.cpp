#include "support/tool_run.hpp"

#include <array>
#include <cstdio>
#include <sys/wait.h>

#include <fmt/format.h>

namespace transit::test {

ToolRun run_tool(const std::string& args) {
  const std::string command = fmt::format("{} {} 2>&1", TRANSIT_TOOL_PATH, args);
  ToolRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  std::array<char, 4096> buffer;
  while (std::fgets(buffer.data(), buffer.size(), pipe)) run.output += buffer.data();
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::filesystem::path source_file(const std::string& relative) {
  return std::filesystem::path(TRANSIT_SOURCE_DIR) / relative;
}

}  // namespace transit::test
