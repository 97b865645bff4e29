#pragma once

#include <exception>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace transit::cli {

// Runs `body`, turning any error into one line on stderr and exit code 1.
template <typename Fn>
void reporting_errors(const char* command, Fn&& body) {
  try {
    body();
  } catch (const std::exception& e) {
    fmt::print(stderr, "transit {}: {}\n", command, e.what());
    throw CLI::RuntimeError(1);
  }
}

}  // namespace transit::cli
