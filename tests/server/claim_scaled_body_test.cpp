// A scaled creature's step-up is its body's times its scale, in the check as
// in retail's transition (ACE scales ObjectInfo's step heights by the
// object's scale): a creature twice a human's size walks up onto the demo's
// 1 m crate and every claim of it is accepted; one half a human's size
// (0.3 m step-up) claiming to be on it a frame later is flying.
#include <gtest/gtest.h>

#include "transit/server/movement_check.hpp"
#include "transit/sim/character.hpp"
#include "transit/world/demo_world.hpp"

namespace transit {
namespace {

class ScaledBody : public ::testing::Test {
 protected:
  ScaledBody() : scene_(make_demo_world()), world_(World::from_scene(scene_)) {}

  CharacterSettings scaled(float scale) const {
    CharacterSettings s = CharacterSettings::from_desc(scene_.characters[0]);
    s.body.scale = scale;
    return s;
  }
  // West of the high crate (x 137.25..138.75 around y 50), facing east.
  Position beside_the_crate(float x) const {
    Position p = *world_.resolve_global(local_to_global(demo::kVillageBlock, Vec3(x, 50.0f, 20.0f)));
    p.frame.set_heading(90.0f);
    return p;
  }

  SceneDesc scene_;
  World world_;
};

TEST_F(ScaledBody, ACreatureTwiceAHumansSizeWalksUpOntoTheCrateAccepted) {
  const CharacterSettings settings = scaled(2.0f);
  Character creature(settings, beside_the_crate(135.0f));
  creature.place(world_);
  const MovementChecker checker(world_, settings);
  AcceptedMovement state = checker.start(creature.position(), 0.0, Vec3(0.0f), MotionChange{});
  creature.set_controls({ForwardInput::Walk});
  std::vector<MotionChange> changes{{0.0, ForwardInput::Walk}};
  float top = 0.0f;
  for (int tick = 1; tick <= 90; ++tick) {
    creature.update(world_, 1.0 / 30.0);
    top = std::max(top, creature.position().frame.origin.z);
    const ClaimCheck c = checker.check(state, {tick / 30.0, creature.position(), {ForwardInput::Walk}, changes});
    changes.clear();
    ASSERT_TRUE(c.accepted()) << tick / 30.0 << " s: " << c.reason;
    state = c.next;
  }
  EXPECT_GT(top, 20.0f + demo::kHighBoxHeight - 0.01f);
}

TEST_F(ScaledBody, ACreatureHalfAHumansSizeOnTheCrateAFrameLaterIsFlying) {
  const CharacterSettings settings = scaled(0.5f);
  Character creature(settings, beside_the_crate(136.9f));
  creature.place(world_);
  const MovementChecker checker(world_, settings);
  const AcceptedMovement state = checker.start(creature.position(), 0.0, Vec3(0.0f), MotionChange{});
  // Walking into the crate, it stays beside it.
  creature.set_controls({ForwardInput::Walk});
  for (int tick = 0; tick < 15; ++tick) creature.update(world_, 1.0 / 30.0);
  EXPECT_LT(creature.position().frame.origin.z, 20.01f);
  Position on_top = beside_the_crate(137.5f);
  on_top.frame.origin.z = 20.0f + demo::kHighBoxHeight;
  const ClaimCheck c =
      checker.check(state, {1.0 / 30.0, on_top, {ForwardInput::Walk}, {{0.0, ForwardInput::Walk}}});
  EXPECT_EQ(c.verdict, ClaimVerdict::Flying) << c.reason;
  EXPECT_EQ(c.forced, state.position);
}

}  // namespace
}  // namespace transit
