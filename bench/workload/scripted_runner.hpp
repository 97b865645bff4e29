#pragma once
// Characters driven along scripted paths by plain AC transitions: one
// ac::move_body per character-tick for the distance run (9.5 m/s) or fallen
// in that tick, carrying the contact state over as docs/ac-mover.md shows.
// The same scripts drive the Bullet peer (bench/bullet_peer.cpp).

#include <cstdint>
#include <vector>

#include "transit/math/position.hpp"
#include "transit/movers/ac/ac_mover.hpp"
#include "transit/sim/parallel_for.hpp"
#include "transit/world/world.hpp"

namespace transit::perf {

inline constexpr float kTickSeconds = 1.0f / 30.0f;
inline constexpr float kRunSpeed = 9.5f;          // m/s
inline constexpr float kReachDistance = 1.0f;     // a waypoint this close is reached
inline constexpr std::uint32_t kStallTicks = 90;  // a waypoint not reached in 3 s is dropped

// Coordinates in the frame of the demo world's south-west landblock
// (0xA9B40000): x, y 0..384 over the four landblocks.
Vec3 world_point(const Position& position);
// The position of a world point, in the outdoor or indoor cell holding it.
std::optional<Position> position_at(const World& world, const Vec3& world_point);

// Where a character runs: a loop of waypoints, or a sequence drawn from a
// seed (crowds). `restart_after` ticks (0: never) puts the character back at
// its start, as a scenario that repeats one piece of path does.
struct Script {
  std::vector<Vec3> waypoints;  // world points (z ignored); empty: stand still
  std::uint32_t seed = 0;       // with no waypoints and seed != 0: random targets
  std::uint32_t restart_after = 0;
  bool restart_on_landing = false;
};

// The target of a seeded script's n-th waypoint: a world point over the
// demo world, 8 m or more from its edges.
Vec3 seeded_target(std::uint32_t seed, std::uint32_t n);

// The target of a script's n-th waypoint; false for a script without any.
bool script_target(const Script& script, std::uint32_t n, Vec3& target);

struct Runner {
  Position position;
  ac::AcContact contact;
  float fall_speed = 0.0f;  // m/s downwards while off walkable ground
  std::uint32_t waypoint = 0;
  std::uint32_t ticks_on_waypoint = 0;
  std::uint32_t ticks = 0;  // since the (re)start
};
// The same state, float for float bit for bit.
bool bit_identical(const Runner& a, const Runner& b);
bool bit_identical(const std::vector<Runner>& a, const std::vector<Runner>& b);

// A character standing at `at` (placed the way retail places objects, then
// given the ground under it). Nothing when no free spot is near.
std::optional<Runner> place_runner(const World& world, const ac::AcBody& body,
                                   const Vec3& world_point);

// The horizontal run velocity (m/s) towards the runner's current target.
Vec3 run_velocity(const Runner& runner, const Script& script);
// Moves on to the next waypoint when this one is reached or stalled on.
void advance_waypoint(Runner& runner, const Script& script);

// One character-tick: run (on walkable ground) or fall, one move_body.
void step_runner(const World& world, const ac::AcBody& body, const Script& script,
                 const Runner& start, Runner& runner);
// The same, the transition's result written to `move`, whose lists keep
// their storage from tick to tick.
void step_runner(const World& world, const ac::AcBody& body, const Script& script,
                 const Runner& start, Runner& runner, ac::AcMoveResult& move);

// The single-character scenarios of the benchmarks.
enum class Scenario { OpenTerrain, TreesAndCreatures, IndoorStairs, WallSlide, Falling };
const char* to_string(Scenario scenario);
struct ScenarioSetup {
  Runner start;
  Script script;
};
ScenarioSetup make_scenario(const World& world, const ac::AcBody& body, Scenario scenario);

// `count` characters scattered over the demo world (outside the house),
// each with its own seeded script; deterministic.
struct Crowd {
  std::vector<Runner> runners;
  std::vector<Runner> starts;
  std::vector<Script> scripts;
  // Each thread's transition result, on cache lines of its own.
  struct alignas(64) ThreadMove {
    ac::AcMoveResult move;
  };
  std::vector<ThreadMove> thread_moves;
};
Crowd make_crowd(const World& world, const ac::AcBody& body, std::size_t count);
// One tick of every character of the crowd, on the pool's threads.
void step_crowd(const World& world, const ac::AcBody& body, Crowd& crowd, ParallelFor& pool);

}  // namespace transit::perf
