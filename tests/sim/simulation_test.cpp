// Simulation: characters moving over time through flat ground and the demo
// world, as the "What it must show" list of issue 6 asks.
#include <cmath>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "transit/math/input_error.hpp"
#include "transit/motion/body_update.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/sim/trajectory.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"
#include "support/demo_sim.hpp"

namespace transit {
namespace {

using test::demo_world;
using test::global_of;
using test::kDt;

CharacterDesc character_at(const Vec3& global, float heading, float run_skill = 200.0f,
                           float jump_skill = 200.0f) {
  CharacterDesc c;
  c.name = "runner";
  c.position.global = global;
  c.orientation.heading_deg = heading;
  c.run_skill = run_skill;
  c.jump_skill = jump_skill;
  return c;
}

Simulation flat_ground(float run_skill = 200.0f, float jump_skill = 200.0f) {
  SceneDesc scene = test::two_by_two_flat();
  scene.characters.push_back(
      character_at(test::kBlockOrigin + Vec3(96, 40, 0), 0.0f, run_skill, jump_skill));
  return Simulation(World::from_scene(scene), scene);
}

// The demo world with one character at a village-local point (metres east
// and north of landblock 0xA9B4's corner).
Simulation demo_with_runner(float x, float y, float z, float heading) {
  SceneDesc scene = make_demo_world();
  scene.characters = {character_at(Vec3(32448.0f + x, 34560.0f + y, z), heading)};
  return Simulation(demo_world(), scene);
}

ScriptInput input(ForwardInput forward) {
  ScriptInput in;
  in.forward = forward;
  return in;
}

ScriptInput jump_input(float extent) {
  ScriptInput in;
  in.jump = extent;
  return in;
}

void run_for(Simulation& sim, double seconds) {
  const int ticks = static_cast<int>(std::lround(seconds / kDt));
  for (int i = 0; i < ticks; ++i) sim.step(kDt);
}

// Ground speed over one second after a second of running.
float ground_speed(Simulation sim, ForwardInput forward) {
  sim.apply(0, input(forward));
  run_for(sim, 1.0);
  const Vec3 a = global_of(sim.character(0));
  run_for(sim, 1.0);
  const Vec3 b = global_of(sim.character(0));
  EXPECT_TRUE(sim.character(0).body.on_walkable);
  EXPECT_FLOAT_EQ(b.z, a.z);
  return glm::length(b - a);
}

TEST(RunSpeed, SkillTwoHundredRunsAtNineAndAHalf) {
  const float speed = ground_speed(flat_ground(200.0f), ForwardInput::Run);
  EXPECT_NEAR(speed, 9.5f, 0.095f);
}

TEST(RunSpeed, WalkingIsThreePointTwelve) {
  EXPECT_NEAR(ground_speed(flat_ground(200.0f), ForwardInput::Walk), 3.12f, 0.0312f);
}

TEST(RunSpeed, SkillEightHundredRunsAtEighteen) {
  EXPECT_NEAR(ground_speed(flat_ground(800.0f), ForwardInput::Run), 18.0f, 0.18f);
}

// Highest point above the start of a standing jump, and the state after it.
struct JumpOutcome {
  float peak = 0.0f;
  bool landed_with_contact = false;
  float end_height = 0.0f;  // above the start
};

JumpOutcome standing_jump(float extent) {
  Simulation sim = flat_ground();
  const float start = global_of(sim.character(0)).z;
  sim.apply(0, jump_input(extent));
  JumpOutcome out;
  for (int i = 0; i < 90; ++i) {
    sim.step(kDt);
    out.peak = std::max(out.peak, global_of(sim.character(0)).z - start);
  }
  const PhysicsBody& body = sim.character(0).body;
  out.landed_with_contact = body.contact && body.on_walkable;
  out.end_height = global_of(sim.character(0)).z - start;
  return out;
}

TEST(JumpHeight, FullChargeWithSkillTwoHundredPeaksAtThreeMetres) {
  const JumpOutcome jump = standing_jump(1.0f);
  EXPECT_NEAR(jump.peak, 3.01f, 0.05f);
  EXPECT_TRUE(jump.landed_with_contact);
  EXPECT_NEAR(jump.end_height, 0.0f, 1e-3f);
}

TEST(JumpHeight, NoChargeGivesTheMinimumHop) {
  // The least charge retail turns into a jump (get_jump_v_z ignores extents
  // below EPSILON, so extent 0 itself gives no upward speed at all).
  const JumpOutcome jump = standing_jump(kEpsilon);
  EXPECT_NEAR(jump.peak, 0.35f, 0.05f);
  EXPECT_TRUE(jump.landed_with_contact);
  EXPECT_NEAR(jump.end_height, 0.0f, 1e-3f);
  EXPECT_FLOAT_EQ(jump_height(0.0f, 200.0f, 0.0f), 0.35f);
}

TEST(JumpStart, NoJumpStartsInMidAir) {
  Simulation sim = flat_ground();
  sim.apply(0, jump_input(1.0f));
  run_for(sim, 0.3);
  const float vz = sim.character(0).body.velocity.z;
  sim.apply(0, jump_input(1.0f));
  EXPECT_EQ(sim.character(0).body.velocity.z, vz);
  std::vector<SimEvent> events = sim.take_events();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, SimEventKind::Jumped);
  EXPECT_EQ(events[1].kind, SimEventKind::JumpRefused);
}

TEST(SimulationWalls, RunningAtAWallForTwoSecondsLeavesTheCharacterAgainstIt) {
  // The free-standing wall 7002: x 71..79, south face at y 99.75.
  Simulation sim = demo_with_runner(75.0f, 96.0f, 20.0f, 0.0f);
  sim.apply(0, input(ForwardInput::Run));
  const float touching = 99.75f - 0.48f;
  for (int i = 0; i < 60; ++i) {
    sim.step(kDt);
    EXPECT_LE(global_of(sim.character(0)).y - 34560.0f, touching + 1e-3f);
  }
  const Vec3 end = global_of(sim.character(0)) - Vec3(32448.0f, 34560.0f, 0.0f);
  EXPECT_GT(end.y, touching - 9.5f * kDt);  // within one tick's move of the wall
  EXPECT_NEAR(end.x, 75.0f, 1e-3f);
  EXPECT_TRUE(sim.character(0).body.on_walkable);
}

TEST(SimulationHills, RunningDownTheBigHillKeepsContactOnEveryTick) {
  // From the big hill's top (0xA9B5 72, 96) south down to the village pad:
  // every terrain triangle on the way is walkable.
  Simulation sim = demo_with_runner(72.0f, 288.0f, 31.0f, 180.0f);
  run_for(sim, 2.0);  // settle on the top
  ASSERT_TRUE(sim.character(0).body.on_walkable);
  sim.apply(0, input(ForwardInput::Run));
  const float start_z = global_of(sim.character(0)).z;
  for (int i = 0; i < 300; ++i) {
    sim.step(kDt);
    ASSERT_TRUE(sim.character(0).body.contact && sim.character(0).body.on_walkable)
        << "tick " << i << " at " << global_of(sim.character(0)).y - 34560.0f;
  }
  EXPECT_LT(global_of(sim.character(0)).z, start_z - 8.0f);  // well down the hill
}

TEST(SimulationQuanta, LongFramesAreRetailsQuanta) {
  // dt = 0.5 s: four quanta of MaxQuantum and the rest, as update_object cuts it.
  Simulation long_frames = flat_ground();
  Simulation by_hand = flat_ground();
  Simulation short_frames = flat_ground();
  for (Simulation* sim : {&long_frames, &by_hand, &short_frames}) {
    sim->apply(0, input(ForwardInput::Run));
    sim->apply(0, jump_input(0.6f));
  }
  for (int frame = 0; frame < 4; ++frame) {
    long_frames.step(0.5);
    SimCharacter& c = by_hand.character(0);
    BodyEvents events;
    for (float q : {kMaxQuantum, kMaxQuantum, kMaxQuantum, kMaxQuantum,
                    static_cast<float>(0.5 - 4.0 * static_cast<double>(kMaxQuantum))})
      update_object_internal(by_hand.world(), c.body, &c.motion, q, events);
    for (int k = 0; k < 5; ++k) short_frames.step(0.1);
  }
  const PhysicsBody& a = long_frames.character(0).body;
  const PhysicsBody& b = by_hand.character(0).body;
  EXPECT_EQ(a.position, b.position);
  EXPECT_EQ(a.velocity, b.velocity);
  EXPECT_EQ(a.on_walkable, b.on_walkable);
  EXPECT_TRUE(a.on_walkable);
  const Vec3 d = get_offset(a.position, short_frames.character(0).body.position);
  EXPECT_LT(glm::length(d), 1e-3f);  // 0.5 s frames ~ ten 0.1 s frames
}

TEST(SimulationQuanta, HugeFramesAreDropped) {
  Simulation sim = flat_ground();
  sim.apply(0, input(ForwardInput::Run));
  const Position before = sim.character(0).body.position;
  sim.step(2.5);
  EXPECT_EQ(sim.character(0).body.position, before);
}

TEST(SimulationDemo, TheTourDoesWhatItSays) {
  Simulation sim(demo_world(), make_demo_world());
  const Trajectory t = run_script(sim, make_demo_script());
  const CharacterTrack& player = t.characters[*sim.find(kDemoCharacter)];
  const auto count = [&](SimEventKind kind, std::uint32_t id = 0) {
    int n = 0;
    for (const SimEvent& e : player.events) n += e.kind == kind && (id == 0 || e.id == id);
    return n;
  };
  EXPECT_GE(count(SimEventKind::EnteredCell, demo::kStairHallCell), 1);
  EXPECT_GE(count(SimEventKind::EnteredCell, demo::kUpperRoomCell), 1);
  EXPECT_GE(count(SimEventKind::CollidedObject, 7022), 1);  // the mosswart
  EXPECT_GE(count(SimEventKind::Jumped), 2);                // onto the slope, off the balcony
  EXPECT_GE(count(SimEventKind::Blocked), 3);               // slope, mosswart, wall
  float highest_indoors = 0.0f, lowest = 1e9f;
  for (const TrajectorySample& s : player.samples) {
    if (s.position.objcell_id == demo::kUpperRoomCell)
      highest_indoors = std::max(highest_indoors, s.position.frame.origin.z);
    lowest = std::min(lowest, s.position.frame.origin.z);
  }
  EXPECT_NEAR(highest_indoors, demo::kGroundZ + demo::kUpperFloorZ, 0.01f);  // up the stairs
  EXPECT_LT(lowest, demo::kPondZ);                                           // wading in the pond
  const Position& end = player.samples.back().position;
  EXPECT_EQ(landblock_of(end.objcell_id), demo::kPondBlock);
  EXPECT_TRUE(sim.character(*sim.find(kDemoCharacter)).body.water_contact);
}

TEST(SimulationMovers, QuakeAndTribesCharactersUseTheirBoxMovers) {
  for (MoverKind kind : {MoverKind::Quake, MoverKind::Tribes}) {
    SceneDesc scene = test::two_by_two_flat();
    scene.characters.push_back(character_at(test::kBlockOrigin + Vec3(96, 40, 0), 0.0f));
    scene.characters[0].mover = kind;
    Simulation sim(World::from_scene(scene), scene);
    ScriptInput run;
    run.forward = ForwardInput::Run;
    sim.apply(0, run);
    for (int tick = 0; tick < 60; ++tick) sim.step(1.0 / 30.0);
    const SimCharacter& c = sim.character(0);
    ASSERT_NE(c.box_mover, nullptr);
    EXPECT_STREQ(c.box_mover->name(), kind == MoverKind::Quake ? "quake" : "tribes");
    EXPECT_TRUE(c.box_state.on_ground);
    // Heading 0 is north: 2 s of running carries it several metres north.
    EXPECT_GT(c.body.position.frame.origin.y, 40.0f + 5.0f);
    EXPECT_NEAR(c.body.position.frame.origin.x, 96.0f, 0.01f);
  }
}

}  // namespace
}  // namespace transit
