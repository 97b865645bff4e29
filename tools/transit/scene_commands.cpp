#include "scene_commands.hpp"

#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "transit/format/scene_reader.hpp"
#include "transit/format/scene_writer.hpp"
#include "sim/scene_report.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/world.hpp"

namespace transit::cli {

namespace {

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

}  // namespace

void add_inspect_command(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("inspect", "Print what a scene holds: landblocks, cells, objects, BSP statistics, warnings");
  cmd->add_option("scene", *file, "scene file (transit-scene/1)")->required();
  cmd->callback([file]() {
    reporting_errors("inspect", [&] {
      const SceneDesc scene = read_scene_file(*file);
      std::vector<std::string> warnings;
      const World world = World::from_scene(scene, &warnings);
      std::cout << fmt::format("scene: {}\n", *file) << scene_report(scene, world, warnings);
    });
  });
}

void add_demo_scene_command(CLI::App& app) {
  auto out = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("demo-scene", "Write the built-in demo world as a scene file");
  cmd->add_option("--out", *out, "where to write the scene")->required();
  cmd->callback([out]() {
    reporting_errors("demo-scene", [&] {
      std::ofstream file(*out);
      if (!(file << write_scene(make_demo_world())))
        throw std::runtime_error(fmt::format("cannot write {}", *out));
      fmt::print(stderr, "transit demo-scene: demo world written to {}\n", *out);
    });
  });
}

}  // namespace transit::cli
