// Movement managers (issue 22): move to a position or a character, turn,
// stick, cancel, and their events through Simulation, on flat ground.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dat/data_dir.hpp"
#include "transit/dat/retail_data.hpp"
#include "transit/math/input_error.hpp"
#include "transit/sim/movement_manager.hpp"
#include "transit/sim/simulation.hpp"
#include "movers/box_mover_scenes.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/land_defs.hpp"
#include "support/demo_sim.hpp"

namespace transit {
namespace {

using test::global_of;
using test::kDt;

CharacterDesc character_at(const std::string& name, const Vec3& local, float heading) {
  CharacterDesc c;
  c.name = name;
  c.position.global = test::kBlockOrigin + local;
  c.orientation.heading_deg = heading;
  return c;
}

CharacterDesc creature_at(const std::string& name, const Vec3& local, float heading) {
  CharacterDesc c = character_at(name, local, heading);
  c.flags = kFlagEdgeSlide | kFlagGravity | kFlagCreature;
  return c;
}

Simulation flat(std::vector<CharacterDesc> characters) {
  SceneDesc scene = test::two_by_two_flat();
  scene.characters = std::move(characters);
  return Simulation(World::from_scene(scene), scene);
}

Position at(const Vec3& local) {
  Position p;
  p.objcell_id = outdoor_cell_from_local(test::kBlock, local.x, local.y);
  p.frame.origin = local;
  return p;
}

float horizontal_distance(const Vec3& a, const Vec3& b) { return std::hypot(a.x - b.x, a.y - b.y); }

std::vector<SimEvent> events_of(const std::vector<SimEvent>& all, SimEventKind kind) {
  std::vector<SimEvent> out;
  for (const SimEvent& e : all)
    if (e.kind == kind) out.push_back(e);
  return out;
}

// Steps until the character's movement ends or `seconds` pass; every event.
std::vector<SimEvent> run(Simulation& sim, double seconds) {
  std::vector<SimEvent> all;
  for (int i = 0; i < static_cast<int>(seconds / kDt); ++i) {
    sim.step(kDt);
    for (const SimEvent& e : sim.take_events()) all.push_back(e);
  }
  return all;
}

TEST(MovementGeometry, CylinderDistanceAndHeadingByHand) {
  const Position a = at({10, 10, 0});
  // Side by side: 5 m apart, radii 0.5 each.
  EXPECT_FLOAT_EQ(cylinder_distance(0.5f, 2.0f, a, 0.5f, 2.0f, at({13, 14, 0})), 4.0f);
  // Straight above: 5 m up, reach 4, the gap above the 2 m cylinder 3: 5.
  Position above = a;
  above.frame.origin.z = 5.0f;
  EXPECT_FLOAT_EQ(cylinder_distance(0.5f, 2.0f, a, 0.5f, 2.0f, above), 5.0f);
  // Overlapping both ways: reach -0.5, z overlap -2: -sqrt(4.25).
  Position overlap = at({10.5f, 10, 0});
  EXPECT_FLOAT_EQ(cylinder_distance(0.5f, 2.0f, a, 0.5f, 2.0f, overlap), -std::sqrt(4.25f));
  EXPECT_FLOAT_EQ(heading_to(a, at({11, 10, 0})), 90.0f);
  EXPECT_FLOAT_EQ(heading_to(a, at({10, 9, 0})), 180.0f);
  EXPECT_FLOAT_EQ(heading_to(a, at({9, 9, 0})), 225.0f);
  EXPECT_FLOAT_EQ(heading_to(a, above), 0.0f);
  ac::AcBody human;
  EXPECT_FLOAT_EQ(body_radius(human), 0.48f);
  EXPECT_FLOAT_EQ(body_height(human), 1.83f);
}

TEST(MoveTo, TurnsInPlaceThenRunsAndArrivesWithinTheDistance) {
  Simulation sim = flat({character_at("walker", {96, 40, 0}, 0.0f)});
  const Position target = at({116, 40, 0});
  sim.move_to(0, target);
  EXPECT_EQ(sim.movement(0).kind, MovementKind::MoveToPosition);

  // The first third of a second: turning right at 135 deg/s (running), not moving.
  for (int i = 0; i < 10; ++i) sim.step(kDt);
  const SimCharacter& c = sim.character(0);
  EXPECT_NEAR(c.body.position.frame.heading(), 45.0f, 5.0f);
  EXPECT_NEAR(c.body.position.frame.origin.x, 96.0f, 1e-3f);

  const std::vector<SimEvent> events = run(sim, 8.0);
  const auto arrived = events_of(events, SimEventKind::MoveArrived);
  ASSERT_EQ(arrived.size(), 1u);
  EXPECT_EQ(arrived[0].id, 0u);
  EXPECT_EQ(sim.movement(0).kind, MovementKind::None);
  // Arrived: the cylinder (radius 0.48) within 0.6 m of the point, heading east.
  const float left = 116.0f - c.body.position.frame.origin.x;
  EXPECT_GT(left, 0.48f);
  EXPECT_LT(left, 0.48f + 0.6f);
  EXPECT_NEAR(c.body.position.frame.heading(), 90.0f, 1e-3f);
  EXPECT_EQ(c.motion.forward(), ForwardCommand::Ready);
  // 90 degrees at 135 deg/s, then about 18.9 m at the run speed.
  const double run_speed = kRunAnimSpeed * c.motion.run_rate();
  EXPECT_NEAR(arrived[0].t, 0.667 + 18.9 / run_speed, 0.1);
}

TEST(MoveTo, WalksWhenWithinTheWalkRunThreshold) {
  Simulation sim = flat({character_at("walker", {96, 40, 0}, 90.0f)});
  sim.move_to(0, at({104, 40, 0}));
  for (int i = 0; i < 30; ++i) sim.step(kDt);
  EXPECT_FALSE(sim.character(0).motion.hold_run());
  EXPECT_NEAR(glm::length(sim.character(0).body.cached_velocity), kWalkAnimSpeed, 0.01f);
  const auto events = run(sim, 4.0);
  EXPECT_EQ(events_of(events, SimEventKind::MoveArrived).size(), 1u);
}

TEST(MoveTo, FinalHeadingAndTurnToHeadingEndExactly) {
  Simulation sim = flat({character_at("turner", {96, 40, 0}, 0.0f)});
  sim.turn_to(0, -90.0f);  // 270: the short way is left
  for (int i = 0; i < 3; ++i) sim.step(kDt);
  EXPECT_GT(sim.character(0).body.position.frame.heading(), 300.0f);
  auto events = run(sim, 1.5);
  ASSERT_EQ(events_of(events, SimEventKind::MoveArrived).size(), 1u);
  EXPECT_NEAR(sim.character(0).body.position.frame.heading(), 270.0f, 1e-3f);
  // 90 degrees at 135 deg/s: two thirds of a second, give or take a frame.
  EXPECT_NEAR(events_of(events, SimEventKind::MoveArrived)[0].t, 3 * kDt + 0.667, 0.07);

  MoveToParams params;
  params.final_heading = 180.0f;
  sim.move_to(0, at({90, 40, 0}), params);
  events = run(sim, 4.0);
  ASSERT_EQ(events_of(events, SimEventKind::MoveArrived).size(), 1u);
  EXPECT_NEAR(sim.character(0).body.position.frame.heading(), 180.0f, 1e-3f);
  EXPECT_LT(sim.character(0).body.position.frame.origin.x, 91.1f);
}

TEST(MoveToCharacter, ReaimsAtAWalkingTargetAndCatchesIt) {
  Simulation sim = flat({creature_at("chaser", {60, 30, 0}, 0.0f),
                         character_at("walker", {70, 40, 0}, 0.0f)});
  ScriptInput walk;
  walk.forward = ForwardInput::Walk;
  sim.apply(1, walk);
  MoveToParams run_always;  // as ACE's creatures chase: never walking
  run_always.can_walk = false;
  sim.move_to_character(0, 1, run_always);
  std::vector<SimEvent> events;
  for (int i = 0; i < 300 && events_of(events, SimEventKind::MoveArrived).empty(); ++i) {
    sim.step(kDt);
    for (const SimEvent& e : sim.take_events()) events.push_back(e);
  }
  const auto arrived = events_of(events, SimEventKind::MoveArrived);
  ASSERT_EQ(arrived.size(), 1u);
  EXPECT_EQ(arrived[0].id, kCharacterObjectIdBase + 1);
  // The walker went 3.12 m/s north all along; the chaser ends beside where it
  // was last heard of (at most half a second, 1.56 m, behind, as in retail).
  const float gap = horizontal_distance(global_of(sim.character(0)), global_of(sim.character(1)));
  EXPECT_LT(gap, 0.96f + 0.6f + 1.6f);
  EXPECT_GT(gap, 0.96f);
  EXPECT_GT(sim.character(1).body.position.frame.origin.y, 45.0f);
}

TEST(MoveToCharacter, EndsTargetGoneWhenTheTargetLeavesAndRestoreBringsItBack) {
  Simulation sim = flat({creature_at("chaser", {60, 30, 0}, 0.0f),
                         character_at("target", {60, 60, 0}, 0.0f)});
  sim.move_to_character(0, 1);
  run(sim, 0.5);
  sim.remove(1);
  EXPECT_FALSE(sim.present(1));
  const auto events = run(sim, 0.2);
  const auto gone = events_of(events, SimEventKind::TargetGone);
  ASSERT_EQ(gone.size(), 1u);
  EXPECT_EQ(gone[0].character, 0u);
  EXPECT_EQ(sim.character(0).motion.forward(), ForwardCommand::Ready);
  // Its object left the world: the chaser walks through where it stood.
  sim.move_to(0, at({60, 70, 0}));
  auto through = run(sim, 6.0);
  EXPECT_TRUE(events_of(through, SimEventKind::CollidedObject).empty());
  EXPECT_EQ(events_of(through, SimEventKind::MoveArrived).size(), 1u);

  sim.restore(1, at({60, 50, 0}));
  EXPECT_TRUE(sim.present(1));
  sim.move_to(0, at({60, 40, 0}));
  through = run(sim, 6.0);
  EXPECT_FALSE(events_of(through, SimEventKind::CollidedObject).empty());
}

TEST(MoveTo, ControlsCancelAndANewOrderReplaces) {
  Simulation sim = flat({character_at("walker", {96, 40, 0}, 90.0f)});
  sim.move_to(0, at({150, 40, 0}));
  run(sim, 0.5);
  sim.move_to(0, at({96, 80, 0}));
  auto events = run(sim, 0.1);
  ASSERT_EQ(events_of(events, SimEventKind::MoveCancelled).size(), 1u);
  ScriptInput stop;
  stop.forward = ForwardInput::Stop;
  sim.apply(0, stop);
  events = run(sim, 1.0);
  EXPECT_EQ(events_of(events, SimEventKind::MoveCancelled).size(), 1u);
  EXPECT_EQ(sim.movement(0).kind, MovementKind::None);
}

TEST(MoveTo, EveryReplacedOrderIsReportedEvenManyBetweenTwoSteps) {
  Simulation sim = flat({character_at("walker", {96, 40, 0}, 90.0f)});
  for (int k = 0; k < 6; ++k) sim.move_to(0, at({100.0f + static_cast<float>(k), 40, 0}));
  sim.step(kDt);
  EXPECT_EQ(events_of(sim.take_events(), SimEventKind::MoveCancelled).size(), 5u);
  EXPECT_EQ(sim.movement(0).kind, MovementKind::MoveToPosition);
}

TEST(MoveTo, TimeoutAndFailDistanceEndTheMove) {
  Simulation sim = flat({character_at("walker", {96, 40, 0}, 90.0f)});
  MoveToParams params;
  params.timeout = 1.0f;
  sim.move_to(0, at({150, 40, 0}), params);
  auto events = run(sim, 1.2);
  EXPECT_EQ(events_of(events, SimEventKind::MoveTimedOut).size(), 1u);
  params = {};
  params.fail_distance = 5.0f;
  sim.move_to(0, at({150, 40, 0}), params);
  events = run(sim, 2.0);
  EXPECT_EQ(events_of(events, SimEventKind::MoveTooFar).size(), 1u);
}

// --- moving away, speed, turn rates -------------------------------------------

// A wolf at (96, 40) facing east and a player 3 m south of it: 2.04 m
// between their cylinders (radii 0.48).
Simulation wolf_and_player() {
  return flat({creature_at("wolf", {96, 40, 0}, 90.0f), character_at("player", {96, 37, 0}, 0.0f)});
}

MoveToParams away_to(float min_distance) {
  MoveToParams p;
  p.move_towards = false;
  p.move_away = true;
  p.min_distance = min_distance;
  return p;
}

float gap(const Simulation& sim) {
  return horizontal_distance(global_of(sim.character(0)), global_of(sim.character(1))) - 0.96f;
}

TEST(MoveAway, TurnsItsBackThenWalksAwayUntilMinDistance) {
  Simulation sim = wolf_and_player();
  sim.move_to_character(0, 1, away_to(8.0f));
  // Turning left from east to north (away from the player) at 135 deg/s,
  // not moving: 45 degrees after a third of a second.
  for (int i = 0; i < 10; ++i) sim.step(kDt);
  EXPECT_NEAR(sim.character(0).body.position.frame.heading(), 45.0f, 5.0f);
  EXPECT_NEAR(gap(sim), 2.04f, 1e-3f);
  float closest = gap(sim);
  std::vector<SimEvent> events;
  for (int i = 0; i < 150 && events_of(events, SimEventKind::MoveArrived).empty(); ++i) {
    sim.step(kDt);
    closest = std::min(closest, gap(sim));
    if (sim.movement(0).kind != MovementKind::None && sim.character(0).motion.forward() != ForwardCommand::Ready) {
      EXPECT_TRUE(sim.movement(0).moving_away);
    }
    for (const SimEvent& e : sim.take_events()) events.push_back(e);
  }
  const auto arrived = events_of(events, SimEventKind::MoveArrived);
  ASSERT_EQ(arrived.size(), 1u);
  EXPECT_EQ(arrived[0].id, kCharacterObjectIdBase + 1);
  // Never nearer than it began; ends at least 8 m off, within a frame's
  // walk (3.12 m/s / 30) of it, facing north.
  EXPECT_GT(closest, 2.04f - 1e-3f);
  EXPECT_GE(gap(sim), 8.0f);
  EXPECT_LT(gap(sim), 8.0f + 0.11f);
  EXPECT_NEAR(sim.character(0).body.position.frame.heading(), 0.0f, 0.5f);
  EXPECT_EQ(sim.character(0).motion.forward(), ForwardCommand::Ready);
  // 90 degrees at 135 deg/s, then 5.96 m at the walk's 3.12 m/s.
  EXPECT_NEAR(arrived[0].t, 0.667 + 5.96 / 3.12, 0.1);
}

TEST(MoveAway, RetailsPlanFacesTheTargetFirstAndLosesGroundDoingSo) {
  Simulation sim = wolf_and_player();
  MoveToParams params = away_to(8.0f);
  params.turn_away_first = false;
  params.fail_progress_limit = 0;
  sim.move_to_character(0, 1, params);
  for (int i = 0; i < 20; ++i) sim.step(kDt);
  // Turned right to face the player (south) first.
  EXPECT_NEAR(sim.character(0).body.position.frame.heading(), 180.0f, 5.0f);
  float closest = gap(sim);
  std::vector<SimEvent> events;
  for (int i = 0; i < 300 && events_of(events, SimEventKind::MoveArrived).empty(); ++i) {
    sim.step(kDt);
    closest = std::min(closest, gap(sim));
    for (const SimEvent& e : sim.take_events()) events.push_back(e);
  }
  // Walking forward while steering round at 90 deg/s it arcs toward the
  // player (a 1.99 m radius: 3.12 m/s over pi/2 rad/s) before it gets away:
  // within 0.52 m of it.
  EXPECT_LT(closest, 1.0f);
  ASSERT_EQ(events_of(events, SimEventKind::MoveArrived).size(), 1u);
  EXPECT_GE(gap(sim), 8.0f);

  // With retail's progress check (five failures, as ACE's server) that
  // first second toward the player ends it Blocked.
  Simulation again = wolf_and_player();
  params.fail_progress_limit = 5;
  again.move_to_character(0, 1, params);
  const auto ends = run(again, 3.0);
  EXPECT_EQ(events_of(ends, SimEventKind::MoveBlocked).size(), 1u);
  EXPECT_TRUE(events_of(ends, SimEventKind::MoveArrived).empty());
}

TEST(MoveAway, BothFlagsBackAwayFacingTheTarget) {
  Simulation sim = flat({creature_at("wolf", {96, 40, 0}, 180.0f), character_at("player", {96, 37, 0}, 0.0f)});
  MoveToParams params = away_to(4.0f);
  params.move_towards = true;
  params.distance_to_object = 6.0f;
  sim.move_to_character(0, 1, params);
  sim.step(kDt);
  EXPECT_EQ(sim.character(0).motion.forward(), ForwardCommand::WalkBackward);
  const auto events = run(sim, 2.0);
  const auto arrived = events_of(events, SimEventKind::MoveArrived);
  ASSERT_EQ(arrived.size(), 1u);
  EXPECT_NEAR(sim.character(0).body.position.frame.heading(), 180.0f, 1e-3f);
  EXPECT_GE(gap(sim), 4.0f);
  EXPECT_LT(gap(sim), 4.0f + 0.08f);
  // 1.96 m backing up at 0.65 x 3.12 = 2.03 m/s.
  EXPECT_NEAR(arrived[0].t, 1.96 / 2.028, 0.07);
}

TEST(MoveAway, PinnedInACornerItEndsBlocked) {
  // Two walls meeting at (69, 50), open to the south-west; the wolf in the
  // corner, the player south-west of it: moving away runs into the corner.
  SceneDesc scene = test::two_by_two_flat();
  scene.objects = {test::box_object(9001, {55, 50, -1}, {70, 51, 4}),
                   test::box_object(9002, {69, 35, -1}, {70, 51, 4})};
  scene.characters = {creature_at("wolf", {68.4f, 49.4f, 0}, 45.0f),
                      character_at("player", {64, 45, 0}, 0.0f)};
  Simulation sim(World::from_scene(scene), scene);
  const float start = gap(sim);
  sim.move_to_character(0, 1, away_to(10.0f));
  const auto events = run(sim, 3.0);
  const auto blocked = events_of(events, SimEventKind::MoveBlocked);
  ASSERT_EQ(blocked.size(), 1u);
  // Planned at the first step, a second without gaining 0.25 m a second,
  // then five failed checks, one a frame (1.233 s measured).
  EXPECT_NEAR(blocked[0].t, kDt + 1.0 + 5 * kDt, 0.05);
  EXPECT_LT(gap(sim) - start, 0.25f);
  EXPECT_EQ(sim.character(0).motion.forward(), ForwardCommand::Ready);
  const Vec3 local = sim.character(0).body.position.frame.origin;
  EXPECT_LE(local.x, 69.0f - 0.48f + 1e-3f);
  EXPECT_LE(local.y, 50.0f - 0.48f + 1e-3f);
}

// Seconds from a turn_to 90 degrees right to its arrival.
double turn_time(Simulation& sim, const MoveToParams& params) {
  const double start = sim.time();
  sim.turn_to(0, sim.character(0).body.position.frame.heading() + 90.0f, params);
  const auto events = run(sim, 3.0);
  const auto arrived = events_of(events, SimEventKind::MoveArrived);
  return arrived.size() == 1 ? arrived[0].t - start : -1.0;
}

TEST(MoveToSpeed, TwiceTheSpeedWalksTwiceAsFastAndTurnsTwiceAsFast) {
  Simulation sim = flat({character_at("walker", {96, 40, 0}, 90.0f)});
  MoveToParams fast;
  fast.speed = 2.0f;
  sim.move_to(0, at({110, 40, 0}), fast);
  for (int i = 0; i < 30; ++i) sim.step(kDt);
  const SimCharacter& c = sim.character(0);
  // Walking (13.5 m is within the 15 m threshold) at 2 x 3.12 m/s.
  EXPECT_FALSE(c.motion.hold_run());
  EXPECT_NEAR(glm::length(c.body.cached_velocity), 2.0f * kWalkAnimSpeed, 0.01f);
  const float x1 = c.body.position.frame.origin.x;
  sim.step(0.5);
  EXPECT_NEAR(c.body.position.frame.origin.x - x1, 3.12f, 0.01f);
  run(sim, 1.0);
  EXPECT_EQ(c.motion.forward_speed_factor(), 1.0f);

  // Running is capped at the run speed (4 x run rate 2.375 = 9.5 m/s) whatever the factor.
  MoveToParams run_fast = fast;
  run_fast.can_walk = false;
  sim.move_to(0, at({150, 40, 0}), run_fast);
  for (int i = 0; i < 15; ++i) sim.step(kDt);
  EXPECT_NEAR(glm::length(c.body.cached_velocity), kRunAnimSpeed * c.motion.run_rate(), 0.01f);

  // Turns: 90 degrees at 2 x 135 deg/s is a third of a second (the
  // arrival is seen the frame after).
  EXPECT_NEAR(turn_time(sim, fast), 0.333 + kDt, 0.04);
}

TEST(MoveToTurnRate, TheCharactersOwnRateUnlessTheOrderGivesOne) {
  Simulation sim = flat({character_at("ogre", {96, 40, 0}, 0.0f)});
  // 90 degrees at the human 90 deg/s x 1.5 running: two thirds of a second
  // (the arrival seen the frame after).
  EXPECT_NEAR(turn_time(sim, {}), 0.667 + kDt, 0.04);
  sim.set_turn_rate(0, 45.0f);  // a slow body: 67.5 deg/s running
  EXPECT_NEAR(turn_time(sim, {}), 1.333 + kDt, 0.04);
  MoveToParams quick;
  quick.turn_rate_deg = 180.0f;  // the order's own: 270 deg/s
  EXPECT_NEAR(turn_time(sim, quick), 0.333 + kDt, 0.04);
  EXPECT_THROW(sim.set_turn_rate(0, 0.0f), InputError);
  EXPECT_THROW(sim.set_turn_rate(0, std::nanf("")), InputError);
}

// Retail turns a creature at its MotionTable's TurnRight omega: the
// synthetic creature's table turns at pi/3 rad/s, 60 deg/s, so 90 degrees
// running (1.5 x 60) take a second.
TEST(MoveToTurnRate, ACreatureTurnsAtItsRetailMotionTablesRate) {
  const dat::testing::DataDir data;
  const dat::RetailData retail = dat::RetailData::open(data.dir.path());
  const dat::Setup setup = retail.setup(0x02000001);
  const dat::MotionTable table = retail.motion_table(setup.default_motion_table);
  const CharacterSettings settings = settings_from_setup(setup, {}, &table);
  EXPECT_NEAR(settings.turn_rate_deg, 60.0f, 1e-4f);
  Simulation sim = flat({character_at("drudge", {96, 40, 0}, 0.0f)});
  sim.set_turn_rate(0, settings.turn_rate_deg);
  EXPECT_NEAR(turn_time(sim, {}), 1.0 + kDt, 0.04);
}

TEST(MovementOrders, BadParamsAreRefusedNamingTheField) {
  Simulation sim = flat({character_at("a", {96, 40, 0}, 0.0f), character_at("b", {90, 40, 0}, 0.0f)});
  auto refused = [&](MoveToParams p, const char* field) {
    try {
      sim.move_to_character(0, 1, p);
    } catch (const InputError& e) {
      return std::string(e.what()).find(field) != std::string::npos;
    }
    return false;
  };
  MoveToParams p;
  p.speed = 0.0f;
  EXPECT_TRUE(refused(p, "speed"));
  p = {};
  p.min_distance = std::nanf("");
  EXPECT_TRUE(refused(p, "min_distance"));
  p = {};
  p.turn_rate_deg = -90.0f;
  EXPECT_TRUE(refused(p, "turn_rate_deg"));
  p = {};
  p.distance_to_object = -1.0f;
  EXPECT_TRUE(refused(p, "distance_to_object"));
  EXPECT_EQ(sim.movement(0).kind, MovementKind::None);
}

TEST(MovementOrders, BadIndexTargetOrPositionIsRefused) {
  Simulation sim = flat({character_at("a", {96, 40, 0}, 0.0f)});
  EXPECT_THROW(sim.move_to_character(0, 0), InputError);
  EXPECT_THROW(sim.move_to_character(0, 3), InputError);
  EXPECT_THROW(sim.stick_to(2, 0), InputError);
  EXPECT_THROW(sim.turn_to(0, std::nanf("")), InputError);
  Position nowhere = at({10, 10, 0});
  nowhere.objcell_id = 0x12340001;
  EXPECT_THROW(sim.move_to(0, nowhere), InputError);
}

}  // namespace
}  // namespace transit
