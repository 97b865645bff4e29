#include "math/plane.hpp"

#include <gtest/gtest.h>

namespace transit {
namespace {

TEST(Plane, SideUsesEpsilonBand) {
  const Plane floor{{0, 0, 1}, -2.0f};
  EXPECT_EQ(floor.side({0, 0, 3}), Side::Front);
  EXPECT_EQ(floor.side({0, 0, 1}), Side::Behind);
  EXPECT_EQ(floor.side({5, 5, 2.0001f}), Side::Close);
}

}  // namespace
}  // namespace transit
