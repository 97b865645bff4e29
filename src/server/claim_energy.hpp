#pragma once
// How fast physics may have made a claimed body go. Retail speeds a body up
// only by gravity, besides its own motion: the motion moves it on walkable
// ground (where no gravity acts on it) and becomes its velocity as it leaves
// its support, with a jump's; ground friction slows the velocity again. So
// the speed a body's own velocity may have is bounded by its energy: the
// height it would climb to spending it (z + v^2 / 2g), which only leaving
// the ground raises. A momentum the claims show beyond that is not
// physics' but a client claiming a little more each time (a speed hack), and
// the checks do not carry it.

#include "transit/math/constants.hpp"
#include "transit/server/movement_check.hpp"

namespace transit {

/// Gravity's pull, as a positive acceleration (m/s^2).
inline constexpr float kG = -kGravity;

/// Standing on walkable ground: where its motion moves it and friction slows it.
bool walking(const AcceptedMovement& s);

/// Metres `s` stands above the support plane the probe below or a replay
/// found: 0 when on or below it, or, for a plane of another landblock's
/// cell (in that landblock's frame), 0.5 m or more above it.
float gap_above_support(const AcceptedMovement& s);

/// The height a speed (m/s) lifts a body at z to, and the speed a body
/// whose energy lifts it to `energy_z` has at z.
float energy_height(float z, float speed);
float speed_at(float energy_z, float z);

/// The upward speed (m/s) at `t` of the arc a body in the air since
/// `s.air_t` is on (AcceptedMovement::air_vz, less gravity since).
float arc_speed(const AcceptedMovement& s, double t);

/// A step's energy heights from `last` to `to`: its velocity's alone, and
/// with what leaving its support may have given it (`departure_speed`: its
/// motion's speed and a jump's), if it stood on something and may have left
/// it: it jumped (`jumped`), stood on no walkable ground, or dropped farther
/// than walkable ground and a step down (`step_down`, m) take a body that
/// keeps to the ground; or if this claim reports a jump (`jump_reported`),
/// which only walkable ground allows.
struct StepEnergy {
  float carried = 0.0f;
  float departed = 0.0f;
  bool may_leave = true;  ///< it may have left its support in the step
  /// Its energy had it left its support with its motion anyway (a body
  /// whose motion slowed may glide on with the faster one's velocity).
  float left = 0.0f;
  /// It left its support in the step, with `left`.
  void leave() {
    may_leave = true;
    departed = left;
  }
};
/// `own_replays`: the velocity a replay carried is physics' own (no other
/// character beside it, where replays start from the claims' uncapped).
StepEnergy step_energy(const AcceptedMovement& last, const Position& to, float departure_speed, bool jumped,
                       bool jump_reported, float step_down, bool own_replays);

/// Whether the velocity it carries along `last`'s walkable plane may leave
/// `next`'s at the speed friction holds a body at: over a crest retail's
/// body leaves the ground, to fly on with its motion's velocity.
bool crest_lifts(const StepEnergy& energy, const AcceptedMovement& last, const AcceptedMovement& next);

/// Over a crest up a steep slope, the velocity its motion's leaves it with:
/// retail's leave_ground gives it the motion's velocity across, which meets
/// `next`'s plane at once and bounces off it past the speed friction holds
/// a body at (a body running at 11 m/s up a 34 degree slope glided on up it
/// at 9.5 m/s of its own); none if it does not.
std::optional<Vec3> motion_crest_bounce(const StepEnergy& energy, const AcceptedMovement& last,
                                        const AcceptedMovement& next);

/// The fastest its motion and the velocity it carries may move it across
/// walkable ground (m/s) on a step from `last` to `to`: the one on top of
/// the other, at the step's lower end.
float ground_momentum_cap(const StepEnergy& energy, float motion_speed, const AcceptedMovement& last,
                          const Position& to);

/// The fastest it may move across the ground (m/s) on a step from `last`
/// to `to` by the step's energy: in the air its velocity alone, from
/// walkable ground also its motion (`motion_speed`) on top of its velocity.
/// A step may dip below both ends in the air, by a metre.
float momentum_cap(const StepEnergy& energy, float motion_speed, const AcceptedMovement& last, const Position& to);

/// The fastest gravity may have made it on a step from `last` to `to`
/// (m/s): its speed at the lower end with what leaving its support gave it,
/// or a metre below in the air.
float fall_speed_cap(const StepEnergy& energy, const AcceptedMovement& last, const Position& to);

/// The energy height of its velocity after the step to `next`: when it
/// could not leave its support and ends on walkable ground, it stayed on the
/// ground and retail's friction took its share of the velocity over `dt`.
float energy_after(const StepEnergy& energy, const AcceptedMovement& next, float dt);

}  // namespace transit
