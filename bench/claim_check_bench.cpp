// A server's movement checks: claims per second on one and two threads,
// for the demo player running over terrain (the first 15 s of its tour:
// flat ground, a knoll, hills) and over its whole tour (stairs, rooms, a
// jump off a balcony, walls, water), one claim a 1/30 s tick; also with
// each claim carrying the changes of controls since the last; and the
// terrain run's claims each turned into a teleport, which are rejected.
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

  // With `changes`, each claim also carries the changes of controls since
  // the last (retail's MoveToState messages).
  ClaimSet(double seconds, bool changes) {
    Simulation sim(World::from_scene(scene), scene);
    ScriptDesc script = make_demo_script();
    script.duration = seconds;
    const std::vector<ScriptInput>& inputs = script.inputs.at("player");
    std::size_t next = 0;
    ClaimedMotion held;
    MotionChange sent;
    AcceptedMovement state = checker.start(sim.character(0).body.position, 0.0, Vec3(0.0f),
                                           changes ? std::optional<MotionChange>(sent) : std::nullopt);
    for (long long tick = 0; tick < script_ticks(script); ++tick) {
      const double now = static_cast<double>(tick) * script.dt;
      std::vector<MotionChange> since;
      for (; next < inputs.size() && inputs[next].t <= now + 1e-6; ++next) {
        const ScriptInput& in = inputs[next];
        if (in.forward) held.forward = sent.forward = *in.forward;
        if (in.strafe) held.strafe = sent.strafe = *in.strafe;
        if (in.turn_deg_per_s) sent.turn_deg_per_s = *in.turn_deg_per_s;
        sent.jumped = in.jump.has_value();
        sent.jump_extent = in.jump.value_or(1.0f);
        sent.t = now;
        if (changes) since.push_back(sent);
        sim.apply(0, in);
      }
      sim.step(script.dt);
      ClaimedMotion m = held;
      for (const SimEvent& e : sim.take_events()) m.jumped |= e.kind == SimEventKind::Jumped && e.character == 0;
      const MovementClaim claim{now + script.dt, sim.character(0).body.position, m, std::move(since)};
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
  static const ClaimSet set(15.0, false);
  check_all(state, set);
}
void BM_ClaimCheck_Tour(benchmark::State& state) {
  static const ClaimSet set(145.0, false);
  check_all(state, set);
}
void BM_ClaimCheck_TerrainWithChanges(benchmark::State& state) {
  static const ClaimSet set(15.0, true);
  check_all(state, set);
}
void BM_ClaimCheck_TourWithChanges(benchmark::State& state) {
  static const ClaimSet set(145.0, true);
  check_all(state, set);
}
// Each claim of the terrain run 10 m across and 1 m above where the run
// went (a teleport): rejected after every replay has been tried, which is
// what a cheat costs a server, or a client sending nothing else. The
// `replayed` counter is the share rejected by a check the replays run for
// (too fast, flying; not under the terrain).
void BM_ClaimCheck_TerrainTeleport(benchmark::State& state) {
  static const ClaimSet set(15.0, false);
  static const std::vector<MovementClaim> teleports = [] {
    std::vector<MovementClaim> out = set.claims;
    for (MovementClaim& c : out) {
      Vec3& o = c.position.frame.origin;
      o.x += o.x < 96.0f ? 10.0f : -10.0f;
      o.z += 1.0f;
    }
    return out;
  }();
  std::size_t i = 0;
  std::int64_t replayed = 0;
  for (auto _ : state) {
    const ClaimCheck c = set.checker.check(set.last[i], teleports[i]);
    replayed += c.verdict == ClaimVerdict::TooFast || c.verdict == ClaimVerdict::Flying;
    if (++i == set.claims.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["replayed"] = static_cast<double>(replayed) / static_cast<double>(state.iterations());
}

// The same claims checked 64 at a time as one frame's batch of a crowd
// (check_claims with a ClaimCrowd), each batch's claims 97 ticks apart
// along the run so that no character is near another: what a server pays
// beyond check() when nobody is in anybody's way.
void BM_ClaimCheck_TerrainCrowd(benchmark::State& state) {
  static const ClaimSet set(15.0, false);
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
BENCHMARK(BM_ClaimCheck_TerrainTeleport)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ClaimCheck_TerrainCrowd)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ClaimCheck_TerrainWithChanges)->Threads(1)->Threads(2)->UseRealTime()->Unit(benchmark::kNanosecond);
BENCHMARK(BM_ClaimCheck_TourWithChanges)->Threads(1)->Threads(2)->UseRealTime()->Unit(benchmark::kNanosecond);

}  // namespace
}  // namespace transit
