// PhysicsBody: retail's integration, gravity, friction, clamps and quanta.
#include <cmath>

#include <gtest/gtest.h>

#include "transit/motion/body_update.hpp"
#include "transit/motion/physics_body.hpp"

namespace transit {
namespace {

PhysicsBody falling_body() {
  PhysicsBody body;
  body.calc_acceleration();
  return body;
}

PhysicsBody standing_body() {
  PhysicsBody body;
  body.contact = true;
  body.on_walkable = true;
  body.contact_plane = ac::CellPlane{Plane{kUnitZ, 0.0f}, 0xA9B40001, false};
  body.calc_acceleration();
  return body;
}

TEST(PhysicsBody, GravityOnlyOffWalkableGround) {
  EXPECT_EQ(falling_body().acceleration, Vec3(0.0f, 0.0f, kGravity));
  EXPECT_EQ(standing_body().acceleration, Vec3(0.0f));
  PhysicsBody floating = falling_body();
  floating.shape.flags &= ~kFlagGravity;
  floating.calc_acceleration();
  EXPECT_EQ(floating.acceleration, Vec3(0.0f));
}

TEST(PhysicsBody, IntegratesPositionBeforeVelocity) {
  PhysicsBody body = falling_body();
  body.velocity = {1.0f, 0.0f, 5.0f};
  Frame frame;
  body.integrate(0.1f, frame);
  // position += v q + a q^2 / 2, then v += a q
  EXPECT_FLOAT_EQ(frame.origin.x, 0.1f);
  EXPECT_FLOAT_EQ(frame.origin.z, 0.5f - 0.049f);
  EXPECT_FLOAT_EQ(body.velocity.z, 5.0f - 0.98f);
}

TEST(PhysicsBody, AtRestTheFirstQuantumOnlyGainsVelocity) {
  PhysicsBody body = falling_body();
  Frame frame;
  body.integrate(0.1f, frame);
  EXPECT_EQ(frame.origin, Vec3(0.0f));
  EXPECT_FLOAT_EQ(body.velocity.z, -0.98f);
}

TEST(PhysicsBody, GroundFrictionDecaysVelocityByPowerOfQuantum) {
  PhysicsBody body = standing_body();
  body.velocity = {4.0f, 0.0f, -1.0f};  // the part into the ground goes first
  Frame frame;
  body.integrate(0.5f, frame);
  EXPECT_FLOAT_EQ(body.velocity.x, 4.0f * std::pow(0.05f, 0.5f));
  EXPECT_FLOAT_EQ(body.velocity.z, 0.0f);
}

TEST(PhysicsBody, VelocityIsClampedToFiftyAndSmallVelocityStops) {
  PhysicsBody fast = falling_body();
  fast.velocity = {0.0f, 0.0f, -80.0f};
  Frame frame;
  fast.integrate(0.01f, frame);
  EXPECT_NEAR(frame.origin.z, -0.5f - 0.00049f, 1e-5f);
  PhysicsBody slow = standing_body();
  slow.velocity = {0.2f, 0.0f, 0.0f};
  slow.integrate(0.01f, frame);
  EXPECT_EQ(slow.velocity, Vec3(0.0f));
}

TEST(PhysicsBody, MovingAwayFromTheContactPlaneIsNotContact) {
  PhysicsBody body = standing_body();
  EXPECT_TRUE(body.transition_contact().contact);
  body.velocity = {0.0f, 0.0f, 3.0f};
  const ac::AcContact c = body.transition_contact();
  EXPECT_FALSE(c.contact);
  EXPECT_TRUE(c.contact_plane.has_value());  // kept as the last known plane
}

TEST(PhysicsBody, QuantaOfLongFramesHugeFramesAndShortFrames) {
  QuantumOptions options;
  bool dropped = false;
  double pending = 0.5;
  QuantumPlan q = plan_quanta(pending, options, dropped);
  ASSERT_EQ(q.size(), 5u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(q[i], kMaxQuantum);
  EXPECT_NEAR(q[4], 0.1f, 1e-6f);
  EXPECT_EQ(pending, 0.0);

  pending = 0.42;  // the remainder 0.02 is under MinQuantum: kept for the next frame
  q = plan_quanta(pending, options, dropped);
  EXPECT_EQ(q.size(), 4u);
  EXPECT_NEAR(pending, 0.02, 1e-6);

  pending = 0.02;  // a frame up to MaxQuantum is integrated whole
  q = plan_quanta(pending, options, dropped);
  ASSERT_EQ(q.size(), 1u);
  EXPECT_FLOAT_EQ(q[0], 0.02f);

  pending = 2.5;
  q = plan_quanta(pending, options, dropped);
  EXPECT_TRUE(q.empty());
  EXPECT_TRUE(dropped);
  EXPECT_EQ(pending, 0.0);

  pending = 0.0001;
  EXPECT_TRUE(plan_quanta(pending, options, dropped).empty());
  EXPECT_FALSE(dropped);
}

}  // namespace
}  // namespace transit
