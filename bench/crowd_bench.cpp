// Crowds of characters running scripted paths over the demo world: ticks per
// second with 1 and 2 threads (transit), and the 1,000-character crowd in
// Bullet. One benchmark iteration is one tick of the whole crowd.
#include <benchmark/benchmark.h>

#include "bullet_peer.hpp"
#include "crowd_counters.hpp"
#include "workload/alloc_counter.hpp"
#include "workload/demo_fixture.hpp"

namespace transit::perf {
namespace {

constexpr int kWarmUpTicks = 30;
constexpr int kIdentityTicks = 60;

// The crowd after kIdentityTicks on one thread equals the crowd after as
// many ticks on `threads` threads, bit for bit.
bool same_as_one_thread(const Crowd& start, int threads) {
  Crowd one = start, many = start;
  ParallelFor serial(1), parallel(threads);
  for (int i = 0; i < kIdentityTicks; ++i) {
    step_crowd(demo_world(), human_body(), one, serial);
    step_crowd(demo_world(), human_body(), many, parallel);
  }
  return bit_identical(one.runners, many.runners);
}

void BM_Crowd_Transit(benchmark::State& state) {
  const auto characters = static_cast<std::size_t>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  Crowd crowd = demo_crowd(characters);
  if (threads > 1) state.counters["same_as_1_thread"] = same_as_one_thread(crowd, threads);
  ParallelFor pool(threads);
  for (int i = 0; i < kWarmUpTicks; ++i) step_crowd(demo_world(), human_body(), crowd, pool);
  const std::uint64_t allocations = allocation_count();
  for (auto _ : state) step_crowd(demo_world(), human_body(), crowd, pool);
  state.counters["allocs_per_tick"] = static_cast<double>(allocation_count() - allocations) /
                                      static_cast<double>(state.iterations());
  set_crowd_counters(state, characters);
}
BENCHMARK(BM_Crowd_Transit)->Apply(crowd_sizes_and_threads);

void BM_Crowd_Bullet(benchmark::State& state) {
  const auto characters = static_cast<std::size_t>(state.range(0));
  const Crowd& crowd = demo_crowd(characters);
  BulletPeer peer(demo_world());
  for (std::size_t i = 0; i < characters; ++i)
    peer.add_character(crowd.starts[i], crowd.scripts[i]);
  for (int i = 0; i < kWarmUpTicks; ++i) peer.step();
  for (auto _ : state) peer.step();
  set_crowd_counters(state, characters);
}
BENCHMARK(BM_Crowd_Bullet)
    ->ArgNames({"characters", "threads"})
    ->Args({1000, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace transit::perf
