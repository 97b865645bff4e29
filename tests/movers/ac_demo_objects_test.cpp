// Object collisions in the demo world: trees, the house, the free-standing
// wall, the two boxes and a creature, all on the village pad (z 20).
#include <gtest/gtest.h>

#include "movers/object_test_support.hpp"
#include "support/demo_sim.hpp"
#include "transit/world/demo_world.hpp"

namespace transit::ac {
namespace {

using namespace objtest;

class ObjectDemoWorld : public ::testing::Test {
 protected:
  static const World& world() { return test::demo_world(); }
  static Walker walker_at(float x, float y) {
    return Walker(world(), AcBody{}, on_ground(world(), demo::kVillageBlock, x, y));
  }
};

// The house's hall (house-local x 0.5..6.5, y 0.5..9.5, floor z 0): a body
// whose origin is 5 cm below the floor is in the hall by its first sphere,
// centred 0.48 m above the origin; one sunk 0.6 m, or without spheres, or
// scaled to 0.05 (centre 2.4 cm up), is not.
TEST_F(ObjectDemoWorld, TheHallHoldsABodyByItsOriginOrItsFirstSphere) {
  const auto in_hall = [](float z) {
    return Position{demo::kHallCell, Frame{{demo::kHouseX + 3.5f, demo::kHouseY + 5.0f, demo::kHouseZ + z}, {}}};
  };
  const AcBody body;
  EXPECT_TRUE(cell_holds_body(world(), body, in_hall(0.1f)));
  ASSERT_FALSE(world().point_in_cell(demo::kHallCell, in_hall(-0.05f).frame.origin));
  EXPECT_TRUE(cell_holds_body(world(), body, in_hall(-0.05f)));
  EXPECT_FALSE(cell_holds_body(world(), body, in_hall(-0.6f)));
  AcBody no_spheres;
  no_spheres.spheres.clear();
  EXPECT_FALSE(cell_holds_body(world(), no_spheres, in_hall(-0.05f)));
  AcBody tiny;
  tiny.scale = 0.05f;
  EXPECT_FALSE(cell_holds_body(world(), tiny, in_hall(-0.05f)));
}

TEST_F(ObjectDemoWorld, FirCanopyKeepsAWalkerFarFromTheTrunk) {
  // Tree 7011 at (60, 40): its octagonal canopy, 2 m round from 1.2 m up,
  // catches the body sphere long before the 0.35 m trunk. Walking east, the
  // body meets a corner of the octagon and slides north along a face.
  Walker w = walker_at(55, 40);
  w.walk({7, 0, 0}, 14);
  const Vec3 from_axis = w.xyz() - Vec3(60, 40, 0);
  EXPECT_GT(std::sqrt(dot2d(from_axis, from_axis)), 1.85f);
  EXPECT_LT(w.xyz().x, 60.0f - 1.8f);
  EXPECT_NEAR(w.xyz().z, demo::kGroundZ, 1e-3f);
  EXPECT_LE(w.deepest, kMaxPenetration);
}

TEST_F(ObjectDemoWorld, FirCanopySlidesAGlancingWalker) {
  Walker w = walker_at(55, 38.5f);
  w.walk({10, 0, 0}, 20);
  EXPECT_GT(w.xyz().x, 62.0f);  // went round the canopy
  EXPECT_LT(w.xyz().y, 38.5f);  // pushed south along it
  EXPECT_LE(w.deepest, kMaxPenetration);
}

TEST_F(ObjectDemoWorld, OakTrunkBlocks) {
  // Tree 7012 at (155, 105): trunk radius 0.5, canopy from 3 m up.
  Walker w = walker_at(151, 105);
  const AcMoveResult& r = w.walk({8, 0, 0}, 16);
  EXPECT_LE(w.xyz().x, 155.0f - 0.5f - kBodyRadius + 0.01f);
  EXPECT_GT(w.xyz().x, 155.0f - 0.5f - kBodyRadius - 0.1f);
  ASSERT_TRUE(r.sliding_normal);
  EXPECT_NEAR(r.sliding_normal->x, -1.0f, 1e-3f);
  EXPECT_LE(w.deepest, kMaxPenetration);
}

TEST_F(ObjectDemoWorld, HouseExteriorWallBlocksAndSlides) {
  // The house's east wall: outer face at x 114, y 70..80.
  Walker head_on = walker_at(117, 75);
  head_on.walk({-6, 0, 0}, 12);
  EXPECT_GE(head_on.xyz().x, 114.0f + kBodyRadius - 0.01f);
  EXPECT_LT(head_on.xyz().x, 114.0f + kBodyRadius + 0.1f);
  EXPECT_LE(head_on.deepest, kMaxPenetration);

  Walker glancing = walker_at(115.5f, 73);
  const AcMoveResult& r = glancing.walk({-3, 3, 0}, 6);
  EXPECT_GE(glancing.xyz().x, 114.0f + kBodyRadius - 0.01f);
  EXPECT_GT(glancing.xyz().y, 73.0f + 2.8f);
  ASSERT_TRUE(r.sliding_normal);
  EXPECT_NEAR(r.sliding_normal->x, 1.0f, 1e-3f);
  EXPECT_LE(glancing.deepest, kMaxPenetration);
}

TEST_F(ObjectDemoWorld, FreeStandingWallBlocksAndSlides) {
  // Wall 7002: x 71..79, south face at y 99.75.
  Walker head_on = walker_at(75, 97);
  head_on.walk({0, 5, 0}, 10);
  EXPECT_LE(head_on.xyz().y, 99.75f - kBodyRadius + 0.01f);
  EXPECT_GT(head_on.xyz().y, 99.75f - kBodyRadius - 0.1f);
  EXPECT_LE(head_on.deepest, kMaxPenetration);

  Walker glancing = walker_at(73, 98.5f);
  const AcMoveResult& r = glancing.walk({3, 3, 0}, 6);
  EXPECT_LE(glancing.xyz().y, 99.75f - kBodyRadius + 0.01f);
  EXPECT_GT(glancing.xyz().x, 73.0f + 2.8f);
  ASSERT_TRUE(r.sliding_normal);
  EXPECT_NEAR(r.sliding_normal->y, -1.0f, 1e-3f);
  EXPECT_TRUE(glancing.collided_ids.empty());  // static: environment to retail
  EXPECT_LE(glancing.deepest, kMaxPenetration);
}

TEST_F(ObjectDemoWorld, StepsOntoTheLowBoxButNotTheHighOne) {
  // Box 7003 (0.3 m) spans x 127..129; box 7004 (1.0 m) x 137.25..138.75.
  Walker low = walker_at(124, 50);
  const AcMoveResult& up = low.walk({4, 0, 0}, 8);
  EXPECT_NEAR(low.xyz().x, 128.0f, 1e-3f);
  EXPECT_NEAR(low.xyz().z, demo::kGroundZ + demo::kLowBoxHeight, 1e-3f);
  EXPECT_TRUE(up.contact);
  EXPECT_TRUE(up.on_walkable);
  EXPECT_LE(low.deepest, kMaxPenetration);

  Walker high = walker_at(134, 50);
  high.walk({4, 0, 0}, 8);
  EXPECT_LE(high.xyz().x, 137.25f - kBodyRadius + 0.01f);
  EXPECT_GT(high.xyz().x, 137.25f - kBodyRadius - 0.1f);
  EXPECT_NEAR(high.xyz().z, demo::kGroundZ, 1e-3f);
  EXPECT_LE(high.deepest, kMaxPenetration);
}

TEST_F(ObjectDemoWorld, CreatureBlocksSlidesAndIsReported) {
  // The drudge 7021 at (86, 62), radius 0.5.
  Walker head_on = walker_at(82, 62);
  head_on.walk({6, 0, 0}, 12);
  EXPECT_LE(head_on.xyz().x, 86.0f - 0.5f - kBodyRadius + 0.01f);
  EXPECT_GT(head_on.xyz().x, 86.0f - 0.5f - kBodyRadius - 0.1f);
  EXPECT_EQ(head_on.collided_ids, std::vector<std::uint32_t>{demo::kFirstCreatureId});
  EXPECT_LE(head_on.deepest, kMaxPenetration);

  Walker glancing = walker_at(82, 62.5f);
  glancing.walk({8, 0, 0}, 16);
  EXPECT_GT(glancing.xyz().x, 87.0f);  // went round it
  EXPECT_GT(glancing.xyz().y, 62.5f);
  EXPECT_EQ(glancing.collided_ids, std::vector<std::uint32_t>{demo::kFirstCreatureId});
  EXPECT_LE(glancing.deepest, kMaxPenetration);
}

}  // namespace
}  // namespace transit::ac
