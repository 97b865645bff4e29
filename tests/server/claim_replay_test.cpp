// The replay of a claim: retail's physics run again from the last accepted
// state, which explains a claim that ends near where it ends, with a
// straight transition from there to the claim that no wall stops.
#include <gtest/gtest.h>

#include "server/claim_replay.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/sim/character.hpp"
#include "transit/math/constants.hpp"
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

TEST_F(ClaimReplay, InTheAirAReplayFliesWithAllTheSpeedAcrossItMayHave) {
  // 3 m up, flying across at 6 m/s (it left the ground so), though the
  // claims' average shows 2 m/s (it stood against a wall before it jumped):
  // 0.3 s on, it is 1.8 m across and 0.44 m lower. From the average it
  // would end 1.2 m short; flying at all 6 m/s it ends there. With no
  // more across to fly with than the average, nothing explains it.
  AcceptedMovement flying = standing_;
  flying.position.frame.origin.z += 3.0f;
  flying.supported = flying.on_walkable = false;
  flying.contact_plane.reset();
  flying.velocity = flying.velocity_now = {2.0f, 0.0f, 0.0f};
  flying.air_across = 6.0f;
  flying.energy_z = flying.position.frame.origin.z + 2.0f;
  MovementClaim claim{0.3, flying.position, {}};
  claim.position.frame.origin += Vec3(1.8f, 0.0f, 0.5f * kGravity * 0.09f);
  const ReplayControls controls{&claim.motion, nullptr, states_};
  const auto end = replay_claim(world_, checker_.settings(), flying, claim, controls, {0.5f, 0.5f});
  ASSERT_TRUE(end.has_value());
  EXPECT_LT(end->miss, 0.1f);
  EXPECT_NEAR(end->velocity.x, 6.0f, 0.01f);
  flying.air_across = 2.0f;
  EXPECT_FALSE(replay_claim(world_, checker_.settings(), flying, claim, controls, {0.5f, 0.5f}).has_value());
}

}  // namespace
}  // namespace transit
