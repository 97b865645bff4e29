#include "transit/math/frame.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "support/vec_matchers.hpp"

namespace transit {
namespace {

using test::kTol;
constexpr float kPi = 3.14159265358979f;

// A frame rotated about +X by `deg` (y turns towards z).
Frame pitched(float deg, const Vec3& origin = Vec3(0.0f)) {
  Frame f;
  f.origin = origin;
  f.orientation = glm::angleAxis(deg * kPi / 180.0f, Vec3(1, 0, 0));
  return f;
}

TEST(Frame, IdentityMapsPointsToThemselves) {
  const Frame f;
  EXPECT_VEC3_NEAR(f.local_to_global(Vec3(1, 2, 3)), Vec3(1, 2, 3), 0.0f);
  EXPECT_VEC3_NEAR(f.global_to_local(Vec3(1, 2, 3)), Vec3(1, 2, 3), 0.0f);
  EXPECT_FLOAT_EQ(f.heading(), 0.0f);
}

TEST(Frame, HeadingNinetyFacesEastAndRightIsSouth) {
  const Frame f = Frame::from_heading({10, 20, 0}, 90.0f);
  // Forward (local +Y) becomes +X: (10,20,0) + (1,0,0).
  EXPECT_VEC3_NEAR(f.local_to_global(Vec3(0, 1, 0)), Vec3(11, 20, 0), kTol);
  // Right hand (local +X) of an east-facing character points south: (10,20,0) + (0,-1,0).
  EXPECT_VEC3_NEAR(f.local_to_global(Vec3(1, 0, 0)), Vec3(10, 19, 0), kTol);
  // Up stays up: (10,20,0) + (0,0,2).
  EXPECT_VEC3_NEAR(f.local_to_global(Vec3(0, 0, 2)), Vec3(10, 20, 2), kTol);
}

TEST(Frame, VectorTransformsIgnoreOrigin) {
  const Frame f = Frame::from_heading({10, 20, 30}, 90.0f);
  EXPECT_VEC3_NEAR(f.local_to_global_vec(Vec3(0, 1, 0)), Vec3(1, 0, 0), kTol);   // north -> east
  EXPECT_VEC3_NEAR(f.global_to_local_vec(Vec3(1, 0, 0)), Vec3(0, 1, 0), kTol);   // east -> ahead
  EXPECT_VEC3_NEAR(f.global_to_local_vec(Vec3(0, -1, 0)), Vec3(1, 0, 0), kTol);  // south -> right
}

TEST(Frame, GlobalToLocalInvertsLocalToGlobal) {
  const Frame f = Frame::from_heading({10, 20, 0}, 90.0f);
  // (11, 20, 0) is one metre east of the origin, i.e. straight ahead.
  EXPECT_VEC3_NEAR(f.global_to_local(Vec3(11, 20, 0)), Vec3(0, 1, 0), kTol);

  Frame g;
  g.origin = {3, -4, 5};
  g.orientation = glm::angleAxis(0.7f, glm::normalize(Vec3(1, 2, 3)));
  const Vec3 p{-1.5f, 2.25f, 8.0f};
  EXPECT_VEC3_NEAR(g.global_to_local(g.local_to_global(p)), p, kTol);
  EXPECT_VEC3_NEAR(g.local_to_global(g.global_to_local(p)), p, kTol);
  EXPECT_VEC3_NEAR(g.global_to_local_vec(g.local_to_global_vec(p)), p, kTol);
}

TEST(Frame, HeadingsOfCompassPoints) {
  // Rotation by -h about +Z: north (0,1) -> (sin h, cos h).
  EXPECT_VEC3_NEAR(Frame::from_heading({}, 0.0f).local_to_global_vec(Vec3(0, 1, 0)), Vec3(0, 1, 0),
                   kTol);
  EXPECT_VEC3_NEAR(Frame::from_heading({}, 180.0f).local_to_global_vec(Vec3(0, 1, 0)),
                   Vec3(0, -1, 0), kTol);
  EXPECT_VEC3_NEAR(Frame::from_heading({}, 270.0f).local_to_global_vec(Vec3(0, 1, 0)),
                   Vec3(-1, 0, 0), kTol);
  // 30 degrees east of north: (sin 30, cos 30) = (0.5, 0.866025).
  EXPECT_VEC3_NEAR(Frame::from_heading({}, 30.0f).local_to_global_vec(Vec3(0, 1, 0)),
                   Vec3(0.5f, 0.8660254f, 0), kTol);
}

TEST(Frame, HeadingReadsBackSetHeading) {
  for (float deg : {0.0f, 30.0f, 90.0f, 135.0f, 180.0f, 270.0f, 359.0f}) {
    Frame f;
    f.set_heading(deg);
    EXPECT_NEAR(f.heading(), deg, 1e-3f) << "set_heading(" << deg << ")";
  }
}

TEST(Frame, HeadingWrapsIntoZeroTo360) {
  Frame f;
  f.set_heading(-90.0f);  // west: atan2(-1, 0) = -90, + 360 = 270
  EXPECT_NEAR(f.heading(), 270.0f, 1e-3f);
  f.set_heading(450.0f);  // 450 - 360 = 90
  EXPECT_NEAR(f.heading(), 90.0f, 1e-3f);
}

TEST(Frame, HeadingIgnoresOrigin) {
  EXPECT_NEAR(Frame::from_heading({100, -50, 7}, 45.0f).heading(), 45.0f, 1e-3f);
}

TEST(Frame, HeadingOfFrameLookingStraightUpIsZero) {
  // Pitched 90 degrees: forward (0,1,0) -> (0,0,1), no horizontal component, heading 0.
  EXPECT_FLOAT_EQ(pitched(90.0f).heading(), 0.0f);
  // Pitched 89.99 degrees, then turned to heading 135: forward (0, 1.745e-4, 1) becomes
  // (1.234e-4, -1.234e-4, 1). Both horizontal parts < kEpsilon count as none: heading 0.
  Frame nearly_up = pitched(89.99f);
  nearly_up.orientation = Frame::from_heading({}, 135.0f).orientation * nearly_up.orientation;
  EXPECT_FLOAT_EQ(nearly_up.heading(), 0.0f);
  // Pitched 60 degrees while facing north still reads as north.
  EXPECT_NEAR(pitched(60.0f).heading(), 0.0f, 1e-3f);
}

TEST(Frame, SetHeadingReplacesWholeOrientation) {
  Frame f = pitched(30.0f, {1, 2, 3});
  f.set_heading(90.0f);
  EXPECT_VEC3_NEAR(f.local_to_global_vec(Vec3(0, 0, 1)), Vec3(0, 0, 1), kTol);  // no pitch left
  EXPECT_VEC3_NEAR(f.origin, Vec3(1, 2, 3), 0.0f);
}

TEST(Frame, PlaneToGlobalAndBack) {
  // Local wall y = 2 (two metres ahead), frame at (10,0,0) facing east: global wall x = 12.
  const Frame f = Frame::from_heading({10, 0, 0}, 90.0f);
  const Plane local_wall{{0, 1, 0}, -2.0f};
  const Plane global_wall = f.local_to_global(local_wall);
  EXPECT_VEC3_NEAR(global_wall.normal, Vec3(1, 0, 0), kTol);
  EXPECT_NEAR(global_wall.d, -12.0f, 1e-4f);  // point (12,0,0): d = -(1 * 12)

  const Plane back = f.global_to_local(global_wall);
  EXPECT_VEC3_NEAR(back.normal, Vec3(0, 1, 0), kTol);
  EXPECT_NEAR(back.d, -2.0f, 1e-4f);
}

TEST(Frame, PlaneUnderPitchedFrame) {
  // Pitch 90 about +X maps local z to global -y. Local floor z = 1 -> global plane -y - 1 = 0.
  const Frame f = pitched(90.0f);
  const Plane global = f.local_to_global(Plane{{0, 0, 1}, -1.0f});
  EXPECT_VEC3_NEAR(global.normal, Vec3(0, -1, 0), kTol);
  EXPECT_NEAR(global.d, -1.0f, kTol);  // point (0,-1,0): d = -((0,-1,0).(0,-1,0)) = -1
  // Local (5,7,1) lies on the local floor and maps to (5,-1,7) on the global plane.
  EXPECT_VEC3_NEAR(f.local_to_global(Vec3(5, 7, 1)), Vec3(5, -1, 7), kTol);
  EXPECT_NEAR(global.distance(Vec3(5, -1, 7)), 0.0f, kTol);
}

TEST(Frame, PlaneTransformPreservesSignedDistances) {
  Frame f;
  f.origin = {3, -4, 5};
  f.orientation = glm::angleAxis(0.7f, glm::normalize(Vec3(1, 2, 3)));
  const Plane local{Vec3(1, -2, 2) / 3.0f, 1.5f};
  const Plane global = f.local_to_global(local);
  const Plane round_trip = f.global_to_local(global);
  for (const Vec3& p : {Vec3(0, 0, 0), Vec3(1, 2, 3), Vec3(-4, 0.5f, 2)}) {
    EXPECT_NEAR(global.distance(f.local_to_global(p)), local.distance(p), 1e-4f);
    EXPECT_NEAR(round_trip.distance(p), local.distance(p), 1e-4f);
  }
  // Sanity on one value: (1,2,3) . (1,-2,2)/3 + 1.5 = (1 - 4 + 6)/3 + 1.5 = 2.5.
  EXPECT_NEAR(local.distance(Vec3(1, 2, 3)), 2.5f, 1e-6f);
}

TEST(Frame, InterpolateRotationHalfwayBetweenNorthAndEast) {
  const Frame north = Frame::from_heading({}, 0.0f);
  const Frame east = Frame::from_heading({}, 90.0f);
  Frame f;
  f.interpolate_rotation(north, east, 0.5f);
  // (1,0,0,0) and (0.7071,0,0,-0.7071) blend symmetrically: exactly heading 45.
  EXPECT_NEAR(f.heading(), 45.0f, 1e-3f);
}

TEST(Frame, InterpolateRotationIsNormalisedLinearBlendNotSlerp) {
  const Frame north = Frame::from_heading({}, 0.0f);
  const Frame east = Frame::from_heading({}, 90.0f);
  Frame f;
  f.interpolate_rotation(north, east, 0.25f);
  // q = 0.75 (1,0,0,0) + 0.25 (0.70711,0,0,-0.70711) = (0.92678,0,0,-0.17678);
  // half angle atan(0.17678 / 0.92678) = 10.799 deg, heading 21.597 (slerp would give 22.5).
  EXPECT_NEAR(f.heading(), 21.597f, 0.01f);
  EXPECT_NEAR(glm::length(f.orientation), 1.0f, 1e-6f);
}

TEST(Frame, InterpolateRotationEndpoints) {
  const Frame from = Frame::from_heading({}, 30.0f);
  const Frame to = Frame::from_heading({}, 100.0f);
  Frame f;
  f.interpolate_rotation(from, to, 0.0f);
  EXPECT_NEAR(f.orientation.w, from.orientation.w, 1e-6f);
  EXPECT_NEAR(f.orientation.z, from.orientation.z, 1e-6f);
  f.interpolate_rotation(from, to, 1.0f);
  EXPECT_NEAR(f.orientation.w, to.orientation.w, 1e-6f);
  EXPECT_NEAR(f.orientation.z, to.orientation.z, 1e-6f);
  EXPECT_NEAR(f.heading(), 100.0f, 1e-3f);
}

TEST(Frame, InterpolateRotationTakesShortestArcAcrossNorth) {
  // 350 -> 10: q(350) = (cos -175, 0,0, sin -175) = (-0.9962,0,0,-0.0872),
  // q(10) = (0.9962,0,0,-0.0872); their dot is negative, so q(10) is negated and the
  // midpoint is (-0.9962,0,0,0): facing north. The long way round would face south.
  const Frame from = Frame::from_heading({}, 350.0f);
  const Frame to = Frame::from_heading({}, 10.0f);
  Frame f;
  f.interpolate_rotation(from, to, 0.5f);
  EXPECT_VEC3_NEAR(f.local_to_global_vec(Vec3(0, 1, 0)), Vec3(0, 1, 0), 1e-4f);
}

TEST(Frame, InterpolateRotationTreatsNegatedQuaternionAsSameRotation) {
  // -q(90) = (-0.7071,0,0,0.7071) is the same east-facing rotation. A blend without the
  // sign flip gives (0.1464,0,0,0.3536) -> 135 deg about +Z, heading 225; with it, 45.
  const Frame north = Frame::from_heading({}, 0.0f);
  Frame east_negated = Frame::from_heading({}, 90.0f);
  east_negated.orientation = -east_negated.orientation;
  Frame f;
  f.interpolate_rotation(north, east_negated, 0.5f);
  EXPECT_NEAR(f.heading(), 45.0f, 1e-3f);
}

TEST(Frame, InterpolateRotationLeavesOriginAlone) {
  Frame f;
  f.origin = {7, 8, 9};
  f.interpolate_rotation(Frame::from_heading({1, 1, 1}, 0.0f),
                         Frame::from_heading({2, 2, 2}, 90.0f), 0.5f);
  EXPECT_VEC3_NEAR(f.origin, Vec3(7, 8, 9), 0.0f);
}

TEST(Frame, IsValidRejectsNonFiniteOriginAndNonUnitRotation) {
  EXPECT_TRUE(Frame::from_heading({1, 2, 3}, 45.0f).is_valid());
  Frame nan_origin;
  nan_origin.origin.y = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(nan_origin.is_valid());
  Frame scaled;
  scaled.orientation = Quat(2.0f, 0.0f, 0.0f, 0.0f);  // |q|^2 = 4
  EXPECT_FALSE(scaled.is_valid());
}

}  // namespace
}  // namespace transit
