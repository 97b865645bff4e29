#include <benchmark/benchmark.h>

#include "transit/geom/polygon.hpp"

namespace transit {
namespace {

void BM_PolygonHitsSphere(benchmark::State& state) {
  const Polygon quad({{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {0, 4, 0}});
  Sphere s{{2.0f, 2.0f, 0.3f}, 0.48f};
  Vec3 contact(0.0f);
  for (auto _ : state) {
    benchmark::DoNotOptimize(quad.polygon_hits_sphere_precise(s, contact));
    s.center.x += 1e-6f;
  }
}
BENCHMARK(BM_PolygonHitsSphere);

}  // namespace
}  // namespace transit

