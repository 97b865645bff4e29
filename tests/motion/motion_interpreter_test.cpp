// MotionInterpreter: retail's speeds, run rate and jump formulas.
#include <cmath>

#include <gtest/gtest.h>

#include "transit/motion/motion_interpreter.hpp"
#include "transit/motion/physics_body.hpp"

namespace transit {
namespace {

TEST(MotionRunRate, FollowsSeed003AndCapsAtSkill800) {
  EXPECT_FLOAT_EQ(run_rate(0.0f, 200.0f), 2.375f);
  EXPECT_FLOAT_EQ(run_rate(0.0f, 0.0f), 1.0f);
  EXPECT_FLOAT_EQ(run_rate(0.0f, 800.0f), 4.5f);
  EXPECT_FLOAT_EQ(run_rate(0.0f, 2000.0f), 4.5f);
  // Burden 1.5 halves the skill part: (0.5 * 5.5 + 4) / 4.
  EXPECT_FLOAT_EQ(run_rate(1.5f, 200.0f), 1.6875f);
}

TEST(JumpFormula, HeightAndVelocityFromSkillAndExtent) {
  EXPECT_NEAR(jump_height(0.0f, 200.0f, 1.0f), 3.01f, 1e-5f);
  EXPECT_FLOAT_EQ(jump_height(0.0f, 200.0f, 0.0f), kMinJumpHeight);
  EXPECT_FLOAT_EQ(jump_height(0.0f, 200.0f, 5.0f), jump_height(0.0f, 200.0f, 1.0f));
  EXPECT_FLOAT_EQ(jump_velocity(0.0f, 200.0f, 1.0f), std::sqrt(3.01f * 19.6f));
}

TEST(MotionSpeeds, RunWalkBackAndSidestep) {
  MotionInterpreter m;  // run skill 200
  m.set_forward(ForwardCommand::WalkForward, true);
  EXPECT_FLOAT_EQ(m.state_velocity().y, 9.5f);
  m.set_forward(ForwardCommand::WalkForward, false);
  EXPECT_FLOAT_EQ(m.state_velocity().y, 3.12f);
  m.set_forward(ForwardCommand::WalkBackward, false);
  EXPECT_FLOAT_EQ(m.state_velocity().y, -3.12f * 0.65f);
  m.set_forward(ForwardCommand::WalkBackward, true);
  EXPECT_FLOAT_EQ(m.state_velocity().y, -3.12f * 0.65f * 2.375f);
  m.set_forward(ForwardCommand::Ready, false);
  m.set_sidestep(SidestepCommand::Right);
  EXPECT_FLOAT_EQ(m.state_velocity().x, 1.25f * 0.5f * 3.12f / 1.25f);
  m.set_sidestep(SidestepCommand::Left);
  m.set_forward(ForwardCommand::WalkForward, true);  // sidestep capped at rate 3, total at 9.5
  EXPECT_NEAR(glm::length(m.state_velocity()), 9.5f, 1e-4f);
  EXPECT_LT(m.state_velocity().x, 0.0f);
}

TEST(MotionSpeeds, TheSpeedFactorScalesTheForwardMotionUpToTheRunSpeed) {
  MotionInterpreter m;  // run skill 200: run rate 2.375, top speed 9.5 m/s
  m.set_forward(ForwardCommand::WalkForward, false, 2.0f);
  EXPECT_FLOAT_EQ(m.state_velocity().y, 2.0f * 3.12f);
  m.set_forward(ForwardCommand::WalkBackward, false, 2.0f);
  EXPECT_FLOAT_EQ(m.state_velocity().y, -2.0f * 0.65f * 3.12f);
  m.set_forward(ForwardCommand::WalkForward, true, 0.5f);
  EXPECT_FLOAT_EQ(m.state_velocity().y, 0.5f * 9.5f);
  m.set_forward(ForwardCommand::WalkForward, true, 2.0f);  // 19 m/s, held to 9.5
  EXPECT_FLOAT_EQ(m.state_velocity().y, 9.5f);
  m.set_forward(ForwardCommand::WalkForward, false);  // a player's keys: speed 1 again
  EXPECT_FLOAT_EQ(m.state_velocity().y, 3.12f);
}

TEST(JumpStart, OnlyFromWalkableGroundWithTheMotionsVelocity) {
  MotionInterpreter m;
  m.set_forward(ForwardCommand::WalkForward, true);
  PhysicsBody air;
  air.calc_acceleration();
  EXPECT_EQ(m.jump(1.0f, air), JumpResult::InTheAir);
  EXPECT_EQ(air.velocity, Vec3(0.0f));

  PhysicsBody ground;
  ground.contact = ground.on_walkable = true;
  ground.contact_plane = ac::CellPlane{Plane{kUnitZ, 0.0f}, 0xA9B40001, false};
  EXPECT_EQ(m.jump(1.0f, ground), JumpResult::Jumped);
  EXPECT_FALSE(ground.on_walkable);
  EXPECT_FLOAT_EQ(ground.velocity.y, 9.5f);
  EXPECT_FLOAT_EQ(ground.velocity.z, std::sqrt(3.01f * 19.6f));
  EXPECT_EQ(ground.acceleration, Vec3(0.0f, 0.0f, kGravity));
}

TEST(JumpStart, RetailGivesNoUpwardSpeedBelowEpsilonExtent) {
  MotionInterpreter m;
  EXPECT_EQ(m.jump_v_z(0.0f), 0.0f);  // CMotionInterp::get_jump_v_z
  EXPECT_FLOAT_EQ(m.jump_v_z(0.0002f), std::sqrt(0.35f * 19.6f));
}

}  // namespace
}  // namespace transit
