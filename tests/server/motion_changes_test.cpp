// Claims that carry the client's motion changes (retail's MoveToState
// messages, with the time each arrived): a server that knows when the
// controls changed holds each stretch of time to its own controls, so a
// teleport against the way a runner is going, or a rise its run cannot
// explain, is rejected where the fastest motion alone lets it through.
#include <cmath>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "server/claim_replay.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// The demo's player on the village pad, its client's claims every 15 ticks
// (0.5 s at 30 Hz) with the changes of its controls since the last claim.
class RunnerTurningBack : public ::testing::Test {
 protected:
  RunnerTurningBack()
      : scene_(facing_west(make_demo_world())),
        world_(World::from_scene(scene_)),
        checker_(world_, CharacterSettings::from_desc(scene_.characters[0])) {}

  static SceneDesc facing_west(SceneDesc scene) {
    scene.characters[0].orientation.heading_deg = 270.0f;
    return scene;
  }

  // Runs west over the open ground by the village, turns round at 360
  // degrees a second from 1.0 to 1.5 s, and runs back east; a claim every
  // 0.5 s up to `until`.
  void run(double until, int turn_from = 30, int turn_to = 45) {
    Simulation sim(World::from_scene(scene_), scene_);
    start_ = sim.character(0).body.position;
    state_ = checker_.start(start_, 0.0, Vec3(0.0f), MotionChange{});
    std::vector<MotionChange> changes;
    const double dt = 1.0 / 30.0;
    for (int tick = 0; tick * dt < until - 1e-9; ++tick) {
      const double now = tick * dt;
      ScriptInput in;
      if (tick == 0) in.forward = ForwardInput::Run;
      if (tick == turn_from) in.turn_deg_per_s = 360.0f;
      if (tick == turn_to) in.turn_deg_per_s = 0.0f;
      if (in.forward || in.turn_deg_per_s) {
        sim.apply(0, in);
        const float turn = tick >= turn_from && tick < turn_to ? 360.0f : 0.0f;
        changes.push_back({now, ForwardInput::Run, StrafeInput::Stop, turn});
      }
      sim.step(dt);
      if ((tick + 1) % 15 != 0) continue;
      MovementClaim claim{(tick + 1) * dt, sim.character(0).body.position, {ForwardInput::Run}, changes};
      changes.clear();
      if (tick + 1 == static_cast<int>(std::lround(until * 30.0))) {
        last_claim_ = claim;
        return;
      }
      const ClaimCheck c = checker_.check(state_, claim);
      ASSERT_TRUE(c.accepted()) << claim.t << ": " << c.reason;
      state_ = c.next;
    }
  }

  // The claim moved `metres` along compass `heading_deg`.
  MovementClaim moved(const MovementClaim& claim, float heading_deg, float metres) const {
    const float r = heading_deg * 3.14159265f / 180.0f;
    const Vec3 by(std::sin(r) * metres, std::cos(r) * metres, 0.0f);
    MovementClaim out = claim;
    out.position = *world_.resolve_global(local_to_global(claim.position.objcell_id, claim.position.frame.origin + by));
    return out;
  }

  SceneDesc scene_;
  World world_;
  MovementChecker checker_;
  Position start_;
  AcceptedMovement state_;
  MovementClaim last_claim_;
};

TEST_F(RunnerTurningBack, ItsClaimsAreAcceptedAndATeleportAgainstItsRunIsNot) {
  run(2.5);
  // At 2.0 s it faces east, back the way it came (half a turn at 360
  // degrees a second for 0.5 s), and its claim 0.5 s later is accepted.
  const float heading = state_.position.frame.heading();
  EXPECT_NEAR(std::abs(std::remainder(heading - start_.frame.heading(), 360.0f)), 180.0f, 1.0f);
  const ClaimCheck honest = checker_.check(state_, last_claim_);
  ASSERT_TRUE(honest.accepted()) << honest.reason;
  // Running at 9.5 m/s it went 4.75 m; 10 m west of there is 5.25 m
  // behind where it was at 2.0 s.
  const float ran = glm::length(get_offset(state_.position, last_claim_.position));
  EXPECT_NEAR(ran, 4.75f, 0.1f);
  const MovementClaim teleport = moved(last_claim_, heading + 180.0f, 10.0f);
  const ClaimCheck c = checker_.check(state_, teleport);
  EXPECT_EQ(c.verdict, ClaimVerdict::TooFast);
  // Nothing of a run that way carries it backwards: only a slope's pull from
  // rest (0.5 x 9.8 x 0.5^2 = 1.225 m), what that pull may have added to its
  // speed in the 0.1 s before the last claim (9.8 x 0.1 x 0.5 = 0.49 m), a
  // wall met head-on bouncing back the elasticity's share of its speed
  // (0.05 x 9.5 x 0.5 = 0.2375 m) and the 0.25 m slack: 2.2025 m.
  EXPECT_THAT(c.reason, HasSubstr("5.25 m in 0.500 s toward -90 degrees"));
  EXPECT_THAT(c.reason, HasSubstr("carry it at most 2.20 m that way"));
  EXPECT_EQ(c.forced, state_.position);
  // Without the changes the claim is held to the fastest motion alone, whose
  // 5 m reach in 0.5 s (and a slope's pull) lets it through.
  AcceptedMovement unknown = state_;
  unknown.controls.reset();
  MovementClaim bare = teleport;
  bare.changes.clear();
  EXPECT_TRUE(checker_.check(unknown, bare).accepted());
}

