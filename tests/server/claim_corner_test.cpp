// A claim round a corner: a character outside a room runs along its wall
// and in through the doorway between two claims, though the straight line
// from the last claim crosses the wall beside the doorway. The same turn
// where the wall has no doorway is rejected, though the paths tried round
// a corner (across one way, then the other) are tried for it too.
#include <gtest/gtest.h>

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
  // its doorway at y 41.5 to 42.5) to `local`, claimed 1 s later.
  ClaimCheck run_to(const Vec3& local) const {
    const MovementChecker checker(world_, CharacterSettings::from_desc(scene_.characters[0]));
    const Position from = *world_.resolve_global(scene_.characters[0].position.global);
    const std::optional<Position> to = world_.resolve_global(test::kBlockOrigin + local);
    EXPECT_TRUE(to.has_value());
    ClaimedMotion run;
    run.forward = ForwardInput::Run;
    return checker.check(checker.start(from, 0.0), {1.0, *to, run});
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

}  // namespace
}  // namespace transit
