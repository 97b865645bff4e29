#include "geom/sphere_primitives.hpp"

#include <gtest/gtest.h>

namespace transit {
namespace {

const Sphere kUnitSphere{{0, 0, 0}, 1.0f};

TEST(SpherePrimitives, RayEntersSphereHeadOn) {
  float time = -1.0f;
  ASSERT_TRUE(sphere_intersects_ray(kUnitSphere, Ray{{-5, 0, 0}, {1, 0, 0}, 10.0f}, time));
  // delta (-5,0,0): c = 25 - 1 = 24, b = 5, disc = 25 - 24 = 1, time = (5 - 1) / 1 = 4 (x = -1).
  EXPECT_FLOAT_EQ(time, 4.0f);
}

TEST(SpherePrimitives, RayMissingSphere) {
  float time = -1.0f;
  // delta (-5,2,0): c = 25 + 4 - 1 = 28, b = 5, disc = 25 - 28 < 0.
  EXPECT_FALSE(sphere_intersects_ray(kUnitSphere, Ray{{-5, 2, 0}, {1, 0, 0}, 10.0f}, time));
}

TEST(SpherePrimitives, RayTangentToSphereCounts) {
  float time = -1.0f;
  // delta (-5,1,0): c = 25 + 1 - 1 = 25, b = 5, disc = 25 - 25 = 0 (not < 0): touch at x = 0.
  ASSERT_TRUE(sphere_intersects_ray(kUnitSphere, Ray{{-5, 1, 0}, {1, 0, 0}, 10.0f}, time));
  EXPECT_FLOAT_EQ(time, 5.0f);
}

TEST(SpherePrimitives, RayStartingInsideOrOnSphereNeverHits) {
  float time = -1.0f;
  EXPECT_FALSE(sphere_intersects_ray(kUnitSphere, Ray{{0.5f, 0, 0}, {1, 0, 0}, 1.0f}, time));
  // On the surface: c = 1 - 1 = 0, and c <= 0 is rejected.
  EXPECT_FALSE(sphere_intersects_ray(kUnitSphere, Ray{{-1, 0, 0}, {1, 0, 0}, 1.0f}, time));
}

TEST(SpherePrimitives, SphereBehindRayGivesNegativeTime) {
  float time = 0.0f;
  // delta (5,0,0): c = 24, b = -5, disc = 1; b <= root, so time = (-5 + 1) / 1 = -4.
  ASSERT_TRUE(sphere_intersects_ray(kUnitSphere, Ray{{5, 0, 0}, {1, 0, 0}, 10.0f}, time));
  EXPECT_FLOAT_EQ(time, -4.0f);
}

TEST(SpherePrimitives, RayTimeIsInUnitsOfDirectionLength) {
  float time = -1.0f;
  // dir (2,0,0): dir_sq 4, b = 10, disc = 100 - 24 * 4 = 4, time = (10 - 2) / 4 = 2 (i.e. 4 m).
  ASSERT_TRUE(sphere_intersects_ray(kUnitSphere, Ray{{-5, 0, 0}, {2, 0, 0}, 10.0f}, time));
  EXPECT_FLOAT_EQ(time, 2.0f);
}

TEST(SpherePrimitives, RayWithTinyDirectionIsRejected) {
  float time = -1.0f;
  // |dir|^2 = 0.0001 < kEpsilon.
  EXPECT_FALSE(sphere_intersects_ray(kUnitSphere, Ray{{-5, 0, 0}, {0.01f, 0, 0}, 1.0f}, time));
  EXPECT_EQ(time, 0.0f);
}

// find_time_of_collision: sphere_pos is the moving sphere's centre relative to the other one.

TEST(SpherePrimitives, TimeOfCollisionHeadOn) {
  // p = (-5,0,0), m = (10,0,0): gap = 25 - 1 = 24, similar = 50, disc = 2500 - 2400 = 100,
  // t = (50 - 10) / 100 = 0.4: p + 0.4 m = (-1,0,0), one rad_sum away.
  EXPECT_FLOAT_EQ(find_time_of_collision({10, 0, 0}, {-5, 0, 0}, 1.0f), 0.4f);
}

TEST(SpherePrimitives, TimeOfCollisionDiagonal) {
  // p = (-3,-4,0), m = (6,8,0), r = 2.5: gap = 25 - 6.25 = 18.75, similar = 18 + 32 = 50,
  // disc = 2500 - 18.75 * 100 = 625, t = (50 - 25) / 100 = 0.25:
  // p + 0.25 m = (-1.5,-2,0), of length 2.5.
  EXPECT_FLOAT_EQ(find_time_of_collision({6, 8, 0}, {-3, -4, 0}, 2.5f), 0.25f);
}

TEST(SpherePrimitives, TimeOfCollisionMovingApartIsMinusOne) {
  // similar = -50, first root (-50 - 10) / 100 = -0.6 < 0. (ACE would report +0.4 here.)
  EXPECT_FLOAT_EQ(find_time_of_collision({-10, 0, 0}, {-5, 0, 0}, 1.0f), -1.0f);
}

TEST(SpherePrimitives, TimeOfCollisionPassingByIsMinusOne) {
  // p = (-5,2,0): gap = 29 - 1 = 28, disc = 2500 - 2800 < 0.
  EXPECT_FLOAT_EQ(find_time_of_collision({10, 0, 0}, {-5, 2, 0}, 1.0f), -1.0f);
}

TEST(SpherePrimitives, TimeOfCollisionGrazing) {
  // p = (-5,1,0): gap = 26 - 1 = 25, disc = 2500 - 2500 = 0, t = 50 / 100 = 0.5.
  EXPECT_FLOAT_EQ(find_time_of_collision({10, 0, 0}, {-5, 1, 0}, 1.0f), 0.5f);
}

TEST(SpherePrimitives, TimeOfCollisionBeyondMovementExceedsOne) {
  // m = (2,0,0): move_sq 4, similar 10, disc = 100 - 24 * 4 = 4, t = (10 - 2) / 4 = 2.
  EXPECT_FLOAT_EQ(find_time_of_collision({2, 0, 0}, {-5, 0, 0}, 1.0f), 2.0f);
}

TEST(SpherePrimitives, TimeOfCollisionWhenAlreadyTouchingOrOverlappingIsMinusOne) {
  EXPECT_FLOAT_EQ(find_time_of_collision({10, 0, 0}, {-0.5f, 0, 0}, 1.0f), -1.0f);  // gap < 0
  EXPECT_FLOAT_EQ(find_time_of_collision({10, 0, 0}, {-1, 0, 0}, 1.0f), -1.0f);     // gap 0
  // gap = 1.00005^2 - 1 = 0.0001 < kEpsilon: treated as touching.
  EXPECT_FLOAT_EQ(find_time_of_collision({10, 0, 0}, {-1.00005f, 0, 0}, 1.0f), -1.0f);
  // gap = 1.0002^2 - 1 = 0.0004 >= kEpsilon: t = (10.002 - sqrt(100.04 - 0.04)) / 100 = 0.00002.
  EXPECT_NEAR(find_time_of_collision({10, 0, 0}, {-1.0002f, 0, 0}, 1.0f), 0.00002f, 1e-5f);
}

TEST(SpherePrimitives, TimeOfCollisionIgnoresTinyMovement) {
  // m = 0.015: move_sq 0.000225 >= kEpsilon. p = -1.01: gap = 1.0201 - 1 = 0.0201,
  // similar = 0.01515, disc = 0.0002295225 - 0.0201 * 0.000225 = 0.000225 -> root 0.015,
  // t = (0.01515 - 0.015) / 0.000225 = 0.6667 (0.01 m of travel closes the 0.01 m gap).
  EXPECT_NEAR(find_time_of_collision({0.015f, 0, 0}, {-1.01f, 0, 0}, 1.0f), 0.6667f, 2e-3f);
  // m = 0.014: move_sq 0.000196 < kEpsilon.
  EXPECT_FLOAT_EQ(find_time_of_collision({0.014f, 0, 0}, {-1.01f, 0, 0}, 1.0f), -1.0f);
}

TEST(SpherePrimitives, CollidesWithSphereCountsTouching) {
  EXPECT_TRUE(collides_with_sphere({3, 4, 0}, 5.0f));    // 25 <= 25
  EXPECT_FALSE(collides_with_sphere({3, 4, 0}, 4.99f));  // 25 > 24.9001
  EXPECT_TRUE(collides_with_sphere({0, 0, 0}, 0.0f));    // 0 <= 0
  EXPECT_TRUE(collides_with_sphere({1, -1, 1}, 2.0f));   // 3 <= 4
}

}  // namespace
}  // namespace transit
