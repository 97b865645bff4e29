#include <gtest/gtest.h>

#include "transit/movers/ac/ac_mover.hpp"
#include "transit/world/terrain.hpp"
#include "support/ac_standing.hpp"

namespace transit::ac {
namespace {

using test::standing_on;

constexpr CellId kBlock = 0xA9B40000;

SceneDesc flat_scene() {
  SceneDesc s;
  LandblockDesc lb;
  lb.x = 169;
  lb.y = 180;
  lb.flat = 0.0f;
  s.landblocks.push_back(lb);
  return s;
}

TEST(AcSmoke, WalkOnFlatGround) {
  const World w = World::from_scene(flat_scene());
  const Position from{kBlock | 0x13, Frame{{50, 50, 0}, {}}};
  const Position to{kBlock | 0x13, Frame{{55, 50, 0}, {}}};
  const AcMoveResult r = move_body(w, AcBody{}, from, to, standing_on(w, from));
  EXPECT_TRUE(r.ok);
  EXPECT_NEAR(r.position.frame.origin.x, 55.0f, 1e-4f);
  EXPECT_NEAR(r.position.frame.origin.z, 0.0f, 1e-4f);
  EXPECT_TRUE(r.contact);
  EXPECT_TRUE(r.on_walkable);
  ASSERT_TRUE(r.contact_plane);
  EXPECT_EQ(r.contact_plane->plane.normal, Vec3(0, 0, 1));
  EXPECT_EQ(r.steps, 11);  // 5 m / 0.48 m = 10.4 -> 11 sub-steps
}

// A target 1e30 m up is 2e30 radii away: past the sub-step cap, refused
// without an infinite step count turned into an int (found by fuzzing the
// movement checks).
TEST(AcSmoke, AnAstronomicalMoveExceedsTheStepCap) {
  const World w = World::from_scene(flat_scene());
  const Position from{kBlock | 0x13, Frame{{50, 50, 0}, {}}};
  const Position to{kBlock | 0x13, Frame{{50, 50, 1e30f}, {}}};
  const AcMoveResult r = move_body(w, AcBody{}, from, to, standing_on(w, from), {kAceMaxTransitionSteps});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.status, MoveStatus::StepCapExceeded);
  EXPECT_EQ(r.position, from);
}

// A viewer (a camera) counts its steps its own way; the same astronomical
// move is refused the same way (found by fuzzing the claim checks).
TEST(AcSmoke, AnAstronomicalViewerMoveExceedsTheStepCap) {
  const World w = World::from_scene(flat_scene());
  const Position from{kBlock | 0x13, Frame{{50, 50, 0}, {}}};
  const Position to{kBlock | 0x13, Frame{{50, 50, 1e30f}, {}}};
  AcBody viewer;
  viewer.flags = kFlagViewer;
  const AcMoveResult r = move_body(w, viewer, from, to, standing_on(w, from), {kAceMaxTransitionSteps});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.status, MoveStatus::StepCapExceeded);
  EXPECT_EQ(r.position, from);
}

// Falls from `height` metres over (x, y) of the flat block at 0.2 m per
// move, as gravity would hand the mover its offsets, until a move stops.
AcMoveResult fall(const World& w, CellId cell, float x, float y, float height, AcBody body = {}) {
  Position at{cell, Frame{{x, y, height}, {}}};
  AcContact contact;
  AcMoveResult r;
  for (int i = 0; i < 200; ++i) {
    Position to = at;
    to.frame.origin.z -= 0.2f;
    move_body(w, body, at, to, contact, {}, r);
    if (!r.ok || r.contact) return r;
    at = r.position;
  }
  return r;
}

TEST(AcSmoke, FallOntoTheGroundStopsOnIt) {
  const World w = World::from_scene(flat_scene());
  const AcMoveResult r = fall(w, kBlock | 0x13, 50, 50, 20.0f);
  EXPECT_TRUE(r.ok);
  EXPECT_TRUE(r.on_walkable);
  EXPECT_NEAR(r.position.frame.origin.z, 0.0f, 1e-4f);
  ASSERT_TRUE(r.contact_plane);
  EXPECT_EQ(r.contact_plane->plane.normal, Vec3(0, 0, 1));
}

// Retail refuses every object but viewers and missiles anywhere over a
// landblock that is all water, at any height over it.
TEST(AcSmoke, AllWaterLandblockRefusesAFallingCharacterHighOverIt) {
  SceneDesc s = flat_scene();
  s.landblocks[0].terrain_types.emplace();
  s.landblocks[0].terrain_types->fill(kTerrainWaterDeepSea);
  const World w = World::from_scene(s);
  const Position high{kBlock | 0x13, Frame{{50, 50, 30}, {}}};
  Position lower = high;
  lower.frame.origin.z -= 0.2f;
  const AcMoveResult r = move_body(w, AcBody{}, high, lower, AcContact{});
  EXPECT_EQ(r.last_insert, TransitionState::Collided);
  EXPECT_EQ(r.position, high);  // the step is taken back

  AcBody missile;
  missile.flags |= kFlagMissile;
  const AcMoveResult m = move_body(w, missile, high, lower, AcContact{});
  EXPECT_EQ(m.last_insert, TransitionState::OK);
  EXPECT_EQ(m.position, lower);
}

}  // namespace
}  // namespace transit::ac