TEST_F(RunnerTurningBack, ARunHeldThroughTheLastStepLendsNoMomentumBeyondIt) {
  run(1.5, 1000, 1000);  // the state at 1.0 s, running west all along
  const float heading = state_.position.frame.heading();
  ASSERT_TRUE(checker_.check(state_, last_claim_).accepted());
  const MovementClaim teleport = moved(last_claim_, heading + 180.0f, 10.0f);
  const ClaimCheck c = checker_.check(state_, teleport);
  EXPECT_EQ(c.verdict, ClaimVerdict::TooFast);
  // Its last step's velocity is its run, which the controls' reach counts
  // already: no wall met head-on bounces any of it back. A slope's pull
  // from rest (1.225 m), what that pull added in the 0.1 s before the last
  // claim (0.49 m) and the slack: 1.965 m.
  EXPECT_THAT(c.reason, HasSubstr("5.25 m in 0.500 s toward 90 degrees"));
  EXPECT_THAT(c.reason, HasSubstr("carry it at most 1.97 m that way"));
  // Its controls changed at 0.5 s: the step's average may hold the motion
  // before, and the whole of it is taken as momentum (the elasticity's
  // share of 9.5 m/s back over 0.5 s, 0.2375 m more).
  AcceptedMovement changed = state_;
  changed.controls->t = 0.5;
  EXPECT_THAT(checker_.check(changed, teleport).reason, HasSubstr("carry it at most 2.20 m that way"));
}

TEST_F(RunnerTurningBack, TheReplayRunsTheTurnWhenItWasMade) {
  // A turn of 84 degrees from 1.1 to 1.33 s, inside the claim of 1.0 to
  // 1.5 s: the replay of the changes runs it then, in 1/30 s frames as the
  // run did, and ends where the run did; the guesses (the turn even over
  // the half second, or all in one half) end 0.74 m off at best.
  run(1.5, 33, 40);
  const ClaimedMotion motion{ForwardInput::Run};
  MotionChange start{0.0, ForwardInput::Run};
  float with = 0.0f, without = 0.0f;
  const StateVelocities states = state_velocities(checker_.settings().skills);
  const auto end =
      replay_claim(world_, checker_.settings(), state_, last_claim_, {&motion, &start, states}, {1.0f, 1.0f}, &with);
  ASSERT_TRUE(end.has_value());
  EXPECT_LT(end->miss, 0.01f);
  MovementClaim bare = last_claim_;
  bare.changes.clear();
  const auto guessed =
      replay_claim(world_, checker_.settings(), state_, bare, {&motion, nullptr, states}, {1.0f, 1.0f}, &without);
  EXPECT_GT(guessed ? guessed->miss : without, 0.7f);
}

