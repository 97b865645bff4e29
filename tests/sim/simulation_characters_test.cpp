// Characters of one simulation collide with each other by retail's rules.
#include <gtest/gtest.h>

#include "transit/sim/simulation.hpp"
#include "support/test_scenes.hpp"

namespace transit {
namespace {

// Two players 6 m apart on flat ground, facing each other.
SceneDesc facing_players(std::uint32_t extra_flags) {
  SceneDesc scene = test::two_by_two_flat();
  for (int i = 0; i < 2; ++i) {
    CharacterDesc c;
    c.name = i == 0 ? "west" : "east";
    c.position.cell = test::kBlock | 0x13;
    c.position.local = Vec3(i == 0 ? 57.0f : 63.0f, 60.0f, 0.0f);
    c.orientation.heading_deg = i == 0 ? 90.0f : 270.0f;
    c.flags |= extra_flags;
    scene.characters.push_back(c);
  }
  return scene;
}

// Both run at each other for 1 s and return how far apart they end.
float gap_after_running(std::uint32_t extra_flags) {
  const SceneDesc scene = facing_players(extra_flags);
  Simulation sim(World::from_scene(scene), scene);
  ScriptInput run;
  run.forward = ForwardInput::Run;
  sim.apply(0, run);
  sim.apply(1, run);
  for (int tick = 0; tick < 30; ++tick) sim.step(1.0 / 30.0);
  return sim.character(1).body.position.frame.origin.x - sim.character(0).body.position.frame.origin.x;
}

TEST(SimulationCharacters, PlayersPassThroughEachOther) {
  // At 9.5 m/s for 1 s each covers 9.5 m: they cross and end 13 m apart.
  EXPECT_LT(gap_after_running(0), -12.0f);
}

TEST(SimulationCharacters, PlayerKillersCollide) {
  // Both PK: they stop against each other. Each moves against the other's
  // position at the start of the tick, so in the tick they meet they may
  // close in by up to both of their moves (2 x 9.5 / 30 m) past touching
  // (0.96 m between centres), never more.
  const float gap = gap_after_running(kFlagPk);
  EXPECT_GE(gap, 0.96f - 2.0f * 9.5f / 30.0f);
  EXPECT_LT(gap, 1.5f);
}

TEST(SimulationCharacters, CharactersAreObjectsOfTheWorld) {
  const SceneDesc scene = facing_players(0);
  const Simulation sim(World::from_scene(scene), scene);
  const WorldObject* west = sim.world().object_by_id(kCharacterObjectIdBase);
  ASSERT_NE(west, nullptr);
  EXPECT_EQ(west->name, "west");
  EXPECT_TRUE(west->has(kFlagPlayer));
  EXPECT_EQ(west->position, sim.character(0).body.position);
}

}  // namespace
}  // namespace transit
