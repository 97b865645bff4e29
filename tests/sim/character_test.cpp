// The Character: settings apart from state, every status reason, and the
// same bits as the expert calls it wraps.
#include "transit/sim/character.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "transit/math/input_error.hpp"
#include "transit/movers/ac/ac_placement.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/sim/simulation.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/demo_world.hpp"

namespace transit {
namespace {

using namespace transit::test;

Position in_room(float x, float y, float z = 0.0f) { return Position{kRoom, Frame{{x, y, z}, {}}}; }

class CharacterInRoom : public ::testing::Test {
 protected:
  World world = World::from_scene(house_scene());
  // Placed on the room's floor (z 0) at (x, y).
  Character placed_at(float x, float y, CharacterSettings settings = {}) {
    Character c(settings, in_room(x, y));
    EXPECT_EQ(c.place(world), MoveStatus::Moved);
    return c;
  }
};

TEST_F(CharacterInRoom, PlacedOnTheFloorStandsOnWalkableGround) {
  const Character c = placed_at(42, 42);
  EXPECT_EQ(c.ground_state(), GroundState::OnGround);
  ASSERT_TRUE(c.ground_plane());
  EXPECT_EQ(c.ground_plane()->plane.normal, Vec3(0, 0, 1));
  EXPECT_EQ(c.ground_plane()->cell, kRoom);
  EXPECT_EQ(c.cell(), kRoom);
}

TEST_F(CharacterInRoom, AMoveThroughOpenFloorIsMoved) {
  Character c = placed_at(41, 41);
  EXPECT_EQ(c.move_to(world, in_room(42, 42)), MoveStatus::Moved);
  EXPECT_NEAR(c.position().frame.origin.x, 42.0f, 1e-4f);
  EXPECT_NEAR(c.position().frame.origin.y, 42.0f, 1e-4f);
  EXPECT_EQ(c.status(), MoveStatus::Moved);
  EXPECT_EQ(c.ground_state(), GroundState::OnGround);
}

TEST_F(CharacterInRoom, HeadOnIntoAWallIsBlocked) {
  // The east wall is at x = 44: a 0.48 m sphere's centre stops by 43.52.
  Character c = placed_at(42, 42);
  EXPECT_EQ(c.move_to(world, in_room(47, 42)), MoveStatus::Blocked);
  EXPECT_LE(c.position().frame.origin.x, 43.52f + 0.01f);
  EXPECT_GT(c.position().frame.origin.x, 43.0f);
  ASSERT_TRUE(c.sliding_normal());
  EXPECT_NEAR(c.sliding_normal()->x, -1.0f, 1e-5f);
}

TEST_F(CharacterInRoom, AGlancingMoveSlidesAlongTheWall) {
  Character c = placed_at(42, 41);
  EXPECT_EQ(c.move_to(world, in_room(44, 43)), MoveStatus::Slid);
  EXPECT_LE(c.position().frame.origin.x, 43.52f + 0.01f);
  EXPECT_GT(c.position().frame.origin.y, 42.8f);
}

TEST_F(CharacterInRoom, TooManySubStepsIsRefusedAndLeavesItWhereItWas) {
  CharacterSettings settings;
  settings.quanta.transition.max_steps = 2;  // 0.48 m each: 5 m needs 11
  Character c = placed_at(41, 41, settings);
  EXPECT_EQ(c.move_to(world, in_room(41, 43.5f)), MoveStatus::StepCapExceeded);
  EXPECT_EQ(c.position().frame.origin, Vec3(41, 41, 0));
  EXPECT_EQ(c.move_to(world, in_room(41, 41.5f)), MoveStatus::Moved);
}

TEST_F(CharacterInRoom, AnUnloadedCellIsNoCell) {
  const Position nowhere{0x01010001, Frame{{10, 10, 0}, {}}};
  Character c(CharacterSettings{}, nowhere);
  EXPECT_EQ(c.place(world), MoveStatus::NoCell);
  EXPECT_EQ(c.update(world, 0.1), MoveStatus::NoCell);
  EXPECT_EQ(c.move_to(world, Position{0x01010001, Frame{{11, 10, 0}, {}}}), MoveStatus::NoCell);
  EXPECT_EQ(c.position(), nowhere);
}

TEST_F(CharacterInRoom, PlacementWithNoFreeSpotIsNoRoom) {
  // Centred 0.2 m behind the east wall: retail refuses the placement.
  Character c(CharacterSettings{}, in_room(44.2f, 42));
  EXPECT_EQ(c.place(world), MoveStatus::NoRoom);
  EXPECT_EQ(c.position().frame.origin, Vec3(44.2f, 42, 0));
}

TEST_F(CharacterInRoom, NonFiniteTargetsAndFrameTimesAreInvalidInput) {
  Character c = placed_at(42, 42);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(c.move_to(world, in_room(nan, 42)), MoveStatus::InvalidInput);
  EXPECT_NE(c.error().find("target"), std::string::npos) << c.error();
  EXPECT_EQ(c.move_to(world, Position{0x01010001, Frame{{1, 1, 0}, {}}}), MoveStatus::InvalidInput);
  EXPECT_EQ(c.update(world, -0.1), MoveStatus::InvalidInput);
  EXPECT_FALSE(c.error().empty());
  EXPECT_EQ(c.update(world, std::numeric_limits<double>::infinity()), MoveStatus::InvalidInput);
  EXPECT_EQ(c.position().frame.origin, Vec3(42, 42, 0));
  EXPECT_EQ(c.ground_state(), GroundState::OnGround);
  EXPECT_EQ(c.update(world, 0.1), MoveStatus::Moved);
  EXPECT_TRUE(c.error().empty());
}

TEST(CharacterSettingsChecks, ABodyWithABadSphereIsRefusedWithItsField) {
  CharacterSettings settings;
  settings.body.spheres[0].radius = 0.0f;
  try {
    Character c(settings, in_room(42, 42));
    FAIL() << "accepted a zero radius";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("spheres[0].radius"), std::string::npos) << e.what();
  }
}

TEST_F(CharacterInRoom, StuckInTheAirAgainstAWallIsStationaryFall) {
  // Airborne against the east wall, pushing into it: nothing moves, and
  // retail counts a stationary-fall frame.
  Character c(CharacterSettings{}, in_room(43.4f, 42, 1.0f));
  c.teleport(in_room(43.4f, 42, 1.0f));
  EXPECT_EQ(c.ground_state(), GroundState::InAir);
  EXPECT_FALSE(c.ground_plane());
  EXPECT_EQ(c.move_to(world, in_room(44.4f, 42, 1.0f)), MoveStatus::StationaryFall);
  EXPECT_EQ(c.body().frames_stationary_fall, 1);
  EXPECT_EQ(c.position().frame.origin, Vec3(43.4f, 42, 1.0f));
}

TEST(CharacterObjects, WalkingIntoACreatureIsBlockedByObject) {
  World world = World::from_scene(two_by_two_flat());
  WorldObject creature;
  creature.id = 77;
  creature.name = "drudge";
  creature.flags = kFlagCreature;
  creature.position = Position{kBlock | 0x13, Frame{{60, 62, 0}, {}}};
  creature.cylspheres.push_back({{0, 0, 0}, 0.5f, 1.8f});
  world.add_object(creature);
  Character c(CharacterSettings{}, Position{kBlock | 0x13, Frame{{60, 58, 0}, {}}});
  ASSERT_EQ(c.place(world), MoveStatus::Moved);
  EXPECT_EQ(c.move_to(world, Position{kBlock | 0x13, Frame{{60, 64, 0}, {}}}),
            MoveStatus::BlockedByObject);
  EXPECT_LT(c.position().frame.origin.y, 62.0f - 0.5f - 0.48f + 0.01f);
  ASSERT_EQ(c.collided_objects().size(), 1u);
  EXPECT_EQ(c.collided_objects()[0], 77u);
}

TEST_F(CharacterInRoom, SettingsAreSharedAndStateIsEachCharactersOwn) {
  CharacterSettings settings;
  settings.skills.run_skill = 300.0f;
  const CharacterSettings copy = settings;
  Character a = placed_at(41, 41, settings);
  Character b = placed_at(42.5f, 41, settings);
  a.set_controls({ForwardInput::Run, StrafeInput::Stop, 0.0f});
  for (int i = 0; i < 10; ++i) {
    a.update(world, 1.0 / 30.0);
    b.update(world, 1.0 / 30.0);
  }
  EXPECT_GT(a.position().frame.origin.y, 42.0f);  // ran north
  EXPECT_EQ(b.position().frame.origin, Vec3(42.5f, 41, 0));
  EXPECT_EQ(a.settings().skills.run_skill, copy.skills.run_skill);
  EXPECT_EQ(a.settings().body.spheres, copy.body.spheres);
  EXPECT_EQ(b.velocity(), Vec3(0.0f));
}

TEST_F(CharacterInRoom, MoveToGivesTheBitsOfMoveBody) {
  Character c = placed_at(42, 41);
  PhysicsBody body = c.body();
  const Position target = in_room(44, 43);
  const ac::AcMoveResult expert =
      ac::move_body(world, body.shape, body.position, target, body.transition_contact());
  c.move_to(world, target);
  EXPECT_EQ(c.position(), expert.position);
  EXPECT_EQ(c.ground_plane(), expert.contact_plane);
  EXPECT_EQ(c.sliding_normal(), expert.sliding_normal);
  EXPECT_EQ(c.last_move().status, expert.status);
}

// The demo tour, through Character and through the expert calls
// (PhysicsBody + MotionInterpreter + update_object), tick by tick.
TEST(CharacterDemo, UpdateGivesTheBitsOfUpdateObject) {
  const SceneDesc scene = make_demo_world();
  const World world = World::from_scene(scene);
  const CharacterDesc& desc = scene.characters.front();
  const Position at = *world.resolve(desc.position, desc.orientation);
  const CharacterSettings settings = CharacterSettings::from_desc(desc);
  Character c(settings, at);
  ASSERT_EQ(c.place(world), MoveStatus::Moved);

  PhysicsBody body(settings.body, at);
  const ac::AcPlacement placed = ac::place_body(world, body.shape, at);
  ASSERT_TRUE(placed.ok);
  body.position = placed.position;
  body.contact_plane = placed.contact_plane;
  body.contact = true;
  body.on_walkable = placed.contact_plane->plane.normal.z >= kFloorZ;
  body.calc_acceleration();
  MotionInterpreter motion(settings.skills);

  c.set_controls({ForwardInput::Run, StrafeInput::Stop, 30.0f});
  motion.set_forward(ForwardCommand::WalkForward, true);
  motion.set_turn_rate(30.0f);
  for (int tick = 0; tick < 300; ++tick) {
    if (tick == 100) {
      c.jump(1.0f);
      motion.jump(1.0f, body);
    }
    c.update(world, 1.0 / 30.0);
    update_object(world, body, &motion, 1.0 / 30.0);
    ASSERT_EQ(c.position(), body.position) << "tick " << tick;
    ASSERT_EQ(c.velocity(), body.velocity) << "tick " << tick;
  }
  EXPECT_GT(glm::length(c.position().frame.origin - placed.position.frame.origin), 10.0f);
}

TEST(CharacterGround, InTheAirAfterATeleportThenLandsOnTheGround) {
  const World world = World::from_scene(two_by_two_flat());
  Character c(CharacterSettings{}, Position{kBlock | 0x13, Frame{{60, 60, 5}, {}}});
  c.teleport(Position{kBlock | 0x13, Frame{{60, 60, 5}, {}}});
  EXPECT_EQ(c.ground_state(), GroundState::InAir);
  int landings = 0;
  for (int tick = 0; tick < 60; ++tick) {
    c.update(world, 1.0 / 30.0);
    landings += c.events().landings;
  }
  EXPECT_GE(landings, 1);
  EXPECT_EQ(c.ground_state(), GroundState::OnGround);
  EXPECT_NEAR(c.position().frame.origin.z, 0.0f, 1e-3f);
}

TEST(CharacterGround, ATerrainSlopeTooSteepToWalkIsSteepGround) {
  SceneDesc scene = two_by_two_flat();
  // Raise one corner vertex of landblock (169, 180) by 40 m: the cells
  // around it become far steeper than walkable.
  LandblockDesc& block = scene.landblocks.front();
  std::array<float, 81> heights{};
  heights[4 * 9 + 4] = 40.0f;
  block.heights = heights;
  block.flat.reset();
  const World world = World::from_scene(scene);
  const Position on_slope{kBlock | 0x1C, Frame{{90, 90, 22}, {}}};
  Character c(CharacterSettings{}, on_slope);
  c.teleport(on_slope);
  bool steep = false;
  for (int tick = 0; tick < 90 && !steep; ++tick) {
    c.update(world, 1.0 / 30.0);
    steep = c.ground_state() == GroundState::OnSteepGround;
  }
  EXPECT_TRUE(steep);
  ASSERT_TRUE(c.ground_plane());
  EXPECT_LT(c.ground_plane()->plane.normal.z, kFloorZ);
}

TEST(CharacterBoxes, QuakeAndTribesBoxesMoveAndStopAtWalls) {
  const World world = World::from_scene(house_scene());
  for (MoverKind mover : {MoverKind::Quake, MoverKind::Tribes}) {
    CharacterSettings settings;
    settings.mover = mover;
    Character c(settings, in_room(42, 42, 0.01f));
    EXPECT_EQ(c.place(world), MoveStatus::Moved);
    EXPECT_EQ(c.move_to(world, in_room(42, 43, 0.01f)), MoveStatus::Moved);
    EXPECT_EQ(c.move_to(world, in_room(46, 43, 0.01f)), MoveStatus::Blocked);
    EXPECT_LE(c.position().frame.origin.x, 44.0f - 0.4f);
    EXPECT_GT(c.position().frame.origin.x, 43.5f);
    c.set_controls({ForwardInput::Run, StrafeInput::Stop, 0.0f});
    for (int i = 0; i < 30; ++i) c.update(world, 1.0 / 30.0);
    EXPECT_GT(c.position().frame.origin.y, 43.5f) << static_cast<int>(mover);
  }
}

}  // namespace
}  // namespace transit

