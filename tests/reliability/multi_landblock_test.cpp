// Worlds of several landblocks as users have them (issue 19): characters
// running, turning and jumping across landblock edges and corners of a 3 x 3
// block of rolling terrain, past boxes that straddle the edges, keep every
// tick invariant of the soak (turning liveness included) and do cross.
#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "reliability/script_case.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/sim/trajectory.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::reliability {
namespace {

constexpr int kX0 = 169, kY0 = 180;  // the 3 x 3 block: (169..171, 180..182)

// One height field over the whole block, so that the landblocks' shared
// edges have the same heights on both sides.
float height_at(float gx, float gy) {
  return 10.0f + 3.0f * std::sin(gx * 0.013f) * std::cos(gy * 0.017f);
}

SceneDesc three_by_three() {
  SceneDesc s;
  for (int x = kX0; x < kX0 + 3; ++x)
    for (int y = kY0; y < kY0 + 3; ++y) {
      LandblockDesc lb;
      lb.x = x;
      lb.y = y;
      std::array<float, 81> h{};
      for (int vx = 0; vx < 9; ++vx)
        for (int vy = 0; vy < 9; ++vy)
          h[vx * 9 + vy] = height_at(x * 192.0f + vx * 24.0f, y * 192.0f + vy * 24.0f);
      lb.heights = h;
      s.landblocks.push_back(lb);
    }
  return s;
}

// A closed box mesh centred on a global point, straddling whatever edge it
// sits on, sunk 1 m into the ground.
ObjectDesc box_at(std::uint32_t id, float gx, float gy, float half_x, float half_y) {
  ObjectDesc o;
  o.id = id;
  o.name = "box";
  o.position.global = {gx, gy, height_at(gx, gy) - 1.0f};
  ShapeDesc s;
  s.type = ShapeDesc::Type::Mesh;
  const float hx = half_x, hy = half_y, top = 3.5f;
  s.mesh.vertices = {{-hx, -hy, 0}, {hx, -hy, 0}, {hx, hy, 0}, {-hx, hy, 0},
                     {-hx, -hy, top}, {hx, -hy, top}, {hx, hy, top}, {-hx, hy, top}};
  s.mesh.polygons = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
  o.shapes.push_back(s);
  o.flags = kFlagStatic;
  return o;
}

ScriptCase crossing_case() {
  ScriptCase c;
  c.scene = three_by_three();
  const float ex = (kX0 + 1) * 192.0f, ey = (kY0 + 1) * 192.0f;  // the centre block's south-west corner
  std::uint32_t id = 500;
  for (float dx : {0.0f, 192.0f})
    for (float dy : {0.0f, 192.0f}) {
      c.scene.objects.push_back(box_at(id++, ex + dx, ey + dy, 3.0f, 3.0f));         // on a corner
      c.scene.objects.push_back(box_at(id++, ex + dx + 40.0f, ey + dy, 2.0f, 5.0f));  // on an edge
    }
  c.script.dt = 1.0 / 30.0;
  c.script.duration = 30.0;
  int n = 0;
  for (float dx : {0.0f, 192.0f})
    for (float dy : {0.0f, 192.0f})
      for (int k = 0; k < 4; ++k, ++n) {
        CharacterDesc ch;
        ch.name = "runner" + std::to_string(n);
        const float a = static_cast<float>(k) * 1.5708f + 0.4f;
        const float gx = ex + dx + 12.0f * std::cos(a), gy = ey + dy + 12.0f * std::sin(a);
        ch.position.global = {gx, gy, height_at(gx, gy) + 0.5f};
        ch.orientation.heading_deg = 90.0f * static_cast<float>(k) + 200.0f;  // roughly at the corner
        c.scene.characters.push_back(ch);
        ScriptInput go;
        go.forward = n % 5 == 4 ? ForwardInput::Walk : ForwardInput::Run;
        go.turn_deg_per_s = static_cast<float>((n * 7) % 40) - 12.0f;
        ScriptInput jump;
        jump.t = 3.0 + n * 0.7;
        jump.jump = 0.6f;
        c.script.inputs[ch.name] = {go, jump};
      }
  return c;
}

TEST(MultiLandblock, RunnersCrossingEdgesAndCornersKeepEveryTickInvariant) {
  const ScriptCase c = crossing_case();
  const ScriptCaseRun run = run_script_case(c);
  for (const TickViolation& v : run.violations)
    ADD_FAILURE() << v.character << " at tick " << v.tick << ": " << describe(v.violation);
  EXPECT_EQ(run.character_ticks, 16 * 900);
  EXPECT_GE(run.jumps, 12u);
  EXPECT_GE(run.landings, 12u);
}

TEST(MultiLandblock, RunnersDoCrossLandblockEdges) {
  const ScriptCase c = crossing_case();
  Simulation sim(World::from_scene(c.scene), c.scene);
  const Trajectory t = run_script(sim, c.script);
  int crossed = 0;
  std::set<CellId> blocks_reached;
  for (const CharacterTrack& track : t.characters) {
    std::set<CellId> blocks;
    for (const TrajectorySample& s : track.samples) blocks.insert(landblock_of(s.position.objcell_id));
    crossed += blocks.size() > 1;
    blocks_reached.insert(blocks.begin(), blocks.end());
  }
  EXPECT_GE(crossed, 12);                // most runners cross at least one edge
  EXPECT_GE(blocks_reached.size(), 6u);  // and between them reach most of the block
}

}  // namespace
}  // namespace transit::reliability
