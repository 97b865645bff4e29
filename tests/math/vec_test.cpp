#include "transit/math/vec.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "transit/math/same_bits.hpp"

namespace transit {
namespace {

TEST(Length2d, IsTheLengthOfTheHorizontalPart) {
  EXPECT_EQ(length2d(3.0f, 4.0f), 5.0f);
  EXPECT_EQ(length2d(Vec3(-3.0f, 4.0f, 12.0f)), 5.0f);  // z left out
  EXPECT_EQ(length2d(0.0f, -2.5f), 2.5f);
  EXPECT_EQ(length2d(0.0f, 0.0f), 0.0f);
}

TEST(Length2d, NeitherOverflowsNorUnderflowsWhereTheLengthFitsAFloat) {
  // 1e30^2 and 1e-30^2 are out of a float's range; their sums are not
  // out of a double's, and the lengths fit a float.
  EXPECT_FLOAT_EQ(length2d(3e30f, 4e30f), 5e30f);
  EXPECT_FLOAT_EQ(length2d(3e-30f, 4e-30f), 5e-30f);
  EXPECT_EQ(length2d(3e38f, 3e38f), std::numeric_limits<float>::infinity());
}

TEST(Length2d, IsCorrectlyRounded) {
  // 1 and 1: sqrt(2) = 1.41421356..., nearest float 0x1.6a09e6p+0.
  EXPECT_TRUE(same_bits(length2d(1.0f, 1.0f), 0x1.6a09e6p+0f));
  // 0.1f and 0.7f: sqrt(0.49999998...) = 0.70710676959..., nearest float
  // 0x1.6a09e6p-1.
  EXPECT_TRUE(same_bits(length2d(0.1f, 0.7f), 0x1.6a09e6p-1f));
  // Squaring and adding in floats first rounds this one up a bit:
  // 0x1.0c05f4p+3 where the length is nearest 0x1.0c05f2p+3.
  EXPECT_TRUE(same_bits(length2d(0x1.0dae34p-3f, 0x1.0bfd78p+3f), 0x1.0c05f2p+3f));
}

TEST(Length2d, InfinityWinsOverNaNAsInHypot) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(length2d(inf, nan), inf);
  EXPECT_EQ(length2d(nan, -inf), inf);
  EXPECT_TRUE(std::isnan(length2d(nan, 1.0f)));
}

}  // namespace
}  // namespace transit
