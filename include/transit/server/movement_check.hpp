#pragma once
// Checking what a client claims its character did, as a game server does:
// each claimed position is held against the last one the server accepted
// with the character's own physics (retail's transition from there, its run
// speed, its jump, gravity), and is accepted, or rejected with the reason
// and the position the server should force. docs/server.md says which of
// these checks retail and ACE make and which go beyond them.
//
//   transit::MovementChecker checker(world, settings);
//   transit::AcceptedMovement state = checker.start(spawn, now);
//   const transit::ClaimCheck c = checker.check(state, {now, claimed, motion});
//   if (!c.accepted()) send_force_position(c.forced);
//   state = c.next;

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "transit/desc/run_desc.hpp"
#include "transit/sim/character_settings.hpp"
#include "transit/sim/parallel_for.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// The motion a client says its character held since its last claim
/// (retail's raw motion state): the fastest, if it changed in between.
struct ClaimedMotion {
  ForwardInput forward = ForwardInput::Stop;  ///< run, walk, back or stop
  StrafeInput strafe = StrafeInput::Stop;
  bool jumped = false;       ///< a jump started since the last claim
  float jump_extent = 1.0f;  ///< its charge, 0..1
  bool operator==(const ClaimedMotion&) const = default;
};

/// A change of the client's controls, as retail's MoveToState message gives
/// it (its raw motion state: the forward, sidestep and turn commands), and a
/// jump started then (retail's Jump message). Each holds until the next.
/// The fastest turn a motion change may give, degrees a second either way.
inline constexpr float kMaxChangeTurnDegPerS = 3600.0f;

struct MotionChange {
  double t = 0.0;  ///< when the server received it (seconds, the server's clock)
  ForwardInput forward = ForwardInput::Stop;
  StrafeInput strafe = StrafeInput::Stop;
  /// Degrees a second, positive clockwise (TurnRight), negative TurnLeft, 0
  /// none: retail's turn speed times its motion table's rate (90 for humans).
  float turn_deg_per_s = 0.0f;
  bool jumped = false;       ///< a jump started at t
  float jump_extent = 1.0f;  ///< its charge, 0..1
  bool operator==(const MotionChange&) const = default;
};

/// One claim: when the server received it (seconds, the server's clock),
/// where the client says the character is, and its motion.
struct MovementClaim {
  double t = 0.0;
  Position position;
  ClaimedMotion motion;
  /// Optional: the changes of the client's controls the server received
  /// since the last claim, in time order, none later than `t`. Once the
  /// controls are known (AcceptedMovement::controls), `motion` is not used:
  /// the changes give the motion of each moment, and a claim with none held
  /// the last controls throughout. A change at or before the last claim's
  /// time gives the controls held then, when they are not known yet.
  std::vector<MotionChange> changes = {};
};

/// Why a claim was rejected (or Accepted).
enum class ClaimVerdict : std::uint8_t {
  Accepted,
  TooFast,          ///< farther than its run speed (or momentum) allows in the time
  ThroughWall,      ///< retail's transition from the last position does not reach it
  UnreachableCell,  ///< an indoor cell the path from the last position does not lead into
  Flying,           ///< in the air higher than a jump or a fall from where it left the ground allows
  UnderTerrain,     ///< an outdoor position below the terrain
  Invalid,          ///< not a position of the world, not finite, or not later than the last
};
/// "accepted", "too_fast", "through_wall", "unreachable_cell", "flying",
/// "under_terrain", "invalid".
const char* to_string(ClaimVerdict verdict);

/// How much a claim may exceed the physics, for frame timing and latency.
struct ClaimCheckOptions {
  float speed_margin = 0.05f;     ///< fraction over the fastest legal speed
  /// Seconds of travel that may arrive bunched up (a late packet, then a
  /// prompt one): the distance budget is at most this much travel ahead.
  float burst_seconds = 0.1f;
  float distance_slack = 0.25f;   ///< metres over the distance budget
  float reach_tolerance = 0.05f;  ///< metres between the claim and where the path ends
  float height_slack = 0.25f;     ///< metres over the ballistic bound of a jump or fall
  float below_terrain = 0.05f;    ///< metres under the terrain still taken as on it
  /// Metres a falling body may lag its arc per second of flight (retail
  /// moves a body from rest only from its second quantum on, and frame
  /// times round the fall).
  float fall_slack_per_second = 0.25f;
  /// Metres between a claim and where a replay of retail's physics from the
  /// last accepted state ends, for a claim the checks above would reject.
  float replay_tolerance = 2.0f;
  /// Metres a claim may be above where such a replay ends (at most
  /// replay_tolerance): less than across, so that hovering is not lent it;
  /// replay_tolerance for a claim standing on something no higher than the
  /// last, which is no hover.
  float replay_rise_tolerance = 0.75f;
  /// How fast that tolerance comes back once a replay has used it, metres a
  /// second: what a claim is off from the replay that explains it is spent,
  /// so that a client cannot gain a little on the physics at every claim
  /// (a speed hack at 30 claims a second gaining 0.9 m each is caught).
  float replay_tolerance_per_second = 0.5f;
  /// Seconds by which a motion change's arrival may be off from the
  /// claims' (network jitter between the two messages).
  float change_jitter = 0.05f;
};

