// The replay of a claim: retail's physics run again from the last accepted
// state, which explains a claim that ends near where it ends, with a
// straight transition from there to the claim that no wall stops.
#include <gtest/gtest.h>

#include "server/claim_replay.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/sim/character.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {
namespace {

class ClaimReplay : public ::testing::Test {
 protected:
  ClaimReplay()
      : scene_(make_demo_world()),
        world_(World::from_scene(scene_)),
        checker_(world_, CharacterSettings::from_desc(scene_.characters[0])) {
    Position spot = *world_.resolve_global(local_to_global(0xA9B40023u, {103.0f, 60.0f, 20.0f}));
    Character player(checker_.settings(), spot);
    player.place(world_);
    standing_ = checker_.start(player.position(), 0.0);
  }

  std::optional<ReplayEnd> replay(const Vec3& by, double dt) const {
    MovementClaim claim{dt, standing_.position, {}};
    claim.position.frame.origin += by;
    return replay_claim(world_, checker_.settings(), standing_, claim, {&claim.motion, nullptr, states_},
                        {1.0f, 0.75f});
  }

  SceneDesc scene_;
  World world_;
  MovementChecker checker_;
  StateVelocities states_ = state_velocities(checker_.settings().skills);
  AcceptedMovement standing_;
};

TEST_F(ClaimReplay, AReplayEndingOnTheGroundReachesAClaimJustAboveIt) {
  // Standing still, it stays on the ground; a claim 0.3 m up is within the
  // 0.75 m above, and reached through the air (a transition in contact
  // with the ground steps down to it and ends 0.3 m short).
  ASSERT_TRUE(standing_.supported);
  const auto end = replay({0.0f, 0.0f, 0.3f}, 0.1);
  ASSERT_TRUE(end.has_value());
  EXPECT_NEAR(end->miss, 0.3f, 0.01f);
  EXPECT_TRUE(end->contact);
  // 0.8 m up is beyond the 0.75 m above; 0.5 m across and 0.3 m up is reached.
  EXPECT_FALSE(replay({0.0f, 0.0f, 0.8f}, 0.1).has_value());
  EXPECT_TRUE(replay({0.5f, 0.0f, 0.3f}, 0.1).has_value());
}

}  // namespace
}  // namespace transit
