#include "reliability/script_case.hpp"

#include <chrono>
#include <utility>

#include "format/run_validation.hpp"
#include "format/scene_validation.hpp"
#include "transit/sim/trajectory.hpp"
#include "support/penetration.hpp"

namespace transit::reliability {

namespace {

class TickChecker {
 public:
  TickChecker(const Simulation& sim, const ScriptDesc& script)
      : sim_(sim), failed_(sim.size(), false) {
    // A jump takes the body off walkable ground for its first quantum (one
    // without gravity does not even leave it): no stalled check then.
    for (std::size_t i = 0; i < sim.size(); ++i) {
      auto& times = jump_times_.emplace_back();
      if (const auto it = script.inputs.find(sim.character(i).name); it != script.inputs.end())
        for (const ScriptInput& in : it->second)
          if (in.jump) times.push_back(in.t);
    }
    for (std::size_t i = 0; i < sim.size(); ++i)
      characters_.insert(kCharacterObjectIdBase + static_cast<std::uint32_t>(i));
    // A character may stay as deep as placement left it, no deeper.
    for (std::size_t i = 0; i < sim.size(); ++i) {
      const PhysicsBody& b = sim.character(i).body;
      start_depth_.push_back(
          test::deepest_penetration(sim.world(), b.shape, b.position, characters_));
      facing_.push_back(b.position.frame.orientation);
      pending_.push_back(b.pending_time);
      last_position_.push_back(b.position);
      intent_before_.push_back(Vec3(0.0f));
      walkable_before_.push_back(b.on_walkable);
      still_.push_back({b.position, sim.time(), std::nullopt});
    }
    last_time_ = sim.time();
  }

  void check(long long tick, ScriptCaseRun& run) {
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    ++run.ticks;
    const double dt = sim_.time() - last_time_;
    last_time_ = sim_.time();
    for (std::size_t i = 0; i < sim_.size(); ++i) {
      const SimCharacter& c = sim_.character(i);
      if (c.mover != MoverKind::Ac || failed_[i]) continue;
      ++run.character_ticks;
      auto broken =
          check_tick(TickFacts{sim_.world(), start_depth_[i], characters_, seconds}, c.body);
      // A quantum ran when the step consumed some of the held-back time.
      const bool ran = pending_[i] + dt - c.body.pending_time > 1e-9;
      if (const auto stuck = check_turning(facing_[i], c.motion.turn_rate_deg(), ran ? 1 : 0, c.body))
        broken.push_back(*stuck);
      if (const auto stuck = check_progress(i, c, ran, dt)) broken.push_back(*stuck);
      facing_[i] = c.body.position.frame.orientation;
      pending_[i] = c.body.pending_time;
      last_position_[i] = c.body.position;
      if (broken.empty()) continue;
      failed_[i] = true;
      run.violations.push_back({c.name, tick, broken.front()});
    }
  }

 private:
  // Metres between two positions: in landblock coordinates within one
  // landblock (global floats near 30,000 m lose millimetres).
  static float distance(const Position& a, const Position& b) {
    return glm::length(get_offset(a, b));
  }

  // The offset a character's first quantum wants with its heading and
  // controls now, in its landblock's axes.
  Vec3 intent_of(const SimCharacter& c, double dt) const {
    const float quantum = static_cast<float>(std::min(dt, static_cast<double>(kMaxQuantum)));
    return c.body.position.frame.local_to_global_vec(c.motion.state_velocity()) * quantum;
  }

  // The stalled and frozen liveness checks, with the place and time each
  // character last moved 1 cm from while told to move.
  std::optional<Violation> check_progress(std::size_t i, const SimCharacter& c, bool ran, double dt) {
    const double start = sim_.time() - dt;
    const bool jumped = std::any_of(jump_times_[i].begin(), jump_times_[i].end(), [&](double t) {
      return t > start - dt + 1e-9 && t <= start + dt * 1e-6;
    });
    const TickIntent intent{intent_before_[i], intent_of(c, dt), ran && !jumped ? 1 : 0,
                            walkable_before_[i], sim_.status(i)};
    intent_before_[i] = intent.after;
    walkable_before_[i] = c.body.on_walkable;
    if (auto v = check_stalled(intent, c.body, distance(last_position_[i], c.body.position))) return v;
    // Retail refuses a quantum that needs more sub-steps than its cap (a tiny
    // body going far) and holds a body that cannot fall: stops by design. A
    // character blocked by another (a creature, a player jumping over it) is
    // held by something that moves in the same tick, which a probe after the
    // tick cannot see where it was.
    const bool retail_stop = intent.status == MoveStatus::StepCapExceeded ||
                             intent.status == MoveStatus::StationaryFall ||
                             intent.status == MoveStatus::BlockedByObject;
    const bool told = intent.after != Vec3(0.0f) && c.body.on_walkable && !retail_stop;
    Still& still = still_[i];
    if (!told || distance(still.from, c.body.position) >= 0.01f) {
      still = {c.body.position, sim_.time(), std::nullopt};
      return std::nullopt;
    }
    // A probe that went where the body stayed names the tick after it: a
    // body turning away from a wall gets free on some tick, and the probe may
    // just have seen that tick coming. Still after it, the body is frozen.
    if (still.suspect) return std::exchange(still.suspect, std::nullopt);
    const double seconds = sim_.time() - still.since;
    if (seconds < 2.0) return std::nullopt;
    still.since = sim_.time();  // blocked for good reason: look again in 2 s
    still.suspect = check_frozen(sim_.world(), c.body, intent, seconds);
    return std::nullopt;
  }

  struct Still {
    Position from;
    double since = 0.0;
    std::optional<Violation> suspect;  // the probe went, the next tick decides
  };

  const Simulation& sim_;
  std::vector<bool> failed_;
  std::vector<float> start_depth_;
  // Where each character faced and how much frame time it held back at the
  // previous check, and the simulation time then.
  std::vector<Quat> facing_;
  std::vector<double> pending_;
  std::vector<Position> last_position_;
  std::vector<Vec3> intent_before_;
  std::vector<bool> walkable_before_;
  std::vector<std::vector<double>> jump_times_;
  std::vector<Still> still_;
  double last_time_ = 0.0;
  std::set<std::uint32_t> characters_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace

ScriptCaseRun run_script_case(const ScriptCase& c, const SceneTrees* trees) {
  validate_scene(c.scene, "script soak");
  validate_script(c.script, c.scene, "script soak");
  Simulation sim(World::from_scene(c.scene, nullptr, trees), c.scene);
  TickChecker checker(sim, c.script);
  ScriptCaseRun run;
  const Trajectory trajectory = run_script(
      sim, c.script,
      [&](long long done, long long) {
        if (done > run.ticks) checker.check(done, run);
      },
      1);
  run.jumps = count_events(trajectory, SimEventKind::Jumped);
  run.landings = count_events(trajectory, SimEventKind::Landed);
  run.object_collisions = count_events(trajectory, SimEventKind::CollidedObject);
  run.blocks = count_events(trajectory, SimEventKind::Blocked);
  run.cells_entered = count_events(trajectory, SimEventKind::EnteredCell);
  return run;
}

std::size_t count_events(const Trajectory& trajectory, SimEventKind kind) {
  std::size_t n = 0;
  for (const CharacterTrack& track : trajectory.characters)
    for (const SimEvent& e : track.events) n += e.kind == kind;
  return n;
}

}  // namespace transit::reliability
