// One AC character-tick (1/30 s at 9.5 m/s) in each scenario, and the same
// scripts driven through Bullet's kinematic character controller.
#include <benchmark/benchmark.h>

#include "bullet_peer.hpp"
#include "workload/alloc_counter.hpp"
#include "workload/demo_fixture.hpp"

namespace transit::perf {
namespace {

constexpr int kWarmUpTicks = 300;

void BM_Tick_Transit(benchmark::State& state, Scenario scenario) {
  const World& world = demo_world();
  const ScenarioSetup setup = make_scenario(world, human_body(), scenario);
  Runner runner = setup.start;
  ac::AcMoveResult move;  // kept from tick to tick, as a game keeps it per character or thread
  for (int i = 0; i < kWarmUpTicks; ++i)
    step_runner(world, human_body(), setup.script, setup.start, runner, move);
  const std::uint64_t allocations = allocation_count();
  for (auto _ : state) {
    step_runner(world, human_body(), setup.script, setup.start, runner, move);
    benchmark::DoNotOptimize(runner);
  }
  state.counters["allocs_per_tick"] = static_cast<double>(allocation_count() - allocations) /
                                      static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations());
}

void BM_Tick_Bullet(benchmark::State& state, Scenario scenario) {
  const World& world = demo_world();
  const ScenarioSetup setup = make_scenario(world, human_body(), scenario);
  BulletPeer peer(world);
  peer.add_character(setup.start, setup.script);
  for (int i = 0; i < kWarmUpTicks; ++i) peer.step();
  for (auto _ : state) peer.step();
  state.SetItemsProcessed(state.iterations());
}

#define TRANSIT_TICK_BENCHMARKS(name, scenario)                 \
  BENCHMARK_CAPTURE(BM_Tick_Transit, name, Scenario::scenario); \
  BENCHMARK_CAPTURE(BM_Tick_Bullet, name, Scenario::scenario)

TRANSIT_TICK_BENCHMARKS(open_terrain, OpenTerrain);
TRANSIT_TICK_BENCHMARKS(trees_and_creatures, TreesAndCreatures);
TRANSIT_TICK_BENCHMARKS(indoor_stairs, IndoorStairs);
TRANSIT_TICK_BENCHMARKS(wall_slide, WallSlide);
TRANSIT_TICK_BENCHMARKS(falling, Falling);

}  // namespace
}  // namespace transit::perf