/// What the server last accepted (or forced) for a character, and what the
/// checks carry from claim to claim.
struct AcceptedMovement {
  double t = 0.0;          ///< seconds, the server's clock
  Position position;
  ClaimedMotion motion;
  Vec3 velocity{0.0f};     ///< the last accepted step's displacement over its time, m/s
  /// When the step `velocity` averages began (the claim before the last
  /// accepted one); -infinity at a start.
  double velocity_since = -std::numeric_limits<double>::infinity();
  /// The velocity it may have now, m/s: a replay's, when one explained the
  /// last claim; else the last step's, with gravity's half step added when
  /// it was in the air from end to end.
  Vec3 velocity_now{0.0f};
  /// `velocity_now` as it was at the claim before: a collision within the
  /// last step may leave the body most of it while the step's average
  /// falls short (a replay also starts from it).
  Vec3 velocity_before{0.0f};
  /// Off walkable ground: the velocity another replay that explained the
  /// last claim ended with, where it differs from `velocity_now` by more
  /// than 1 m/s (after a bounce, how the client's frames fell decides
  /// which). Its replays are followed beside those of `velocity_now`, the
  /// nearer carried, and a replay starts from it where no other comes near.
  std::optional<Vec3> velocity_other;
  /// The speed it came down at, if it fell freely from the last claim's
  /// height and vertical speed to this one's, m/s: a landing's, which
  /// bounces it off the ground (the arc bounds only its height).
  float fall_speed = 0.0f;
  /// Standing on something (the transition to it ended in contact), and the plane.
  bool supported = true;
  bool on_walkable = true;
  std::optional<ac::CellPlane> contact_plane;
  float budget = 0.0f;     ///< metres of horizontal travel still allowed (see ClaimCheckOptions)
  /// Metres of the replay tolerance not spent (at most
  /// ClaimCheckOptions::replay_tolerance, refilled with time).
  float replay_leeway = 0.0f;
  /// In the air: when and at what height it left support, and the upward
  /// speed it may have had then (its whole speed turned upwards, a jump's
  /// added), m/s.
  double air_t = 0.0;
  float air_z = 0.0f;
  float air_vz = 0.0f;
  /// The last ground it stood on: height, and the speed it may have left
  /// it with; no slope or jump lifts it higher than that speed's height
  /// above. A steep slope, which it slides down with its fall too, keeps
  /// the ground before where that lifts it higher.
  float anchor_z = 0.0f;
  float anchor_speed = 0.0f;
  /// The highest its speed could lift it (landblock z): the height at which
  /// the most speed physics may have given it would be spent climbing
  /// (z + v^2 / 2g). Only gravity speeds a body up, besides its own motion
  /// and a jump as it leaves its support, and ground friction slows it: a
  /// momentum the claims show beyond this is not physics' (a speed hack
  /// claiming a little more each time) and is not carried.
  float energy_z = 0.0f;
  /// On walkable ground since its motion slowed: the energy height
  /// (landblock z) of the velocity it may have kept from the faster motion
  /// (retail keeps the velocity a body left the ground with when its motion
  /// stops: off the ground over a bump as it stopped, it glides on), until
  /// its motion speeds up again; -infinity: none.
  float glide_z = -std::numeric_limits<float>::infinity();
  /// In the air since it left walkable ground, meeting nothing since: the
  /// fastest it may move across the ground, m/s. Leaving walkable ground
  /// sets a character's velocity to what its motion leaves with (or keeps
  /// it, standing), and in the air only a collision speeds it up across.
  float air_across = std::numeric_limits<float>::infinity();
  /// When it was last off walkable ground (or put down moving): until
  /// friction has taken the velocity it had then, a replay gives its
  /// velocity, not the claims' average.
  double unsteady_t = -std::numeric_limits<double>::infinity();
  /// The last accepted step was in the air from end to end and met nothing.
  bool free_flight = false;
  /// The last accepted step was in the air, and another character may have
  /// met it on its way (ClaimCrowd) and bounced it off its spheres.
  bool met_character = false;
  /// Held still in the air (past the sub-step cap, by something it stood
  /// on, a wall it is pressed into, another character, the loaded world's
  /// edge), where retail stands a body that could not move for three frames
  /// on a floor of its own: it may stay there for as long as it does not
  /// move, whatever held it has gone.
  bool hanging = false;
  /// The last accepted step may have ended held in the air where it is by
  /// another character (beside it, or met on its way and stopped short of
  /// its flight): a stationary fall may have begun there, and it may hang
  /// on if it stays, or have been let go and fallen on from rest.
  bool held_in_air = false;
  /// When it last stood on something, or its flight began anew (it met
  /// something or jumped): a body still in the air starts its fall from
  /// where it is only within a frame of that.
  double left_t = 0.0;
  /// Seconds its physics may not have run yet when a replay explained the
  /// last claim (retail runs none shorter than its least quantum): the next
  /// replay runs them, so that claims a frame apart cannot each be
  /// explained by a replay that moved nothing.
  double physics_pending = 0.0;
  /// The velocity carried may point elsewhere than it does now: the last
  /// accepted step started in the air or off walkable ground, met a wall or
  /// did not move, or the state was forced.
  bool turned = false;
  /// Of a velocity `turned`, the speed (m/s) the last step may have turned
  /// any way: all of it (infinite), but where the step met nothing but
  /// walkable ground it ran onto or landed on, whose one plane turns the
  /// rest only as the direction check counts; there what of a landing's
  /// fall the slope turns along it. 0 where not `turned`.
  float turned_speed = 0.0f;
  /// The controls held at `t`, when the claims carry their changes (the
  /// last change, its `t` when it arrived); unknown otherwise.
  std::optional<MotionChange> controls;
};

