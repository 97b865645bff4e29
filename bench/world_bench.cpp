// Queries through the demo world (BSP, traces, cell lists), memory figures,
// and the crowd stepped through the Simulation (motion + transition).
#include <benchmark/benchmark.h>

#include "alloc_counter.hpp"
#include "sim/simulation.hpp"
#include "workload/demo_fixture.hpp"
#include "workload/figures.hpp"
#include "world/demo_world.hpp"

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
    state.counters["bytes_per_polygon"] = m.bytes_per_polygon;
    state.counters["polygons"] = static_cast<double>(m.polygons);
    state.counters["peak_rss_MiB"] = static_cast<double>(m.peak_resident_bytes) / (1024.0 * 1024.0);
  }
}
BENCHMARK(BM_Memory)->Iterations(1)->Unit(benchmark::kMillisecond);

// The demo world with `count` more characters scattered where the crowd
// stands, each running with its own turn rate (circles of many sizes).
SceneDesc crowd_scene(std::size_t count) {
  SceneDesc scene = make_demo_world();
  const Crowd& crowd = demo_crowd(count);
  for (std::size_t i = 0; i < count; ++i) {
    CharacterDesc c;
    c.name = "c" + std::to_string(i);
    c.position.cell = crowd.starts[i].position.objcell_id;
    c.position.local = crowd.starts[i].position.frame.origin;
    scene.characters.push_back(c);
  }
  return scene;
}

// Simulation::step (motion interpreter, quanta, transition, events) for
// the crowd; single-threaded, as Simulation::step is today.
void BM_SimulationCrowd(benchmark::State& state) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const SceneDesc scene = crowd_scene(count);
  Simulation sim(World::from_scene(scene), scene);
  for (std::size_t i = 0; i < sim.size(); ++i) {
    ScriptInput input;
    input.forward = ForwardInput::Run;
    input.turn_deg_per_s = static_cast<float>(i % 61) - 30.0f;
    sim.apply(i, input);
  }
  for (int i = 0; i < 30; ++i) sim.step(1.0 / 30.0);
  sim.take_events();
  const std::uint64_t allocations = allocation_count();
  for (auto _ : state) {
    sim.step(1.0 / 30.0);
    state.PauseTiming();
    sim.take_events();
    state.ResumeTiming();
  }
  state.counters["allocs_per_tick"] = static_cast<double>(allocation_count() - allocations) /
                                      static_cast<double>(state.iterations());
  state.counters["ns_per_char_tick"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * static_cast<double>(sim.size()) * 1e-9,
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(sim.size()));
}
BENCHMARK(BM_SimulationCrowd)
    ->ArgNames({"characters"})
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace transit::perf
