#include "workload/scripted_runner.hpp"

#include <algorithm>
#include <cmath>

#include "transit/math/same_bits.hpp"
#include "transit/movers/ac/ac_placement.hpp"
#include "transit/world/demo_world.hpp"

namespace transit::perf {

namespace {

constexpr float kWorldSize = 2.0f * kBlockLength;
constexpr float kEdgeMargin = 8.0f;

Vec3 world_origin_global() {
  return local_to_global(demo::kVillageBlock, Vec3(0.0f));
}

// splitmix32-style hash: the same numbers on every platform.
std::uint32_t mix(std::uint32_t x) {
  x += 0x9E3779B9u;
  x = (x ^ (x >> 16)) * 0x85EBCA6Bu;
  x = (x ^ (x >> 13)) * 0xC2B2AE35u;
  return x ^ (x >> 16);
}

float unit_float(std::uint32_t bits) {
  return static_cast<float>(bits >> 8) * (1.0f / 16777216.0f);
}

float span_coordinate(std::uint32_t bits) {
  return kEdgeMargin + unit_float(bits) * (kWorldSize - 2.0f * kEdgeMargin);
}

bool in_house_footprint(const Vec3& p) {
  return p.x > demo::kHouseX - 2.0f && p.x < demo::kHouseX + 16.0f && p.y > demo::kHouseY - 2.0f &&
         p.y < demo::kHouseY + 14.0f;
}

Vec3 target_of(const Runner& runner, const Script& script) {
  Vec3 target(0.0f);
  script_target(script, runner.waypoint, target);
  return target;
}

bool has_target(const Script& script) {
  return !script.waypoints.empty() || script.seed != 0;
}

void take_result(const ac::AcMoveResult& r, Runner& runner) {
  if (!r.ok) return;
  runner.position = r.position;
  runner.contact.contact = r.contact;
  runner.contact.on_walkable = r.on_walkable;
  runner.contact.contact_plane = r.contact_plane;
  runner.contact.sliding_normal = r.sliding_normal;
  runner.contact.frames_stationary_fall = r.frames_stationary_fall;
  if (r.on_walkable || r.velocity_stopped) runner.fall_speed = 0.0f;
}

bool should_restart(const Runner& runner, const Script& script, bool was_walkable) {
  if (script.restart_after != 0 && runner.ticks >= script.restart_after) return true;
  return script.restart_on_landing && !was_walkable && runner.contact.on_walkable;
}

}  // namespace

bool bit_identical(const Runner& a, const Runner& b) {
  const ac::AcContact &ca = a.contact, &cb = b.contact;
  return same_bits(a.position, b.position) && ca.contact == cb.contact && ca.on_walkable == cb.on_walkable &&
         same_bits(ca.contact_plane, cb.contact_plane) &&
         same_bits(ca.sliding_normal, cb.sliding_normal) &&
         ca.frames_stationary_fall == cb.frames_stationary_fall &&
         same_bits(a.fall_speed, b.fall_speed) && a.waypoint == b.waypoint &&
         a.ticks_on_waypoint == b.ticks_on_waypoint && a.ticks == b.ticks;
}

bool bit_identical(const std::vector<Runner>& a, const std::vector<Runner>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!bit_identical(a[i], b[i])) return false;
  return true;
}

Vec3 world_point(const Position& position) {
  return position.frame.origin + get_block_offset(demo::kVillageBlock, position.objcell_id);
}

std::optional<Position> position_at(const World& world, const Vec3& point) {
  return world.resolve_global(world_origin_global() + point);
}

Vec3 seeded_target(std::uint32_t seed, std::uint32_t n) {
  const std::uint32_t h = mix(seed * 0x01000193u + n);
  return {span_coordinate(h), span_coordinate(mix(h)), 0.0f};
}

