// Bake a scene once, then load its world without building (docs/baked-worlds.md).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <transit/io.hpp>

int main(int argc, char** argv) try {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path();
  // A scene file, or the demo world written as one.
  fs::path scene_file = argc > 1 ? fs::path(argv[1]) : dir / "transit-example-demo.json";
  if (argc <= 1) std::ofstream(scene_file) << transit::write_scene(transit::make_demo_world());
  const fs::path baked_file = dir / "transit-example-demo.trbake";

  // What `transit bake SCENE --out FILE` does: build once, write it all.
  for (const std::string& warning : transit::bake_scene_file(scene_file, baked_file))
    std::fprintf(stderr, "warning: %s\n", warning.c_str());

  // A server start: the world and its trees from the file, nothing built
  // (read_scene_input(baked_file) also gives the scene, meshes included).
  const auto start = std::chrono::steady_clock::now();
  const transit::World world = transit::read_world_file(baked_file);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %zu objects, %zu indoor cells, loaded baked in %.1f ms\n",
              baked_file.string().c_str(), world.objects().size(), world.env_cells().size(), ms);
  return 0;
} catch (const transit::InputError& e) {
  std::fprintf(stderr, "%s\n", e.what());
  return 1;
}
