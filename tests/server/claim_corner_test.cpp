// A claim round a corner: a character outside a room runs along its wall
// and in through the doorway between two claims, though the straight line
// from the last claim crosses the wall beside the doorway. The same turn
// where the wall has no doorway is rejected, though the paths tried round
// a corner (across one way, then the other; on along the wall past its
// end) are tried for it too.
#include <gtest/gtest.h>

#include "support/claim_runs.hpp"
#include "support/test_scenes.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {
namespace {

class Corner : public ::testing::Test {
 protected:
  Corner() : scene_(with_walker()), world_(World::from_scene(scene_)) {}

  static SceneDesc with_walker() {
    SceneDesc scene = test::house_scene();
    CharacterDesc walker;
    walker.name = "walker";
    walker.position.global = test::kBlockOrigin + Vec3(38.5f, 40.6f, 0.0f);
    scene.characters.push_back(walker);
    return scene;
  }

  // A run from the walker's place (west of the room's x = 40 wall, south of
  // its doorway at y 41.5 to 42.5), or from `start`, to `local`, claimed 1 s
  // later.
  ClaimCheck run_to(const Vec3& local, std::optional<Vec3> start = std::nullopt) const {
    return test::run_claim(world_, scene_, local, 1.0, start);
  }

  SceneDesc scene_;
  World world_;
};

TEST_F(Corner, InThroughTheDoorwayIsAccepted) {
  const ClaimCheck c = run_to({41.2f, 42.0f, 0.0f});
  EXPECT_TRUE(c.accepted()) << c.reason;
  EXPECT_EQ(c.next.position.objcell_id, test::kRoom);
}

TEST_F(Corner, InThroughTheWallBesideTheDoorwayIsRejected) {
  const ClaimCheck c = run_to({41.2f, 43.6f, 0.0f});
  EXPECT_FALSE(c.accepted());
  EXPECT_TRUE(c.verdict == ClaimVerdict::ThroughWall || c.verdict == ClaimVerdict::UnreachableCell) << c.reason;
}

// Against the wall 0.5 m south of the doorway, in past its jamb to a place
// in the room south of the doorway's middle: the straight path slides along
// the wall and stops short of the doorway, and across one way then the
// other meets the wall too; on along the wall past where it stopped, by
// the body's radius, rounds the jamb.
TEST_F(Corner, InPastTheDoorJambFromAgainstTheWallIsAccepted) {
  const ClaimCheck c = run_to({40.8f, 41.7f, 0.0f}, Vec3(39.5f, 41.0f, 0.0f));
  EXPECT_TRUE(c.accepted()) << c.reason;
  EXPECT_EQ(c.next.position.objcell_id, test::kRoom);
}

// The same 1.5 m south of the doorway, where a radius on from where the
// path stopped is still wall.
TEST_F(Corner, InFromAgainstTheWallFarFromTheDoorwayIsRejected) {
  const ClaimCheck c = run_to({40.6f, 40.6f, 0.0f}, Vec3(39.5f, 40.0f, 0.0f));
  EXPECT_FALSE(c.accepted());
  EXPECT_TRUE(c.verdict == ClaimVerdict::ThroughWall || c.verdict == ClaimVerdict::UnreachableCell) << c.reason;
}

}  // namespace
}  // namespace transit
