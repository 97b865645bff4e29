#include "move_command.hpp"

#include "dat_commands.hpp"

#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "transit/format/run_reader.hpp"
#include "format/run_validation.hpp"
#include "transit/format/baked_world.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/sim/move_runner.hpp"
#include "transit/world/world.hpp"

namespace transit::cli {

namespace {

struct MoveArgs {
  std::string scene;
  std::string moves;
  std::string out;
  int max_steps = kRetailMaxTransitionSteps;
  std::string dat;  // retail data: the exported scene's trees from there
};

void run_move(const MoveArgs& args) {
  SceneInput input = read_scene_input(args.scene);
  if (!args.dat.empty()) input.trees = retail_trees_for(input.scene, args.dat);
  const SceneDesc& scene = input.scene;
  const MovesDesc moves = read_moves_file(args.moves);
  validate_moves(moves, scene, args.moves);
  std::vector<std::string> warnings;
  const World world = input.build_world(&warnings);
  for (const std::string& w : warnings) fmt::print(stderr, "transit move: warning: {}\n", w);

  const std::string results = write_move_results(
      run_moves(world, scene, moves, args.moves, ac::TransitionOptions{args.max_steps}));
  if (args.out.empty()) {
    std::cout << results;
    return;
  }
  std::ofstream out(args.out);
  if (!(out << results)) throw std::runtime_error(fmt::format("cannot write {}", args.out));
  fmt::print(stderr, "transit move: {} results written to {}\n", moves.moves.size(), args.out);
}

}  // namespace

void add_move_command(CLI::App& app) {
  auto args = std::make_shared<MoveArgs>();
  auto* cmd = app.add_subcommand("move", "Run single transitions from a moves file");
  cmd->add_option("scene", args->scene, "scene file (transit-scene/1)")->required();
  cmd->add_option("moves", args->moves, "moves file (transit-moves/1)")->required();
  cmd->add_option("--out", args->out, "write the results here instead of standard output");
  cmd->add_option("--dat", args->dat,
                  "retail data directory the scene was exported from (transit dat export): its cells and "
                  "objects collide through retail's own BSP trees");
  cmd->add_option("--max-steps", args->max_steps,
                  "sub-step cap of one transition (retail 30, ACE 1000); longer moves fail")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->callback([args]() {
    try {
      run_move(*args);
    } catch (const std::exception& e) {
      fmt::print(stderr, "transit move: {}\n", e.what());
      throw CLI::RuntimeError(1);
    }
  });
}

}  // namespace transit::cli
