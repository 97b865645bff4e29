#include "transit/math/sphere.hpp"

#include <gtest/gtest.h>

namespace transit {
namespace {

TEST(Sphere, OverlappingSpheresIntersect) {
  const Sphere a{{0, 0, 0}, 1.0f};
  const Sphere b{{1.5f, 0, 0}, 1.0f};
  EXPECT_TRUE(a.intersects(b));  // 1.5^2 = 2.25 < (1 + 1)^2 = 4
  EXPECT_TRUE(b.intersects(a));
}

TEST(Sphere, ExactlyTouchingSpheresDoNotIntersect) {
  EXPECT_FALSE(Sphere({0, 0, 0}, 1.0f).intersects(Sphere({2, 0, 0}, 1.0f)));  // 4 < 4 false
  // Diagonal, exact in float: 3^2 + 4^2 = 25, (2.5 + 2.5)^2 = 25.
  EXPECT_FALSE(Sphere({0, 0, 0}, 2.5f).intersects(Sphere({3, 4, 0}, 2.5f)));
}

TEST(Sphere, JustCloserThanTouchingIntersects) {
  // 3^2 + 3.99^2 = 9 + 15.9201 = 24.9201 < 25.
  EXPECT_TRUE(Sphere({0, 0, 0}, 2.5f).intersects(Sphere({3, 3.99f, 0}, 2.5f)));
}

TEST(Sphere, SeparatedSpheresDoNotIntersect) {
  EXPECT_FALSE(Sphere({0, 0, 0}, 1.0f).intersects(Sphere({0, 0, 3}, 1.5f)));  // 9 > 6.25
}

TEST(Sphere, PointInsideSphereIntersects) {
  EXPECT_TRUE(Sphere({0, 0, 0}, 1.0f).intersects(Sphere({0.5f, 0, 0}, 0.0f)));  // 0.25 < 1
  EXPECT_FALSE(Sphere({0, 0, 0}, 1.0f).intersects(Sphere({1, 0, 0}, 0.0f)));    // 1 < 1 false
}

}  // namespace
}  // namespace transit