bool script_target(const Script& script, std::uint32_t n, Vec3& target) {
  if (!script.waypoints.empty())
    target = script.waypoints[n % script.waypoints.size()];
  else if (script.seed != 0)
    target = seeded_target(script.seed, n);
  else
    return false;
  return true;
}

std::optional<Runner> place_runner(const World& world, const ac::AcBody& body, const Vec3& point) {
  // A little above the ground, so that a point on a floor resolves to its room.
  const std::optional<Position> at = position_at(world, point + Vec3(0.0f, 0.0f, 0.05f));
  if (!at) return std::nullopt;
  const ac::AcPlacement placed = ac::place_body(world, body, *at);
  if (!placed.ok) return std::nullopt;
  Runner runner;
  runner.position = placed.position;
  runner.contact.contact_plane = placed.contact_plane;
  runner.contact.contact = placed.contact_plane.has_value();
  runner.contact.on_walkable =
      runner.contact.contact && placed.contact_plane->plane.normal.z >= kFloorZ;
  return runner;
}

Vec3 run_velocity(const Runner& runner, const Script& script) {
  if (!has_target(script) || !runner.contact.on_walkable) return Vec3(0.0f);
  const Vec3 to = target_of(runner, script) - world_point(runner.position);
  const float distance = std::sqrt(to.x * to.x + to.y * to.y);
  if (distance <= 0.0f) return Vec3(0.0f);
  return {to.x * (kRunSpeed / distance), to.y * (kRunSpeed / distance), 0.0f};
}

void advance_waypoint(Runner& runner, const Script& script) {
  if (!has_target(script)) return;
  const Vec3 to = target_of(runner, script) - world_point(runner.position);
  const bool reached = to.x * to.x + to.y * to.y <= kReachDistance * kReachDistance;
  if (reached || ++runner.ticks_on_waypoint >= kStallTicks) {
    ++runner.waypoint;
    runner.ticks_on_waypoint = 0;
  }
}

void step_runner(const World& world, const ac::AcBody& body, const Script& script,
                 const Runner& start, Runner& runner) {
  ac::AcMoveResult move;
  step_runner(world, body, script, start, runner, move);
}

void step_runner(const World& world, const ac::AcBody& body, const Script& script,
                 const Runner& start, Runner& runner, ac::AcMoveResult& move) {
  const bool was_walkable = runner.contact.on_walkable;
  if (was_walkable)
    runner.fall_speed = 0.0f;
  else
    runner.fall_speed = std::min(runner.fall_speed - kGravity * kTickSeconds, kMaxVelocity);
  Vec3 offset = run_velocity(runner, script) * kTickSeconds;
  offset.z = -runner.fall_speed * kTickSeconds;

  Position end = runner.position;
  end.frame.origin += offset;
  ac::move_body(world, body, runner.position, end, runner.contact, {}, move);
  take_result(move, runner);
  ++runner.ticks;
  advance_waypoint(runner, script);
  if (should_restart(runner, script, was_walkable)) runner = start;
}

const char* to_string(Scenario scenario) {
  switch (scenario) {
    case Scenario::OpenTerrain:
      return "open_terrain";
    case Scenario::TreesAndCreatures:
      return "trees_and_creatures";
    case Scenario::IndoorStairs:
      return "indoor_stairs";
    case Scenario::WallSlide:
      return "wall_slide";
    case Scenario::Falling:
      return "falling";
  }
  return "?";
}

