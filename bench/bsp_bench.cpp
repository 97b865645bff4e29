// BSP sphere queries against the brute-force loop over the same polygons.
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "geom/bsp_builder.hpp"
#include "geom/mesh.hpp"

namespace transit {
namespace {

struct Workload {
  BspTree tree;
  std::vector<Sphere> spheres;
  std::vector<Vec3> moves;

  Workload() {
    const Mesh mesh = make_torus({0, 0, 0}, 10.0f, 4.0f, 80, 32);  // 5,120 triangles
    tree = build_bsp(mesh.vertices, mesh.polygons).tree;
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> xy(-16.0f, 16.0f), z(-6.0f, 6.0f), d(-0.5f, 0.5f);
    for (int i = 0; i < 4096; ++i) {
      spheres.push_back({{xy(rng), xy(rng), z(rng)}, 0.48f});
      moves.emplace_back(d(rng), d(rng), d(rng));
    }
  }
};

const Workload& workload() {
  static const Workload w;
  return w;
}

void BM_SphereIntersectsPoly_Bsp(benchmark::State& state) {
  const Workload& w = workload();
  std::size_t i = 0;
  for (auto _ : state) {
    const Polygon* hit = nullptr;
    Vec3 contact(0.0f);
    benchmark::DoNotOptimize(w.tree.sphere_intersects_poly(w.spheres[i], w.moves[i], hit, contact));
    i = (i + 1) % w.spheres.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SphereIntersectsPoly_Bsp);

void BM_SphereIntersectsPoly_BruteForce(benchmark::State& state) {
  const Workload& w = workload();
  std::size_t i = 0;
  for (auto _ : state) {
    const Polygon* hit = nullptr;
    Vec3 contact(0.0f);
    bool any = false;
    for (const Polygon& p : w.tree.polygons())
      if (p.pos_hits_sphere(w.spheres[i], w.moves[i], contact, hit)) {
        any = true;
        break;
      }
    benchmark::DoNotOptimize(any);
    i = (i + 1) % w.spheres.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SphereIntersectsPoly_BruteForce);

void BM_SphereIntersectsSolid_Bsp(benchmark::State& state) {
  const Workload& w = workload();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(w.tree.sphere_intersects_solid(w.spheres[i], true));
    i = (i + 1) % w.spheres.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SphereIntersectsSolid_Bsp);

void BM_SphereIntersectsSolid_BruteForce(benchmark::State& state) {
  const Workload& w = workload();
  std::size_t i = 0;
  for (auto _ : state) {
    bool any = false;
    for (const Polygon& p : w.tree.polygons())
      if (p.hits_sphere(w.spheres[i])) {
        any = true;
        break;
      }
    benchmark::DoNotOptimize(any);
    i = (i + 1) % w.spheres.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SphereIntersectsSolid_BruteForce);

void BM_BuildBsp_Torus5120(benchmark::State& state) {
  const Mesh mesh = make_torus({0, 0, 0}, 10.0f, 4.0f, 80, 32);
  for (auto _ : state) benchmark::DoNotOptimize(build_bsp(mesh.vertices, mesh.polygons));
}
BENCHMARK(BM_BuildBsp_Torus5120)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace transit
