#include "scene_commands.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "transit/format/baked_world.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/format/scene_writer.hpp"
#include "dat_commands.hpp"
#include "reporting_errors.hpp"
#include "sim/scene_report.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/world.hpp"

namespace transit::cli {


void add_inspect_command(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  auto dat = std::make_shared<DatOptions>();
  auto* cmd = app.add_subcommand("inspect", "Print what a scene holds: landblocks, cells, objects, BSP statistics, "
                                            "warnings; or, with --dat, what a retail data directory holds");
  cmd->add_option("scene", *file, "scene file (transit-scene/1) or baked world");
  add_dat_options(*cmd, *dat);
  cmd->callback([file, dat]() {
    reporting_errors("inspect", [&] {
      if (file->empty() || !dat->dir.empty()) {
        inspect_retail_data(*dat);
        return;
      }
      const SceneInput input = read_scene_input(*file);
      std::vector<std::string> warnings;
      const World world = input.build_world(&warnings);
      std::cout << fmt::format("scene: {}{}\n", *file, input.trees ? " (baked)" : "")
                << scene_report(input.scene, world, warnings);
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

void add_bake_command(CLI::App& app) {
  auto scene = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "bake", "Build a scene's world once and write it, trees included, to a file that every "
              "command taking a scene loads without building (docs/baked-worlds.md)");
  cmd->add_option("scene", *scene, "scene file (transit-scene/1)")->required();
  cmd->add_option("--out", *out, "the baked world file to write")->required();
  cmd->callback([scene, out]() {
    reporting_errors("bake", [&] {
      const auto start = std::chrono::steady_clock::now();
      fmt::print(stderr, "transit bake: building {}...\n", *scene);
      for (const std::string& w : bake_scene_file(*scene, *out))
        fmt::print(stderr, "transit bake: warning: {}\n", w);
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      fmt::print(stderr, "transit bake: {} written ({} bytes) in {:.2f} s\n", *out,
                 std::filesystem::file_size(*out), seconds);
    });
  });
}

}  // namespace transit::cli
