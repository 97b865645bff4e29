// A claim a little way into what the body was pressed against: retail
// leaves such overlaps, and a replay that ends beside one reaches it from
// the claim's side (the move out of it) where no move leads in. Not a claim
// behind what it was pressed against, within those 25 cm or beyond: a
// body there moves out of it no more than in.
#include <gtest/gtest.h>

#include "movers/box_mover_scenes.hpp"
#include "support/claim_runs.hpp"
#include "transit/server/movement_check.hpp"

namespace transit {
namespace {

constexpr float kRadius = 0.1f;
constexpr float kWall = 40.0f;  // a one-sided panel facing west, at x 40

class PressedAgainstAWall : public ::testing::Test {
 protected:
  PressedAgainstAWall() : scene_(with_ball()), world_(World::from_scene(scene_)) {}

  static SceneDesc with_ball() {
    SceneDesc scene = test::two_by_two_flat();
    scene.objects.push_back(test::quad_object(
        1, {{kWall, 30.0f, -1.0f}, {kWall, 40.0f, -1.0f}, {kWall, 40.0f, 3.0f}, {kWall, 30.0f, 3.0f}},
        {-1.0f, 0.0f, 0.0f}));
    CharacterDesc ball;
    ball.name = "ball";
    ball.spheres = {{{0.0f, 0.0f, kRadius}, kRadius}};
    ball.position.global = test::kBlockOrigin + Vec3(kWall - kRadius - 0.01f, 35.0f, 0.0f);
    ball.orientation.heading_deg = 90.0f;  // east, into the wall
    scene.characters.push_back(ball);
    return scene;
  }

  // Running east into the wall for 0.5 s, claimed at x.
  ClaimCheck run_to(float x) const { return test::run_claim(world_, scene_, Vec3(x, 35.0f, 0.0f), 0.5); }

  SceneDesc scene_;
  World world_;
};

// Its sphere 9 cm into the panel, its centre still in front of it.
TEST_F(PressedAgainstAWall, AClaimOverlappingItWithItsCentreInFrontIsAccepted) {
  const ClaimCheck c = run_to(kWall - 0.01f);
  EXPECT_TRUE(c.accepted()) << c.reason;
}

// 21 cm on from where it stood, its centre 10 cm behind the panel.
TEST_F(PressedAgainstAWall, AClaimWithItsCentreBehindItIsRejected) {
  const ClaimCheck c = run_to(kWall + 0.1f);
  EXPECT_EQ(c.verdict, ClaimVerdict::ThroughWall) << c.reason;
}

TEST_F(PressedAgainstAWall, AClaimClearOfItsFarSideIsRejected) {
  const ClaimCheck c = run_to(kWall + kRadius + 0.05f);
  EXPECT_EQ(c.verdict, ClaimVerdict::ThroughWall) << c.reason;
}

}  // namespace
}  // namespace transit