namespace transit {
namespace {

// A character set down on the high crate of the demo village (1.0 m, centre
// (138, 50)) stands on its top, and keeps standing on it while it walks.
TEST(CharacterObjects, PlacedOnACrateStandsOnItsTopAndWalksOnIt) {
  const World world = World::from_scene(make_demo_world());
  const WorldObject& crate = *world.object_by_id(demo::kHighBoxId);
  const float top = crate.position.frame.origin.z + 1.0f;
  const Position above{crate.position.objcell_id, Frame{{138.0f, 50.0f, top + 0.1f}, {1, 0, 0, 0}}};
  Character c(CharacterSettings{}, above);
  ASSERT_EQ(c.place(world), MoveStatus::Moved);
  EXPECT_NEAR(c.position().frame.origin.z, top, 1e-3f);
  EXPECT_EQ(c.ground_state(), GroundState::OnGround);
  ASSERT_TRUE(c.ground_plane());
  EXPECT_NEAR(c.ground_plane()->plane.distance(Vec3(138.0f, 50.0f, top)), 0.0f, 1e-3f);
  EXPECT_NEAR(c.ground_plane()->plane.normal.z, 1.0f, 1e-5f);

  c.set_controls({ForwardInput::Walk, StrafeInput::Stop, 0.0f});
  for (int tick = 0; tick < 3; ++tick) {
    c.update(world, 1.0 / 30.0);
    EXPECT_EQ(c.ground_state(), GroundState::OnGround) << "tick " << tick;
    EXPECT_NEAR(c.position().frame.origin.z, top, 1e-3f) << "tick " << tick;
  }
  EXPECT_GT(c.position().frame.origin.y, 50.2f);
}

}  // namespace
}  // namespace transit

