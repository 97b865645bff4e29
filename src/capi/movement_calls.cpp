// tr_Simulation_* movement orders: retail's move-to and sticky follow, the
// give-up policy, and characters leaving and coming back.

#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "capi/call_guard.hpp"
#include "capi/conversions.hpp"
#include "capi/registry.hpp"

using namespace transit;
using namespace transit::capi;

namespace {

tr_MoveToParams to_c(const MoveToParams& p) {
  tr_MoveToParams c{};
  c.distance_to_object = p.distance_to_object;
  c.min_distance = p.min_distance;
  c.fail_distance = p.fail_distance == std::numeric_limits<float>::max() ? 0.0f : p.fail_distance;
  c.walk_run_threshold = p.walk_run_threshold;
  c.final_heading = p.final_heading.value_or(0.0f);
  c.turn_rate_deg = p.turn_rate_deg.value_or(0.0f);
  c.speed = p.speed;
  c.timeout = p.timeout;
  c.fail_progress_limit = p.fail_progress_limit;
  c.blocked_frames = p.blocked_frames;
  c.can_walk = p.can_walk;
  c.can_run = p.can_run;
  c.use_spheres = p.use_spheres;
  c.use_final_heading = p.final_heading.has_value();
  c.sticky = p.sticky;
  c.move_towards = p.move_towards;
  c.move_away = p.move_away;
  c.turn_away_first = p.turn_away_first;
  return c;
}

void check_number(float value, const char* what, bool may_be_negative = false) {
  if (!std::isfinite(value) || (!may_be_negative && value < 0.0f))
    refuse(tr_errorInvalidArgument,
           fmt::format("params.{}: must be a finite number{}, got {}", what,
                       may_be_negative ? "" : " >= 0", value));
}

MoveToParams move_to_params(const tr_MoveToParams* c) {
  if (!c) return {};
  check_number(c->distance_to_object, "distance_to_object");
  check_number(c->min_distance, "min_distance");
  check_number(c->fail_distance, "fail_distance", true);
  check_number(c->walk_run_threshold, "walk_run_threshold");
  check_number(c->final_heading, "final_heading", true);
  check_number(c->turn_rate_deg, "turn_rate_deg");
  check_number(c->speed, "speed");
  check_number(c->timeout, "timeout");
  if (c->speed <= 0.0f) refuse(tr_errorInvalidArgument, "params.speed: must be > 0");
  if (c->fail_progress_limit < 0 || c->blocked_frames < 0)
    refuse(tr_errorInvalidArgument, "params: fail_progress_limit and blocked_frames must be >= 0");
  MoveToParams p;
  p.distance_to_object = c->distance_to_object;
  p.min_distance = c->min_distance;
  if (c->fail_distance > 0.0f) p.fail_distance = c->fail_distance;
  p.walk_run_threshold = c->walk_run_threshold;
  if (c->use_final_heading) p.final_heading = c->final_heading;
  if (c->turn_rate_deg > 0.0f) p.turn_rate_deg = c->turn_rate_deg;
  p.speed = c->speed;
  p.timeout = c->timeout;
  p.fail_progress_limit = c->fail_progress_limit;
  p.blocked_frames = c->blocked_frames;
  p.can_walk = c->can_walk;
  p.can_run = c->can_run;
  p.use_spheres = c->use_spheres;
  p.sticky = c->sticky;
  p.move_towards = c->move_towards;
  p.move_away = c->move_away;
  p.turn_away_first = c->turn_away_first;
  return p;
}

int32_t index_or_none(const std::optional<std::size_t>& index) {
  return index ? static_cast<int32_t>(*index) : -1;
}

}  // namespace

extern "C" {

tr_MoveToParams tr_DefaultMoveToParams(void) { return to_c(MoveToParams{}); }

tr_GiveUpPolicy tr_DefaultGiveUpPolicy(void) {
  const GiveUpPolicy p;
  return {p.no_progress_seconds, p.min_progress, p.retry_seconds, to_c(p.home_params)};
}

tr_Status tr_Simulation_MoveTo(tr_SimulationId simulation, int32_t index, tr_Position target,
                               const tr_MoveToParams* params) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    const std::size_t i = character_index(sim, index);
    sim.move_to(i, resolve(sim.world(), target, "target"), move_to_params(params));
  });
}

