// A character running while it turns keeps turning when a wall stops it, and
// so walks away from walls and out of corners (issue 19). Retail gives its
// humans and creatures free heading (the setup's AllowFreeHeading: the
// transition's FreeRotate sets the end orientation before any collision);
// without it, every blocked frame restored the old heading with the old
// position, and a character pressed against a wall froze there for good.
#include <cmath>
#include <numbers>
#include <optional>

#include <gtest/gtest.h>

#include "support/penetration.hpp"
#include "transit/sim/character.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/world.hpp"
#include "support/demo_sim.hpp"

namespace transit {
namespace {

using test::kDt;
using test::kHall;


Position at(CellId cell, Vec3 local, float heading) {
  return Position{cell, Frame::from_heading(local, heading)};
}

float heading_step(float from, float to) {
  float d = std::fmod(to - from + 540.0f, 360.0f) - 180.0f;
  return std::fabs(d);
}

struct TurningRun {
  int frames_without_turning = 0;     // while told to turn
  int longest_still_frames = 0;       // consecutive frames within 1 cm
  float farthest_from_start = 0.0f;
};

TurningRun run_turning(const World& world, Character& c, int frames) {
  TurningRun r;
  c.set_controls({ForwardInput::Run, StrafeInput::Stop, 45.0f});
  Vec3 last = c.position().frame.origin;
  const Vec3 start = last;
  int still = 0;
  for (int i = 0; i < frames; ++i) {
    const float before = c.position().frame.heading();
    c.update(world, kDt);
    const Vec3 now = c.position().frame.origin;
    if (heading_step(before, c.position().frame.heading()) < 1.0f) ++r.frames_without_turning;
    still = glm::length(now - last) < 0.01f ? still + 1 : 0;
    r.longest_still_frames = std::max(r.longest_still_frames, still);
    r.farthest_from_start = std::max(r.farthest_from_start, glm::length(now - start));
    last = now;
  }
  return r;
}

TEST(Turning, RunningWhileTurningInTheHallNeverFreezesAgainstAWall) {
  const World world = World::from_scene(make_demo_world());
  Character c(CharacterSettings{}, at(kHall, {103.5f, 75.0f, 20.0f}, 0.0f));
  ASSERT_EQ(c.place(world), MoveStatus::Moved);
  const TurningRun r = run_turning(world, c, 20 * 30);
  EXPECT_EQ(r.frames_without_turning, 0);   // 1.5 degrees every frame
  EXPECT_LE(r.longest_still_frames, 2 * 30);  // never still for 2 s
  EXPECT_TRUE(c.cell() == kHall || c.cell() == 0xA9B40101u || (c.cell() & 0xFFFF) < 0x100);
}

TEST(Turning, WithoutFreeHeadingTheRunnerFreezesAtTheFirstWall) {
  // What transit did before issue 19, and retail does for a setup without
  // AllowFreeHeading: the same run ends pressed against a wall, unturning.
  const World world = World::from_scene(make_demo_world());
  CharacterSettings settings;
  settings.body.flags &= ~kFlagFreeRotate;
  Character c(settings, at(kHall, {103.5f, 75.0f, 20.0f}, 0.0f));
  ASSERT_EQ(c.place(world), MoveStatus::Moved);
  const TurningRun r = run_turning(world, c, 20 * 30);
  EXPECT_GT(r.longest_still_frames, 10 * 30);
  EXPECT_GT(r.frames_without_turning, 10 * 30);
}

// Two walls 6 m long, 0.5 m thick and 3 m high meeting at `angle` degrees,
// on a flat landblock; a character in the crease facing into it.
struct Crease {
  World world;
  Position start;
};

MeshDesc wall(Vec3 corner, float direction_deg, float length = 6.0f) {
  const float a = direction_deg * std::numbers::pi_v<float> / 180.0f;
  const Vec3 u(std::cos(a), std::sin(a), 0.0f), v(-std::sin(a), std::cos(a), 0.0f), w(0, 0, 1);
  const auto p = [&](float x, float y, float z) { return corner + u * x + v * y + w * z; };
  MeshDesc m;
  const float l = length;
  m.vertices = {p(-0.25f, -0.25f, 0), p(l, -0.25f, 0), p(l, 0.25f, 0), p(-0.25f, 0.25f, 0),
                p(-0.25f, -0.25f, 3), p(l, -0.25f, 3), p(l, 0.25f, 3), p(-0.25f, 0.25f, 3)};
  m.polygons = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
  return m;
}

Crease crease(float angle) {
  SceneDesc scene;
  LandblockDesc lb;
  lb.x = 169;
  lb.y = 180;
  lb.flat = 0.0f;
  scene.landblocks.push_back(lb);
  const Vec3 corner(90.0f, 90.0f, 0.0f);
  for (int i = 0; i < 2; ++i) {
    ObjectDesc o;
    o.id = 100 + i;
    o.name = "wall";
    o.position.cell = 0xA9B40000u | (3 * 8 + 3 + 1);
    o.position.local = Vec3(72.0f, 72.0f, 0.0f);
    ShapeDesc s;
    s.type = ShapeDesc::Type::Mesh;
    s.mesh = wall(corner - Vec3(72.0f, 72.0f, 0.0f), i == 0 ? 0.0f : angle);
    o.shapes.push_back(s);
    o.flags = kFlagStatic;
    scene.objects.push_back(o);
  }
  const float half = angle * 0.5f * std::numbers::pi_v<float> / 180.0f;
  const Vec3 bisector(std::cos(half), std::sin(half), 0.0f);
  const Vec3 spot = corner + bisector * (0.25f + 0.48f + 0.3f) / std::sin(half);
  World world = World::from_scene(scene);
  const std::optional<Position> start = world.resolve_global(spot + Vec3(169 * 192.0f, 180 * 192.0f, 0.0f));
  EXPECT_TRUE(start);
  return {std::move(world), start.value_or(Position{})};
}

class Creases : public ::testing::TestWithParam<float> {};

TEST_P(Creases, ARunnerTurningIntoTheCreaseLeavesItWithinTwoSeconds) {
  Crease c = crease(GetParam());
  Position start = c.start;
  const Vec3 into = start.frame.origin;
  const float half = GetParam() * 0.5f * std::numbers::pi_v<float> / 180.0f;
  start.frame = Frame::from_heading(into, std::atan2(-std::cos(half), -std::sin(half)) * 180.0f / std::numbers::pi_v<float>);
  Character runner(CharacterSettings{}, start);
  ASSERT_EQ(runner.place(c.world), MoveStatus::Moved);
  const TurningRun r = run_turning(c.world, runner, 2 * 30);
  EXPECT_EQ(r.frames_without_turning, 0);
  EXPECT_GT(r.farthest_from_start, 1.0f) << GetParam() << " degree crease";
}

INSTANTIATE_TEST_SUITE_P(Turning, Creases, ::testing::Values(30.0f, 60.0f, 90.0f, 120.0f));

// A corridor 1.4 m wide and 20 m long between two walls: a runner turning
// all the while bounces along it, never still for 2 s, always turning.
TEST(Turning, ARunnerTurningInANarrowCorridorNeverFreezes) {
  SceneDesc scene;
  LandblockDesc lb;
  lb.x = 169;
  lb.y = 180;
  lb.flat = 0.0f;
  scene.landblocks.push_back(lb);
  for (int i = 0; i < 2; ++i) {
    ObjectDesc o;
    o.id = 200 + i;
    o.name = "corridor wall";
    o.position.cell = 0xA9B40000u | (3 * 8 + 3 + 1);
    o.position.local = Vec3(72.0f, 72.0f, 0.0f);
    ShapeDesc s;
    s.type = ShapeDesc::Type::Mesh;
    s.mesh = wall(Vec3(80.0f, 90.0f + 1.9f * static_cast<float>(i), 0.0f) - Vec3(72.0f, 72.0f, 0.0f), 0.0f, 20.0f);
    o.shapes.push_back(s);
    o.flags = kFlagStatic;
    scene.objects.push_back(o);
  }
  const World world = World::from_scene(scene);
  const auto start = world.resolve_global(Vec3(169 * 192.0f + 82.0f, 180 * 192.0f + 90.95f, 0.0f));
  ASSERT_TRUE(start);
  Character runner(CharacterSettings{}, Position{start->objcell_id, Frame::from_heading(start->frame.origin, 90.0f)});
  ASSERT_EQ(runner.place(world), MoveStatus::Moved);
  const TurningRun r = run_turning(world, runner, 20 * 30);
  EXPECT_EQ(r.frames_without_turning, 0);
  EXPECT_LE(r.longest_still_frames, 2 * 30);
  // Wherever it went (out of an end and around, as a turning runner does),
  // it never ends inside a wall.
  EXPECT_LE(test::deepest_penetration(world, runner.body().shape, runner.position()), 0.01f);
}

// The demo house's front door (x 102..104 in its south wall at y 70): a
// runner turning all the while starting in the doorway, half in the hall,
// goes in and out through it and around, never still for 2 s, always
// turning, and never ends inside a wall or the door frame.
TEST(Turning, ARunnerTurningInADoorwayNeverFreezes) {
  const World world = World::from_scene(make_demo_world());
  Character runner(CharacterSettings{}, at(kHall, {103.0f, 70.6f, 20.0f}, 150.0f));
  ASSERT_EQ(runner.place(world), MoveStatus::Moved);
  const TurningRun r = run_turning(world, runner, 20 * 30);
  EXPECT_EQ(r.frames_without_turning, 0);
  EXPECT_LE(r.longest_still_frames, 2 * 30);
  EXPECT_GT(r.farthest_from_start, 3.0f);
  EXPECT_LE(test::deepest_penetration(world, runner.body().shape, runner.position()), 0.01f);
}

}  // namespace
}  // namespace transit
