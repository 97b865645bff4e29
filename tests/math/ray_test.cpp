#include "transit/math/ray.hpp"

#include <gtest/gtest.h>

namespace transit {
namespace {

TEST(Ray, BetweenTwoPointsHasUnitDirectionAndLength) {
  const Ray ray = Ray::between({1, 2, 3}, {4, 6, 3});
  // Offset (3,4,0): length sqrt(9 + 16) = 5, direction (0.6, 0.8, 0).
  EXPECT_FLOAT_EQ(ray.length, 5.0f);
  EXPECT_FLOAT_EQ(ray.dir.x, 0.6f);
  EXPECT_FLOAT_EQ(ray.dir.y, 0.8f);
  EXPECT_FLOAT_EQ(ray.dir.z, 0.0f);
  EXPECT_EQ(ray.point, Vec3(1, 2, 3));
}

TEST(Ray, BetweenPointsAlongNegativeAxis) {
  const Ray ray = Ray::between({0, 0, 10}, {0, 0, 2});
  EXPECT_FLOAT_EQ(ray.length, 8.0f);  // 10 - 2
  EXPECT_EQ(ray.dir, Vec3(0, 0, -1));
}

TEST(Ray, BetweenSamePointIsZeroRayAtStart) {
  const Ray ray = Ray::between({5, 6, 7}, {5, 6, 7});
  EXPECT_EQ(ray.point, Vec3(5, 6, 7));
  EXPECT_EQ(ray.dir, Vec3(0.0f));
  EXPECT_EQ(ray.length, 0.0f);
}

TEST(Ray, BetweenPointsWithinEpsilonPerAxisIsZeroRay) {
  // Every component |0.0001|, |-0.0002|, |0.00015| <= 0.0002, although the
  // Euclidean length sqrt(1e-8 + 4e-8 + 2.25e-8) = 0.00027 exceeds kEpsilon.
  const Ray ray = Ray::between({0, 0, 0}, {0.0001f, -kEpsilon, 0.00015f});
  EXPECT_EQ(ray.point, Vec3(0, 0, 0));  // the start, not the end
  EXPECT_EQ(ray.length, 0.0f);
  EXPECT_EQ(ray.dir, Vec3(0.0f));
}

TEST(Ray, BetweenPointsJustBeyondEpsilonOnOneAxisIsARay) {
  const Ray ray = Ray::between({0, 0, 0}, {0, 0, 0.0003f});
  EXPECT_FLOAT_EQ(ray.length, 0.0003f);  // 0.0003 > 0.0002 on z
  EXPECT_FLOAT_EQ(ray.dir.z, 1.0f);
}

}  // namespace
}  // namespace transit