/// The answer to one claim.
struct ClaimCheck {
  ClaimVerdict verdict = ClaimVerdict::Accepted;
  std::string reason;       ///< empty when accepted; else what was wrong, with numbers
  Position forced;          ///< rejected: where the server should put the character
  AcceptedMovement next;    ///< the state to check the next claim against
  bool accepted() const { return verdict == ClaimVerdict::Accepted; }
};

struct ReplayEnd;
struct StepBounds;
struct ReplayControls;
struct ReplayTolerance;
class ClaimCrowd;

/// Checks claims of characters of one shape and skills against one world.
/// Const and thread-safe: many threads may check claims at once.
class MovementChecker {
 public:
  /// Only AC characters (settings.mover == MoverKind::Ac); InputError otherwise.
  /// `settings.body.world_object`, if set, names the character's own object
  /// in `world`, which its checks never collide with.
  MovementChecker(const World& world, const CharacterSettings& settings,
                  const ClaimCheckOptions& options = {});

  /// The state of a character the server has just put at `position` (for
  /// instance placed by Character::place) at time `t`, moving at `velocity`
  /// (m/s; standing still by default), holding `controls` if they are known.
  /// In the air it is held to the arc of that velocity until it meets
  /// something (which may turn all of its speed upwards).
  AcceptedMovement start(const Position& position, double t, const Vec3& velocity = Vec3(0.0f),
                         const std::optional<MotionChange>& controls = std::nullopt) const;
  /// Accepts the claim or rejects it, from `last`.
  ClaimCheck check(const AcceptedMovement& last, const MovementClaim& claim) const;

  const CharacterSettings& settings() const { return settings_; }
  const ClaimCheckOptions& options() const { return options_; }
  const World& world() const { return *world_; }

