// The velocity a checked character carries from one claim to the next. On
// walkable ground its motion moves it and the claims' average is its
// velocity; off it (a jump, a fall, a slide) and until ground friction has
// taken what it landed with, the average is not: a body that started a
// running jump partway through a claim flies at its whole run speed, and
// lands with it. A replay of the claim gives that velocity, or, failing
// one, the claims' average is kept.
#include <cmath>

#include <gtest/gtest.h>

#include "support/test_scenes.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {
namespace {

float horizontal_speed(const Position& a, const Position& b, double dt) {
  const Vec3 d = get_offset(a, b);
  return std::hypot(d.x, d.y) / static_cast<float>(dt);
}

class StandingJump : public ::testing::Test {
 protected:
  StandingJump()
      : scene_(facing_west(make_demo_world())),
        world_(World::from_scene(scene_)),
        checker_(world_, CharacterSettings::from_desc(scene_.characters[0])) {}

  // A fast runner (run skill 800: retail's top run rate, 18 m/s).
  static SceneDesc facing_west(SceneDesc scene) {
    scene.characters[0].orientation.heading_deg = 270.0f;
    scene.characters[0].run_skill = 800.0f;
    return scene;
  }

  // The player stands on the village pad facing west and, 0.2 s in, runs
  // and jumps at once (a tenth of a charge: 0.6 s in the air); its client
  // runs at 30 Hz and claims every `every` s with the changes of its
  // controls.
  void run(double every, double until) {
    Simulation sim(World::from_scene(scene_), scene_);
    AcceptedMovement state = checker_.start(sim.character(0).body.position, 0.0, Vec3(0.0f), MotionChange{});
    std::vector<MotionChange> changes;
    const double dt = 1.0 / 30.0;
    const int claim_ticks = static_cast<int>(std::lround(every / dt));
    Position last = sim.character(0).body.position;
    for (int tick = 0; tick * dt < until - 1e-9; ++tick) {
      const double now = tick * dt;
      if (tick == 6) {
        ScriptInput in;
        in.forward = ForwardInput::Run;
        in.jump = 0.1f;
        sim.apply(0, in);
        changes.push_back({now, ForwardInput::Run, StrafeInput::Stop, 0.0f, true, 0.1f});
      }
      sim.step(dt);
      if ((tick + 1) % claim_ticks != 0) continue;
      const Position& at = sim.character(0).body.position;
      MovementClaim claim{(tick + 1) * dt, at, {ForwardInput::Run}, changes};
      changes.clear();
      fastest_ = std::max(fastest_, horizontal_speed(last, at, every));
      last = at;
      const ClaimCheck c = checker_.check(state, claim);
      ASSERT_TRUE(c.accepted()) << claim.t << " s: " << c.reason;
      state = c.next;
      ++accepted_;
    }
  }

