// A body sliding down a steep slope: every claim of its fall is accepted,
// and a claim that it stayed at the height it fell from is a hover. The
// checker took the slope for support (the body touches it), started the arc
// again at each claim, and replayed the body from rest as on walkable
// ground (in the soak, a 6 m hover passed while a body fell at 27 m/s).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../movers/box_mover_scenes.hpp"
#include "../support/test_scenes.hpp"
#include "transit/server/claim_crowd.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/sim/simulation.hpp"

namespace transit {
namespace {

using ::testing::HasSubstr;

// A slope of 75 degrees rising east 37 m over x 50 to 60 (y 20 to 80), the
// player 1 m above it near its top.
SceneDesc above_a_steep_slope() {
  SceneDesc scene = test::two_by_two_flat();
  scene.objects = {test::ramp_object(9001, 50.0f, 60.0f, 20.0f, 80.0f, 0.0f, 37.0f)};
  CharacterDesc player;
  player.name = "player";
  player.position.global = test::kBlockOrigin + Vec3(58.0f, 40.0f, 31.0f);
  scene.characters = {player};
  return scene;
}

TEST(SteepSlopeHover, AFallDownASteepSlopeIsAcceptedAndAHoverBesideItIsFlying) {
  const SceneDesc scene = above_a_steep_slope();
  const World world = World::from_scene(scene);
  const MovementChecker checker(world, CharacterSettings::from_desc(scene.characters[0]));
  Simulation sim(World::from_scene(scene), scene);
  // Across the slope at 3 m/s as it slides down it.
  sim.character(0).body.velocity = Vec3(0.0f, 3.0f, 0.0f);
  AcceptedMovement state = checker.start(sim.character(0).body.position, 0.0, sim.character(0).body.velocity);
  const double dt = 1.0 / 30.0;
  int hovers = 0;
  for (int tick = 1; tick <= 72; ++tick) {
    sim.step(dt);
    if (tick % 8 != 0) continue;
    const PhysicsBody& body = sim.character(0).body;
    const double t = tick * dt;
    // Where it is, at the height of the last claim.
    Position hover = body.position;
    hover.frame.origin.z = state.position.frame.origin.z;
    if (state.supported && !state.on_walkable && state.velocity.z < -5.0f) {
      const ClaimCheck c = checker.check(state, {t, hover, {}});
      EXPECT_EQ(c.verdict, ClaimVerdict::Flying) << t << " s: " << c.reason;
      EXPECT_THAT(c.reason, HasSubstr("with no walkable ground under it")) << t;
      EXPECT_EQ(c.forced, state.position);
      ++hovers;
    }
    const ClaimCheck c = checker.check(state, {t, body.position, {}});
    ASSERT_TRUE(c.accepted()) << t << " s: " << c.reason;
    state = c.next;
  }
  EXPECT_EQ(hovers, 6);
  EXPECT_LT(sim.character(0).body.position.frame.origin.z, 15.0f);
}

// The slide checked among other characters: a creature standing (in the
// air, as the server last had it) 6 m west of the hover at the step where
// the body slides down at 18 m/s may have turned its fall (5.04 m between
// their spheres, within kTurnReach's 8.5 m), and the hover is accepted; 10 m
// west (9.04 m) it cannot have, and the hover is `flying` as alone (before,
// any character near enough to matter, as the crowd's `someone_near` finds,
// let it through).
TEST(SteepSlopeHover, AHoverBesideASteepSlopeIsFlyingUnlessAnotherCharacterMayHaveTurnedItsFall) {
  const SceneDesc scene = above_a_steep_slope();
  const World world = World::from_scene(scene);
  const MovementChecker checker(world, CharacterSettings::from_desc(scene.characters[0]));
  CharacterDesc creature;
  creature.flags = kFlagEdgeSlide | kFlagGravity | kFlagCreature;
  const ac::AcBody creature_body = body_of(creature);
  Simulation sim(World::from_scene(scene), scene);
  sim.character(0).body.velocity = Vec3(0.0f, 3.0f, 0.0f);
  AcceptedMovement state = checker.start(sim.character(0).body.position, 0.0, sim.character(0).body.velocity);
  int checked = 0;
  for (int tick = 1; tick <= 72; ++tick) {
    sim.step(1.0 / 30.0);
    if (tick % 8 != 0) continue;
    const Position& at = sim.character(0).body.position;
    const double t = tick / 30.0;
    Position hover = at;
    hover.frame.origin.z = state.position.frame.origin.z;
    if (state.supported && !state.on_walkable && state.velocity.z < -18.0f) {
      for (const float west : {6.0f, 10.0f}) {
        Position there = hover;
        there.frame.origin.x -= west;
        const CrowdBystander bystander{&creature_body, there};
        const CrowdClaim claim{&checker, state, {t, hover, {}}};
        ClaimCrowd crowd(world);
        std::vector<ClaimCheck> out(1);
        check_claims(crowd, {&claim, 1}, {&bystander, 1}, out);
        if (west < 8.0f) {
          EXPECT_TRUE(out[0].accepted()) << out[0].reason;
        } else {
          EXPECT_EQ(out[0].verdict, ClaimVerdict::Flying) << out[0].reason;
          EXPECT_THAT(out[0].reason, HasSubstr("with no walkable ground under it"));
        }
      }
      ++checked;
    }
    const ClaimCheck c = checker.check(state, {t, at, {}});
    ASSERT_TRUE(c.accepted()) << t << " s: " << c.reason;
    state = c.next;
  }
  EXPECT_EQ(checked, 1);
}

}  // namespace
}  // namespace transit
