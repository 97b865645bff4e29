#include "support/tool_run.hpp"

#include <array>
#include <cstdio>
#include <sys/wait.h>

namespace transit::test {

ToolRun run_tool(const std::string& args) {
  const std::string command = std::string(TRANSIT_TOOL_PATH) + " " + args + " 2>&1";
  ToolRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  std::array<char, 4096> buffer;
  while (std::fgets(buffer.data(), buffer.size(), pipe)) run.output += buffer.data();
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace transit::test
