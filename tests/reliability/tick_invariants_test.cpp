// check_tick, on hand-made bodies on flat ground at height 0: what the
// scripted soak calls a broken tick.
#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "reliability/invariants.hpp"
#include "transit/sim/simulation.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::reliability {
namespace {

using test::kBlock;

const CellId kGroundCell = kBlock | outdoor_cell_id(kBlock, 2, 2);  // x and y 48..72
const std::uint32_t kOtherCharacter = kCharacterObjectIdBase + 1;

// Flat ground with another character's sphere (0.5 m) standing at (60, 60).
const World& world() {
  static const World w = [] {
    SceneDesc scene = test::two_by_two_flat();
    ObjectDesc other;
    other.id = kOtherCharacter;
    other.name = "other";
    other.position.cell = kGroundCell;
    other.position.local = Vec3(60, 60, 0);
    ShapeDesc sphere;
    sphere.center = Vec3(0, 0, 0.5f);
    sphere.radius = 0.5f;
    other.shapes = {sphere};
    scene.objects.push_back(other);
    return World::from_scene(scene);
  }();
  return w;
}

// A human (two 0.48 m spheres) standing at (x, y, z) on the ground plane.
PhysicsBody standing(float x, float y, float z = 0.0f) {
  PhysicsBody body(ac::AcBody{}, Position{kGroundCell, Frame{{x, y, z}, {}}});
  body.contact = true;
  body.on_walkable = true;
  body.contact_plane = ac::CellPlane{Plane{{0, 0, 1}, 0}, kGroundCell, false};
  return body;
}

std::set<std::string> broken(const PhysicsBody& body, std::set<std::uint32_t> pass = {}) {
  std::set<std::string> names;
  for (const Violation& v : check_tick(TickFacts{world(), 0.0f, pass, 0.01}, body))
    names.insert(v.invariant);
  return names;
}

TEST(TickInvariants, ABodyStandingOnTheGroundBreaksNothing) {
  EXPECT_TRUE(broken(standing(52, 52)).empty());
}

TEST(TickInvariants, ABodySunkIntoTheGroundIsBelowItAndInsideIt) {
  EXPECT_EQ(broken(standing(52, 52, -0.2f)), (std::set<std::string>{kPenetration, kBelowTerrain}));
  EXPECT_TRUE(broken(standing(52, 52, -0.005f)).empty());  // within the 1 cm allowed
}

TEST(TickInvariants, NonFiniteVelocityIsCaughtBeforeAnythingElse) {
  PhysicsBody body = standing(52, 52, -0.2f);
  body.velocity.x = NAN;
  EXPECT_EQ(broken(body), std::set<std::string>{kFinite});
}

TEST(TickInvariants, ContactNeedsAContactPlaneAndWalkingNeedsWalkableContact) {
  PhysicsBody no_plane = standing(52, 52);
  no_plane.contact_plane.reset();
  EXPECT_EQ(broken(no_plane), (std::set<std::string>{kContact, kWalkable}));

  PhysicsBody in_the_air = standing(52, 52, 1.0f);
  in_the_air.contact = false;
  in_the_air.contact_plane.reset();
  EXPECT_EQ(broken(in_the_air), std::set<std::string>{kWalkable});
  in_the_air.on_walkable = false;
  EXPECT_TRUE(broken(in_the_air).empty());

  PhysicsBody on_a_steep_plane = standing(52, 52);
  on_a_steep_plane.contact_plane->plane.normal = glm::normalize(Vec3(2, 0, 1));  // z 0.45 < FloorZ
  EXPECT_EQ(broken(on_a_steep_plane), std::set<std::string>{kWalkable});
}

TEST(TickInvariants, AJumpLeavesContactWithoutOnWalkable) {
  PhysicsBody just_jumped = standing(52, 52);
  just_jumped.on_walkable = false;  // retail's jump clears it; contact stays
  EXPECT_TRUE(broken(just_jumped).empty());
}

TEST(TickInvariants, OtherCharactersAreSolidUnlessPassedThrough) {
  const PhysicsBody inside_other = standing(60.3f, 60);
  EXPECT_EQ(broken(inside_other), std::set<std::string>{kPenetration});
  EXPECT_TRUE(broken(inside_other, {kOtherCharacter}).empty());
}

TEST(TickInvariants, ACellThatDoesNotHoldTheBodyIsReported) {
  PhysicsBody elsewhere = standing(52, 52);
  elsewhere.position.frame.origin.x = 100.0f;  // three outdoor cells east of kGroundCell
  EXPECT_EQ(broken(elsewhere), std::set<std::string>{reliability::kCell});
}

// Liveness: the other character's 0.5 m sphere at (60, 60) is the only
// thing on the ground; a body told to run 0.3 m a quantum east.
const TickIntent kRunEast{{0.3f, 0, 0}, {0.3f, 0, 0}, 1, true, MoveStatus::Moved};

TEST(TickInvariants, AMoveThatMetNothingYetWentNowhereIsStalled) {
  EXPECT_EQ(check_stalled(kRunEast, standing(52, 52), 0.0f)->invariant, kStalled);
  EXPECT_FALSE(check_stalled(kRunEast, standing(52, 52), 0.3f));  // it moved
  TickIntent no_quantum = kRunEast;
  no_quantum.quanta = 0;
  EXPECT_FALSE(check_stalled(no_quantum, standing(52, 52), 0.0f));
  TickIntent from_the_air = kRunEast;
  from_the_air.walkable_before = false;
  EXPECT_FALSE(check_stalled(from_the_air, standing(52, 52), 0.0f));
  TickIntent blocked = kRunEast;  // a wall, a slope, an object stopped it
  blocked.status = MoveStatus::Blocked;
  EXPECT_FALSE(check_stalled(blocked, standing(52, 52), 0.0f));
}

TEST(TickInvariants, StillForTwoSecondsIsFrozenOnlyWhereItCouldGo) {
  EXPECT_EQ(check_frozen(world(), standing(52, 52), kRunEast, 2.5)->invariant, kFrozen);
  EXPECT_FALSE(check_frozen(world(), standing(52, 52), kRunEast, 1.5));
  // Pressed head-on against the other character, told to run into it.
  EXPECT_FALSE(check_frozen(world(), standing(59.02f, 60), kRunEast, 2.5));
  // ... and told to run away from it: it could.
  const TickIntent run_west{{-0.3f, 0, 0}, {-0.3f, 0, 0}, 1, true, MoveStatus::Moved};
  EXPECT_EQ(check_frozen(world(), standing(59.02f, 60), run_west, 2.5)->invariant, kFrozen);
}

}  // namespace
}  // namespace transit::reliability
