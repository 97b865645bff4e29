// Large user meshes (issue 19): sphere queries against the trees of a
// 10,000-tile floor, a 90,000-quad floor and a bumpy 1,000,000-triangle
// terrain mesh, each beside the brute-force loop over the same polygons
// (ratios printed after the run), and the time and memory it takes to build
// the million-triangle tree.
#include <chrono>
#include <cmath>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "geom/bsp_builder.hpp"
#include "transit/sim/character.hpp"
#include "transit/world/world.hpp"
#include "workload/memory_stats.hpp"
#include "workload/flat_landblocks.hpp"
#include "workload/mesh_soups.hpp"

namespace transit {
namespace {

using perf::bumpy_grid;
using perf::tiled_floor;
struct Queries {
  std::vector<Sphere> spheres;
  std::vector<Vec3> moves;
  Queries(float size, float height) {
    std::mt19937 rng(19);
    std::uniform_real_distribution<float> xy(0.0f, size), dz(-0.2f, 0.6f), d(-0.4f, 0.4f);
    for (int i = 0; i < 4096; ++i) {
      spheres.push_back({{xy(rng), xy(rng), height + 0.48f + dz(rng)}, 0.48f});
      moves.emplace_back(d(rng), d(rng), d(rng) * 0.25f);
    }
  }
};

struct Case {
  BspTree tree;
  Queries queries;
};

const Case& case_of(int which) {
  static const Case cases[] = {
      {build_bsp(tiled_floor(100).vertices, tiled_floor(100).polygons).tree, Queries(100.0f, 0.0f)},
      {build_bsp(tiled_floor(300).vertices, tiled_floor(300).polygons).tree, Queries(300.0f, 0.0f)},
  };
  return cases[which];
}

const Case& million() {
  static const Case c = [] {
    const MeshDesc grid = bumpy_grid(707, 0.5f);  // 999,698 triangles
    return Case{build_bsp(grid.vertices, grid.polygons).tree, Queries(353.0f, 0.0f)};
  }();
  return c;
}

const Case& pick(int which) { return which < 2 ? case_of(which) : million(); }

void BM_LargeMesh_Bsp(benchmark::State& state) {
  const Case& c = pick(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    const Polygon* hit = nullptr;
    Vec3 contact(0.0f);
    benchmark::DoNotOptimize(c.tree.sphere_intersects_poly(c.queries.spheres[i], c.queries.moves[i], hit, contact));
    i = (i + 1) % c.queries.spheres.size();
  }
  state.counters["polygons"] = static_cast<double>(c.tree.polygons().size());
  state.counters["max_leaf"] = c.tree.stats().max_leaf_polygons;
}

void BM_LargeMesh_BruteForce(benchmark::State& state) {
  const Case& c = pick(static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    bool any = false;
    for (const Polygon& p : c.tree.polygons()) {
      Vec3 contact(0.0f);
      const Polygon* hit = nullptr;
      if (p.pos_hits_sphere(c.queries.spheres[i], c.queries.moves[i], contact, hit)) {
        any = true;
        break;
      }
    }
    benchmark::DoNotOptimize(any);
    i = (i + 1) % c.queries.spheres.size();
  }
}

// 0: 10,000-tile floor, 1: 90,000-quad floor, 2: 1,000,000-triangle mesh.
BENCHMARK(BM_LargeMesh_Bsp)->ArgName("mesh")->DenseRange(0, 2);
BENCHMARK(BM_LargeMesh_BruteForce)->ArgName("mesh")->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

// A character running in circles (9.5 m/s, 30 deg/s, radius about 18 m)
// over the middle of each mesh, laid 2 m above the flat terrain of 4 x 4
// landblocks as one static object: one Character::update per iteration.
struct MeshWorld {
  World world;
  Vec3 centre;
};

MeshWorld mesh_world(const MeshDesc& soup, float size) {
  SceneDesc scene = perf::flat_landblocks(100, 100, 4, 4);
  ObjectDesc mesh;
  mesh.id = 1;
  mesh.name = "user mesh";
  mesh.flags = kFlagStatic;
  mesh.position.global = {100 * 192.0f + 4.0f, 100 * 192.0f + 4.0f, 2.0f};
  ShapeDesc shape;
  shape.type = ShapeDesc::Type::Mesh;
  shape.mesh.vertices = soup.vertices;
  shape.mesh.polygons = soup.polygons;
  mesh.shapes.push_back(std::move(shape));
  scene.objects.push_back(std::move(mesh));
  const Vec3 centre = mesh.position.global + Vec3(size * 0.5f, size * 0.5f, 1.0f);
  return MeshWorld{World::from_scene(scene), centre};
}

const MeshWorld& mesh_world_of(int which) {
  static const MeshWorld floors[] = {mesh_world(tiled_floor(100), 100.0f),
                                     mesh_world(tiled_floor(300), 300.0f)};
  if (which < 2) return floors[which];
  if (which == 3) {
    static const MeshWorld small = mesh_world(bumpy_grid(80, 0.5f), 40.0f);
    return small;
  }
  if (which == 4) {
    static const MeshWorld coarse = mesh_world(bumpy_grid(707, 1.0f), 707.0f);
    return coarse;
  }
  static const MeshWorld bumpy = mesh_world(bumpy_grid(707, 0.5f), 353.0f);
  return bumpy;
}

void BM_LargeMesh_Tick(benchmark::State& state) {
  const MeshWorld& w = mesh_world_of(static_cast<int>(state.range(0)));
  PositionDesc at;
  at.global = w.centre;
  Character runner(CharacterSettings{}, *w.world.resolve(at, {}));
  runner.place(w.world);
  runner.set_controls({ForwardInput::Run, StrafeInput::Stop, 30.0f});
  for (int i = 0; i < 300; ++i) runner.update(w.world, 1.0 / 30.0);
  for (auto _ : state) {
    runner.update(w.world, 1.0 / 30.0);
    benchmark::DoNotOptimize(runner.position());
  }
  state.counters["on_mesh"] = runner.ground_state() == GroundState::OnGround &&
                              runner.position().frame.origin.z > 1.0f;
}
// 0-2 as above; 3: 12,800 triangles of the million-triangle mesh's density
// (0.5 m squares), which shows what a tick there costs without the size;
// 4: a million triangles of 1 m squares, a 707 m level mesh over 4 x 4
// landblocks.
BENCHMARK(BM_LargeMesh_Tick)->ArgName("mesh")->DenseRange(0, 4);

// Building the million-triangle tree once: seconds, and how far the
// resident memory rose above what the process held before (the benchmark's
// own copy of the mesh) at its peak during the build. Run it alone
// (--benchmark_filter=BuildMillion) for a process peak of its own.
void BM_LargeMesh_BuildMillionTriangles(benchmark::State& state) {
  const MeshDesc grid = bumpy_grid(707, 0.5f);
  for (auto _ : state) {
    const std::size_t before = perf::resident_bytes();
    const std::size_t heap_before = perf::heap_in_use();
    perf::reset_peak_resident();
    const auto start = std::chrono::steady_clock::now();
    BspTree tree = build_bsp(grid.vertices, grid.polygons).tree;
    state.counters["build_s"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    state.counters["build_peak_MiB"] = static_cast<double>(perf::peak_resident_bytes() - before) / (1024.0 * 1024.0);
    state.counters["tree_MiB"] = static_cast<double>(perf::heap_in_use() - heap_before) / (1024.0 * 1024.0);
    state.counters["nodes"] = tree.stats().nodes;
    state.counters["max_leaf"] = tree.stats().max_leaf_polygons;
    benchmark::DoNotOptimize(tree);
  }
  state.counters["peak_rss_MiB"] = static_cast<double>(perf::peak_resident_bytes()) / (1024.0 * 1024.0);
}
BENCHMARK(BM_LargeMesh_BuildMillionTriangles)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
}  // namespace transit
