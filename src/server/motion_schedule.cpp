#include "server/motion_schedule.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "transit/math/constants.hpp"
#include "transit/motion/motion_interpreter.hpp"
#include "transit/sim/sim_character.hpp"

namespace transit {

namespace {

// Degrees from `a` to `b`, -180..180.
float angle_between(float a, float b) {
  float d = std::fmod(b - a, 360.0f);
  if (d > 180.0f) d -= 360.0f;
  if (d < -180.0f) d += 360.0f;
  return d;
}

template <typename Velocity>
StateVelocities velocities_of(const MotionSkills& skills, const CycleSpeeds& cycles, Velocity velocity) {
  StateVelocities out;
  for (ForwardInput forward : {ForwardInput::Run, ForwardInput::Walk, ForwardInput::Back, ForwardInput::Stop})
    for (StrafeInput strafe : {StrafeInput::Left, StrafeInput::Right, StrafeInput::Stop}) {
      MotionInterpreter motion(skills, cycles);
      apply_forward_input(motion, forward);
      motion.set_sidestep(sidestep_command(strafe));
      out[static_cast<std::size_t>(forward) * 3 + static_cast<std::size_t>(strafe)] = velocity(motion);
    }
  return out;
}

}  // namespace

StateVelocities state_velocities(const MotionSkills& skills) {
  return velocities_of(skills, {}, [](const MotionInterpreter& m) { return m.state_velocity(); });
}

StateVelocities ground_velocities(const MotionSkills& skills, const CycleSpeeds& cycles) {
  return velocities_of(skills, cycles, [](const MotionInterpreter& m) { return m.ground_velocity(); });
}

std::optional<MotionChange> controls_at_start(const AcceptedMovement& last, const MovementClaim& claim) {
  std::optional<MotionChange> held = last.controls;
  for (const MotionChange& c : claim.changes)
    if (c.t <= last.t) held = c;
  return held;
}

std::optional<std::string> changes_problem(const MovementClaim& claim) {
  for (std::size_t i = 0; i < claim.changes.size(); ++i) {
    const MotionChange& c = claim.changes[i];
    if (!std::isfinite(c.t) || c.t > claim.t)
      return fmt::format("motion change {} at {} s is not at or before the claim's time, {} s", i, c.t, claim.t);
    if (i > 0 && c.t < claim.changes[i - 1].t)
      return fmt::format("motion change {} at {} s is before the one before it", i, c.t);
    if (!std::isfinite(c.turn_deg_per_s) || std::abs(c.turn_deg_per_s) > kMaxChangeTurnDegPerS)
      return fmt::format("motion change {}: turn {} degrees a second is not a turn", i, c.turn_deg_per_s);
    if (!(c.jump_extent >= 0.0f && c.jump_extent <= 1.0f))
      return fmt::format("motion change {}: jump extent {} is not 0..1", i, c.jump_extent);
  }
  return std::nullopt;
}

ClaimedMotion fastest_motion(const StateVelocities& velocities, const MotionChange& start,
                             const MovementClaim& claim, double since) {
  const auto forward_speed = [&](ForwardInput forward) {
    return std::abs(state_velocity(velocities, forward, StrafeInput::Stop).y);
  };
  ClaimedMotion m;
  m.forward = start.forward;
  m.strafe = start.strafe;
  for (const MotionChange& c : claim.changes) {
    if (c.t < since) continue;
    if (forward_speed(c.forward) > forward_speed(m.forward)) m.forward = c.forward;
    if (c.strafe != StrafeInput::Stop) m.strafe = c.strafe;
    if (c.jumped) {
      m.jumped = true;
      m.jump_extent = c.jump_extent;
    }
  }
  return m;
}

ControlVelocity control_velocity(const StateVelocities& velocities, float scale, const MotionChange& controls) {
  const Vec3 v = state_velocity(velocities, controls.forward, controls.strafe) * scale;
  const float speed = length2d(v);
  return {speed, speed > 0.0f ? compass_deg(v.x, v.y) : 0.0f};
}

float compass_deg(float x, float y) { return std::atan2(x, y) * kDegreesPerRadian; }

float share_toward(float motion_deg, float turn_deg, float slack_deg, float toward_deg) {
  const float width = std::abs(turn_deg) + 2.0f * slack_deg;
  if (width >= 180.0f) return 1.0f;
  // The angles off `toward` the motion sweeps: [lo, lo + width].
  const float lo = angle_between(toward_deg, motion_deg + std::min(turn_deg, 0.0f) - slack_deg);
  const float hi = lo + width;
  if (lo <= 0.0f && hi >= 0.0f) return 1.0f;
  // A wall's slide keeps the part of the motion along it, and of that the
  // part along `toward`: cos(a) cos(off - a), at most (1 + cos off) / 2.
  const float off = std::min({std::abs(lo), std::abs(hi), std::abs(hi - 360.0f)});
  return 0.5f * (1.0f + std::cos(off / kDegreesPerRadian));
}

}  // namespace transit