namespace transit {
namespace {

// A simulated character reports the same status as a Character given the
// same inputs: blocked when it runs into the house wall.
TEST(SimulationStatus, EachCharactersLastStepSaysWhyItStopped) {
  SceneDesc scene = house_scene();
  CharacterDesc runner;
  runner.name = "runner";
  runner.position.cell = kRoom;
  runner.position.local = {42, 42, 0};
  runner.orientation.heading_deg = 90.0f;  // east, towards the wall at x = 44
  scene.characters.push_back(runner);
  Simulation sim(World::from_scene(scene), scene);
  ScriptInput run;
  run.forward = ForwardInput::Run;
  sim.apply(0, run);
  sim.step(1.0 / 30.0);
  EXPECT_EQ(sim.status(0), MoveStatus::Moved);
  for (int tick = 0; tick < 30; ++tick) sim.step(1.0 / 30.0);
  EXPECT_EQ(sim.status(0), MoveStatus::Blocked);
  EXPECT_LE(sim.character(0).body.position.frame.origin.x, 44.0f - 0.48f + 0.01f);
}

}  // namespace
}  // namespace transit

namespace transit {
namespace {

// Beyond retail's placement (issue 19): a character placed in the air above
// the step-down height is dropped onto the ground below, within
// placement_drop metres; retail's placement alone leaves it hanging.
class PlacementDrop : public ::testing::Test {
 protected:
  World world = World::from_scene(test::house_scene());
  Position above(float z) const { return Position{test::kBlock | 0x0A, Frame{{30.0f, 30.0f, z}, {}}}; }
};

TEST_F(PlacementDrop, OneMetreUpLandsOnTheGround) {
  Character c(CharacterSettings{}, above(1.0f));
  EXPECT_EQ(c.place(world), MoveStatus::Moved);
  EXPECT_EQ(c.ground_state(), GroundState::OnGround);
  EXPECT_NEAR(c.position().frame.origin.z, 0.0f, 1e-3f);
  ASSERT_TRUE(c.ground_plane());
  EXPECT_EQ(c.ground_plane()->plane.normal, Vec3(0, 0, 1));
}

TEST_F(PlacementDrop, RetailPlacementAloneLeavesItInTheAir) {
  CharacterSettings retail;
  retail.placement_drop = 0.0f;
  Character c(retail, above(1.0f));
  EXPECT_EQ(c.place(world), MoveStatus::Moved);
  EXPECT_EQ(c.ground_state(), GroundState::InAir);
  EXPECT_EQ(c.position().frame.origin.z, 1.0f);
}

TEST_F(PlacementDrop, BeyondTheDropDistanceItStaysWhereItWasPut) {
  Character c(CharacterSettings{}, above(12.0f));
  EXPECT_EQ(c.place(world), MoveStatus::Moved);
  EXPECT_EQ(c.ground_state(), GroundState::InAir);
  EXPECT_EQ(c.position().frame.origin.z, 12.0f);
}

}  // namespace
}  // namespace transit
