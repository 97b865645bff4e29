#include <gtest/gtest.h>

#include <algorithm>

#include "transit/world/demo_world.hpp"
#include "transit/world/world.hpp"

namespace transit {
namespace {

SceneDesc village_without_house() {
  SceneDesc scene = make_demo_world();
  std::erase_if(scene.objects, [](const ObjectDesc& o) { return o.id == demo::kHouseId; });
  return scene;
}

TEST(StructureVersion, NoTwoWorldsShareOne) {
  const World a = World::from_scene(village_without_house());
  const World b = World::from_scene(village_without_house());
  const World copy = a;
  EXPECT_NE(a.structure_version(), b.structure_version());
  EXPECT_NE(a.structure_version(), copy.structure_version());
}

TEST(StructureVersion, MovingObjectsKeepsItAndBuildingsComingOrGoingChangeIt) {
  const World full = World::from_scene(make_demo_world());
  World world = World::from_scene(village_without_house());
  const std::uint64_t built = world.structure_version();

  WorldObject crate = *full.object_by_id(demo::kLowBoxId);
  crate.id = 9001;
  const ObjectId crate_id = world.add_object(crate);
  Position moved = crate.position;
  moved.frame.origin.x += 1.0f;
  world.move_object(crate_id, moved);
  World::ObjectMove move;
  move.index = crate_id.index;
  move.position = crate.position;
  world.move_objects(std::span<const World::ObjectMove>(&move, 1));
  world.remove_object(crate_id);
  EXPECT_EQ(world.structure_version(), built);

  const ObjectId house = world.add_object(*full.object_by_id(demo::kHouseId));
  const std::uint64_t with_house = world.structure_version();
  EXPECT_NE(with_house, built);
  world.remove_object(house);
  EXPECT_NE(world.structure_version(), with_house);
  EXPECT_NE(world.structure_version(), built);
}

}  // namespace
}  // namespace transit