tr_Status tr_Simulation_MoveToCharacter(tr_SimulationId simulation, int32_t index, int32_t target,
                                        const tr_MoveToParams* params) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    sim.move_to_character(character_index(sim, index), character_index(sim, target, "target"),
                          move_to_params(params));
  });
}

tr_Status tr_Simulation_TurnTo(tr_SimulationId simulation, int32_t index, float heading_deg,
                               const tr_MoveToParams* params) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    sim.turn_to(character_index(sim, index), heading_deg, move_to_params(params));
  });
}

tr_Status tr_Simulation_TurnToCharacter(tr_SimulationId simulation, int32_t index, int32_t target,
                                        const tr_MoveToParams* params) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    sim.turn_to_character(character_index(sim, index), character_index(sim, target, "target"),
                          move_to_params(params));
  });
}

tr_Status tr_Simulation_StickTo(tr_SimulationId simulation, int32_t index, int32_t target,
                                float distance, float timeout) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    check_number(distance, "distance");
    check_number(timeout, "timeout");
    sim.stick_to(character_index(sim, index), character_index(sim, target, "target"),
                 {distance, timeout});
  });
}

tr_Status tr_Simulation_CancelMovement(tr_SimulationId simulation, int32_t index) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    sim.cancel_movement(character_index(sim, index));
  });
}

tr_Status tr_Simulation_SetTurnRate(tr_SimulationId simulation, int32_t index, float deg_per_s) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    check_number(deg_per_s, "deg_per_s");
    if (deg_per_s <= 0.0f) refuse(tr_errorInvalidArgument, "deg_per_s: must be > 0");
    sim.set_turn_rate(character_index(sim, index), deg_per_s);
  });
}

tr_Status tr_Simulation_SetCycleSpeeds(tr_SimulationId simulation, int32_t index, const tr_CycleSpeeds* speeds) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    const tr_CycleSpeeds& s = required(speeds, "speeds");
    const CycleSpeeds cycles{s.walk, s.run, s.sidestep};
    if (auto problem = cycle_speeds_problem(cycles)) refuse(tr_errorInvalidArgument, "speeds: " + *problem);
    sim.set_cycle_speeds(character_index(sim, index), cycles);
  });
}

tr_Status tr_Simulation_GetMovement(tr_SimulationId simulation, int32_t index,
                                    tr_MovementProgress* out) {
  return call_guard([&] {
    tr_MovementProgress& result = required(out, "out");
    const Simulation& sim = *simulation_of(simulation).simulation;
    const MovementProgress p = sim.movement(character_index(sim, index));
    result = {static_cast<tr_MovementKind>(p.kind), index_or_none(p.target), p.distance,
              p.fail_progress_count, p.blocked_frames, index_or_none(p.stuck_to), p.moving_away};
  });
}

tr_Status tr_Simulation_SetGiveUp(tr_SimulationId simulation, int32_t index,
                                  const tr_GiveUpPolicy* policy) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    const std::size_t i = character_index(sim, index);
    if (!policy) {
      sim.clear_give_up(i);
      return;
    }
    check_number(policy->no_progress_seconds, "no_progress_seconds");
    check_number(policy->min_progress, "min_progress");
    check_number(policy->retry_seconds, "retry_seconds");
    GiveUpPolicy p;
    p.no_progress_seconds = policy->no_progress_seconds;
    p.min_progress = policy->min_progress;
    p.retry_seconds = policy->retry_seconds;
    p.home_params = move_to_params(&policy->home);
    sim.set_give_up(i, p);
  });
}

tr_Status tr_Simulation_RemoveCharacter(tr_SimulationId simulation, int32_t index) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    sim.remove(character_index(sim, index));
  });
}

tr_Status tr_Simulation_RestoreCharacter(tr_SimulationId simulation, int32_t index,
                                         tr_Position position) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    const std::size_t i = character_index(sim, index);
    sim.restore(i, resolve(sim.world(), position, "position", Strictness::Stand));
  });
}

tr_Status tr_Simulation_GetTransitions(tr_SimulationId simulation, int32_t index, int32_t* count) {
  return call_guard([&] {
    int32_t& result = required(count, "count");
    const Simulation& sim = *simulation_of(simulation).simulation;
    result = sim.transitions(character_index(sim, index));
  });
}

}
