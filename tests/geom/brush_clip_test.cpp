// Quake 2's box-against-brush clip (CM_ClipBoxToBrush, CM_TestBoxInBrush).
#include "geom/brush_clip.hpp"

#include <gtest/gtest.h>

#include <array>

namespace transit {
namespace {

// The floor brush 0 <= x, y <= 100, -10 <= z <= 0, and a 2 x 2 x 2 box
// about its origin.
const std::array<BrushPlane, 6> kFloor{{{{-1, 0, 0}, 0.0f},
                                        {{1, 0, 0}, 100.0f},
                                        {{0, -1, 0}, 0.0f},
                                        {{0, 1, 0}, 100.0f},
                                        {{0, 0, -1}, 10.0f},
                                        {{0, 0, 1}, 0.0f}}};
const Vec3 kMins(-1.0f), kMaxs(1.0f);
constexpr double kEps = 0.25;

TEST(BrushClip, StopsEpsilonShortAlongTheNormal) {
  BrushTrace t;
  // The box bottom goes from 3 above the floor to 1 below: d1 = 3, d2 = -1.
  EXPECT_TRUE(clip_box_to_brush(kMins, kMaxs, {50, 50, 4}, {50, 50, 0}, kFloor, kEps, t));
  EXPECT_EQ(t.fraction, 0.6875f);  // (3 - 0.25) / 4
  EXPECT_EQ(t.normal, Vec3(0, 0, 1));
  EXPECT_FALSE(t.start_solid);
}

TEST(BrushClip, EndingWithinEpsilonOfAPlaneIsAHit) {
  BrushTrace t;
  // d2 = 0.125: the box never reaches the floor, but stops 0.25 above it.
  EXPECT_TRUE(clip_box_to_brush(kMins, kMaxs, {50, 50, 2}, {50, 50, 1.125f}, kFloor, kEps, t));
  EXPECT_EQ(t.fraction, 0.75f / 0.875f);
}

TEST(BrushClip, TouchingIsInside) {
  // Resting exactly on the floor: inside for a position test, and a move
  // along the floor is all solid.
  EXPECT_TRUE(box_in_brush(kMins, kMaxs, {50, 50, 1}, kFloor));
  EXPECT_FALSE(box_in_brush(kMins, kMaxs, {50, 50, 1.0001f}, kFloor));
  BrushTrace t;
  EXPECT_FALSE(clip_box_to_brush(kMins, kMaxs, {50, 50, 1}, {60, 50, 1}, kFloor, kEps, t));
  EXPECT_TRUE(t.start_solid);
  EXPECT_TRUE(t.all_solid);
  // Moving up out of it: start solid only.
  BrushTrace up;
  clip_box_to_brush(kMins, kMaxs, {50, 50, 1}, {50, 50, 2}, kFloor, kEps, up);
  EXPECT_TRUE(up.start_solid);
  EXPECT_FALSE(up.all_solid);
  EXPECT_EQ(up.fraction, 1.0f);
}

TEST(BrushClip, PassingBesideMissesAndAnEarlierHitWins) {
  BrushTrace t;
  EXPECT_FALSE(clip_box_to_brush(kMins, kMaxs, {-5, 50, 4}, {-5, 50, 0}, kFloor, kEps, t));
  EXPECT_EQ(t.fraction, 1.0f);
  t.fraction = 0.5f;  // something nearer was hit already
  EXPECT_FALSE(clip_box_to_brush(kMins, kMaxs, {50, 50, 4}, {50, 50, 0}, kFloor, kEps, t));
  EXPECT_EQ(t.fraction, 0.5f);
}

}  // namespace
}  // namespace transit
