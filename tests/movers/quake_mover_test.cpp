// Quake 2's PM_StepSlideMove and ground movement over transit worlds.
#include "transit/movers/quake/quake_mover.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "movers/box_mover_scenes.hpp"

namespace transit::quake {
namespace {

using namespace transit::test;

constexpr float kEps = kDefaultTraceEpsilon;
constexpr float kHalf = 0.5f;        // 16 units
constexpr float kFeet = 0.75f;       // 24 units below the origin
constexpr float kDt = 1.0f / 30.0f;  // one tick

// A move of PM_StepSlideMove_ alone, in the air, for `time` seconds.
PmoveLocal in_air(const Vec3& origin, const Vec3& velocity, float time) {
  PmoveLocal pm;
  pm.frame = kBlock;
  pm.origin = origin;
  pm.velocity = velocity;
  pm.frametime = time;
  return pm;
}

// Walls x >= 98 (face at x = 98) and y >= 98, and a ceiling z >= 8.
ObjectDesc wall_east() { return box_object(1, {98, 80, -1}, {99, 99, 10}); }
ObjectDesc wall_north() { return box_object(2, {80, 98, -1}, {99, 99, 10}); }
ObjectDesc ceiling() { return box_object(3, {80, 80, 8}, {99, 99, 9}); }

TEST(QuakeSlide, OneWallKeepsTheTangentialVelocity) {
  const World world = World::from_scene(flat_with({wall_east()}));
  const QuakeMover mover;
  PmoveLocal pm = in_air({96, 90, 5}, {10, 5, 0}, 1.0f);
  mover.step_slide_move_(world, pm);
  // PM_ClipVelocity with overbounce 1.01 leaves 1% of the 10 m/s pushing off.
  EXPECT_EQ(pm.velocity.y, 5.0f);
  EXPECT_NEAR(pm.velocity.x, -0.1f, 1e-5f);
  EXPECT_EQ(pm.velocity.z, 0.0f);
  EXPECT_LE(pm.origin.x, 98.0f - kHalf - kEps + 1e-5f);
  EXPECT_NEAR(pm.origin.y, 95.0f, 1e-4f);  // all 5 m/s x 1 s along the wall
}

TEST(QuakeSlide, NinetyDegreeCornerSlidesDownTheCrease) {
  const World world = World::from_scene(flat_with({wall_east(), wall_north()}));
  const QuakeMover mover;
  const float at = 98.0f - kHalf - 0.0005f;  // touching both walls
  PmoveLocal pm = in_air({at, at, 5}, {3, 3, -5}, 0.5f);
  mover.step_slide_move_(world, pm);
  EXPECT_EQ(pm.velocity.x, 0.0f);
  EXPECT_NEAR(pm.velocity.y, -0.03f, 1e-5f);  // the 1% overbounce off the last wall
  EXPECT_EQ(pm.velocity.z, -5.0f);
  EXPECT_NEAR(pm.origin.z, 5.0f - 2.5f, 1e-3f);
  EXPECT_NEAR(pm.origin.x, at, 1e-3f);
  EXPECT_NEAR(pm.origin.y, at, 0.02f);
}

TEST(QuakeSlide, CornerOfThreePlanesStops) {
  const World world = World::from_scene(flat_with({wall_east(), wall_north(), ceiling()}));
  const QuakeMover mover;
  const float at = 98.0f - kHalf - 0.0005f;
  const Vec3 start(at, at, 8.0f - 1.0f - 0.0005f);
  PmoveLocal pm = in_air(start, {3, 3, 5}, 0.5f);
  mover.step_slide_move_(world, pm);
  EXPECT_EQ(pm.velocity, Vec3(0.0f));
  EXPECT_NEAR(glm::length(pm.origin - start), 0.0f, 1e-3f);
}

TEST(QuakeSlide, VelocityTurnedAgainstTheOriginalStopsDead) {
  // Into the corner of two walls at 45 degrees each: clipped against both,
  // the velocity ends pointing back (0, -0.1, 0), so it becomes zero.
  const World world = World::from_scene(flat_with({wall_east(), wall_north()}));
  const QuakeMover mover;
  const float at = 98.0f - kHalf - 0.0005f;
  PmoveLocal pm = in_air({at, at, 5}, {10, 10, 0}, 0.5f);
  mover.step_slide_move_(world, pm);
  EXPECT_EQ(pm.velocity, Vec3(0.0f));
}

TEST(QuakeSlide, PmTimeKeepsThePrimalVelocity) {
  const World world = World::from_scene(flat_with({wall_east()}));
  const QuakeMover mover;
  PmoveLocal pm = in_air({96, 90, 5}, {10, 5, 0}, 1.0f);
  pm.pm_time = true;
  mover.step_slide_move_(world, pm);
  EXPECT_EQ(pm.velocity, Vec3(10, 5, 0));
  EXPECT_LE(pm.origin.x, 98.0f - kHalf);
}

// Walks east at full speed from x = 90 for `ticks` ticks.
BoxMoverState walk_east(const World& world, const QuakeMover& mover, int ticks, float x = 90.0f) {
  BoxMoverState state;
  state.position.objcell_id = outdoor_cell_from_local(kBlock, x, 90);
  state.position.frame.origin = {x, 90, kFeet + 0.001f};
  BoxMoverInput input;
  input.wish_velocity = {20, 0, 0};  // clamped to pm_maxspeed
  for (int i = 0; i < ticks; ++i) mover.step(world, state, input, kDt);
  return state;
}

TEST(QuakeStep, EighteenUnitStepIsClimbedTwentyFourIsNot) {
  const QuakeMover mover;
  const float low = 18.0f / 32.0f;
  const float high = 24.0f / 32.0f;
  const World low_world =
      World::from_scene(flat_with({box_object(1, {96, 80, -1}, {110, 100, low})}));
  const BoxMoverState up = walk_east(low_world, mover, 60);
  EXPECT_GT(up.position.frame.origin.x, 100.0f);
  EXPECT_NEAR(up.position.frame.origin.z, low + kFeet, 0.01f);
  EXPECT_TRUE(up.on_ground);
  const World high_world =
      World::from_scene(flat_with({box_object(1, {96, 80, -1}, {110, 100, high})}));
  const BoxMoverState blocked = walk_east(high_world, mover, 60);
  EXPECT_LT(blocked.position.frame.origin.x, 96.0f - kHalf);
  EXPECT_NEAR(blocked.position.frame.origin.z, kFeet, 0.01f);
}

TEST(QuakeStep, WalksUpA45DegreeRamp) {
  const QuakeMover mover;
  const World world = World::from_scene(flat_with({ramp_object(1, 96, 116, 80, 100, 0, 20)}));
  const BoxMoverState s = walk_east(world, mover, 45);
  // 1.5 s at up to 9.4 m/s: well up the ramp, standing on it.
  EXPECT_GT(s.position.frame.origin.z, 3.0f);
  EXPECT_TRUE(s.on_ground);
  EXPECT_NEAR(s.ground_normal.z, std::sqrt(0.5f), 1e-4f);
}

TEST(QuakeStep, FiftyDegreeSlopeIsNotStoodOn) {
  const QuakeMover mover;
  const float rise = std::tan(50.0f * 3.14159265f / 180.0f);
  const World world =
      World::from_scene(flat_with({ramp_object(1, 96, 106, 80, 100, 0, 10 * rise)}));
  BoxMoverState state;
  const float x = 101.0f;
  const float z = (x + kHalf - 96.0f) * rise + kFeet + 0.01f;
  state.position.objcell_id = outdoor_cell_from_local(kBlock, x, 90);
  state.position.frame.origin = {x, 90, z};
  bool ever_on_ground = false;
  for (int i = 0; i < 30; ++i) {
    mover.step(world, state, BoxMoverInput{}, kDt);
    ever_on_ground = ever_on_ground || (state.on_ground && state.position.frame.origin.x > 96.5f);
  }
  EXPECT_FALSE(ever_on_ground);
  EXPECT_LT(state.position.frame.origin.z, z - 1.0f);  // slid down
  EXPECT_LT(state.position.frame.origin.x, x);
}

TEST(QuakeGround, FrictionStopsAndJumpLeavesTheGround) {
  const QuakeMover mover;
  const World world = World::from_scene(two_by_two_flat());
  BoxMoverState state = walk_east(world, mover, 30);
  EXPECT_NEAR(state.velocity.x, 300.0f / 32.0f, 1e-3f);  // pm_maxspeed
  for (int i = 0; i < 30; ++i) mover.step(world, state, BoxMoverInput{}, kDt);
  EXPECT_EQ(state.velocity, Vec3(0.0f));
  BoxMoverInput jump;
  jump.jump = true;
  mover.step(world, state, jump, kDt);
  EXPECT_FALSE(state.on_ground);
  // A 33 ms frame (whole milliseconds): 270 - 800 x 0.033 = 243.6 units/s,
  // truncated to the 1/8-unit grid.
  EXPECT_EQ(state.velocity.z, 243.5f / 32.0f);
}

TEST(QuakeSnap, OriginAndVelocityEndOnTheEighthUnitGridOutOfSolid) {
  const QuakeMover mover;
  const World world = World::from_scene(two_by_two_flat());
  BoxMoverState state = walk_east(world, mover, 7);
  for (int i = 0; i < 3; ++i) {
    const float o = state.position.frame.origin[i] * 256.0f;
    const float v = state.velocity[i] * 256.0f;
    EXPECT_EQ(o, std::floor(o)) << i;
    EXPECT_EQ(v, std::floor(v)) << i;
  }
  // Touching the floor is solid to Quake 2, so standing is 1/8 unit above it.
  EXPECT_EQ(state.position.frame.origin.z, kFeet + 1.0f / 256.0f);
  EXPECT_TRUE(state.on_ground);
}

TEST(QuakeTimer, PmTimeCountsEightMillisecondUnits) {
  const QuakeMover mover;
  QuakeMemory memory;
  memory.pm_flags = kPmfTimeLand;
  memory.pm_time = 18;
  PmoveLocal pm;
  pm.msec = 50;  // 50 >> 3 = 6 units
  mover.drop_timer(pm, memory);
  EXPECT_EQ(memory.pm_time, 12);
  pm.msec = 7;  // 0 units counts as 1
  mover.drop_timer(pm, memory);
  EXPECT_EQ(memory.pm_time, 11);
  pm.msec = 100;  // 12 units: the timer runs out and takes the flag with it
  mover.drop_timer(pm, memory);
  EXPECT_EQ(memory.pm_time, 0);
  EXPECT_EQ(memory.pm_flags, 0);
}

TEST(QuakeDuck, CrouchingOnTheGroundShrinksTheBoxUntilThereIsRoomToStand) {
  const QuakeMover mover;
  const World world = World::from_scene(flat_with({box_object(1, {89, 89, 1.5f}, {91, 91, 2})}));
  BoxMoverState state = walk_east(world, mover, 1, 90.0f);  // under a slab 1.5 m up
  ASSERT_TRUE(state.on_ground);
  BoxMoverInput crouch;
  crouch.crouch = true;
  mover.step(world, state, crouch, kDt);
  EXPECT_TRUE(state.quake.has(kPmfDucked));
  EXPECT_EQ(mover.shape(state).maxs.z, 4.0f / 32.0f);
  EXPECT_EQ(mover.view_height(state), -2.0f / 32.0f);
  mover.step(world, state, BoxMoverInput{}, kDt);  // 1.75 m tall does not fit under 1.5 m
  EXPECT_TRUE(state.quake.has(kPmfDucked));
  state.position.frame.origin.x = 95.0f;  // out from under it
  mover.step(world, state, BoxMoverInput{}, kDt);
  EXPECT_FALSE(state.quake.has(kPmfDucked));
}

}  // namespace
}  // namespace transit::quake