 private:
  friend class ClaimCrowd;
  // The same checker in another world among other characters, as its
  // object there (if it is one).
  // `without_characters`: the world without them, where a claim lying in
  // another character is reached from a replay's end (ReplayTolerance);
  // `beside_character`: another character came within a metre of the body
  // anywhere on its way to the claim, which may have held it in the air
  // there, or pushed it on walkable ground with velocity no energy shows
  // (so its replays there start from the claims' velocity uncapped);
  // `near_character`: one is near enough its way to have turned its fall
  // (this step or the one before).
  MovementChecker in_world(const World& world, std::optional<std::size_t> self_object,
                           const World* without_characters = nullptr, bool beside_character = false,
                           bool near_character = true) const;
  // Why the claim cannot be checked at all (verdict `invalid`), if it cannot.
  std::optional<std::string> claim_problem(const AcceptedMovement& last, const MovementClaim& claim) const;
  // The bounds every claim is held to; what they reject may yet be
  // explained by a replay of the physics, unless it went faster across
  // than the flight it is on, or stayed still in the air with nothing to
  // hold it there (`unexplained`).
  // `motion` is the claim's, or the fastest its changes hold; `start` the
  // controls held at the last claim when they are known.
  ClaimCheck check_motion(const AcceptedMovement& last, const MovementClaim& claim, const ClaimedMotion& motion,
                          const MotionChange* start) const;
  // `jumped_from`: the ground a jump reported in the air left (jump_ground).
  // `budget_left`: on its arc, the distance budget left after the step,
  // once its travel is found within it (a claim rejected for another reason
  // too), up to the lag of a least quantum it may make up.
  ClaimCheck check_bounds(const AcceptedMovement& last, const MovementClaim& claim, const ClaimedMotion& motion,
                          const MotionChange* start, const std::optional<float>& jumped_from, bool& unexplained,
                          std::optional<float>& budget_left) const;
  // An accepted claim's velocity (`next`): off walkable ground, and until
  // friction has taken what it had there, a replay's that comes near.
  void carry_replayed_velocity(const AcceptedMovement& last, const MovementClaim& claim, const ClaimedMotion& motion,
                               const ReplayControls& controls, const ReplayTolerance& tolerance,
                               AcceptedMovement& next) const;
  std::optional<float> above_energy(const AcceptedMovement& last, const MovementClaim& claim,
                                    const ClaimedMotion& motion, const std::optional<float>& jumped_from,
                                    const ReplayEnd& end) const;
  float leave_speed(const AcceptedMovement& last, const ClaimedMotion& motion) const;
  bool lands_on_walkable(const Position& at) const;
  std::optional<float> unpowered_lift(const AcceptedMovement& last, const ClaimedMotion& motion,
                                      const AcceptedMovement& next, float dt, float rise, bool met) const;
  std::optional<float> ground_climbed(const AcceptedMovement& last, const Position& to) const;
  float unpowered_bounce(const AcceptedMovement& last, const ClaimedMotion& motion) const;
  std::optional<float> jump_ground(const AcceptedMovement& last, const Position& to, const ClaimedMotion& motion,
                                  double dt) const;
  void reanchor(const AcceptedMovement& last, const ClaimedMotion& motion, const std::optional<float>& jumped_from,
                AcceptedMovement& next) const;
  AcceptedMovement replay_start(const AcceptedMovement& last, const ClaimedMotion& motion) const;
  // A replay's start on walkable ground from its own velocity (the claims'
  // average less its motion's), where that is not the velocity carried.
  std::optional<AcceptedMovement> own_velocity_start(const AcceptedMovement& last, const ClaimedMotion& motion) const;
  // `budget_left`: check_bounds's, if it found the step's travel within it.
  ClaimCheck accept_replayed(const AcceptedMovement& last, const MovementClaim& claim, const ClaimedMotion& motion,
                             const std::optional<float>& jumped_from, const std::optional<float>& budget_left,
                             const ReplayEnd& end) const;
  // Beside another character, in the air after walkable ground: it may have
  // stepped up onto the other and run off it, leaving with its motion.
  bool stepped_off_another(const AcceptedMovement& last, const AcceptedMovement& next) const;
  /// step_bounds with this checker's speeds, its replays its own where no
  /// other character is beside it.
  StepBounds bounds_of(const AcceptedMovement& last, const ClaimedMotion& motion, const Position& to) const;
  float struck_speed(const AcceptedMovement& last) const;

  const World* world_;
  const World* without_characters_ = nullptr;
  bool beside_character_ = false;
  bool near_character_ = false;
  CharacterSettings settings_;
  ClaimCheckOptions options_;
  /// Each forward and strafe input's velocity (m/s, body axes) for the
  /// settings' skills, worked out once: on walkable ground (the settings'
  /// cycle speeds), and retail's state velocity, which a body leaves the
  /// ground with (the human speeds).
  std::array<Vec3, 12> ground_velocities_;
  std::array<Vec3, 12> state_velocities_;
};

/// Checks claim i against last[i] for every i, writing out[i], on `pool`'s
/// threads (or the caller's alone without a pool); the same answers as one
/// check() each.
void check_claims(const MovementChecker& checker, std::span<const AcceptedMovement> last,
                  std::span<const MovementClaim> claims, std::span<ClaimCheck> out,
                  ParallelFor* pool = nullptr);

}  // namespace transit
