// A running jump into a house wall: retail holds the body one frame where it
// met the wall and, its velocity integrated all the same, it rises on. The
// checker took the frame it stayed for the top of its arc, held the climb
// after it to a fall from there, spent its replay tolerance on the claims
// and rejected the rest of the jump as flying.
#include <gtest/gtest.h>

#include "transit/server/movement_check.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/world/demo_world.hpp"

namespace transit {
namespace {

// The player 3.7 m west of the demo house's west wall (x 100), facing it.
SceneDesc facing_the_house() {
  SceneDesc scene = make_demo_world();
  scene.characters[0].position.local = Vec3(95.5f, 72.8f, 20.0f);
  scene.characters[0].orientation.heading_deg = 65.0f;
  return scene;
}

TEST(WallJump, ARunningJumpHeldAFrameByAWallRisesOnAndIsAccepted) {
  const SceneDesc scene = facing_the_house();
  const World world = World::from_scene(scene);
  const MovementChecker checker(world, CharacterSettings::from_desc(scene.characters[0]));
  Simulation sim(World::from_scene(scene), scene);
  AcceptedMovement state = checker.start(sim.character(0).body.position, 0.0, Vec3(0.0f), MotionChange{});
  const double dt = 1.0 / 30.0;
  ScriptInput in;
  in.forward = ForwardInput::Run;
  sim.apply(0, in);
  std::vector<MotionChange> changes{{0.0, ForwardInput::Run}};
  bool held_rising = false;  // a frame in the air that did not move, before the top of the jump
  float top = 0.0f;
  Position last = sim.character(0).body.position;
  for (int tick = 0; tick < 60; ++tick) {
    if (tick == 5) {
      ScriptInput jump;
      jump.jump = 0.88f;
      sim.apply(0, jump);
      changes.push_back({tick * dt, ForwardInput::Run, StrafeInput::Stop, 0.0f, true, 0.88f});
    }
    sim.step(dt);
    const Position& at = sim.character(0).body.position;
    const bool airborne = !sim.character(0).body.on_walkable;
    if (airborne && glm::length(get_offset(last, at)) < 1e-4f && sim.character(0).body.velocity.z > 0.0f)
      held_rising = true;
    top = std::max(top, at.frame.origin.z);
    last = at;
    const ClaimCheck c = checker.check(state, {(tick + 1) * dt, at, {ForwardInput::Run}, changes});
    changes.clear();
    ASSERT_TRUE(c.accepted()) << (tick + 1) * dt << " s: " << c.reason;
    state = c.next;
  }
  EXPECT_TRUE(held_rising);
  EXPECT_GT(top, 22.0f);
}

}  // namespace
}  // namespace transit