  SceneDesc scene_;
  World world_;
  MovementChecker checker_;
  float fastest_ = 0.0f;  // m/s across the ground between two claims
  int accepted_ = 0;
};

TEST_F(StandingJump, ItsLandingWithTheWholeRunSpeedIsAccepted) {
  // Claims every 0.6 s: the first (0 to 0.6 s) averages two thirds of the
  // 18 m/s it flies at from 0.2 s; the second lands with that speed on top
  // of the run's (about 25 m/s across the claim), farther than
  // the bounds allow (18.9 m/s and 0.1 s of burst); a replay from the
  // velocity it flew at explains it, one from the claims' average ends
  // 3.7 m short.
  run(0.6, 2.4);
  EXPECT_EQ(accepted_, 4);
  EXPECT_GT(fastest_, 24.0f);
}

TEST_F(StandingJump, ItsClaimsAreAcceptedAtOtherClaimRates) {
  for (const double every : {0.2, 0.3, 0.4, 0.8}) {
    SCOPED_TRACE(every);
    accepted_ = 0;
    run(every, 2.4);
    EXPECT_EQ(accepted_, static_cast<int>(std::lround(2.4 / every)));
  }
}

// The flat landblocks (169..170, 180..181) with a human at `local` (metres
// in landblock (169, 180)).
SceneDesc flat_with_human(const Vec3& local) {
  SceneDesc scene = test::two_by_two_flat();
  CharacterDesc human;
  human.name = "human";
  human.position.global = test::kBlockOrigin + local;
  scene.characters.push_back(human);
  return scene;
}

// Ground friction takes a body's velocity unless it leaves the ground's
// plane at 0.25 m/s or more (retail's calc_friction; a body gliding so over
// ground falling away under it keeps it: the soak's cases in
// ClaimSoak.BodiesGlidingOnWithoutFrictionAreAccepted). Over flat ground
// it never does: a human set moving at 9 m/s with no controls stops within
// a second, and claims gliding on at 9 m/s are rejected within 2 s.
TEST(Glide, OverFlatGroundFrictionStopsItAndAGlideOnIsRejected) {
  const SceneDesc scene = flat_with_human({20.0f, 96.0f, 0.0f});
  const World world = World::from_scene(scene);
  const MovementChecker checker(world, CharacterSettings::from_desc(scene.characters[0]));

  Simulation sim(World::from_scene(scene), scene);
  sim.step(1.0 / 30.0);
  const Position from = sim.character(0).body.position;
  sim.character(0).body.velocity = Vec3(9.0f, 0.0f, 0.0f);
  AcceptedMovement state = checker.start(from, 0.0, Vec3(9.0f, 0.0f, 0.0f));
  for (int k = 1; k <= 15; ++k) {
    for (int f = 0; f < 6; ++f) sim.step(1.0 / 30.0);
    const ClaimCheck c = checker.check(state, {0.2 * k, sim.character(0).body.position, {}});
    ASSERT_TRUE(c.accepted()) << 0.2 * k << " s: " << c.reason;
    state = c.next;
  }
  EXPECT_LT(get_offset(from, sim.character(0).body.position).x, 4.0f);

  state = checker.start(from, 0.0, Vec3(9.0f, 0.0f, 0.0f));
  double refused = 0.0;
  for (int k = 1; k <= 15 && refused == 0.0; ++k) {
    const Position at = *world.resolve_global(local_to_global(from.objcell_id, from.frame.origin) +
                                              Vec3(1.8f * static_cast<float>(k), 0.0f, 0.0f));
    const ClaimCheck c = checker.check(state, {0.2 * k, at, {}});
    if (!c.accepted()) {
      refused = 0.2 * k;
      EXPECT_EQ(c.verdict, ClaimVerdict::TooFast) << c.reason;
    }
    state = c.next;
  }
  EXPECT_GT(refused, 0.0);
  EXPECT_LE(refused, 2.0);
}

// A body falling off walkable ground may have had its fall's speed turned
// across by a slope or ledge it met, but only once its arc may have met
// one. Falling at 30 m/s 3 m above flat ground, 0.232 s on it may be 3 m
// across on the ground, not 8: it flew the first third of the step
// straight down. Before, the fall's whole speed went across for the whole
// step, with the 0.1 s burst carried from the fall on top (a soak's ball so
// falling was let 10 m across).
TEST(TurnedFall, ItsSpeedGoesAcrossOnlyOnceItsArcMayHaveMetSomething) {
  const SceneDesc scene = flat_with_human({96.0f, 96.0f, 3.0f});
  const World world = World::from_scene(scene);
  const MovementChecker checker(world, CharacterSettings::from_desc(scene.characters[0]));
  const auto at = [&](float across, float z) {
    return *world.resolve_global(test::kBlockOrigin + Vec3(96.0f + across, 96.0f, z));
  };
  const AcceptedMovement falling = checker.start(at(0.0f, 3.0f), 0.0, Vec3(0.0f, 0.0f, -30.0f));
  ASSERT_FALSE(falling.supported);
  const ClaimCheck near = checker.check(falling, {0.232, at(3.0f, 0.0f), {}});
  EXPECT_TRUE(near.accepted()) << near.reason;
  const ClaimCheck far = checker.check(falling, {0.232, at(8.0f, 0.0f), {}});
  EXPECT_EQ(far.verdict, ClaimVerdict::TooFast) << far.reason;
}

// A body that flew free and landed on flat ground met nothing on the way
// that could turn its velocity: it carries it on the way it flew, and what
// it keeps of it goes no other way (its controls, known, move it any way
// they face). A human thrown across at 18 m/s from 1.5 m up, with no
// controls, lands 0.55 s later; 0.3 s after the claim that shows it landed
// a claim 3 m behind where it landed is too fast. Before, a landing counted
// as a turn and all of its 18 m/s went any way (a soak's runner landing at
// 18 m/s was let 10 m sideways in 0.23 s).
TEST(LandedFlight, ItsVelocityGoesOnTheWayItFlew) {
  const SceneDesc scene = flat_with_human({96.0f, 96.0f, 1.5f});
  const World world = World::from_scene(scene);
  const MovementChecker checker(world, CharacterSettings::from_desc(scene.characters[0]));
  Simulation sim(World::from_scene(scene), scene);
  sim.character(0).body.velocity = Vec3(18.0f, 0.0f, 0.0f);
  AcceptedMovement state =
      checker.start(sim.character(0).body.position, 0.0, Vec3(18.0f, 0.0f, 0.0f), MotionChange{});
  Position landed;
  for (int k = 1; k <= 3; ++k) {
    for (int f = 0; f < 6; ++f) sim.step(1.0 / 30.0);
    landed = sim.character(0).body.position;
    const ClaimCheck c = checker.check(state, {0.2 * k, landed, {}});
    ASSERT_TRUE(c.accepted()) << 0.2 * k << " s: " << c.reason;
    state = c.next;
  }
  ASSERT_TRUE(state.supported && state.on_walkable);
  for (int f = 0; f < 9; ++f) sim.step(1.0 / 30.0);
  const Position ahead = sim.character(0).body.position;
  EXPECT_TRUE(checker.check(state, {0.9, ahead, {}}).accepted());
  const Position behind =
      *world.resolve_global(local_to_global(landed.objcell_id, landed.frame.origin) + Vec3(-3.0f, 0.0f, 0.0f));
  const ClaimCheck back = checker.check(state, {0.9, behind, {}});
  EXPECT_EQ(back.verdict, ClaimVerdict::TooFast) << back.reason;
}

// A long fall whose client's frames leave remainders shorter than
// retail's least quantum (1/30 s) to the next: frames of 0.073, 0.222,
// 0.092 and 0.219 s, claimed every four, leave up to 0.033 s of physics
// not yet run at a claim, which no replay of the claim's time in even
// frames leaves: the body is up to 0.033 s behind its arc, 1.4 m at 43 m/s. Every
// claim of the fall from 150 m is accepted; one 3.5 m above where it fell
// to at 4.85 s is not.
TEST(LaggingFall, AFallBehindItsArcByAQuantumIsAccepted) {
  const SceneDesc scene = flat_with_human({96.0f, 96.0f, 150.0f});
  const World world = World::from_scene(scene);
  const MovementChecker checker(world, CharacterSettings::from_desc(scene.characters[0]));
  Simulation sim(World::from_scene(scene), scene);
  AcceptedMovement state = checker.start(sim.character(0).body.position, 0.0);
  AcceptedMovement before = state;
  double t = 0.0;
  float behind = 0.0f;  // metres above the arc, at most
  for (int k = 0; k < 8; ++k) {
    for (const double frame : {0.073, 0.222, 0.092, 0.219}) {
      sim.step(frame);
      t += frame;
    }
    const ClaimCheck c = checker.check(state, {t, sim.character(0).body.position, {}});
    ASSERT_TRUE(c.accepted()) << t << " s: " << c.reason;
    before = state;
    state = c.next;
    const float arc = 150.0f - 0.5f * 9.8f * static_cast<float>(t * t);
    behind = std::max(behind, sim.character(0).body.position.frame.origin.z - arc);
  }
  EXPECT_GT(behind, 1.3f);
  EXPECT_LT(behind, 1.7f);
  Position higher = sim.character(0).body.position;
  higher.frame.origin.z += 3.5f;
  EXPECT_EQ(checker.check(before, {t, higher, {}}).verdict, ClaimVerdict::Flying);
}

}  // namespace
}  // namespace transit
