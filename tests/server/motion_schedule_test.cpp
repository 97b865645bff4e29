// How much of a motion a wall's slide can turn toward a direction: all of
// it when the motion points that way at some moment, else (1 + cos a) / 2
// at the nearest angle a between them.
#include <gtest/gtest.h>

#include "server/motion_schedule.hpp"

namespace transit {
namespace {

TEST(ShareToward, AllOfAMotionThatPointsThatWayAtSomeMoment) {
  EXPECT_FLOAT_EQ(share_toward(30.0f, 0.0f, 0.0f, 30.0f), 1.0f);
  // Turning from 0 through 60 degrees passes 45.
  EXPECT_FLOAT_EQ(share_toward(0.0f, 60.0f, 0.0f, 45.0f), 1.0f);
  // 10 degrees off, with 10 degrees of slack on its heading.
  EXPECT_FLOAT_EQ(share_toward(0.0f, 0.0f, 10.0f, -10.0f), 1.0f);
  // A sweep of half a turn or more covers every direction.
  EXPECT_FLOAT_EQ(share_toward(0.0f, 170.0f, 5.0f, 180.0f), 1.0f);
}

TEST(ShareToward, AWallTurnsAtMostHalfOfItAQuarterTurnAndNoneBackwards) {
  // A wall at 45 degrees to both keeps cos 45 of the motion, of which
  // cos 45 points the other way: 0.5.
  EXPECT_NEAR(share_toward(0.0f, 0.0f, 0.0f, 90.0f), 0.5f, 1e-6f);
  EXPECT_NEAR(share_toward(0.0f, 0.0f, 0.0f, -90.0f), 0.5f, 1e-6f);
  // 60 degrees off: (1 + 0.5) / 2.
  EXPECT_NEAR(share_toward(10.0f, 0.0f, 0.0f, 70.0f), 0.75f, 1e-6f);
  // 150 degrees off: (1 - 0.8660) / 2.
  EXPECT_NEAR(share_toward(0.0f, 0.0f, 0.0f, 150.0f), 0.0669873f, 1e-6f);
  EXPECT_NEAR(share_toward(0.0f, 0.0f, 0.0f, 180.0f), 0.0f, 1e-6f);
  // The nearest moment counts: turning from 100 to 130 degrees off a
  // direction is 100 off at best, (1 - 0.17365) / 2; with 5 degrees of
  // slack, 95 off: (1 - 0.0871557) / 2.
  EXPECT_NEAR(share_toward(100.0f, 30.0f, 0.0f, 0.0f), 0.4131759f, 1e-6f);
  EXPECT_NEAR(share_toward(100.0f, 30.0f, 5.0f, 0.0f), 0.4564221f, 1e-6f);
  // Across north: 350 degrees is 10 off 0, and so is 370.
  EXPECT_NEAR(share_toward(170.0f, 0.0f, 0.0f, 350.0f), 0.0f, 1e-6f);
  EXPECT_NEAR(share_toward(-100.0f, -30.0f, 0.0f, 0.0f), 0.4131759f, 1e-6f);
}

}  // namespace
}  // namespace transit
