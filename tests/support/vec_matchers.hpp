#pragma once
// Comparing vectors in tests, naming the component that differs.

#include <gtest/gtest.h>

#include "transit/math/vec.hpp"

namespace transit::test {

// The tolerance of hand-checked geometry: a few float ulps at 10 m.
inline constexpr float kTol = 1e-5f;

}  // namespace transit::test

#define EXPECT_VEC3_NEAR(actual, expected, tol)         \
  do {                                                  \
    const ::transit::Vec3 a_ = (actual);                \
    const ::transit::Vec3 e_ = (expected);              \
    EXPECT_NEAR(a_.x, e_.x, tol) << #actual ".x";       \
    EXPECT_NEAR(a_.y, e_.y, tol) << #actual ".y";       \
    EXPECT_NEAR(a_.z, e_.z, tol) << #actual ".z";       \
  } while (0)
