#include "transit/motion/body_checks.hpp"

#include <cmath>

#include <fmt/format.h>

namespace transit {

namespace {

std::optional<std::string> not_negative(double value, const std::string& what) {
  if (std::isfinite(value) && value >= 0.0) return std::nullopt;
  return fmt::format("{} must be a finite number >= 0, got {}", what, value);
}

}  // namespace

std::optional<std::string> check_update(const World& world, const PhysicsBody& body, double dt) {
  if (auto e = ac::check_body(body.shape)) return e;
  if (auto e = ac::check_position(world, body.position, "body.position")) return e;
  const Vec3& v = body.velocity;
  if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z))
    return fmt::format("body: velocity must be finite, got [{}, {}, {}]", v.x, v.y, v.z);
  if (auto e = ac::check_contact(world, body.transition_contact())) return e;
  if (auto e = not_negative(body.pending_time, "body: pending_time")) return e;
  return not_negative(dt, "dt");
}

ac::Checked<BodyEvents> checked_update_object(const World& world, PhysicsBody& body,
                                              MotionInterpreter* motion, double dt,
                                              const QuantumOptions& options) {
  if (auto e = check_update(world, body, dt)) return {std::move(e), {}};
  return {std::nullopt, update_object(world, body, motion, dt, options)};
}

}  // namespace transit
