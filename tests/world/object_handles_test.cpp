// Generational object handles: stale handles are caught, slots are reused,
// churn keeps the slot count bounded, bounds come from the shapes.
#include <gtest/gtest.h>

#include "transit/math/input_error.hpp"
#include "transit/movers/ac/ac_mover.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/world.hpp"

namespace transit {
namespace {

using namespace transit::test;

WorldObject crate_at(float x, float y, std::uint32_t id = 42) {
  WorldObject crate;
  crate.id = id;
  crate.name = "crate";
  crate.flags = kFlagStatic;
  crate.position = Position{kBlock | 0x13, Frame{{x, y, 0}, {}}};
  crate.spheres.push_back({{0, 0, 0.5f}, 0.5f});
  return crate;
}

TEST(ObjectHandles, AStaleHandleIsRefusedAndNeverNamesTheSlotsNextObject) {
  World w = World::from_scene(two_by_two_flat());
  const ObjectId first = w.add_object(crate_at(60, 60, 1));
  ASSERT_TRUE(w.is_valid(first));
  ASSERT_TRUE(w.remove_object(first));
  EXPECT_FALSE(w.is_valid(first));
  EXPECT_EQ(w.object(first), nullptr);
  EXPECT_FALSE(w.remove_object(first));
  EXPECT_FALSE(w.move_object(first, Position{kBlock | 0x13, Frame{{61, 60, 0}, {}}}));

  const ObjectId second = w.add_object(crate_at(62, 60, 2));
  EXPECT_EQ(second.index, first.index);  // the slot is reused ...
  EXPECT_NE(second, first);              // ... under a new generation
  EXPECT_FALSE(w.is_valid(first));
  EXPECT_FALSE(w.remove_object(first));
  ASSERT_NE(w.object(second), nullptr);
  EXPECT_EQ(w.object(second)->id, 2u);
  EXPECT_FALSE(w.is_valid(ObjectId{}));
  EXPECT_FALSE(w.is_valid(ObjectId{second.index + 100, 0}));
}

TEST(ObjectHandles, ChurnKeepsTheSlotCountAtTheMostObjectsPresentAtOnce) {
  World w = World::from_scene(two_by_two_flat());
  std::vector<ObjectId> live;
  constexpr std::size_t kLive = 100;
  for (int cycle = 0; cycle < 20000; ++cycle) {
    if (live.size() == kLive) {
      const std::size_t k = static_cast<std::size_t>(cycle * 7919) % live.size();
      ASSERT_TRUE(w.remove_object(live[k]));
      live[k] = live.back();
      live.pop_back();
    }
    WorldObject crate = crate_at(2.0f + static_cast<float>(cycle % 20), 60,
                                 static_cast<std::uint32_t>(cycle + 1));
    crate.position.objcell_id = kBlock | 0x03;  // x 0..24, y 48..72
    live.push_back(w.add_object(crate));
  }
  EXPECT_EQ(w.object_slots(), kLive);
  std::size_t registered = 0;
  for (CellId cell = 1; cell <= 64; ++cell) registered += w.shadows(kBlock | cell).size();
  EXPECT_EQ(registered, kLive);  // every live crate lies in cell 0x03 alone
}

TEST(ObjectHandles, BoundsAreComputedFromTheShapesWhateverTheCallerLeft) {
  World w = World::from_scene(two_by_two_flat());
  WorldObject rock = crate_at(60, 60);
  rock.spheres = {{{0, 0, 1.0f}, 1.0f}};
  rock.local_bounds = Sphere{};  // left at the default: no size
  const ObjectId id = w.add_object(rock);
  EXPECT_GE(w.object(id)->local_bounds.radius, 1.0f);
  // A walker heading for the rock stops at its surface, not inside it.
  ac::AcContact ground;
  const Position from{kBlock | 0x13, Frame{{56, 60, 0}, {}}};
  ground.contact_plane = ac::surface_under(w, from.objcell_id, from.frame.origin);
  ground.contact = ground.on_walkable = true;
  const ac::AcMoveResult r =
      ac::move_body(w, ac::AcBody{}, from, Position{kBlock | 0x13, Frame{{64, 60, 0}, {}}}, ground);
  EXPECT_LT(r.position.frame.origin.x, 60.0f - 0.5f);
}

TEST(ObjectHandles, AReusedSlotForgetsTheMeshBoundsOfItsLastObject) {
  const World demo = World::from_scene(make_demo_world());
  World w = World::from_scene(two_by_two_flat());
  WorldObject box = *demo.object_by_id(demo::kLowBoxId);
  ASSERT_FALSE(box.meshes.empty());
  box.position = Position{kBlock | 0x13, Frame{{60, 60, 0}, {}}};
  const ObjectId with_mesh = w.add_object(box);
  ASSERT_GE(w.mesh_bounds(with_mesh.index).radius, 0.0f);
  w.remove_object(with_mesh);
  const ObjectId plain = w.add_object(crate_at(60, 60, 901));
  ASSERT_EQ(plain.index, with_mesh.index);
  EXPECT_LT(w.mesh_bounds(plain.index).radius, 0.0f);
}

}  // namespace
}  // namespace transit
