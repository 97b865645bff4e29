#include "transit/motion/motion_interpreter.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "transit/motion/physics_body.hpp"

namespace transit {

// ACE: EncumbranceSystem.GetBurdenMod
float burden_mod(float burden) {
  if (burden < 1.0f) return 1.0f;
  if (burden < 2.0f) return 2.0f - burden;
  return 0.0f;
}

// ACE: MovementSystem.GetRunRate
float run_rate(float burden, float run_skill) {
  if (run_skill >= 800.0f) return kMaxRunRate;
  return (burden_mod(burden) * (run_skill / (run_skill + 200.0f) * 11.0f) + 4.0f) / 4.0f;
}

// ACE: MovementSystem.GetJumpHeight
float jump_height(float burden, float jump_skill, float extent) {
  extent = std::clamp(extent, 0.0f, 1.0f);
  const float height =
      burden_mod(burden) * (jump_skill / (jump_skill + 1300.0f) * 22.2f + 0.05f) * extent;
  return std::max(height, kMinJumpHeight);
}

// ACE: WeenieObject.InqJumpVelocity
float jump_velocity(float burden, float jump_skill, float extent) {
  return std::sqrt(jump_height(burden, jump_skill, extent) * 19.6f);
}

std::optional<std::string> cycle_speeds_problem(const CycleSpeeds& speeds) {
  const std::pair<const char*, float> named[] = {{"walk", speeds.walk}, {"run", speeds.run}, {"sidestep", speeds.sidestep}};
  for (const auto& [name, speed] : named)
    if (!(std::isfinite(speed) && speed >= 0.0f))
      return fmt::format("{} must be a finite number >= 0 m/s, got {}", name, speed);
  return std::nullopt;
}

void MotionInterpreter::set_forward(ForwardCommand command, bool hold_run, float speed) {
  forward_ = command;
  hold_run_ = hold_run;
  forward_factor_ = speed;
}

void MotionInterpreter::set_sidestep(SidestepCommand command) {
  sidestep_ = command;
}

// ACE: MotionInterp.adjust_motion, apply_run_to_command
MotionInterpreter::Interpreted MotionInterpreter::interpret() const {
  Interpreted s;
  const float rate = run_rate();
  if (forward_ != ForwardCommand::Ready) {
    s.forward_speed = forward_factor_;
    if (forward_ == ForwardCommand::WalkBackward) s.forward_speed *= -kBackwardsFactor;
    if (hold_run_) {
      s.run = s.forward_speed > 0.0f;
      s.forward_speed *= rate;
    }
  }
  if (sidestep_ != SidestepCommand::None) {
    float speed = sidestep_ == SidestepCommand::Left ? -1.0f : 1.0f;
    speed *= kSidestepFactor * (kWalkAnimSpeed / kSidestepAnimSpeed);
    if (hold_run_) speed = std::clamp(speed * rate, -kMaxSidestepAnimRate, kMaxSidestepAnimRate);
    s.sidestep_speed = speed;
  }
  return s;
}

Vec3 MotionInterpreter::velocity_at(const CycleSpeeds& speeds) const {
  const Interpreted s = interpret();
  Vec3 v(0.0f);
  v.x = speeds.sidestep * s.sidestep_speed;
  v.y = (s.run ? speeds.run : speeds.walk) * s.forward_speed;
  const float cap = std::fabs(speeds.run) * run_rate();
  if (glm::length(v) > cap) v = glm::normalize(v) * cap;
  return v;
}

// ACE: MotionInterp.get_state_velocity
Vec3 MotionInterpreter::state_velocity() const { return velocity_at(CycleSpeeds{}); }

// ACE: MotionTable.add_motion, combine_motion; Sequence.apply_physics
Vec3 MotionInterpreter::ground_velocity() const { return velocity_at(cycles_); }

// ACE: MotionInterp.get_jump_v_z (retail 0x00527AA0)
float MotionInterpreter::jump_v_z(float extent) const {
  if (extent < kEpsilon) return 0.0f;
  return jump_velocity(skills_.burden, skills_.jump_skill, std::min(extent, 1.0f));
}

// ACE: MotionInterp.jump, jump_is_allowed
JumpResult MotionInterpreter::jump(float extent, PhysicsBody& body) {
  if (body.has_gravity() && !(body.contact && body.on_walkable)) return JumpResult::InTheAir;
  jump_extent_ = extent;
  body.on_walkable = false;  // set_on_walkable(false) -> LeaveGround
  leave_ground(body);
  body.calc_acceleration();
  return JumpResult::Jumped;
}

// ACE: MotionInterp.LeaveGround, get_leave_ground_velocity
void MotionInterpreter::leave_ground(PhysicsBody& body) {
  if (!body.has_gravity()) return;
  Vec3 v = state_velocity();
  v.z = jump_v_z(jump_extent_);
  const bool standing =
      std::fabs(v.x) < kEpsilon && std::fabs(v.y) < kEpsilon && std::fabs(v.z) < kEpsilon;
  if (standing) v = body.position.frame.global_to_local_vec(body.velocity);
  body.set_local_velocity(v);
  jump_extent_ = 0.0f;
}

}  // namespace transit
