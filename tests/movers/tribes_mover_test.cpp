// Tribes 1's Player.UpdatePosition (seed 001) over transit worlds.
#include "transit/movers/tribes/tribes_mover.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "movers/box_mover_scenes.hpp"

namespace transit::tribes {
namespace {

using namespace transit::test;

constexpr float kDt = 1.0f / 30.0f;

BoxMoverState at(const Vec3& origin, const Vec3& velocity) {
  BoxMoverState s;
  s.position.objcell_id = outdoor_cell_from_local(kBlock, origin.x, origin.y);
  s.position.frame.origin = origin;
  s.velocity = velocity;
  return s;
}

// A wall whose west face is x = 98.
World wall_world() {
  return World::from_scene(flat_with({box_object(1, {98, 80, -1}, {99, 100, 10})}));
}

TEST(TribesBounce, HeadOnHitBouncesBackByTheElasticity) {
  const World world = wall_world();
  const TribesMover mover;
  BoxMoverState s = at({96, 90, 5}, {10, 0, 0});
  const UpdateResult r = mover.update_position(world, s, 0.5f, false);
  EXPECT_TRUE(r.collided);
  EXPECT_EQ(r.bumps, 1);
  // impactDot 10: the normal speed becomes exactly ELASTICITY, away from the wall.
  EXPECT_NEAR(s.velocity.x, -mover.settings().elasticity, 1e-5f);
  // 5 m in 1 m slices: the hit came in the 2nd slice (after 1.6 m), so the
  // box restarts there at 97 m and moves back.
  EXPECT_NEAR(s.position.frame.origin.x, 97.0f - 0.1f * (0.5f - 0.16f) - 0.1f * 0.06f, 1e-3f);
  EXPECT_FALSE(r.touched_jumpable);  // a wall's up-dot is 0
}

TEST(TribesBounce, GlancingHitKeepsTheTangentialSpeed) {
  const World world = wall_world();
  const TribesMover mover;
  BoxMoverState s = at({96, 85, 5}, {10, 6, 0});
  mover.update_position(world, s, 0.5f, false);
  EXPECT_NEAR(s.velocity.x, -mover.settings().elasticity, 1e-5f);
  EXPECT_EQ(s.velocity.y, 6.0f);
  EXPECT_NEAR(s.position.frame.origin.y, 85.0f + 3.0f, 1e-3f);
}

TEST(TribesBounce, HardImpactCallsTheDamageCallback) {
  const World world = wall_world();
  std::vector<float> damage;
  const TribesMover mover({}, [&](float d) { damage.push_back(d); });
  BoxMoverState slow = at({96, 90, 5}, {20, 0, 0});
  mover.update_position(world, slow, 0.5f, false);
  EXPECT_TRUE(damage.empty());  // 20 m/s is below MINDAMAGESPEED 25
  BoxMoverState fast = at({96, 90, 5}, {30, 0, 0});
  mover.update_position(world, fast, 0.5f, false);
  ASSERT_EQ(damage.size(), 1u);
  EXPECT_NEAR(damage[0], (30.0f - 25.0f) * 0.005f, 1e-6f);
}

TEST(TribesGround, SlidingDownASlopeAccelerates) {
  // A 30-degree slope falling towards +x, 40 m long.
  const float drop = 40.0f * std::tan(30.0f * 3.14159265f / 180.0f);
  const World world = World::from_scene(flat_with({ramp_object(1, 60, 100, 80, 100, drop, 0)}));
  const TribesMover mover;
  const float x = 62.0f;
  BoxMoverState s = at({x, 90, (100.0f - x - 0.4f) / 40.0f * drop + 0.01f}, {0, 0, 0});
  BoxMoverInput ski;
  ski.ski = true;
  std::vector<float> speeds;
  for (int second = 0; second < 3; ++second) {
    for (int i = 0; i < 30; ++i) mover.step(world, s, ski, kDt);
    speeds.push_back(glm::length(s.velocity));
  }
  EXPECT_GT(speeds[0], 3.0f);  // g sin 30 = 4.9 m/s^2
  EXPECT_GT(speeds[1], speeds[0] + 3.0f);
  EXPECT_GT(speeds[2], speeds[1] + 3.0f);
  EXPECT_GT(s.velocity.x, 0.0f);
  EXPECT_LT(s.velocity.z, 0.0f);
  EXPECT_TRUE(s.on_ground);
}

TEST(TribesGround, StandingStillCrawlsToAStop) {
  const World world = World::from_scene(two_by_two_flat());
  const TribesMover mover;
  BoxMoverState s = at({50, 50, 0.001f}, {0, 0, 0});
  for (int i = 0; i < 30; ++i) mover.step(world, s, BoxMoverInput{}, kDt);
  EXPECT_EQ(s.velocity, Vec3(0.0f));
  EXPECT_TRUE(s.on_ground);
  // The first landing bounces by ELASTICITY (a few mm); then it stays put.
  const Vec3 rest = s.position.frame.origin;
  EXPECT_NEAR(rest.z, 0.001f, 0.01f);
  for (int i = 0; i < 30; ++i) mover.step(world, s, BoxMoverInput{}, kDt);
  EXPECT_EQ(s.position.frame.origin, rest);
  EXPECT_EQ(s.tribes.last_jumpable_normal, Vec3(0, 0, 1));
}

// Two walls meeting at 30 degrees, apex at (100, 90), opening towards -x.
World v_world() {
  const float s = std::sin(15.0f * 3.14159265f / 180.0f);
  const float c = std::cos(15.0f * 3.14159265f / 180.0f);
  const Vec3 apex(100, 90, 0);
  const Vec3 up_end = apex + Vec3(-10 * c, 10 * s, 0);
  const Vec3 down_end = apex + Vec3(-10 * c, -10 * s, 0);
  const Vec3 z(0, 0, 5);
  const Vec3 low(0, 0, -1);
  return World::from_scene(flat_with(
      {quad_object(1, {apex + low, up_end + low, up_end + z, apex + z}, {-s, -c, 0}),
       quad_object(2, {apex + low, down_end + low, down_end + z, apex + z}, {-s, c, 0})}));
}

TEST(TribesSkiBug, SettingChangesOnlyWhatHappensAfterFourBumps) {
  const World world = v_world();
  TribesSettings zero;
  zero.ski_bug = SkiBug::ZeroVelocity;
  TribesSettings ignore;
  ignore.ski_bug = SkiBug::Ignore;
  const TribesMover tribes(zero);
  const TribesMover fixed(ignore);
  // Wedged into the apex at 20 m/s: four bumps run out with time left.
  BoxMoverState a = at({97.5f, 90.05f, 1}, {20, 0, 0});
  BoxMoverState b = a;
  const UpdateResult ra = tribes.update_position(world, a, 0.1f, false);
  const UpdateResult rb = fixed.update_position(world, b, 0.1f, false);
  EXPECT_TRUE(ra.ran_out);
  EXPECT_TRUE(rb.ran_out);
  EXPECT_EQ(ra.bumps, 4);
  EXPECT_EQ(a.position, b.position);
  EXPECT_EQ(a.velocity, Vec3(0.0f));
  EXPECT_GT(glm::length(b.velocity), 1.0f);
  // A plain wall hit does not run out: both settings agree exactly.
  const World wall = wall_world();
  BoxMoverState c = at({96, 90, 5}, {10, 3, 0});
  BoxMoverState d = c;
  EXPECT_FALSE(tribes.update_position(wall, c, 0.5f, false).ran_out);
  EXPECT_FALSE(fixed.update_position(wall, d, 0.5f, false).ran_out);
  EXPECT_EQ(c.position, d.position);
  EXPECT_EQ(c.velocity, d.velocity);
}

}  // namespace
}  // namespace transit::tribes
