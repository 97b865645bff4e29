#include "reliability/script_case.hpp"

#include <chrono>

#include "format/run_validation.hpp"
#include "format/scene_validation.hpp"
#include "transit/sim/trajectory.hpp"
#include "support/penetration.hpp"

namespace transit::reliability {

namespace {

std::size_t count(const Trajectory& trajectory, SimEventKind kind) {
  std::size_t n = 0;
  for (const CharacterTrack& track : trajectory.characters)
    for (const SimEvent& e : track.events) n += e.kind == kind;
  return n;
}

class TickChecker {
 public:
  explicit TickChecker(const Simulation& sim) : sim_(sim), failed_(sim.size(), false) {
    for (std::size_t i = 0; i < sim.size(); ++i)
      characters_.insert(kCharacterObjectIdBase + static_cast<std::uint32_t>(i));
    // A character may stay as deep as placement left it, no deeper.
    for (std::size_t i = 0; i < sim.size(); ++i) {
      const PhysicsBody& b = sim.character(i).body;
      start_depth_.push_back(
          test::deepest_penetration(sim.world(), b.shape, b.position, characters_));
      facing_.push_back(b.position.frame.orientation);
      pending_.push_back(b.pending_time);
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
      facing_[i] = c.body.position.frame.orientation;
      pending_[i] = c.body.pending_time;
      if (broken.empty()) continue;
      failed_[i] = true;
      run.violations.push_back({c.name, tick, broken.front()});
    }
  }

 private:
  const Simulation& sim_;
  std::vector<bool> failed_;
  std::vector<float> start_depth_;
  // Where each character faced and how much frame time it held back at the
  // previous check, and the simulation time then.
  std::vector<Quat> facing_;
  std::vector<double> pending_;
  double last_time_ = 0.0;
  std::set<std::uint32_t> characters_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace

ScriptCaseRun run_script_case(const ScriptCase& c) {
  validate_scene(c.scene, "script soak");
  validate_script(c.script, c.scene, "script soak");
  Simulation sim(World::from_scene(c.scene), c.scene);
  TickChecker checker(sim);
  ScriptCaseRun run;
  const Trajectory trajectory = run_script(
      sim, c.script,
      [&](long long done, long long) {
        if (done > run.ticks) checker.check(done, run);
      },
      1);
  run.jumps = count(trajectory, SimEventKind::Jumped);
  run.landings = count(trajectory, SimEventKind::Landed);
  run.object_collisions = count(trajectory, SimEventKind::CollidedObject);
  return run;
}

}  // namespace transit::reliability