// Dropped 1 m onto the open ground, it jumps as it lands (its client sends
// the jump as it leaves the ground), and the message arrives 0.07 s before
// the frame it landed in ended. At the message's time the replay's body is
// still in the air, where retail makes no jump; it jumps as it lands, and
// ends 0.016 m from the claim (the nearest guess, a jump at an eighth of
// the step, 0.06 m).
TEST_F(RunnerTurningBack, AJumpArrivingJustBeforeItsLandingIsReplayedAsItLands) {
  SceneDesc dropped = scene_;
  dropped.characters[0].position.local.z += 1.0f;
  Simulation sim(World::from_scene(dropped), dropped);
  const AcceptedMovement s = checker_.start(sim.character(0).body.position, 0.0, Vec3(0.0f), MotionChange{});
  const double dt = 1.0 / 30.0;
  int tick = 0;
  for (; !sim.character(0).body.contact; ++tick) {
    sim.step(dt);
    ASSERT_LT(tick, 60) << "no landing";
  }
  const double landed = tick * dt;
  ScriptInput jump;
  jump.jump = 1.0f;
  sim.apply(0, jump);
  for (int k = 0; k < 9; ++k) sim.step(dt);
  const MotionChange sent{landed - 0.07, ForwardInput::Stop, StrafeInput::Stop, 0.0f, true, 1.0f};
  const MovementClaim claim{landed + 9 * dt, sim.character(0).body.position, {ForwardInput::Stop, {}, true}, {sent}};
  // 0.3 s after the jump it is 0.86 m above where it was dropped from.
  EXPECT_NEAR(claim.position.frame.origin.z - s.position.frame.origin.z, 0.86f, 0.01f);
  const ClaimedMotion motion{ForwardInput::Stop, StrafeInput::Stop, true};
  const MotionChange start{};
  const StateVelocities states = state_velocities(checker_.settings().skills);
  float nearest = 0.0f;
  const auto end =
      replay_claim(world_, checker_.settings(), s, claim, {&motion, &start, states}, {1.0f, 1.0f}, &nearest);
  ASSERT_TRUE(end.has_value()) << nearest;
  EXPECT_LT(end->miss, 0.03f);
  EXPECT_GT(end->velocity.z, 0.0f);
}

TEST_F(RunnerTurningBack, ARiseWithoutAJumpIsNoHigherThanTheGroundLifts) {
  run(1.5);  // the state at 1.0 s, running west
  AcceptedMovement s = state_;
  s.budget = 0.0f;  // no travel left over from earlier claims
  // 0.2 s later it claims to be 1.9 m along its run and 1.5 m up, in the air.
  const float heading = s.position.frame.heading();
  MovementClaim up = moved({1.2, s.position, {ForwardInput::Run}, {}}, heading, 1.9f);
  up.position.frame.origin.z += 1.5f;
  // Retail leaves the ground with no speed upwards: over flat ground a run
  // without a jump is no higher than a step up (1.5 x 0.6 m, more than the
  // body's 0.48 m radius) and the 0.25 m slack, 1.15 m. (Before that rule
  // its run, 9.5 m/s x 1.05 x 0.2 s = 1.995 m of path, less the 1.9 m
  // across, bounded it: 1.12 m up and the slack.)
  const ClaimCheck c = checker_.check(s, up);
  EXPECT_EQ(c.verdict, ClaimVerdict::Flying) << c.reason;
  EXPECT_THAT(c.reason, HasSubstr("1.50 m above"));
  EXPECT_THAT(c.reason, HasSubstr("higher than a jump or a step lifts it"));
  EXPECT_EQ(c.forced, s.position);
  // 1 m up is within it.
  MovementClaim lower = up;
  lower.position.frame.origin.z -= 0.5f;
  EXPECT_TRUE(checker_.check(s, lower).accepted());
  // A jump it sent at 1.1 s explains it.
  MovementClaim jumped = up;
  jumped.changes = {{1.1, ForwardInput::Run, StrafeInput::Stop, 0.0f, true, 1.0f}};
  EXPECT_TRUE(checker_.check(s, jumped).accepted()) << checker_.check(s, jumped).reason;
  // Without the changes as well: its run turned upwards (2 m) no longer
  // lifts it where no ground does.
  s.controls.reset();
  EXPECT_EQ(checker_.check(s, up).verdict, ClaimVerdict::Flying);
}

// 0.05 s after a claim on flat ground, 3 m above it.
TEST_F(RunnerTurningBack, NothingLiftsItFasterThanAllOfItsSpeed) {
  run(1.5);  // the state at 1.0 s, running west
  MovementClaim up = moved({1.05, state_.position, {ForwardInput::Run}, {}}, 0.0f, 0.0f);
  up.position.frame.origin.z += 3.0f;
  // All of its speed (its run, 9.5 m/s, and the 5% margin: 9.975 m/s)
  // turned upwards over the 0.05 s and a late claim's 0.1 s burst
  // (1.496 m), a step up (1.5 x 0.6 m) and the 0.25 m slack: 2.646 m.
  const ClaimCheck c = checker_.check(state_, up);
  EXPECT_EQ(c.verdict, ClaimVerdict::Flying) << c.reason;
  EXPECT_THAT(c.reason, HasSubstr("3.00 m above"));
  EXPECT_THAT(c.reason, HasSubstr("all of its speed upwards (9.97 m/s) and a step up lift it at most 2.65 m"));
  EXPECT_EQ(c.forced, state_.position);
  // 2.6 m up is within that bound (other checks reject it).
  up.position.frame.origin.z -= 0.4f;
  EXPECT_THAT(checker_.check(state_, up).reason, Not(HasSubstr("all of its speed upwards")));
}

