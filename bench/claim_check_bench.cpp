// A server's movement checks: claims per second on one and two threads,
// for the demo player running over terrain (the first 15 s of its tour:
// flat ground, a knoll, hills) and over its whole tour (stairs, rooms, a
// jump off a balcony, walls, water), one claim a 1/30 s tick.
#include <benchmark/benchmark.h>

#include "transit/server/claim_crowd.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/sim/trajectory.hpp"
#include "transit/world/demo_world.hpp"

namespace transit {
namespace {

struct ClaimSet {
  SceneDesc scene = make_demo_world();
  World world = World::from_scene(scene);
  MovementChecker checker{world, CharacterSettings::from_desc(scene.characters[0])};
  std::vector<AcceptedMovement> last;
  std::vector<MovementClaim> claims;

  explicit ClaimSet(double seconds) {
    Simulation sim(World::from_scene(scene), scene);
    ScriptDesc script = make_demo_script();
    script.duration = seconds;
    const std::vector<ScriptInput>& inputs = script.inputs.at("player");
    std::size_t next = 0;
    ClaimedMotion held;
    AcceptedMovement state = checker.start(sim.character(0).body.position, 0.0);
    for (long long tick = 0; tick < script_ticks(script); ++tick) {
      const double now = static_cast<double>(tick) * script.dt;
      for (; next < inputs.size() && inputs[next].t <= now + 1e-6; ++next) {
        if (inputs[next].forward) held.forward = *inputs[next].forward;
        sim.apply(0, inputs[next]);
      }
      sim.step(script.dt);
      ClaimedMotion m = held;
      for (const SimEvent& e : sim.take_events()) m.jumped |= e.kind == SimEventKind::Jumped && e.character == 0;
      const MovementClaim claim{now + script.dt, sim.character(0).body.position, m};
      last.push_back(state);
      claims.push_back(claim);
      state = checker.check(state, claim).next;
    }
  }
};

void check_all(benchmark::State& state, const ClaimSet& set) {
  std::size_t i = static_cast<std::size_t>(state.thread_index()) * 97;
  for (auto _ : state) {
    const ClaimCheck c = set.checker.check(set.last[i], set.claims[i]);
    benchmark::DoNotOptimize(c.verdict);
    if (++i == set.claims.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_ClaimCheck_Terrain(benchmark::State& state) {
  static const ClaimSet set(15.0);
  check_all(state, set);
}
void BM_ClaimCheck_Tour(benchmark::State& state) {
  static const ClaimSet set(145.0);
  check_all(state, set);
}
// The same claims checked 64 at a time as one frame's batch of a crowd
// (check_claims with a ClaimCrowd), each batch's claims 97 ticks apart
// along the run so that no character is near another: what a server pays
// beyond check() when nobody is in anybody's way.
void BM_ClaimCheck_TerrainCrowd(benchmark::State& state) {
  static const ClaimSet set(15.0);
  constexpr std::size_t kBatch = 64;
  ClaimCrowd crowd(set.world);
  std::vector<CrowdClaim> batch(kBatch);
  std::vector<ClaimCheck> out(kBatch);
  std::size_t first = 0;
  for (auto _ : state) {
    for (std::size_t k = 0; k < kBatch; ++k) {
      const std::size_t i = (first + k * 97) % set.claims.size();
      batch[k] = {&set.checker, set.last[i], set.claims[i]};
    }
    check_claims(crowd, batch, {}, out);
    benchmark::DoNotOptimize(out.data());
    first = (first + 1) % set.claims.size();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kBatch));
}

BENCHMARK(BM_ClaimCheck_Terrain)->Threads(1)->Threads(2)->UseRealTime()->Unit(benchmark::kNanosecond);
BENCHMARK(BM_ClaimCheck_Tour)->Threads(1)->Threads(2)->UseRealTime()->Unit(benchmark::kNanosecond);
BENCHMARK(BM_ClaimCheck_TerrainCrowd)->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace transit
