// The demo tour run with each of the three movers.
#include <gtest/gtest.h>

#include <cmath>

#include "transit/sim/demo_script.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/sim/trajectory.hpp"
#include "support/penetration.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/world_trace.hpp"

namespace transit {
namespace {

// How deep a character ends inside the world, by its own mover's shape.
float end_depth(const Simulation& sim, std::size_t i) {
  const SimCharacter& c = sim.character(i);
  const std::uint32_t self = sim.world().objects()[c.world_object].id;
  if (!c.box_mover) return test::deepest_penetration(sim.world(), c.body.shape, c.body.position, {self});
  const BoxShape box = c.box_mover->shape();
  TraceOptions options;
  options.ignore_object = c.world_object;
  return box_penetration(sim.world(), c.box_state.position.objcell_id,
                         c.box_state.position.frame.origin, box.mins, box.maxs, options);
}

class DemoTourWithMover : public ::testing::TestWithParam<MoverKind> {};

TEST_P(DemoTourWithMover, RunsTheTourAndEndsClearOfGeometry) {
  SceneDesc scene = make_demo_world();
  for (CharacterDesc& c : scene.characters) c.mover = GetParam();
  Simulation sim(World::from_scene(scene), scene);
  const Trajectory trajectory = run_script(sim, make_demo_script());
  ASSERT_EQ(sim.size(), 2u);
  for (std::size_t i = 0; i < sim.size(); ++i) {
    SCOPED_TRACE(sim.character(i).name);
    EXPECT_LE(end_depth(sim, i), 0.01f);
    EXPECT_TRUE(sim.world().has_cell(sim.character(i).body.position.objcell_id));
  }
  // The runner really toured: its path is long and it ends on the ground.
  EXPECT_GT(trajectory.characters.at(0).stats.distance, 900.0);
  EXPECT_TRUE(sim.character(0).body.contact);
}

// A frame of 1e30 s while turning (a C API caller's bad clock, found by
// the C API fuzzer): each mover drops a frame longer than the huge quantum
// (2 s), as retail drops one for an AC body. The Quake mover turned by
// the whole of it, to a NaN heading and wish velocity, and the Tribes
// mover's gravity made its velocity infinite. It runs on afterwards.
TEST_P(DemoTourWithMover, AHugeFrameWhileTurningLeavesAFiniteHeadingAndItRunsOn) {
  SceneDesc scene = make_demo_world();
  for (CharacterDesc& c : scene.characters) c.mover = GetParam();
  Simulation sim(World::from_scene(scene), scene);
  ScriptInput run;
  run.forward = ForwardInput::Run;
  run.turn_deg_per_s = 90.0f;
  sim.apply(0, run);
  sim.step(1e30);
  const Frame& frame = sim.character(0).body.position.frame;
  EXPECT_TRUE(std::isfinite(frame.heading()));
  EXPECT_TRUE(std::isfinite(frame.origin.x) && std::isfinite(frame.origin.y) && std::isfinite(frame.origin.z));
  const Position before = sim.character(0).body.position;
  for (int i = 0; i < 15; ++i) sim.step(1.0 / 30.0);
  EXPECT_GT(glm::length(get_offset(before, sim.character(0).body.position)), 1.0f);
}

INSTANTIATE_TEST_SUITE_P(Movers, DemoTourWithMover,
                         ::testing::Values(MoverKind::Ac, MoverKind::Quake, MoverKind::Tribes),
                         [](const auto& info) {
                           return std::string(info.param == MoverKind::Ac      ? "ac"
                                              : info.param == MoverKind::Quake ? "quake"
                                                                               : "tribes");
                         });

}  // namespace
}  // namespace transit
