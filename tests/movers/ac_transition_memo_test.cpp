#include <gtest/gtest.h>

#include <algorithm>

#include "transit/math/same_bits.hpp"
#include "transit/movers/ac/ac_mover.hpp"
#include "transit/world/demo_world.hpp"

namespace transit::ac {
namespace {

// The demo world, with or without its house registered as a building (its
// rooms are there either way).
World village(bool with_house) {
  SceneDesc scene = make_demo_world();
  if (!with_house)
    std::erase_if(scene.objects, [](const ObjectDesc& o) { return o.id == demo::kHouseId; });
  return World::from_scene(scene);
}

WorldObject the_house() {
  return *village(true).object_by_id(demo::kHouseId);
}

// Village-local (x, y, z) in its outdoor cell, whatever rooms hold the point.
Position outdoors(float x, float y, float z) {
  const auto cell =
      static_cast<CellId>(static_cast<int>(x / 24) * 8 + static_cast<int>(y / 24) + 1);
  return Position{demo::kVillageBlock | cell, Frame{{x, y, z}, {}}};
}

Position lowered(Position p, float dz) {
  p.frame.origin.z -= dz;
  return p;
}

bool same_result(const AcMoveResult& a, const AcMoveResult& b) {
  using transit::same_bits;
  return a.ok == b.ok && a.state == b.state && a.last_insert == b.last_insert &&
         same_bits(a.position, b.position) && a.contact == b.contact &&
         a.on_walkable == b.on_walkable && same_bits(a.contact_plane, b.contact_plane) &&
         same_bits(a.collision_normal, b.collision_normal) &&
         same_bits(a.sliding_normal, b.sliding_normal) && a.steps == b.steps &&
         a.velocity_stopped == b.velocity_stopped &&
         a.collided_with_environment == b.collided_with_environment &&
         a.frames_stationary_fall == b.frames_stationary_fall &&
         a.collided_objects == b.collided_objects;
}

// The path of a standing body (AcBody's spheres) checked at `at`.
struct CheckedPath {
  TurnedPoints turned;
  SpherePath path{turned};

  explicit CheckedPath(const Position& at) {
    path.init_sphere(AcBody{}.spheres, 1.0f);
    path.init_path(at.objcell_id, at, at);
    path.set_check_pos(at, at.objcell_id);
  }
};

TEST(CellListMemo, AnswersABodyThatOnlyFellFromMemory) {
  const World world = village(true);
  CellListMemo memo;
  World::CellQuery query;
  CheckedPath checked(outdoors(60, 80, 60));
  memo.use_world(world);
  memo.find(checked.path, &query);
  // A made-up cell in the remembered answer shows where the answer came from.
  ASSERT_TRUE(memo.cells.add(demo::kHallCell));
  checked.path.add_offset_to_check_pos({0.0f, 0.0f, -1.5f});
  memo.use_world(world);  // the next move
  EXPECT_TRUE(memo.find(checked.path, &query).contains(demo::kHallCell));
  checked.path.add_offset_to_check_pos({0.25f, 0.0f, 0.0f});  // moved sideways: searched again
  EXPECT_FALSE(memo.find(checked.path, &query).contains(demo::kHallCell));
}

TEST(CellListMemo, SearchesAgainOnceTheWorldsStructureChanged) {
  World world = village(false);
  CellListMemo memo;
  World::CellQuery query;
  CheckedPath checked(outdoors(demo::kHouseX + 3.5f, demo::kHouseY + 5.0f, demo::kHouseZ + 0.3f));
  memo.use_world(world);
  EXPECT_FALSE(memo.find(checked.path, &query).contains(demo::kHallCell));
  world.add_object(the_house());
  memo.use_world(world);
  EXPECT_TRUE(memo.find(checked.path, &query).contains(demo::kHallCell));
  EXPECT_EQ(query.current, demo::kHallCell);
}

TEST(TransitionMemo, KeptResultMovesAFallingBodyAsFreshResultsDo) {
  const World world = village(true);
  const AcBody body;
  AcMoveResult kept;
  Position at = outdoors(60, 80, demo::kGroundZ + 40.0f);
  AcContact contact;
  for (int tick = 0; tick < 40; ++tick) {
    const Position end = lowered(at, 0.1f * static_cast<float>(tick));
    const AcMoveResult fresh = move_body(world, body, at, end, contact);
    move_body(world, body, at, end, contact, {}, kept);
    ASSERT_TRUE(same_result(fresh, kept)) << "tick " << tick;
    at = fresh.position;
    contact = AcContact{fresh.contact, fresh.on_walkable, fresh.contact_plane, fresh.sliding_normal,
                        fresh.frames_stationary_fall};
  }
  EXPECT_TRUE(contact.contact);  // it landed on the pad
}

TEST(TransitionMemo, KeptResultIsNotAnsweredFromBeforeABuildingWasAdded) {
  World world = village(false);
  const AcBody body;
  const Position begin = outdoors(demo::kHouseX + 3.5f, demo::kHouseY + 5.0f, demo::kHouseZ + 0.3f);
  const Position end = lowered(begin, 0.1f);
  AcMoveResult kept;
  move_body(world, body, begin, end, {}, {}, kept);
  ASSERT_TRUE(kept.ok);
  EXPECT_TRUE(is_outdoor(kept.position.objcell_id));

  world.add_object(the_house());
  move_body(world, body, begin, end, {}, {}, kept);
  const AcMoveResult fresh = move_body(world, body, begin, end, {});
  EXPECT_TRUE(same_result(fresh, kept));
  EXPECT_EQ(kept.position.objcell_id, demo::kHallCell);
}

}  // namespace
}  // namespace transit::ac
