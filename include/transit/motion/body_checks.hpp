#pragma once
// Checks of what a caller hands update_object: a body whose fields a game
// sets directly (position, velocity, contact state) and a frame time. The
// motion layer assumes valid input; a caller that cannot vouch for its data
// checks it here first and gets one clear message.

#include <optional>
#include <string>

#include "transit/motion/body_update.hpp"
#include "transit/motion/physics_body.hpp"
#include "transit/movers/ac/ac_checks.hpp"

namespace transit {

/// Nothing when `body` can be updated in `world` for `dt` seconds, else its
/// first problem: the shape (ac::check_body), the position
/// (ac::check_position, named "body.position"), the velocity finite
/// ("body: velocity must be finite, got [nan, 0, 0]"), the contact state
/// (ac::check_contact), pending_time finite and >= 0, dt finite and >= 0.
std::optional<std::string> check_update(const World& world, const PhysicsBody& body, double dt);

/// update_object behind check_update: refused input gets the message and
/// leaves the body as it was.
ac::Checked<BodyEvents> checked_update_object(const World& world, PhysicsBody& body,
                                              MotionInterpreter* motion, double dt,
                                              const QuantumOptions& options = {});

}  // namespace transit
