// Faults a running game meets: a character placed inside a wall, the world
// edited under characters (an object appears on one, a floor is removed), a
// landblock that is not loaded. transit does what retail does (placement
// push-out, FramesStationaryFall, collided at unloaded cells) and never
// crashes or loops.
#include <gtest/gtest.h>

#include "transit/movers/ac/ac_placement.hpp"
#include "reliability/invariants.hpp"
#include "support/ac_standing.hpp"
#include "support/penetration.hpp"
#include "support/profile_room.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::ac {
namespace {

using namespace transit::test;

Position in_room(float x, float y, float z) {
  return Position{kRoom, Frame{{x, y, z}, {}}};
}

// A 10 x 4 m room at (40, 40, 0) with a plain floor, as the room-walls scenario.
SceneDesc plain_room_scene() {
  SceneDesc s = two_by_two_flat();
  CellDesc room;
  room.id = kRoom;
  room.origin = {40, 40, 0};
  room.mesh = profile_room({{0, 10, 0}}, 4.0f, 6.0f).mesh;
  s.cells.push_back(room);
  return s;
}

TEST(Fault, CharacterPlacedInsideAWallIsPushedOut) {
  const World world = World::from_scene(plain_room_scene());
  // The y = 40 wall; the foot sphere overlaps it by 0.3 m.
  const AcPlacement p = place_body(world, AcBody{}, in_room(45, 40.18f, 0));
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.position.objcell_id, kRoom);
  EXPECT_GE(p.position.frame.origin.y, 40.48f - 0.01f);
  EXPECT_LE(deepest_penetration(world, AcBody{}, p.position), reliability::kPenetrationLimit);
}

TEST(Fault, CharacterWhollyInsideAWallIsRefusedNotLooped) {
  const World world = World::from_scene(plain_room_scene());
  const Position behind = in_room(45, 39.0f, 0);  // a metre behind the wall
  const AcPlacement p = place_body(world, AcBody{}, behind);
  EXPECT_FALSE(p.ok);
  EXPECT_EQ(p.position, behind);
  const AcMoveResult r = move_body(world, AcBody{}, behind, in_room(45, 39.0f, -3.0f), {});
  EXPECT_LE(r.steps, kRetailMaxTransitionSteps);
}

TEST(Fault, ObjectAppearingOnACharacterLeavesItFreeToWalkAway) {
  World world = World::from_scene(plain_room_scene());
  const Position at = in_room(45, 42, 0);
  WorldObject boulder;
  boulder.id = 99;
  boulder.name = "boulder";
  boulder.position = at;
  boulder.spheres = {{{0, 0, 1.0f}, 0.8f}};
  boulder.flags = kFlagStatic;
  boulder.local_bounds = {{0, 0, 1.0f}, 0.8f};
  world.add_object(boulder);
  ASSERT_GT(deepest_penetration(world, AcBody{}, at), 0.5f);  // it really overlaps

  // Retail's answer to something appearing on a body is placement: the body
  // is moved to the nearest free spot.
  const AcPlacement placed = place_body(world, AcBody{}, at);
  ASSERT_TRUE(placed.ok);
  EXPECT_LE(deepest_penetration(world, AcBody{}, placed.position), reliability::kPenetrationLimit);
  EXPECT_EQ(placed.position.objcell_id, kRoom);
  // Walking from where it stood returns promptly and goes no deeper.
  const AcMoveResult r = move_body(world, AcBody{}, at, in_room(47, 42, 0), standing_on(world, at));
  EXPECT_LE(r.steps, kRetailMaxTransitionSteps);
  EXPECT_LE(deepest_penetration(world, AcBody{}, r.position),
            deepest_penetration(world, AcBody{}, at) + 0.001f);
}

TEST(Fault, RemovedRoomLeavesTheCharacterInAnUnknownCellThatCollides) {
  // The world is rebuilt without the room the character stood in: its cell
  // is gone, so every sub-step is refused and the body stays (transit's
  // deviation: retail would carry on with no cell and no collisions).
  SceneDesc scene = plain_room_scene();
  const World before = World::from_scene(scene);
  scene.cells.clear();
  const World after = World::from_scene(scene);
  const Position stood = in_room(45, 42, 0);
  const AcContact contact = standing_on(before, stood);
  const AcMoveResult r = move_body(after, AcBody{}, stood, in_room(45, 42, -1.0f), contact);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.position, stood);
}

TEST(Fault, RemovedFloorPolygonLetsABodyFallThroughTheRoom) {
  // The floor polygon is taken out of the room (an open mesh now, which the
  // builder warns about): a gravity body falls through where it was, frame
  // after frame, each frame returning promptly. As in retail, whose room
  // containment is a walk of the room's planes, the open room has no bottom,
  // so the body keeps falling inside the room cell (no terrain is tested
  // indoors): see docs/reliability.md, "Findings" 5.
  SceneDesc scene = plain_room_scene();
  MeshDesc& mesh = scene.cells[0].mesh;
  mesh.polygons.erase(mesh.polygons.begin());  // polygon 0 is the floor
  std::vector<std::string> warnings;
  const World world = World::from_scene(scene, &warnings);
  EXPECT_FALSE(warnings.empty());  // the open mesh is reported
  Position at = in_room(45, 42, 0.02f);
  AcContact state;
  for (int frame = 0; frame < 20; ++frame) {
    Position below = at;
    below.frame.origin.z -= 0.5f;
    const AcMoveResult r = move_body(world, AcBody{}, at, below, state);
    ASSERT_LE(r.steps, kRetailMaxTransitionSteps);
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(r.position.objcell_id, kRoom);
    EXPECT_FALSE(r.contact);
    at = r.position;
  }
  EXPECT_NEAR(at.frame.origin.z, 0.02f - 10.0f, 1e-3f);
  // A kilometre down, where floats are coarse, a frame still returns at once.
  const Position deep = in_room(45, 42, -1000.0f);
  Position deeper = deep;
  deeper.frame.origin.z -= 10.0f;
  const AcMoveResult far = move_body(world, AcBody{}, deep, deeper, {});
  EXPECT_TRUE(far.ok);
  EXPECT_LE(far.steps, kRetailMaxTransitionSteps);
  EXPECT_EQ(far.position.objcell_id, kRoom);
  EXPECT_NEAR(far.position.frame.origin.z, -1010.0f, 1e-2f);
}

TEST(Fault, WalkingIntoAnUnloadedLandblockStopsAtItsEdge) {
  SceneDesc scene = two_by_two_flat();
  std::erase_if(scene.landblocks, [](const LandblockDesc& lb) { return lb.x == 170; });
  const World world = World::from_scene(scene);
  const Position from{kBlock | outdoor_cell_id(kBlock, 7, 3), Frame{{190.0f, 80.0f, 0.0f}, {}}};
  const Position to{from.objcell_id, Frame{{200.0f, 80.0f, 0.0f}, {}}};  // 8 m into 170
  const AcMoveResult r = move_body(world, AcBody{}, from, to, standing_on(world, from));
  EXPECT_LE(r.steps, kRetailMaxTransitionSteps);
  EXPECT_TRUE(world.has_cell(r.position.objcell_id));
  EXPECT_LE(r.position.frame.origin.x, 192.0f);
  EXPECT_TRUE(
      world.resolve_global(local_to_global(r.position.objcell_id, r.position.frame.origin)));
}

}  // namespace
}  // namespace transit::ac
