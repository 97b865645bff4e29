#include "transit/math/plane.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace transit {
namespace {

TEST(Plane, SideUsesEpsilonBand) {
  const Plane floor{{0, 0, 1}, -2.0f};
  EXPECT_EQ(floor.side({0, 0, 3}), Side::Front);
  EXPECT_EQ(floor.side({0, 0, 1}), Side::Behind);
  EXPECT_EQ(floor.side({5, 5, 2.0001f}), Side::Close);
}

TEST(Plane, DistanceIsSignedAlongNormal) {
  // 0.6 x + 0.8 z - 1 = 0.
  const Plane tilted{{0.6f, 0.0f, 0.8f}, -1.0f};
  EXPECT_NEAR(tilted.distance({1, 0, 1}), 0.4f, 1e-6f);     // 0.6 + 0.8 - 1 = 0.4
  EXPECT_NEAR(tilted.distance({0, 7, 0}), -1.0f, 1e-6f);    // 0 + 0 - 1 = -1
  EXPECT_NEAR(tilted.distance({1, 0, 0.5f}), 0.0f, 1e-6f);  // 0.6 + 0.4 - 1 = 0
}

TEST(Plane, SideJustOutsideEpsilonBandIsFrontOrBehind) {
  const Plane floor{{0, 0, 1}, -2.0f};
  EXPECT_EQ(floor.side({0, 0, 2.0003f}), Side::Front);   // dist 0.0003 > 0.0002
  EXPECT_EQ(floor.side({0, 0, 1.9997f}), Side::Behind);  // dist -0.0003 < -0.0002
  EXPECT_EQ(floor.side({0, 0, 1.99981f}), Side::Close);  // dist -0.00019 within band
}

TEST(Plane, SideAtExactlyEpsilonIsClose) {
  // d = 0, so the distance is exactly p.z: the comparisons are strict (> eps, < -eps).
  const Plane floor{{0, 0, 1}, 0.0f};
  EXPECT_EQ(floor.side({3, 4, kEpsilon}), Side::Close);   // 0.0002 > 0.0002 is false
  EXPECT_EQ(floor.side({3, 4, -kEpsilon}), Side::Close);  // -0.0002 < -0.0002 is false
  EXPECT_EQ(floor.side({3, 4, std::nextafter(kEpsilon, 1.0f)}), Side::Front);
  EXPECT_EQ(floor.side({3, 4, std::nextafter(-kEpsilon, -1.0f)}), Side::Behind);
}

TEST(Plane, SideAddsBiasToDistance) {
  const Plane floor{{0, 0, 1}, -2.0f};
  EXPECT_EQ(floor.side({0, 0, 2}, 0.001f), Side::Front);    // 0 + 0.001 > 0.0002
  EXPECT_EQ(floor.side({0, 0, 2}, -0.001f), Side::Behind);  // 0 - 0.001 < -0.0002
  EXPECT_EQ(floor.side({0, 0, 2.5f}, -0.5f), Side::Close);  // 0.5 - 0.5 = 0
}

TEST(Plane, SnapToPlaneMakesOffsetLieInThePlane) {
  // Ramp -0.6 y + 0.8 z = 0 rises 0.75 m per metre of +y.
  const Plane ramp{{0.0f, -0.6f, 0.8f}, 0.0f};
  Vec3 offset{1.0f, 2.0f, 5.0f};
  ramp.snap_to_plane(offset);
  EXPECT_FLOAT_EQ(offset.x, 1.0f);  // x, y untouched
  EXPECT_FLOAT_EQ(offset.y, 2.0f);
  EXPECT_NEAR(offset.z, 1.5f, 1e-5f);  // -(0*1 + -0.6*2) / 0.8 = 1.2 / 0.8 = 1.5
  EXPECT_NEAR(glm::dot(offset, ramp.normal), 0.0f, 1e-5f);
}

TEST(Plane, SnapToPlaneIgnoresPlaneOffset) {
  // The offset is a direction: the d terms cancel, -(-1.2 - 3) * 1.25 - 1.25 * 3 = 1.5.
  const Plane ramp{{0.0f, -0.6f, 0.8f}, -3.0f};
  Vec3 offset{1.0f, 2.0f, 5.0f};
  ramp.snap_to_plane(offset);
  EXPECT_NEAR(offset.z, 1.5f, 1e-5f);
}

TEST(Plane, SnapToPlaneLeavesOffsetForVerticalPlane) {
  Vec3 offset{1.0f, 0.0f, 7.0f};
  const Plane wall{{1.0f, 0.0f, 0.0f}, -3.0f};
  wall.snap_to_plane(offset);
  EXPECT_EQ(offset, Vec3(1.0f, 0.0f, 7.0f));

  // |normal.z| <= kEpsilon counts as vertical (non-strict).
  const Plane almost_wall{{1.0f, 0.0f, kEpsilon}, 0.0f};
  almost_wall.snap_to_plane(offset);
  EXPECT_EQ(offset, Vec3(1.0f, 0.0f, 7.0f));
}

TEST(Plane, SnapToPlaneActsJustAboveVerticalThreshold) {
  const Plane steep{{1.0f, 0.0f, 0.0003f}, 0.0f};
  Vec3 offset{1.0f, 0.0f, 7.0f};
  steep.snap_to_plane(offset);
  EXPECT_NEAR(offset.z, -3333.333f, 0.01f);  // -(1 * 1) / 0.0003 = -3333.33
}

TEST(Plane, SetHeightPutsPointOnPlane) {
  // -0.6 y + 0.8 z - 0.4 = 0  =>  z = 0.5 + 0.75 y.
  const Plane ramp{{0.0f, -0.6f, 0.8f}, -0.4f};
  Vec3 v{3.0f, 2.0f, 99.0f};
  ASSERT_TRUE(ramp.set_height(v));
  EXPECT_FLOAT_EQ(v.x, 3.0f);
  EXPECT_FLOAT_EQ(v.y, 2.0f);
  EXPECT_NEAR(v.z, 2.0f, 1e-5f);  // 0.5 + 0.75 * 2 = 2.0
}

TEST(Plane, SetHeightFailsForVerticalPlane) {
  Vec3 v{3.0f, 2.0f, 99.0f};
  const Plane wall{{0.0f, 1.0f, 0.0f}, -1.0f};
  EXPECT_FALSE(wall.set_height(v));
  const Plane almost_wall{{0.0f, 1.0f, -kEpsilon}, -1.0f};  // |z| == eps counts as vertical
  EXPECT_FALSE(almost_wall.set_height(v));
  EXPECT_EQ(v, Vec3(3.0f, 2.0f, 99.0f));
}

TEST(Plane, TimeOfIntersectionStraightDown) {
  const Plane floor{{0, 0, 1}, 0.0f};
  float time = -1.0f;
  ASSERT_TRUE(floor.compute_time_of_intersection(Ray{{0, 0, 5}, {0, 0, -1}, 10.0f}, time));
  EXPECT_FLOAT_EQ(time, 5.0f);  // dist 5 * (-1 / -1) = 5
}

TEST(Plane, TimeOfIntersectionOblique) {
  const Plane floor{{0, 0, 1}, 0.0f};
  const Ray ray{{0, 0, 3}, {0.6f, 0.0f, -0.8f}, 10.0f};
  float time = -1.0f;
  ASSERT_TRUE(floor.compute_time_of_intersection(ray, time));
  EXPECT_NEAR(time, 3.75f, 1e-5f);  // 3 / 0.8 = 3.75; hit point x = 0.6 * 3.75 = 2.25
  EXPECT_NEAR(ray.point.x + ray.dir.x * time, 2.25f, 1e-5f);
}

TEST(Plane, TimeOfIntersectionFromBehindCounts) {
  const Plane floor{{0, 0, 1}, 0.0f};
  float time = -1.0f;
  ASSERT_TRUE(floor.compute_time_of_intersection(Ray{{0, 0, -2}, {0, 0, 1}, 10.0f}, time));
  EXPECT_FLOAT_EQ(time, 2.0f);  // dist -2 * (-1 / 1) = 2
}

TEST(Plane, TimeOfIntersectionRejectsCrossingBehindStart) {
  const Plane floor{{0, 0, 1}, 0.0f};
  float time = 0.0f;
  EXPECT_FALSE(floor.compute_time_of_intersection(Ray{{0, 0, 5}, {0, 0, 1}, 10.0f}, time));
  EXPECT_FLOAT_EQ(time, -5.0f);  // 5 * (-1 / 1) = -5, reported but rejected
}

TEST(Plane, TimeOfIntersectionStartOnPlaneIsZero) {
  const Plane floor{{0, 0, 1}, -1.0f};
  float time = -1.0f;
  ASSERT_TRUE(floor.compute_time_of_intersection(Ray{{4, 4, 1}, {0, 0, -1}, 1.0f}, time));
  EXPECT_FLOAT_EQ(time, 0.0f);  // time >= 0 is accepted
}

TEST(Plane, TimeOfIntersectionParallelOrNearlyParallelFails) {
  const Plane floor{{0, 0, 1}, 0.0f};
  float time = 0.0f;
  EXPECT_FALSE(floor.compute_time_of_intersection(Ray{{0, 0, 5}, {1, 0, 0}, 10.0f}, time));
  // |dir . n| = 0.0001 < 0.0002: treated as parallel.
  EXPECT_FALSE(floor.compute_time_of_intersection(Ray{{0, 0, 5}, {1, 0, -0.0001f}, 1.0f}, time));
  // |dir . n| = 0.0003: a crossing 5 / 0.0003 = 16666.7 along.
  ASSERT_TRUE(floor.compute_time_of_intersection(Ray{{0, 0, 5}, {1, 0, -0.0003f}, 1.0f}, time));
  EXPECT_NEAR(time, 16666.67f, 0.1f);
}

}  // namespace
}  // namespace transit
