// The demo tour run with each of the three movers.
#include <gtest/gtest.h>

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

INSTANTIATE_TEST_SUITE_P(Movers, DemoTourWithMover,
                         ::testing::Values(MoverKind::Ac, MoverKind::Quake, MoverKind::Tribes),
                         [](const auto& info) {
                           return std::string(info.param == MoverKind::Ac      ? "ac"
                                              : info.param == MoverKind::Quake ? "quake"
                                                                               : "tribes");
                         });

}  // namespace
}  // namespace transit
