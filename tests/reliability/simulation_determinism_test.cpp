// Same script, bit-identical trajectories: the demo script and a random
// crowd, run through Simulation and run_script (what `transit simulate`
// does), hash every sample (cell, position, orientation, velocity, contact)
// and every event of every character. Two runs, one and two Simulation
// threads, and every build (-O2 release, -O1 ASan, -O0 debug) must give the
// hashes checked in as tests/reliability/simulation_determinism.hash.
//
// When movement changes on purpose, the hashes change: rerun with
// TRANSIT_UPDATE_DETERMINISM_HASH=1 in the release build to rewrite the file.
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "transit/movers/ac/ac_mover.hpp"
#include "reliability/fnv1a.hpp"
#include "reliability/random_script.hpp"
#include "reliability/script_case.hpp"
#include "reliability/soak_rng.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/sim/trajectory.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"
#include "support/demo_sim.hpp"

namespace transit::reliability {
namespace {

using test::demo_world;

constexpr std::uint64_t kCrowdSeed = 1109;
constexpr int kCrowdSize = 300;
constexpr double kCrowdSeconds = 6.0;
constexpr float kBlockSide = 192.0f;

struct ScriptedRun {
  SceneDesc scene;
  ScriptDesc script;
};

ScriptedRun demo_run() {
  return {make_demo_world(), make_demo_script()};
}

// A spot on the terrain: half the crowd on the village pad, close enough to
// run into each other, the rest anywhere in the four landblocks (on slopes,
// in the pond, on the mesa, over the house).
PositionDesc random_spot(SoakRng& rng) {
  static constexpr CellId kBlocks[] = {demo::kVillageBlock, demo::kHillsBlock, demo::kPondBlock,
                                       demo::kMesaBlock};
  const bool on_pad = rng.chance(0.5f);
  const CellId block = on_pad ? demo::kVillageBlock : kBlocks[rng.between(0, 3)];
  const float x = on_pad ? rng.uniform(80.0f, 150.0f) : rng.uniform(2.0f, kBlockSide - 2.0f);
  const float y = on_pad ? rng.uniform(30.0f, 110.0f) : rng.uniform(2.0f, kBlockSide - 2.0f);
  PositionDesc p;
  p.cell = outdoor_cell_from_local(block, x, y);
  const std::optional<ac::CellPlane> ground =
      ac::surface_under(demo_world(), *p.cell, Vec3(x, y, 500.0f));
  const Plane& plane = ground.value().plane;  // there is terrain under every spot
  p.local = Vec3(x, y, -(plane.normal.x * x + plane.normal.y * y + plane.d) / plane.normal.z);
  return p;
}

// Player killers (who collide), creatures (who block), plain players (who
// pass through each other), a few Quake and Tribes boxes.
CharacterDesc random_character(SoakRng& rng, int i) {
  CharacterDesc c;
  c.name = fmt::format("c{}", i);
  c.position = random_spot(rng);
  c.orientation.heading_deg = rng.uniform(0.0f, 360.0f);
  const int kind = rng.between(0, 5);
  c.flags = kFlagEdgeSlide | kFlagGravity;
  c.flags |= kind < 2 ? kFlagPlayer | kFlagPk : kind == 2 ? kFlagCreature : kFlagPlayer;
  if (rng.chance(0.04f)) c.mover = rng.chance(0.5f) ? MoverKind::Quake : MoverKind::Tribes;
  return c;
}

ScriptedRun crowd_run() {
  SoakRng rng(kCrowdSeed);
  ScriptedRun run{make_demo_world(), ScriptDesc{}};
  run.scene.characters.clear();
  run.script.duration = kCrowdSeconds;
  for (int i = 0; i < kCrowdSize; ++i) {
    run.scene.characters.push_back(random_character(rng, i));
    run.script.inputs[run.scene.characters.back().name] = random_inputs(rng, kCrowdSeconds);
  }
  return run;
}

Trajectory simulate(const ScriptedRun& run, int threads) {
  SimulationOptions options;
  options.threads = threads;
  Simulation sim(demo_world(), run.scene, options);
  return run_script(sim, run.script);
}

std::uint64_t hash_of(const Trajectory& trajectory) {
  Fnv1a h;
  for (const CharacterTrack& track : trajectory.characters) {
    for (const TrajectorySample& s : track.samples) {
      const Quat& q = s.position.frame.orientation;
      h.add(s.t), h.add(s.position.objcell_id), h.add(s.position.frame.origin);
      h.add(q.x), h.add(q.y), h.add(q.z), h.add(q.w);
      h.add(s.velocity), h.add(s.contact), h.add(s.on_walkable);
    }
    for (const SimEvent& e : track.events) h.add(e.t), h.add(e.kind), h.add(e.id);
  }
  return h.value();
}

TEST(SimulationDeterminism, TheDemoScriptIsBitIdenticalOnTwoRunsAndOneAndTwoThreads) {
  const ScriptedRun run = demo_run();
  const std::uint64_t first = hash_of(simulate(run, 1));
  EXPECT_EQ(hash_of(simulate(run, 1)), first);
  EXPECT_EQ(hash_of(simulate(run, 2)), first);
}

TEST(SimulationDeterminism, ARandomCrowdIsBitIdenticalOnTwoRunsAndOneAndTwoThreads) {
  const ScriptedRun run = crowd_run();
  const Trajectory first = simulate(run, 1);
  // The crowd ran into itself, jumped and landed: the hash covers all that.
  EXPECT_GT(count_events(first, SimEventKind::CollidedObject), 100u);
  EXPECT_GT(count_events(first, SimEventKind::Jumped), 50u);
  EXPECT_GT(count_events(first, SimEventKind::Landed), 50u);
  EXPECT_EQ(hash_of(simulate(run, 1)), hash_of(first));
  EXPECT_EQ(hash_of(simulate(run, 2)), hash_of(first));
}

const std::string kHashFile =
    std::string(TRANSIT_SOURCE_DIR) + "/tests/reliability/simulation_determinism.hash";

TEST(SimulationDeterminism, TrajectoriesMatchTheCheckedInHashesInEveryBuild) {
  const std::string text =
      fmt::format("demo_script {:016x}\nrandom_crowd {:016x}\n", hash_of(simulate(demo_run(), 2)),
                  hash_of(simulate(crowd_run(), 2)));
  if (std::getenv("TRANSIT_UPDATE_DETERMINISM_HASH")) std::ofstream(kHashFile) << text;
  std::ostringstream expected;
  expected << std::ifstream(kHashFile).rdbuf();
  EXPECT_EQ(text, expected.str())
      << "trajectories differ from " << kHashFile
      << " (a build that rounds differently, or a deliberate change of movement: then rerun "
         "with TRANSIT_UPDATE_DETERMINISM_HASH=1)";
}

}  // namespace
}  // namespace transit::reliability
