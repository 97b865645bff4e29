// Walking into the walls of a room (the hand-made house of test_scenes).
#include <gtest/gtest.h>

#include "transit/movers/ac/ac_mover.hpp"
#include "support/test_scenes.hpp"
#include "support/ac_standing.hpp"

namespace transit::ac {
namespace {

using namespace transit::test;

Position in_room(float x, float y) { return Position{kRoom, Frame{{x, y, 0}, {}}}; }

class RoomWalls : public ::testing::Test {
 protected:
  World world = World::from_scene(house_scene());
  AcMoveResult walk(const Position& from, const Position& to) {
    return move_body(world, AcBody{}, from, to, standing_on(world, from));
  }
};

TEST_F(RoomWalls, HeadOnStopsShortOfTheWall) {
  // The room spans x 40..44; its east wall faces -x. Radius 0.48: the centre
  // can come no closer than 43.52.
  const AcMoveResult r = walk(in_room(42, 42), in_room(47, 42));
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.position.objcell_id, kRoom);
  const float x = r.position.frame.origin.x;
  EXPECT_LE(x, 43.52f + 0.01f);
  EXPECT_GT(x, 43.52f - 0.48f);  // within one sub-step of the wall
  EXPECT_NEAR(r.position.frame.origin.y, 42.0f, 1e-3f);
  ASSERT_TRUE(r.collision_normal);
  EXPECT_NEAR(r.collision_normal->x, -1.0f, 1e-5f);
  EXPECT_TRUE(r.contact);
  EXPECT_TRUE(r.on_walkable);
}

TEST_F(RoomWalls, GlancingMoveSlidesAlongTheWall) {
  // Towards the east wall at 45 degrees: 2 m east, 2 m north. East is
  // blocked after 1.52 - 0 m; the northward part should be kept.
  const AcMoveResult r = walk(in_room(42, 41), in_room(44, 43));
  EXPECT_TRUE(r.ok);
  EXPECT_LE(r.position.frame.origin.x, 43.52f + 0.01f);
  EXPECT_GT(r.position.frame.origin.y, 41.0f + 1.8f);
  ASSERT_TRUE(r.sliding_normal);
  EXPECT_NEAR(r.sliding_normal->x, -1.0f, 1e-5f);
}

}  // namespace
}  // namespace transit::ac
