#pragma once

#include <CLI/CLI.hpp>

namespace transit::cli {

// `transit bench [--quick]`: measures the main performance figures in this
// process (one AC character-tick per scenario, crowds on 1 and 2 threads,
// queries, memory) and prints them as a table. `make bench` runs the full
// Google Benchmark suite with the Bullet comparison.
void add_bench_command(CLI::App& app);

}  // namespace transit::cli
