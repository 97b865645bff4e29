// The penetration measure itself, on hand-checked cases: a room's own wall,
// the shared wall of two back-to-back rooms seen from either side, a centre
// gone into solid, and the two overlaps retail leaves (a thin doorway wall
// straddled, a floor above a low riser), each left out only when asked.
#include "support/penetration.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "support/profile_room.hpp"
#include "support/test_scenes.hpp"

namespace transit::test {
namespace {

constexpr CellId kA = kRoom;      // x 40..44, y 40..44; doorway wall at x = 40
constexpr CellId kB = kRoom + 1;  // x 36..40, turned round, sharing that wall
constexpr float kFloor = -50.0f;

// The rooms of the soak's back-to-back pair, buried under flat terrain.
World back_to_back() {
  SceneDesc s = two_by_two_flat();
  CellDesc a{kA, {40, 40, kFloor}, {}, room_with_door(), {{8, kB}}, false};
  CellDesc b{kB, {40, 44, kFloor}, {}, room_with_door(), {{8, kA}}, false};
  b.orientation.heading_deg = 180.0f;
  s.cells = {a, b};
  return World::from_scene(s);
}

// One sphere of 0.5 m, its centre 1 m above the origin: 0.5 m clear of the
// floor and 1.5 m of the ceiling.
ac::AcBody ball() {
  ac::AcBody body;
  body.spheres = {Sphere{{0, 0, 1.0f}, 0.5f}};
  return body;
}

Position at(CellId cell, float x, float y) {
  return Position{cell, Frame{{x, y, kFloor}, {}}};
}

bool touches(const World& world, const Position& pos, CellId cell) {
  const Sphere s{pos.frame.origin + Vec3(0, 0, 1.0f), 0.5f};
  CellList cells;
  world.find_cell_list(pos, std::span<const Sphere>(&s, 1), cells);
  return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

TEST(Penetration, OwnWallCountsFromTheFront) {
  const World world = back_to_back();
  // 0.4 m from the x = 44 wall: 0.1 m into it.
  EXPECT_NEAR(deepest_penetration(world, ball(), at(kA, 43.6f, 41.0f)), 0.1f, 1e-4f);
  // Touching it: 0.
  EXPECT_NEAR(deepest_penetration(world, ball(), at(kA, 43.5f, 41.0f)), 0.0f, 1e-4f);
}

TEST(Penetration, SharedWallIsNotSolidSeenFromTheOtherRoom) {
  const World world = back_to_back();
  // In B, touching the shared wall at x = 40 beside the doorway (y 41.5..42.5):
  // A joins the cell list, and A's copy of the wall is seen from behind. It
  // used to count as r + d = 1.0 m deep.
  const Position touching = at(kB, 39.5f, 40.9f);
  ASSERT_TRUE(touches(world, touching, kA));
  EXPECT_NEAR(deepest_penetration(world, ball(), touching), 0.0f, 1e-4f);
  // 0.1 m into B's own copy of the wall still counts.
  EXPECT_NEAR(deepest_penetration(world, ball(), at(kB, 39.6f, 40.9f)), 0.1f, 1e-4f);
  // And from A's side, the same.
  EXPECT_NEAR(deepest_penetration(world, ball(), at(kA, 40.4f, 40.9f)), 0.1f, 1e-4f);
}

TEST(Penetration, CentreInSolidIsItsRadiusPlusItsWayOut) {
  const World world = back_to_back();
  // 0.2 m behind A's x = 44 wall, under the terrain: 0.5 + 0.2.
  EXPECT_NEAR(deepest_penetration(world, ball(), at(kA, 44.2f, 41.0f)), 0.7f, 1e-4f);
  // The centre 0.3 m below A's floor: 0.5 + 0.3.
  Position below = at(kA, 42.0f, 41.0f);
  below.frame.origin.z -= 1.3f;
  EXPECT_NEAR(deepest_penetration(world, ball(), below), 0.8f, 1e-4f);
}

PenetrationOptions thin_doorway_wall() {
  PenetrationOptions o;
  o.allow_thin_doorway_wall = true;
  return o;
}

TEST(Penetration, ThinDoorwayWallStraddledFromTheOpeningIsLeftOutOnlyWhenAsked) {
  const World world = back_to_back();
  // In the doorway, 0.3 m in front of the wall's plane, 0.3 m from the jamb
  // at y = 42.5: the edge is sqrt(0.18) = 0.4243 m away, 0.0757 m deep.
  const Position in_doorway = at(kA, 40.3f, 42.2f);
  EXPECT_NEAR(deepest_penetration(world, ball(), in_doorway), 0.0757f, 1e-4f);
  EXPECT_LT(deepest_penetration(world, ball(), in_doorway, thin_doorway_wall()), 0.0f);
  // Slid on past the opening (y 42.7), over the wall: 0.2 m deep.
  const Position past = at(kA, 40.3f, 42.7f);
  EXPECT_NEAR(deepest_penetration(world, ball(), past), 0.2f, 1e-4f);
  EXPECT_LT(deepest_penetration(world, ball(), past, thin_doorway_wall()), 0.0f);
  // Beside the other wall, x = 44, nothing is left out.
  EXPECT_NEAR(deepest_penetration(world, ball(), at(kA, 43.6f, 41.0f), thin_doorway_wall()), 0.1f,
              1e-4f);
}

TEST(Penetration, DoorwayWallWithThicknessCountsEvenWhenAllowed) {
  // B moved 0.2 m west: the wall between the rooms is 0.2 m thick, B has no
  // copy of A's wall, and a sphere straddling A's wall is 0.2 m into it.
  SceneDesc s = two_by_two_flat();
  CellDesc a{kA, {40, 40, kFloor}, {}, room_with_door(), {{8, kB}}, false};
  CellDesc b{kB, {39.8f, 44, kFloor}, {}, room_with_door(), {{8, kA}}, false};
  b.orientation.heading_deg = 180.0f;
  s.cells = {a, b};
  const World world = World::from_scene(s);
  EXPECT_NEAR(deepest_penetration(world, ball(), at(kA, 40.3f, 42.7f), thin_doorway_wall()), 0.2f,
              1e-4f);
}

// A room whose floor rises by `rise` at x = 2 (room-local), at (40, 40, kFloor).
World riser_room(float rise) {
  SceneDesc s = two_by_two_flat();
  CellDesc room{kA,   {40, 40, kFloor}, {}, profile_room({{0, 2, 0}, {2, 4, rise}}, 4, 3).mesh, {},
                false};
  s.cells = {room};
  return World::from_scene(s);
}

TEST(Penetration, FloorPastALowRiserIsLeftOutOnlyWhenAsked) {
  PenetrationOptions passed;
  passed.allow_passed_edge = true;
  // The ball's lowest point at the lower floor's level, its centre 0.25 m
  // past a 5 cm riser (the riser's top edge sqrt(0.0625 + 0.2025) = 0.515 m
  // away): 0.05 m into the higher floor. A sub-step of 0.5 m can have
  // crossed that edge untouched: w = sqrt(0.25 - 0.45^2) = 0.218 <= 0.25 <=
  // 0.5 - w = 0.282.
  const auto past = [](float x) {
    Position p = at(kA, 42.0f + x, 42.0f);
    p.frame.origin.z -= 0.5f;
    return p;
  };
  const World low = riser_room(0.05f);
  EXPECT_NEAR(deepest_penetration(low, ball(), past(0.25f)), 0.05f, 1e-4f);
  EXPECT_LT(deepest_penetration(low, ball(), past(0.25f), passed), 0.0f);
  // 0.35 m past, more than 0.282: no sub-step left it there untouched.
  EXPECT_NEAR(deepest_penetration(low, ball(), past(0.35f), passed), 0.05f, 1e-4f);
  // A 10 cm riser cannot be crossed so (w = 0.3 > 0.5 - w): 0.1 m counts.
  EXPECT_NEAR(deepest_penetration(riser_room(0.1f), ball(), past(0.25f), passed), 0.1f, 1e-4f);
}

TEST(Penetration, FloorWithoutARiserCountsEvenWhenAllowed) {
  PenetrationOptions passed;
  passed.allow_passed_edge = true;
  SceneDesc s = two_by_two_flat();
  s.cells = {
      CellDesc{kA, {40, 40, kFloor}, {}, profile_room({{0, 4, 0.05f}}, 4, 3).mesh, {}, false}};
  const World world = World::from_scene(s);
  Position sunk = at(kA, 42.0f, 42.0f);
  sunk.frame.origin.z -= 0.5f;
  EXPECT_NEAR(deepest_penetration(world, ball(), sunk, passed), 0.05f, 1e-4f);
}

}  // namespace
}  // namespace transit::test
