#include "simulate_command.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "transit/format/run_reader.hpp"
#include "format/run_validation.hpp"
#include "transit/format/baked_world.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/sim/trajectory.hpp"
#include "transit/sim/trajectory_svg.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"
#include "dat_commands.hpp"
#include "view/replay_page.hpp"
#include "view_command.hpp"

namespace transit::cli {

namespace {

struct SimulateArgs {
  std::string scene;
  std::string script;
  std::string out;
  std::string svg;
  std::string html;
  std::string mover;  // empty: each character's own
  std::string dat;    // retail data: the exported scene's trees from there
  int threads = 1;
};

// Runs longer than this many ticks report their progress on stderr.
constexpr long long kProgressTicks = 20000;

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  if (!(out << text)) throw std::runtime_error(fmt::format("cannot write {}", path));
}

std::string cell_list(const std::vector<CellId>& cells) {
  std::string s;
  for (std::size_t i = 0; i < cells.size(); ++i)
    s += fmt::format("{}{:08X}", i ? " " : "", cells[i]);
  return s;
}

void print_summary(const Trajectory& t) {
  fmt::print("{} ticks of {:.4f} s ({:.1f} s simulated) in {:.3f} s\n", t.ticks, t.dt,
             static_cast<double>(t.ticks) * t.dt, t.wall_seconds);
  for (const CharacterTrack& track : t.characters) {
    const CharacterStats& s = track.stats;
    const Position& end = track.samples.back().position;
    const Vec3 g = local_to_global(end.objcell_id, end.frame.origin);
    fmt::print("\n{}\n", track.name);
    fmt::print("  distance        {:.1f} m\n", s.distance);
    fmt::print("  time grounded   {:.1f} s of {:.1f} s\n", s.grounded_seconds,
               static_cast<double>(t.ticks) * t.dt);
    fmt::print(
        "  collisions      {} with objects, {} with the environment (landings included), "
        "{} times blocked\n",
        s.object_collisions, s.environment_collisions, s.blocks);
    fmt::print("  cells visited   {}: {}\n", s.cells_visited.size(), cell_list(s.cells_visited));
    fmt::print(
        "  final position  cell {:08X} local ({:.2f}, {:.2f}, {:.2f}) global ({:.2f}, "
        "{:.2f}, {:.2f}){}\n",
        end.objcell_id, end.frame.origin.x, end.frame.origin.y, end.frame.origin.z, g.x, g.y, g.z,
        track.samples.back().on_walkable ? " on the ground" : "");
  }
}

void run_simulate(const SimulateArgs& args) {
  if (!args.html.empty() && !view::replay_page_available())
    throw std::runtime_error(view::replay_page_missing_help());
  SceneInput input = args.scene.empty() ? SceneInput{make_demo_world(), std::nullopt}
                                         : read_scene_input(args.scene);
  SceneDesc& scene = input.scene;
  if (!args.mover.empty()) use_mover(scene, args.mover);
  ScriptDesc script;
  if (!args.script.empty()) {
    script = read_script_file(args.script);
    validate_script(script, scene, args.script);
  } else if (args.scene.empty()) {
    script = make_demo_script();
  } else {
    throw std::runtime_error("a scene file needs a script: give --script FILE");
  }
  std::vector<std::string> warnings;
  SimulationOptions options;
  options.threads = args.threads;
  if (!args.dat.empty()) input.trees = retail_trees_for(scene, args.dat);
  Simulation sim(input.build_world(&warnings), scene, options);
  for (const std::string& w : warnings) fmt::print(stderr, "transit simulate: warning: {}\n", w);

  const long long ticks = script_ticks(script) * static_cast<long long>(sim.size());
  const Trajectory trajectory = run_script(
      sim, script,
      [ticks](long long done, long long total) {
        if (ticks >= kProgressTicks)
          fmt::print(stderr, "transit simulate: {} / {} ticks\n", done, total);
      },
      std::max(1LL, script_ticks(script) / 10));
  print_summary(trajectory);
  if (!args.out.empty()) {
    write_file(args.out, write_trajectory(trajectory));
    fmt::print(stderr, "transit simulate: trajectory written to {}\n", args.out);
  }
  if (!args.svg.empty()) {
    write_file(args.svg, trajectory_svg(sim.world(), trajectory));
    fmt::print(stderr, "transit simulate: picture written to {}\n", args.svg);
  }
  if (!args.html.empty()) {
    const std::string title = "transit: " + (args.scene.empty() ? std::string("demo world")
                                                                : std::filesystem::path(args.scene).filename().string());
    write_view_page(args.html, {title, &sim.world(), &scene, &trajectory, nullptr}, "simulate");
  }
}

}  // namespace

void use_mover(SceneDesc& scene, const std::string& mover) {
  const MoverKind kind = mover == "quake" ? MoverKind::Quake
                         : mover == "tribes" ? MoverKind::Tribes
                                             : MoverKind::Ac;
  for (CharacterDesc& c : scene.characters) c.mover = kind;
}

void add_simulate_command(CLI::App& app) {
  auto args = std::make_shared<SimulateArgs>();
  auto* cmd = app.add_subcommand(
      "simulate", "Run a script over a scene (default: the demo world and its tour)");
  cmd->add_option("scene", args->scene, "scene file (transit-scene/1); default: the demo world");
  cmd->add_option("--script", args->script,
                  "script file (transit-script/1); default with the demo world: its tour");
  cmd->add_option("--out", args->out, "write the trajectory (transit-trajectory/1) here");
  cmd->add_option("--svg", args->svg, "draw the map, the paths and their elevation here");
  cmd->add_option("--html", args->html, "write the 3-D replay page here (as transit view does)");
  cmd->add_option("--mover", args->mover, "move every character with this mover instead of its own")
      ->check(CLI::IsMember({"ac", "quake", "tribes"}));
  cmd->add_option("--dat", args->dat,
                  "retail data directory the scene was exported from (transit dat export): its cells and "
                  "objects collide through retail's own BSP trees");
  cmd->add_option("--threads", args->threads,
                  "update the characters on this many threads (same results with any number)")
      ->check(CLI::Range(1, 256));
  cmd->callback([args]() {
    try {
      run_simulate(*args);
    } catch (const std::exception& e) {
      fmt::print(stderr, "transit simulate: {}\n", e.what());
      throw CLI::RuntimeError(1);
    }
  });
}

}  // namespace transit::cli