ScenarioSetup make_scenario(const World& world, const ac::AcBody& body, Scenario scenario) {
  ScenarioSetup s;
  Vec3 from(0.0f);
  switch (scenario) {
    case Scenario::OpenTerrain:  // back and forth over the hills north of the village
      from = {70.0f, 222.0f, 0.0f};
      s.script.waypoints = {{180.0f, 222.0f, 0.0f}, {70.0f, 222.0f, 0.0f}};
      break;
    case Scenario::TreesAndCreatures:  // into the fir, the drudge and the mosswart
      from = {45.0f, 40.0f, 0.0f};
      s.script.waypoints = {{75.0f, 40.0f, 0.0f},   {86.0f, 50.0f, 0.0f},  {86.0f, 75.0f, 0.0f},
                            {130.0f, 80.0f, 0.0f},  {130.0f, 96.0f, 0.0f}, {155.0f, 98.0f, 0.0f},
                            {155.0f, 112.0f, 0.0f}, {45.0f, 40.0f, 0.0f}};
      break;
    case Scenario::IndoorStairs: {  // up the staircase of the stair hall to the landing
      from = {demo::kHouseX + 12.5f, demo::kHouseY + 1.25f, demo::kHouseZ + 0.5f};
      s.script.waypoints = {{demo::kHouseX + 12.5f, demo::kHouseY + 20.0f, 0.0f}};
      s.script.restart_after = 24;
      break;
    }
    case Scenario::WallSlide:  // north-east into the free-standing wall, sliding east
      from = {71.0f, 98.6f, 0.0f};
      s.script.waypoints = {{71.0f + 80.0f, 98.6f + 60.0f, 0.0f}};
      s.script.restart_after = 28;
      break;
    case Scenario::Falling:  // dropped from 40 m over the village pad
      from = {60.0f, 80.0f, demo::kGroundZ + 40.0f};
      s.script.restart_on_landing = true;
      break;
  }
  if (scenario == Scenario::Falling) {
    s.start.position = *position_at(world, from);
  } else {
    if (from.z == 0.0f) from.z = demo::kGroundZ + 40.0f;
    std::optional<Position> at = position_at(world, from);
    const std::optional<ac::CellPlane> ground =
        ac::surface_under(world, at->objcell_id, at->frame.origin);
    const Plane& p = ground->plane;
    at->frame.origin.z =
        -(p.normal.x * at->frame.origin.x + p.normal.y * at->frame.origin.y + p.d) / p.normal.z;
    const Vec3 on_ground = world_point(*at);
    s.start = *place_runner(world, body, on_ground);
  }
  return s;
}

Crowd make_crowd(const World& world, const ac::AcBody& body, std::size_t count) {
  Crowd crowd;
  crowd.runners.reserve(count);
  crowd.scripts.reserve(count);
  for (std::uint32_t attempt = 1; crowd.runners.size() < count; ++attempt) {
    const std::uint32_t h = mix(attempt * 0x2545F491u);
    Vec3 point{span_coordinate(h), span_coordinate(mix(h)), 0.0f};
    if (in_house_footprint(point)) continue;
    const std::optional<Position> above = position_at(world, point);
    if (!above) continue;
    const LandCell* land = world.land_cell(above->objcell_id);
    const Polygon* ground = land ? land->find_terrain_poly(above->frame.origin) : nullptr;
    if (!ground) continue;
    const Plane& p = ground->plane();
    point.z = -(p.normal.x * above->frame.origin.x + p.normal.y * above->frame.origin.y + p.d) /
              p.normal.z;
    std::optional<Runner> runner = place_runner(world, body, point);
    if (!runner) continue;
    crowd.runners.push_back(*runner);
    crowd.scripts.push_back(Script{{}, attempt, 0, false});
  }
  crowd.starts = crowd.runners;
  return crowd;
}

void step_crowd(const World& world, const ac::AcBody& body, Crowd& crowd, ParallelFor& pool) {
  const auto threads = static_cast<std::size_t>(pool.threads());
  if (crowd.thread_moves.size() < threads) crowd.thread_moves.resize(threads);
  auto step_block = [&](std::size_t begin, std::size_t end, int thread) {
    ac::AcMoveResult& move = crowd.thread_moves[static_cast<std::size_t>(thread)].move;
    for (std::size_t i = begin; i < end; ++i)
      step_runner(world, body, crowd.scripts[i], crowd.starts[i], crowd.runners[i], move);
  };
  pool.run(crowd.runners.size(), step_block);
}

}  // namespace transit::perf
