// Placing bodies where they appear, and bodies stuck under gravity.
#include <gtest/gtest.h>

#include "transit/movers/ac/ac_placement.hpp"
#include "support/penetration.hpp"
#include "support/test_scenes.hpp"

namespace transit::ac {
namespace {

using namespace transit::test;

Position in_room(float x, float y, float z) { return Position{kRoom, Frame{{x, y, z}, {}}}; }

class RoomPlacement : public ::testing::Test {
 protected:
  World world = World::from_scene(house_scene());
};

TEST_F(RoomPlacement, OpenSpaceIsKeptAsGiven) {
  const AcPlacement p = place_body(world, AcBody{}, in_room(42, 42, 0));
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.position.objcell_id, kRoom);
  EXPECT_EQ(p.position.frame.origin, Vec3(42, 42, 0));
  ASSERT_TRUE(p.contact_plane);
  EXPECT_EQ(p.contact_plane->plane.normal, Vec3(0, 0, 1));
}

TEST_F(RoomPlacement, AboveTheFloorSettlesOntoIt) {
  // 0.3 m up is within the step-down height (0.6 m): the body lands.
  const AcPlacement p = place_body(world, AcBody{}, in_room(42, 42, 0.3f));
  ASSERT_TRUE(p.ok);
  EXPECT_NEAR(p.position.frame.origin.z, 0.0f, 1e-4f);
}

TEST_F(RoomPlacement, OverlappingAWallMovesToTheNearestFreeSpot) {
  // The east wall is at x = 44; a 0.48 m sphere centred at 43.8 overlaps it
  // by 0.28 m. Placement looks for free room on rings around the spot.
  const AcPlacement p = place_body(world, AcBody{}, in_room(43.8f, 42, 0));
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.position.objcell_id, kRoom);
  EXPECT_LE(p.position.frame.origin.x, 44.0f - 0.48f);
  EXPECT_LE(glm::length(p.position.frame.origin - Vec3(43.8f, 42, 0)), 1.0f);
  EXPECT_LE(deepest_penetration(world, AcBody{}, p.position), 0.01f);
}

TEST_F(RoomPlacement, CentreBeyondTheWallIsRefused) {
  // Centred 0.2 m behind the east wall: no spot of the room is within reach
  // without leaving every cell's volume, so the placement is refused.
  const AcPlacement p = place_body(world, AcBody{}, in_room(44.2f, 42, 0));
  EXPECT_FALSE(p.ok);
  EXPECT_EQ(p.position.frame.origin, Vec3(44.2f, 42, 0));
}

TEST_F(RoomPlacement, FallingBodyStuckAgainstAWallGetsASyntheticFloor) {
  // In the air (no contact) against the east wall, pushing into it: nothing
  // moves, so FramesStationaryFall counts 1, 2, then at 3 the body gets a
  // floor under its foot sphere: normal up through its lowest point.
  AcBody body;
  const Position from = in_room(43.4f, 42, 1.0f);
  const Position to = in_room(44.4f, 42, 1.0f);
  AcContact state;
  for (int frame = 1; frame <= 3; ++frame) {
    const AcMoveResult r = move_body(world, body, from, to, state);
    SCOPED_TRACE(frame);
    EXPECT_EQ(r.frames_stationary_fall, frame);
    EXPECT_EQ(r.position.frame.origin, from.frame.origin);
    if (frame < 3) {
      EXPECT_FALSE(r.contact_plane);
      EXPECT_FALSE(r.contact);
    } else {
      ASSERT_TRUE(r.contact_plane);
      EXPECT_EQ(r.contact_plane->plane.normal, Vec3(0, 0, 1));
      EXPECT_NEAR(r.contact_plane->plane.d, -1.0f, 1e-5f);  // the plane z = 1.0
      EXPECT_TRUE(r.contact);
    }
    state.frames_stationary_fall = r.frames_stationary_fall;
  }
}

TEST_F(RoomPlacement, BodyThatMovesResetsTheCount) {
  AcContact state;
  state.frames_stationary_fall = 2;
  const AcMoveResult r = move_body(world, AcBody{}, in_room(42, 42, 1.0f), in_room(42.5f, 42, 1.0f), state);
  EXPECT_EQ(r.frames_stationary_fall, 0);
  EXPECT_NEAR(r.position.frame.origin.x, 42.5f, 1e-4f);
}

}  // namespace
}  // namespace transit::ac

namespace transit::ac {
namespace {

// Placement takes the body's flags as a move does (issue 19): a creature
// standing where a body is placed pushes a plain body aside, but not one
// that ignores creatures.
class PlacementFlags : public ::testing::Test {
 protected:
  World world = [] {
    SceneDesc scene = test::house_scene();
    ObjectDesc drudge;
    drudge.id = 77;
    drudge.name = "drudge";
    drudge.position.cell = test::kBlock | 0x0A;
    drudge.position.local = {30, 30, 0};
    drudge.shapes.push_back({ShapeDesc::Type::Sphere, {0, 0, 0.6f}, {}, 0.6f, 0.0f, {}});
    drudge.flags = kFlagCreature;
    scene.objects.push_back(drudge);
    return World::from_scene(scene);
  }();
  const Position spot{test::kBlock | 0x0A, Frame{{30.2f, 30.0f, 0.0f}, {}}};
};

TEST_F(PlacementFlags, APlainBodyIsPushedOffACreature) {
  const AcPlacement p = place_body(world, AcBody{}, spot);
  ASSERT_TRUE(p.ok);
  EXPECT_GT(glm::length(p.position.frame.origin - spot.frame.origin), 0.5f);
}

TEST_F(PlacementFlags, ABodyThatIgnoresCreaturesStaysWhereItIsPut) {
  AcBody body;
  body.flags |= kFlagIgnoreCreatures;
  const AcPlacement p = place_body(world, body, spot);
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.position.frame.origin, spot.frame.origin);
}

}  // namespace
}  // namespace transit::ac
