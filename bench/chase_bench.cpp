// A server's creatures at 30 Hz (issue 22): 10,000 creatures chasing 1,000
// players who run in circles over 8 x 8 flat landblocks, every creature
// with retail's move-to re-aiming at its player and a give-up policy. One
// iteration is one step of everyone; ns_per_creature_tick divides it by
// the creatures (the players' own steps included), transitions_per_tick
// counts the AC transitions run.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "transit/sim/simulation.hpp"
#include "transit/world/land_defs.hpp"
#include "workload/flat_landblocks.hpp"

namespace transit::perf {
namespace {

constexpr int kPlayers = 1000;
constexpr int kCreaturesPerPlayer = 10;
constexpr double kTick = 1.0 / 30.0;
constexpr int kLandblocks = 8;
constexpr float kOrigin = 100.0f * 192.0f;

SceneDesc chase_scene() {
  SceneDesc scene = flat_landblocks(100, 100, kLandblocks, kLandblocks);
  const float side = static_cast<float>(kLandblocks) * 192.0f;
  for (int p = 0; p < kPlayers; ++p) {
    // Players on a 32 x 32 grid 46 m apart, creatures in a ring 12-21 m round each.
    const float px = kOrigin + 24.0f + static_cast<float>(p % 32) * (side - 48.0f) / 31.0f;
    const float py = kOrigin + 24.0f + static_cast<float>(p / 32) * (side - 48.0f) / 31.0f;
    CharacterDesc player;
    player.name = fmt::format("p{}", p);
    player.position.global = Vec3(px, py, 0.0f);
    player.orientation.heading_deg = static_cast<float>((p * 37) % 360);
    scene.characters.push_back(player);
    for (int k = 0; k < kCreaturesPerPlayer; ++k) {
      const float angle = static_cast<float>(k) * 0.628f;
      const float r = 12.0f + static_cast<float>(k);
      CharacterDesc c;
      c.name = fmt::format("c{}_{}", p, k);
      c.position.global = Vec3(px + r * std::cos(angle), py + r * std::sin(angle), 0.0f);
      c.flags = kFlagEdgeSlide | kFlagGravity | kFlagCreature;
      scene.characters.push_back(c);
    }
  }
  return scene;
}

std::size_t player_index(int p) { return static_cast<std::size_t>(p) * (kCreaturesPerPlayer + 1); }

std::unique_ptr<Simulation> make_chase(SimScheduling scheduling) {
  static const SceneDesc scene = chase_scene();
  SimulationOptions options;
  options.scheduling = scheduling;
  auto sim = std::make_unique<Simulation>(World::from_scene(scene), scene, options);
  MoveToParams chase;
  chase.can_walk = false;
  GiveUpPolicy policy;
  for (int p = 0; p < kPlayers; ++p) {
    ScriptInput run;
    run.forward = ForwardInput::Run;
    run.turn_deg_per_s = 20.0f + static_cast<float>(p % 7) * 5.0f;
    sim->apply(player_index(p), run);
    for (int k = 1; k <= kCreaturesPerPlayer; ++k) {
      const std::size_t creature = player_index(p) + static_cast<std::size_t>(k);
      sim->set_give_up(creature, policy);
      sim->move_to_character(creature, player_index(p), chase);
    }
  }
  return sim;
}

void BM_Simulation_Chase(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  const auto scheduling = static_cast<SimScheduling>(state.range(1));
  auto sim = make_chase(scheduling);
  sim->set_threads(threads);
  std::vector<SimEvent> events;
  for (int i = 0; i < 60; ++i) {  // two seconds: every chase under way
    sim->step(kTick);
    sim->take_events(events);
  }
  double transitions = 0.0;
  for (auto _ : state) {
    sim->step(kTick);
    sim->take_events(events);
    state.PauseTiming();
    for (std::size_t i = 0; i < sim->size(); ++i) transitions += sim->transitions(i);
    state.ResumeTiming();
  }
  const double ticks = static_cast<double>(state.iterations());
  const double creatures = static_cast<double>(kPlayers * kCreaturesPerPlayer);
  state.counters["ns_per_creature_tick"] = benchmark::Counter(
      ticks * creatures * 1e-9, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["transitions_per_tick"] = transitions / ticks;
  state.counters["realtime_30hz_share"] =
      benchmark::Counter(ticks * kTick, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Simulation_Chase)
    ->ArgNames({"threads", "landblock_groups"})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({2, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);

}  // namespace
}  // namespace transit::perf
