// The synthetic retail landblocks walked by scripted characters with every
// tick invariant of the script soak (issue 20): the dungeon-like 0x0101
// (two rooms joined by portals, 30 m under flat terrain) and the town-like
// 0xA9B4 (a ramp with a crate, a Setup of a crate and a post, a house, and
// the same rooms under it), built with retail's own trees; and runners
// among the trees and the rock retail grows on 0x0101.
#include <gtest/gtest.h>

#include "dat/data_dir.hpp"
#include "reliability/script_case.hpp"
#include "transit/world/retail_world.hpp"

namespace transit::dat {
namespace {

using reliability::ScriptCase;

ScriptInput run_turning(float turn_deg_per_s) {
  ScriptInput in;
  in.forward = ForwardInput::Run;
  in.turn_deg_per_s = turn_deg_per_s;
  return in;
}

CharacterDesc runner(const std::string& name, CellId cell, const Vec3& local, float heading) {
  CharacterDesc c;
  c.name = name;
  c.position.cell = cell;
  c.position.local = local;
  c.orientation.heading_deg = heading;
  return c;
}

reliability::ScriptCaseRun expect_every_tick_invariant(ScriptCase c, const RetailScene& retail,
                                                       long long expected_ticks) {
  c.scene.landblocks = retail.scene.landblocks;
  c.scene.cells = retail.scene.cells;
  c.scene.objects = retail.scene.objects;
  const reliability::ScriptCaseRun run = reliability::run_script_case(c, &retail.trees);
  for (const reliability::TickViolation& v : run.violations)
    ADD_FAILURE() << v.character << " at tick " << v.tick << ": " << reliability::describe(v.violation);
  EXPECT_EQ(run.character_ticks, expected_ticks);
  return run;
}

TEST(RetailSoak, RunnersTurningInTheDungeonRoomsKeepEveryTickInvariant) {
  const testing::DataDir data;
  const RetailScene retail = retail_scene(RetailData::open(data.dir.path()), {{0x01, 0x01}});
  ScriptCase c;
  c.script.dt = 1.0 / 30.0;
  c.script.duration = 20.0;
  const float turns[] = {45.0f, -30.0f, 70.0f, -90.0f};
  for (int i = 0; i < 4; ++i) {
    const CellId cell = i < 2 ? 0x01010100u : 0x01010101u;
    const float x = i < 2 ? 38.0f + 2.0f * i : 48.0f + 2.0f * (i - 2);
    const std::string name = "runner" + std::to_string(i);
    c.scene.characters.push_back(runner(name, cell, {x, 95.0f + i, -29.9f}, 30.0f + 80.0f * i));
    ScriptInput jump;
    jump.t = 2.0 + i;
    jump.jump = 0.5f;
    c.script.inputs[name] = {run_turning(turns[i]), jump};
  }
  const reliability::ScriptCaseRun run = expect_every_tick_invariant(c, retail, 4 * 600);
  EXPECT_EQ(run.jumps, 4u);
  EXPECT_GT(run.blocks, 0u);         // the walls stop them
  EXPECT_GT(run.cells_entered, 0u);  // and they cross the portal
}

TEST(RetailSoak, RunnersAmongTheTownObjectsKeepEveryTickInvariant) {
  const testing::DataDir data;
  const RetailScene retail = retail_scene(RetailData::open(data.dir.path()), {{0xA9, 0xB4}, {0xAA, 0xB4}});
  ScriptCase c;
  c.script.dt = 1.0 / 30.0;
  c.script.duration = 20.0;
  // Around the crate (30, 40), the Setup (60, 80) and the house (120, 100).
  const Vec3 starts[] = {{24.0f, 36.0f, 23.0f}, {55.0f, 76.0f, 25.6f}, {112.0f, 96.0f, 30.4f}, {126.0f, 108.0f, 31.0f}};
  const float turns[] = {25.0f, -40.0f, 15.0f, -20.0f};
  for (int i = 0; i < 4; ++i) {
    const std::string name = "runner" + std::to_string(i);
    const CellId cell = 0xA9B40000u | (static_cast<CellId>(starts[i].x / 24.0f) * 8 + static_cast<CellId>(starts[i].y / 24.0f) + 1);
    c.scene.characters.push_back(runner(name, cell, starts[i], 45.0f + 70.0f * i));
    c.script.inputs[name] = {run_turning(turns[i])};
  }
  const reliability::ScriptCaseRun run = expect_every_tick_invariant(c, retail, 4 * 600);
  EXPECT_GT(run.blocks, 0u);  // the crate, the Setup's parts and the house stop them
}

// The grove's tree (44.9, 145.5), its rock (48, 147) and the lone tree
// (70.5, 121.8): a scaled, turned mesh and a cylsphere.
TEST(RetailSoak, RunnersAmongTheSceneryKeepEveryTickInvariant) {
  const testing::DataDir data;
  const RetailScene retail = retail_scene(RetailData::open(data.dir.path()), {{0x01, 0x01}});
  ASSERT_EQ(retail.scenery.placed, 3u);
  ScriptCase c;
  c.script.dt = 1.0 / 30.0;
  c.script.duration = 20.0;
  const Vec3 starts[] = {{38.0f, 144.0f, 0.05f}, {54.0f, 148.0f, 0.05f}, {64.0f, 120.0f, 0.05f}, {72.0f, 114.0f, 0.05f}};
  const float headings[] = {80.0f, 270.0f, 75.0f, 350.0f};
  const float turns[] = {20.0f, -25.0f, 15.0f, -15.0f};
  for (int i = 0; i < 4; ++i) {
    const std::string name = "runner" + std::to_string(i);
    const CellId cell = 0x01010000u | (static_cast<CellId>(starts[i].x / 24.0f) * 8 + static_cast<CellId>(starts[i].y / 24.0f) + 1);
    c.scene.characters.push_back(runner(name, cell, starts[i], headings[i]));
    ScriptInput jump;
    jump.t = 5.0 + i;
    jump.jump = 0.5f;
    c.script.inputs[name] = {run_turning(turns[i]), jump};
  }
  const reliability::ScriptCaseRun run = expect_every_tick_invariant(c, retail, 4 * 600);
  EXPECT_GT(run.blocks, 0u);  // the trees and the rock stop them
}

}  // namespace
}  // namespace transit::dat
