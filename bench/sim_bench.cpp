// Crowds stepped through Simulation::step (motion interpreter, quanta, AC
// transition, events, character objects) on 1 and 2 threads: ticks per
// second, ns per character-tick, and heap allocations per tick after the
// warm-up (workload/sim_crowd.hpp: until the buffers stop growing; the
// crowd is warmed up once and stepped on by every benchmark of its size).
// One benchmark iteration is one step of the whole crowd.
#include <benchmark/benchmark.h>

#include "crowd_counters.hpp"
#include "workload/alloc_counter.hpp"
#include "workload/sim_crowd.hpp"

namespace transit::perf {
namespace {

constexpr int kIdentityTicks = 60;

void BM_Simulation_Crowd(benchmark::State& state) {
  const auto characters = static_cast<std::size_t>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  if (threads > 1)
    state.counters["same_as_1_thread"] =
        sim_same_as_one_thread(characters, threads, kIdentityTicks);
  Simulation& sim = warmed_sim_crowd(characters);
  sim.set_threads(threads);
  std::vector<SimEvent> events;
  warm_up(sim, events);  // this thread count's buffers and the events buffer
  const std::uint64_t allocations = allocation_count();
  for (auto _ : state) {
    sim.step(kSimTickSeconds);
    sim.take_events(events);
  }
  state.counters["allocs_per_tick"] = static_cast<double>(allocation_count() - allocations) /
                                      static_cast<double>(state.iterations());
  set_crowd_counters(state, characters);
}
BENCHMARK(BM_Simulation_Crowd)->Apply(crowd_sizes_and_threads);

}  // namespace
}  // namespace transit::perf
