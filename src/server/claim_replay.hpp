#pragma once
// The movement checks' last resort before rejecting a claim: retail's own
// physics run again from the last accepted state with the claimed controls
// over the elapsed time, along the few control paths and frame timings a
// client may have had (the claimed motion or the last one held; the time
// in one to four frames; the heading turning evenly from the last claim's
// to this one's, or all in one half; a claimed jump at any eighth of the
// time; the velocity the server carries or the claims' average over the
// last step, or on the ground half of the first or none; for a body too
// small to move at its motion's state velocity within retail's sub-step
// cap, that velocity along its heading; for one too small to move within
// the cap at its energy's speed, the claims' average at that speed; on
// walkable ground with a velocity into it, that velocity as a landing
// there leaves it). With
// the client's motion changes known, each stretch between them runs its
// own controls (forward, sidestep, turn, a jump where it began) in one to
// four frames instead. Where none came near, all again sliding along the
// wall the straight way meets, then, for a body the probe below stood on
// the ground, in the air (on walkable ground, also with what leaving it
// leaves the body), then, for a jump from where the probe found a steep
// plane, on walkable ground, then on the ground from the velocity carried
// at the claim before, then from the other velocity a bounce may have left
// (AcceptedMovement::velocity_other). Where the best misses by more than 25 cm, a
// landing's bounce, a jump that is over, and on a walkable slope the
// velocity turned downhill as little as glides on with no friction, the
// nearer kept. The claim is explained if one of those runs ends near it.

#include <optional>

#include "server/motion_schedule.hpp"
#include "transit/math/constants.hpp"
#include "transit/movers/ac/transition.hpp"
#include "transit/server/movement_check.hpp"

namespace transit {

/// Metres within which two positions are the same place: a claim where the
/// last one was, a move that went nowhere, a replay that ends on its claim.
inline constexpr float kSamePlace = 1e-3f;

/// Transitions that test only whether a claim is reached (from the last
/// one, or from a replay's end): ACE's sub-step cap rather than retail's
/// 30, so that a small body's long path fits (a claim may cover many of
/// the client's frames).
inline const ac::TransitionOptions kReachOptions{kAceMaxTransitionSteps};

/// The radius (m) of the body's first sphere, which retail's sub-step cap
/// counts steps of.
float first_radius(const ac::AcBody& body);

/// Whether a body of first-sphere radius `radius` moving at `speed` (m/s)
/// needs more than retail's sub-step cap in a quantum of up to 0.1 s, so
/// that its client may have held it still (with a tenth to spare).
bool past_step_cap(float speed, float radius);

/// The upward speed (m/s) a jump of `jumped`'s extent leaves the ground with.
float jump_up_speed(const CharacterSettings& s, const ClaimedMotion& jumped);

/// The state a replay that explains a claim ended in.
struct ReplayEnd {
  Vec3 velocity{0.0f};  ///< m/s at the end
  /// Standing on something at the end, and the plane.
  bool contact = false;
  bool on_walkable = false;
  std::optional<ac::CellPlane> contact_plane;
  float miss = 0.0f;  ///< metres between its end and the claim
  /// Metres its energy height (claim_energy.hpp) rose from the start to the
  /// end (a body pushed up between two slopes gains some), with a steep
  /// plane's lift beyond where it ended (ReplayTolerance::steep_lift).
  float energy_gain = 0.0f;
  /// Seconds of the claim's time its physics had not run yet (less than
  /// retail's least quantum): the next replay starts with them.
  double pending = 0.0;
  /// It met something on the way (a collision, a landing, a wall).
  bool met = false;
  /// It collided with the world on the way (a wall, a slope, a crease), or
  /// a move was cut short against it.
  bool met_world = false;
};

/// Whether a replay may yet explain a claim the bounds reject so: too fast,
/// through a wall, into an unreachable cell, flying.
bool replay_may_explain(ClaimVerdict verdict);

/// The controls a replay runs: the claim's motion (the fastest held since
/// the last claim), or, when `start` (the controls held at the last claim)
/// is known, each of the claim's changes from when it arrived; `states`,
/// the body's state velocity of each input (the checker's table).
struct ReplayControls {
  const ClaimedMotion* motion = nullptr;
  const MotionChange* start = nullptr;
  const StateVelocities& states;
  /// Seconds by which a change's arrival may be off (ClaimCheckOptions).
  float change_jitter = ClaimCheckOptions{}.change_jitter;
};

/// How near a replay must end to a claim, metres: across (horizontally,
/// and below it), and above it (less, so that a hover is not lent the
/// horizontal tolerance).
struct ReplayTolerance {
  float across = 1.0f;
  float above = 1.0f;
  // Above a replay that touched a steep plane, besides (metres): how far
  // retail lifts a body out of one at the start of a frame.
  float steep_lift = 0.0f;
  // The world without the other characters, where the claim lies in one
  // that may have walked into the body since: the closing move from a
  // replay's end to the claim is made there.
  const World* without_characters = nullptr;
  // Off walkable ground with another character on its way: the speed
  // across (m/s) a strike by the other may have sent it toward the claim
  // with; 0: none.
  float struck = 0.0f;
  // Off walkable ground with another near its way (within the crowd's turn
  // reach): it may have been struck part way through the step, bounced
  // off the other's sphere (a claim the bounds reject, only while that
  // leaves it falling).
  bool struck_part_way = false;
};

/// Which replays are tried: every way the client may have got there (to
/// explain a claim the bounds reject; `Farther` for one farther than the
/// distance budget allows, where a body the probe below stood on the ground
/// is started in the air as well only if more than 2 cm above it: on the
/// ground the velocity carried is a runner's run, which a replay from the
/// air would land with and run on top of), or only those carrying the last
/// velocity on through the controls (to find the velocity of a claim they
/// accept).
enum class ReplaySearch { Full, Farther, Carried };

/// m/s by which two replays' velocities differ to be told apart
/// (AcceptedMovement::velocity_other).
inline constexpr float kOtherVelocity = 1.0f;

/// A replay from `last` that ends within `tolerance` of `claim`'s position,
/// if any; `nearest`, if given, is set to the least distance (metres)
/// between the claim and where a replay ended; `other`, if given, to the
/// nearest other replay within the tolerance whose velocity differs from
/// the one returned by more than kOtherVelocity.
std::optional<ReplayEnd> replay_claim(const World& world, const CharacterSettings& settings,
                                      const AcceptedMovement& last, const MovementClaim& claim,
                                      const ReplayControls& controls, const ReplayTolerance& tolerance,
                                      float* nearest = nullptr, ReplaySearch search = ReplaySearch::Full,
                                      std::optional<ReplayEnd>* other = nullptr);

}  // namespace transit
