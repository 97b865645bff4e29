#pragma once
// The client's controls between two claims, from the motion changes the
// server received since the last one (retail's MoveToState messages): the
// stretches of time each set of controls held, the heading each starts at,
// and how far those controls can carry the body in a direction.

#include <array>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>

#include "transit/server/movement_check.hpp"

namespace transit {

/// One stretch of time between two claims and the controls held through it.
struct ControlStretch {
  double begin = 0.0;  ///< seconds, the server's clock
  double end = 0.0;
  const MotionChange* controls = nullptr;
  bool jump = false;          ///< a jump started at `begin`
  float heading_deg = 0.0f;   ///< at `begin`, each turn counted from its change's arrival
  /// Degrees either side the heading may be off by then, from changes that
  /// arrived up to the jitter early or late.
  float heading_slack_deg = 0.0f;
};

/// A velocity (m/s, body axes) for each forward and strafe input.
using StateVelocities = std::array<Vec3, 12>;
/// Retail's state velocity of each input for one character's skills (the
/// human animation speeds): what a body leaves the ground with.
StateVelocities state_velocities(const MotionSkills& skills);
/// What a body on walkable ground moves at while it holds each input: its
/// motion table's cycle speeds at the speeds its skills give them.
StateVelocities ground_velocities(const MotionSkills& skills, const CycleSpeeds& cycles);
inline const Vec3& state_velocity(const StateVelocities& v, ForwardInput forward, StrafeInput strafe) {
  return v[static_cast<std::size_t>(forward) * 3 + static_cast<std::size_t>(strafe)];
}

/// The controls held at `last.t`: `last.controls`, or the latest of the
/// claim's changes at or before that time; none when unknown.
std::optional<MotionChange> controls_at_start(const AcceptedMovement& last, const MovementClaim& claim);

/// What is wrong with the claim's changes (out of time order, after the
/// claim, a turn or charge that is not finite or out of range), if anything.
std::optional<std::string> changes_problem(const MovementClaim& claim);

/// The fastest motion the stretches hold, and whether one starts a jump: the
/// claim's motion as a client without the changes would report it.
ClaimedMotion fastest_motion(const StateVelocities& velocities, const MotionChange& start,
                             const MovementClaim& claim, double since);

/// Calls `visit(const ControlStretch&)` for each stretch from `since` (the
/// last claim, holding `start` and facing `heading_deg`) to the claim, in
/// time order; changes before `since` are in `start`, and one at `since`
/// (sent after the last claim) ends an empty stretch.
template <typename Visit>
void for_each_stretch(const MotionChange& start, float heading_deg, double since, const MovementClaim& claim,
                      float jitter, Visit&& visit) {
  ControlStretch s;
  s.begin = since;
  s.controls = &start;
  s.heading_deg = heading_deg;
  for (const MotionChange& c : claim.changes) {
    if (c.t < since) continue;
    s.end = c.t;
    visit(static_cast<const ControlStretch&>(s));
    s.heading_deg += s.controls->turn_deg_per_s * static_cast<float>(s.end - s.begin);
    s.heading_slack_deg += std::abs(c.turn_deg_per_s - s.controls->turn_deg_per_s) * jitter;
    s.begin = c.t;
    s.controls = &c;
    s.jump = c.jumped;
  }
  s.end = claim.t;
  visit(static_cast<const ControlStretch&>(s));
}

/// The horizontal speed (m/s) and compass direction (degrees, at heading 0)
/// retail's state velocity of `controls` moves a body on the ground at.
struct ControlVelocity {
  float speed = 0.0f;
  float direction_deg = 0.0f;
};
ControlVelocity control_velocity(const StateVelocities& velocities, float scale, const MotionChange& controls);

/// The compass direction (degrees clockwise from north, +y) of the
/// horizontal vector (x, y).
float compass_deg(float x, float y);

/// How much of its speed a body moving toward compass `motion_deg` (give or
/// take `slack_deg`, and turning through `turn_deg` more) can put into
/// compass direction `toward_deg`: all of it when it moves that way at some
/// moment, else what sliding along a wall turns that way, (1 + cos a) / 2
/// at the nearest angle a between them (a quarter turn off: half).
float share_toward(float motion_deg, float turn_deg, float slack_deg, float toward_deg);

}  // namespace transit
