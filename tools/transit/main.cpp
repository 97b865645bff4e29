#include <CLI/CLI.hpp>
#include <string>
#include <transit/version.hpp>

#include "bench_command.hpp"
#include "check_command.hpp"
#include "dat_commands.hpp"
#include "demo_command.hpp"
#include "move_command.hpp"
#include "scene_commands.hpp"
#include "simulate_command.hpp"
#include "view_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{"transit: Asheron's Call style character movement with collision"};
  app.set_version_flag("--version", std::string("transit ") + transit::kVersionString);
  app.require_subcommand(1);
  transit::cli::add_demo_command(app);
  transit::cli::add_move_command(app);
  transit::cli::add_inspect_command(app);
  transit::cli::add_demo_scene_command(app);
  transit::cli::add_bake_command(app);
  transit::cli::add_simulate_command(app);
  transit::cli::add_bench_command(app);
  transit::cli::add_dat_command(app);
  transit::cli::add_view_command(app);
  transit::cli::add_check_command(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
