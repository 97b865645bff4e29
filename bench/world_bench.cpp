// Queries through the demo world (BSP, traces, cell lists) and memory
// figures.
#include <benchmark/benchmark.h>

#include "workload/demo_fixture.hpp"
#include "workload/figures.hpp"

namespace transit::perf {
namespace {

// Each query figure of `transit bench`, as queries per second.
void BM_WorldQueries(benchmark::State& state) {
  for (auto _ : state)
    for (const QueryFigure& f : measure_queries(0.2)) state.counters[f.name] = f.per_second;
}
BENCHMARK(BM_WorldQueries)->Iterations(1)->Unit(benchmark::kMillisecond);

// Bytes per character and per world polygon, and the process's peak
// resident memory (VmHWM) once a 10,000-character crowd has run. The peak
// covers everything this process ran before, so run this benchmark alone
// (--benchmark_filter=Memory) for the crowd's own figure.
void BM_Memory(benchmark::State& state) {
  for (auto _ : state) {
    const MemoryFigure m = measure_memory();
    state.counters["bytes_per_character"] = m.bytes_per_character;
    state.counters["tick_state_bytes"] = static_cast<double>(m.runner_state_bytes);
    state.counters["sim_bytes_per_character"] = m.simulation_bytes_per_character;
    state.counters["bytes_per_polygon"] = m.bytes_per_polygon;
    state.counters["polygons"] = static_cast<double>(m.polygons);
    state.counters["peak_rss_MiB"] = static_cast<double>(m.peak_resident_bytes) / (1024.0 * 1024.0);
  }
}
BENCHMARK(BM_Memory)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace transit::perf