// A runner that leaps west off the open ground, its claims every 5 ticks
// (1/6 s): once two claims show it flying free, a claim behind where it
// took off is rejected, where all of its speed, taken as turned, let it by.
TEST_F(RunnerTurningBack, ALeapDoesNotLandBehindWhereItFlewFrom) {
  Simulation sim(World::from_scene(scene_), scene_);
  AcceptedMovement s = checker_.start(sim.character(0).body.position, 0.0, Vec3(0.0f), MotionChange{});
  std::vector<MotionChange> changes;
  const double dt = 1.0 / 30.0;
  for (int tick = 0;; ++tick) {
    ScriptInput in;
    if (tick == 0) {
      in.forward = ForwardInput::Run;
      changes.push_back({0.0, ForwardInput::Run});
    }
    if (tick == 15) {
      in.jump = 1.0f;
      changes.push_back({tick * dt, ForwardInput::Run, StrafeInput::Stop, 0.0f, true, 1.0f});
    }
    if (in.forward || in.jump) sim.apply(0, in);
    sim.step(dt);
    if ((tick + 1) % 5 != 0) continue;
    const MovementClaim claim{(tick + 1) * dt, sim.character(0).body.position, {ForwardInput::Run}, changes};
    changes.clear();
    if (s.free_flight) {
      ASSERT_TRUE(checker_.check(s, claim).accepted());
      // 1.2 m behind where it was 1/6 s before, 2.8 m back from its claim.
      const float heading = s.position.frame.heading();
      const Vec3 ahead = get_offset(s.position, claim.position);
      const MovementClaim back = moved(claim, heading + 180.0f, std::hypot(ahead.x, ahead.y) + 1.2f);
      const ClaimCheck c = checker_.check(s, back);
      EXPECT_EQ(c.verdict, ClaimVerdict::TooFast) << c.reason;
      // Its arc carries it no way east: only a slope's pull from rest (0.5
      // x 9.8 x (1/6)^2 = 0.136 m), what that pull may have added in the
      // 0.1 s before the last claim (9.8 x 0.1 / 6 = 0.163 m) and the 0.25 m
      // slack, 0.55 m.
      EXPECT_THAT(c.reason, HasSubstr("1.20 m in 0.167 s toward 90 degrees"));
      EXPECT_THAT(c.reason, HasSubstr("carry it at most 0.55 m that way"));
      EXPECT_EQ(c.forced, s.position);
      // Taken as turned by something it may have met, all of its speed
      // (10.2 m/s, 1.69 m in the step) carries it that way.
      AcceptedMovement met = s;
      met.free_flight = false;
      EXPECT_TRUE(checker_.check(met, back).accepted()) << checker_.check(met, back).reason;
      return;
    }
    const ClaimCheck c = checker_.check(s, claim);
    ASSERT_TRUE(c.accepted()) << claim.t << ": " << c.reason;
    s = c.next;
    ASSERT_LT(claim.t, 2.0) << "no claim in free flight";
  }
}

TEST_F(RunnerTurningBack, ChangesOutOfOrderOrAfterTheClaimAreInvalid) {
  run(1.5);  // the state at 1.0 s, running west
  MovementClaim late = moved({1.1, state_.position, {ForwardInput::Run}, {}}, 0.0f, 0.0f);
  late.changes = {{1.2, ForwardInput::Walk}};
  const ClaimCheck c = checker_.check(state_, late);
  EXPECT_EQ(c.verdict, ClaimVerdict::Invalid);
  EXPECT_THAT(c.reason, HasSubstr("is not at or before the claim's time"));
  late.changes = {{1.05, ForwardInput::Walk}, {1.02, ForwardInput::Stop}};
  EXPECT_THAT(checker_.check(state_, late).reason, HasSubstr("before the one before it"));
}

TEST_F(RunnerTurningBack, TheNextStateHoldsTheLastControls) {
  run(1.5);  // the state at 1.0 s, running west
  ASSERT_TRUE(state_.controls.has_value());
  EXPECT_EQ(state_.controls->forward, ForwardInput::Run);
  MovementClaim walk = moved({1.1, state_.position, {ForwardInput::Run}, {}}, state_.position.frame.heading(), 0.5f);
  walk.changes = {{1.05, ForwardInput::Walk}};
  const ClaimCheck c = checker_.check(state_, walk);
  ASSERT_TRUE(c.accepted()) << c.reason;
  ASSERT_TRUE(c.next.controls.has_value());
  EXPECT_EQ(c.next.controls->forward, ForwardInput::Walk);
  EXPECT_DOUBLE_EQ(c.next.controls->t, 1.05);
}

}  // namespace
}  // namespace transit
