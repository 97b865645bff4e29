// A creature's ground speeds from its retail MotionTable (issue 22): retail
// moves a body on walkable ground by its motion table's cycle velocities at
// the interpreted speeds; the jump and a fall off a ledge keep the human
// state velocity. The synthetic creature's table (0x09000001) walks at
// 1.2 m/s, runs at 2.5 and sidesteps at 0.8.
#include <cmath>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dat/data_dir.hpp"
#include "transit/dat/retail_data.hpp"
#include "transit/math/input_error.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/sim/simulation.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/land_defs.hpp"
#include "support/demo_sim.hpp"

namespace transit {
namespace {

using test::kDt;

using ::testing::HasSubstr;

// Run skill 200: run rate (200 / 400 x 11 + 4) / 4 = 2.375.
constexpr float kRunRate = 2.375f;

CycleSpeeds creature_speeds() {
  const dat::testing::DataDir data;
  const dat::RetailData retail = dat::RetailData::open(data.dir.path());
  const dat::Setup setup = retail.setup(0x02000001);
  const dat::MotionTable table = retail.motion_table(setup.default_motion_table);
  return settings_from_setup(setup, {}, &table).cycle_speeds;
}

Simulation flat_runner() {
  SceneDesc scene = test::two_by_two_flat();
  CharacterDesc c;
  c.name = "runner";
  c.position.global = test::kBlockOrigin + Vec3(96.0f, 40.0f, 0.0f);
  scene.characters = {c};
  return Simulation(World::from_scene(scene), scene);
}

// Metres the runner covers north running for `seconds`.
float run_north(Simulation& sim, double seconds) {
  const Vec3 start = sim.character(0).body.position.frame.origin;
  ScriptInput in;
  in.forward = ForwardInput::Run;
  sim.apply(0, in);
  for (int i = 0; i < static_cast<int>(std::lround(seconds / kDt)); ++i) sim.step(kDt);
  const Vec3 end = sim.character(0).body.position.frame.origin;
  EXPECT_NEAR(end.x, start.x, 1e-4f);
  return end.y - start.y;
}

TEST(CycleSpeeds, SettingsFromSetupReadTheCreaturesTable) {
  EXPECT_EQ(creature_speeds(), (CycleSpeeds{1.2f, 2.5f, 0.8f}));
  // A table without a run cycle keeps the human run (and the base's others).
  dat::MotionTable table;
  table.default_style = dat::kStyleNonCombat;
  table.cycles[dat::MotionTable::motion_key(dat::kStyleNonCombat, dat::kMotionWalkForward)] = {
      Vec3(0.0f, 1.5f, 0.0f), std::nullopt, 1};
  EXPECT_EQ(cycle_speeds_of(table), (CycleSpeeds{1.5f, 4.0f, 1.25f}));
}

// Hand-checked: running, 2.5 x 2.375 = 5.9375 m/s; walking, 1.2; backing up
// running, 1.2 x -0.65 x 2.375 = -1.8525; sidestepping running, the speed
// 0.5 x 3.12 / 1.25 x 2.375 = 2.964 (under the cap of 3) x 0.8 = 2.3712.
// Leaving the ground the body keeps retail's human state velocity.
TEST(CycleSpeeds, TheCreaturesGroundVelocityIsItsCyclesAtTheInterpretedSpeeds) {
  MotionInterpreter m(MotionSkills{}, creature_speeds());
  m.set_forward(ForwardCommand::WalkForward, true);
  EXPECT_FLOAT_EQ(m.ground_velocity().y, 2.5f * kRunRate);
  EXPECT_FLOAT_EQ(m.state_velocity().y, 4.0f * kRunRate);
  EXPECT_FLOAT_EQ(m.max_speed(), 4.0f * kRunRate);
  m.set_forward(ForwardCommand::WalkForward, false);
  EXPECT_FLOAT_EQ(m.ground_velocity().y, 1.2f);
  m.set_forward(ForwardCommand::WalkBackward, true);
  EXPECT_NEAR(m.ground_velocity().y, -1.8525f, 1e-5f);
  m.set_forward(ForwardCommand::Ready, true);
  m.set_sidestep(SidestepCommand::Right);
  EXPECT_NEAR(m.ground_velocity().x, 2.3712f, 1e-4f);
}

// The human table's speeds are the animation constants: ground velocity and
// state velocity agree bit for bit for every control.
TEST(CycleSpeeds, AHumansGroundVelocityIsItsStateVelocity) {
  MotionInterpreter m;
  for (ForwardCommand f : {ForwardCommand::Ready, ForwardCommand::WalkForward, ForwardCommand::WalkBackward})
    for (SidestepCommand s : {SidestepCommand::None, SidestepCommand::Left, SidestepCommand::Right})
      for (bool run : {false, true}) {
        m.set_forward(f, run);
        m.set_sidestep(s);
        EXPECT_EQ(m.ground_velocity(), m.state_velocity());
      }
}

// 2 s running north on flat ground: 2 x 2.5 x 2.375 = 11.875 m for the
// creature, 2 x 4 x 2.375 = 19 m for a human.
TEST(CycleSpeeds, TheCreatureRunsAtItsRunCyclesSpeed) {
  Simulation human = flat_runner();
  EXPECT_NEAR(run_north(human, 2.0), 19.0f, 1e-3f);
  Simulation creature = flat_runner();
  creature.set_cycle_speeds(0, creature_speeds());
  EXPECT_NEAR(run_north(creature, 2.0), 11.875f, 1e-3f);
  EXPECT_NEAR(glm::length(creature.character(0).body.cached_velocity), 5.9375f, 1e-3f);
  EXPECT_THROW(creature.set_cycle_speeds(0, {1.0f, -1.0f, 1.0f}), InputError);
  EXPECT_THROW(creature.set_cycle_speeds(0, {1.0f, 1.0f, std::nanf("")}), InputError);
  EXPECT_THROW(creature.set_cycle_speeds(1, {}), InputError);
}

// The checker holds the creature to its own run: its claims every 0.5 s are
// accepted; a claim 6.5 m on in 0.5 s (13 m/s), which a human's allowance
// takes, is too fast for it. Its budget grows at 5.9375 x 1.05 = 6.23 m/s:
// at most 0.62 m left from the run before, 6.23 x 0.5 = 3.12 m and the
// 0.25 m slack, 3.99 m (on flat ground it cannot have left, no slope speeds
// it up); a human's, at 9.975 m/s, is 6.24 m, and a replay of its run ends
// 1.75 m short of the claim, inside the 2 m replay tolerance.
TEST(CycleSpeeds, TheMovementCheckerHoldsTheCreatureToItsRun) {
  Simulation sim = flat_runner();
  const CharacterSettings human = CharacterSettings::from_desc(CharacterDesc{});
  CharacterSettings creature = human;
  creature.cycle_speeds = creature_speeds();
  sim.set_cycle_speeds(0, creature.cycle_speeds);
  const World world = World::from_scene(test::two_by_two_flat());
  const MovementChecker creature_checker(world, creature);
  const MovementChecker human_checker(world, human);
  AcceptedMovement c = creature_checker.start(sim.character(0).body.position, 0.0);
  AcceptedMovement h = human_checker.start(sim.character(0).body.position, 0.0);
  ScriptInput in;
  in.forward = ForwardInput::Run;
  sim.apply(0, in);
  for (int tick = 1; tick <= 60; ++tick) {
    sim.step(kDt);
    if (tick % 15 != 0) continue;
    const MovementClaim claim{tick * kDt, sim.character(0).body.position, {ForwardInput::Run}};
    const ClaimCheck checked = creature_checker.check(c, claim);
    ASSERT_TRUE(checked.accepted()) << claim.t << ": " << checked.reason;
    c = checked.next;
    h = human_checker.check(h, claim).next;
  }
  EXPECT_NEAR(c.position.frame.origin.y - 40.0f, 11.875f, 1e-3f);
  MovementClaim fast{2.5, c.position, {ForwardInput::Run}};
  fast.position.frame.origin.y += 6.5f;
  EXPECT_TRUE(human_checker.check(h, fast).accepted()) << human_checker.check(h, fast).reason;
  const ClaimCheck rejected = creature_checker.check(c, fast);
  EXPECT_EQ(rejected.verdict, ClaimVerdict::TooFast);
  EXPECT_THAT(rejected.reason, HasSubstr("6.50 m in 0.500 s; at most 3.99 m (speed 6.23 m/s)"));
}

}  // namespace
}  // namespace transit
