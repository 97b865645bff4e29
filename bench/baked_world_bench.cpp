// Loading a baked world against building it (issue 19): a scene whose one
// object is a 1,000,000-triangle OBJ mesh, turned into a World from the
// scene file (OBJ read, trees built) and from the file `transit bake` wrote
// of it. The ratio is printed after the run.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>

#include <unistd.h>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "transit/format/baked_world.hpp"
#include "workload/mesh_soups.hpp"

namespace transit {
namespace {

struct BakedFiles {
  std::filesystem::path dir, scene, baked;
};

// The bumpy million-triangle grid of large_mesh_bench.cpp as an OBJ file,
// over the middle of 2 x 2 flat landblocks.
const BakedFiles& baked_files() {
  static const BakedFiles files = [] {
    BakedFiles f;
    f.dir = std::filesystem::temp_directory_path() / fmt::format("transit-bake-bench-{}", ::getpid());
    std::filesystem::create_directories(f.dir);
    f.scene = f.dir / "scene.json";
    f.baked = f.dir / "scene.trbake";
    const MeshDesc grid = perf::bumpy_grid(707, 0.5f);
    std::string obj;
    for (const Vec3& v : grid.vertices) obj += fmt::format("v {} {} {}\n", v.x, v.y, v.z);
    for (const auto& p : grid.polygons) obj += fmt::format("f {} {} {}\n", p[0] + 1, p[1] + 1, p[2] + 1);
    std::ofstream(f.dir / "mesh.obj") << obj;
    std::ofstream(f.scene) << R"({"format": "transit-scene/1",
      "terrain": {"landblocks": [{"x": 100, "y": 100, "flat": 0}, {"x": 101, "y": 100, "flat": 0},
                                 {"x": 100, "y": 101, "flat": 0}, {"x": 101, "y": 101, "flat": 0}]},
      "objects": [{"id": 1, "name": "mesh", "position": {"global": [19204, 19204, 2]},
                   "flags": ["static"], "shapes": [{"type": "mesh", "obj": "mesh.obj"}]}]})";
    bake_scene_file(f.scene, f.baked);
    std::atexit([] { std::filesystem::remove_all(baked_files().dir); });
    return f;
  }();
  return files;
}

// Freeing the world is left out of the time: it costs either way the same.
void world_from(benchmark::State& state, const std::filesystem::path& file) {
  for (auto _ : state) {
    std::optional<World> world(read_world_file(file));
    benchmark::DoNotOptimize(world->objects().size());
    state.PauseTiming();
    world.reset();
    state.ResumeTiming();
  }
  state.counters["file_MB"] = static_cast<double>(std::filesystem::file_size(file)) / 1e6;
}

void BM_MillionTriangleWorld_FromScene(benchmark::State& state) { world_from(state, baked_files().scene); }
void BM_MillionTriangleWorld_FromBake(benchmark::State& state) { world_from(state, baked_files().baked); }
BENCHMARK(BM_MillionTriangleWorld_FromScene)->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MillionTriangleWorld_FromBake)->Iterations(3)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace transit
