// Objects larger than a cell (issue 19): retail registers an object's shadow
// in the cell under its bounding sphere's centre and the neighbours the
// sphere reaches, enough for objects under 24 m; a user's 300 m floor must
// hold characters anywhere on it, not only within a cell of its centre.
#include <gtest/gtest.h>

#include "support/test_scenes.hpp"
#include "transit/sim/character.hpp"
#include "transit/world/world.hpp"

namespace transit {
namespace {

const Vec3 kOrigin = test::kBlockOrigin;  // landblock (169, 180)'s south-west corner

ObjectDesc static_object(std::uint32_t id, const char* name, const Vec3& at, ShapeDesc shape) {
  ObjectDesc o;
  o.id = id;
  o.name = name;
  o.flags = kFlagStatic;
  o.position.global = kOrigin + at;
  o.shapes.push_back(std::move(shape));
  return o;
}

// A 300 m square floor, one quad, 5 m over the flat terrain of 2 x 2
// landblocks, and a 2 m sphere (under a cell) inside one cell.
SceneDesc floor_scene() {
  SceneDesc s = test::two_by_two_flat();
  ShapeDesc quad;
  quad.type = ShapeDesc::Type::Mesh;
  quad.mesh.vertices = {{0, 0, 0}, {300, 0, 0}, {300, 300, 0}, {0, 300, 0}};
  quad.mesh.polygons = {{0, 1, 2, 3}};
  s.objects.push_back(static_object(1, "floor", {10, 10, 5}, quad));
  ShapeDesc sphere;
  sphere.center = {0, 0, 1};
  sphere.radius = 2.0f;
  s.objects.push_back(static_object(2, "crate", {60, 60, 5}, sphere));
  return s;
}

TEST(LargeObjectShadow, ACharacterStandsAnywhereOnAFloorLargerThanACell) {
  const World world = World::from_scene(floor_scene());
  // 300 m / 24 m: the floor reaches into 13 x 13 cells.
  EXPECT_GE(world.shadow_cells(0).size(), 13u * 13u);
  for (const Vec3 at : {Vec3(15, 15, 0), Vec3(160, 160, 0), Vec3(305, 15, 0), Vec3(305, 305, 0),
                        Vec3(15, 305, 0), Vec3(250, 90, 0)}) {
    PositionDesc desc;
    desc.global = kOrigin + Vec3(0, 0, 5.5f) + at;
    Character c(CharacterSettings{}, *world.resolve(desc, {}));
    c.place(world);
    for (int i = 0; i < 30; ++i) c.update(world, 1.0 / 30.0);
    EXPECT_EQ(c.ground_state(), GroundState::OnGround) << at.x << ", " << at.y;
    EXPECT_NEAR(c.position().frame.origin.z, 5.0f, 0.01f) << "fell through at " << at.x << ", " << at.y;
  }
}

TEST(LargeObjectShadow, ObjectsUnderACellKeepRetailsCells) {
  const World world = World::from_scene(floor_scene());
  // The crate's 2 m sphere lies inside one cell, away from its edges: that
  // cell only, as retail registers it.
  EXPECT_EQ(world.shadow_cells(1).size(), 1u);
}

}  // namespace
}  // namespace transit
