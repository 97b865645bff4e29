#include "view_command.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "dat_commands.hpp"
#include "simulate_command.hpp"
#include "reporting_errors.hpp"
#include "transit/dat/retail_data.hpp"
#include "transit/format/baked_world.hpp"
#include "transit/format/trajectory_reader.hpp"
#include "transit/math/input_error.hpp"
#include "transit/world/demo_world.hpp"
#include "view/move_results.hpp"
#include "view/replay_page.hpp"

namespace transit::cli {

namespace {

struct ViewArgs {
  std::string scene;
  std::string trajectory;
  std::string moves;
  std::string out;
  std::string title;
  std::string mover;  // empty: each character's own
  DatOptions dat;
};

// The scene and the trees to build it with: a file, retail landblocks, or the demo world.
SceneInput scene_of(const ViewArgs& args) {
  if (!args.scene.empty()) {
    SceneInput input = read_scene_input(args.scene);
    if (!args.dat.dir.empty()) input.trees = retail_trees_for(input.scene, args.dat.dir);
    return input;
  }
  if (!args.dat.landblocks.empty()) {
    const dat::RetailData retail = dat::RetailData::open(retail_data_dir(args.dat));
    std::vector<std::pair<int, int>> chosen;
    for (const std::string& lb : args.dat.landblocks) chosen.push_back(parse_landblock(lb));
    RetailScene r = retail_scene(retail, chosen);
    return SceneInput{std::move(r.scene), std::move(r.trees)};
  }
  if (!args.dat.dir.empty()) throw InputError("--dat without a scene needs --landblock 0xXXYY");
  return SceneInput{make_demo_world(), std::nullopt};
}

std::string default_out(const ViewArgs& args) {
  const std::string& named = !args.trajectory.empty() ? args.trajectory
                             : !args.moves.empty()    ? args.moves
                                                      : args.scene;
  if (named.empty()) return args.dat.landblocks.empty() ? "demo.html" : "retail.html";
  return std::filesystem::path(named).filename().replace_extension(".html").string();
}

std::string default_title(const ViewArgs& args) {
  std::string title = !args.scene.empty()            ? std::filesystem::path(args.scene).filename().string()
                      : !args.dat.landblocks.empty() ? "retail landblocks " + fmt::format("{}", fmt::join(args.dat.landblocks, ", "))
                                                     : std::string("demo world");
  if (!args.trajectory.empty()) title += " · " + std::filesystem::path(args.trajectory).filename().string();
  if (!args.moves.empty()) title += " · " + std::filesystem::path(args.moves).filename().string();
  return "transit: " + title;
}

// Cells of the trajectory that the world does not have: it was likely made on another scene.
void warn_about_foreign_cells(const World& world, const Trajectory& t) {
  for (const CharacterTrack& track : t.characters)
    for (const TrajectorySample& s : track.samples)
      if (!world.has_cell(s.position.objcell_id)) {
        fmt::print(stderr,
                   "transit view: warning: {} is in cell 0x{:08X} at t = {} s, which the scene does not "
                   "have: was the trajectory made on another scene?\n",
                   track.name, s.position.objcell_id, s.t);
        return;
      }
}

void run_view(const ViewArgs& args) {
  if (!view::replay_page_available()) throw std::runtime_error(view::replay_page_missing_help());
  if (!args.trajectory.empty() && !args.moves.empty())
    throw InputError("give --trajectory or --moves, not both");
  SceneInput input = scene_of(args);
  if (!args.mover.empty()) use_mover(input.scene, args.mover);
  std::vector<std::string> warnings;
  const World world = input.build_world(&warnings);
  for (const std::string& w : warnings) fmt::print(stderr, "transit view: warning: {}\n", w);
  std::optional<Trajectory> trajectory;
  if (!args.trajectory.empty()) {
    trajectory = read_trajectory_file(args.trajectory);
    warn_about_foreign_cells(world, *trajectory);
  }
  std::optional<std::vector<view::MoveResult>> moves;
  if (!args.moves.empty()) moves = view::read_move_results_file(args.moves);
  view::ReplayInput in{args.title.empty() ? default_title(args) : args.title, &world, &input.scene,
                       trajectory ? &*trajectory : nullptr, moves ? &*moves : nullptr};
  write_view_page(args.out.empty() ? default_out(args) : args.out, in, "view");
}

}  // namespace

void write_view_page(const std::string& path, const view::ReplayInput& input, const char* command) {
  const std::string page = view::replay_page(view::replay_data(input));
  std::ofstream out(path, std::ios::binary);
  if (!(out << page)) throw std::runtime_error(fmt::format("cannot write {}", path));
  fmt::print(stderr, "transit {}: page written to {} ({:.1f} MB); open it in a browser\n", command, path,
             static_cast<double>(page.size()) / 1e6);
}

void add_view_command(CLI::App& app) {
  auto args = std::make_shared<ViewArgs>();
  auto* cmd = app.add_subcommand(
      "view", "Write a self-contained 3-D replay page of a scene and a trajectory or move results");
  cmd->add_option("scene", args->scene,
                  "scene file (transit-scene/1) or baked world; default: the demo world");
  cmd->add_option("--trajectory", args->trajectory,
                  "trajectory to replay (transit-trajectory/1, from transit simulate --out)");
  cmd->add_option("--moves", args->moves, "move results to show (transit-move-results/1, from transit move)");
  cmd->add_option("--out", args->out, "the page to write; default: the input's name with .html");
  cmd->add_option("--title", args->title, "the page's title");
  cmd->add_option("--mover", args->mover,
                  "draw every character as this mover's shape (as simulate --mover ran them)")
      ->check(CLI::IsMember({"ac", "quake", "tribes"}));
  add_dat_options(*cmd, args->dat);
  cmd->callback([args]() { reporting_errors("view", [&] { run_view(*args); }); });
}

}  // namespace transit::cli
