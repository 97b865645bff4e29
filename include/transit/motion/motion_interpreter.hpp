#pragma once
// What a character's controls ask of its body (retail CMotionInterp plus the
// skill formulas of CWeenieObject): the animation velocity of running,
// walking, backing up and sidestepping, the turn rate, and the jump.

#include <optional>
#include <string>

#include "transit/math/vec.hpp"

namespace transit {

class PhysicsBody;

/// Retail animation speeds (m/s) and factors (CMotionInterp).
inline constexpr float kRunAnimSpeed = 4.0f;
inline constexpr float kWalkAnimSpeed = 3.12f;
inline constexpr float kSidestepAnimSpeed = 1.25f;
inline constexpr float kBackwardsFactor = 0.65f;
inline constexpr float kSidestepFactor = 0.5f;
inline constexpr float kRunTurnFactor = 1.5f;
/// The turn of retail's human motion table (TurnRight's omega, pi/2 rad/s),
/// degrees per second at speed 1.
inline constexpr float kHumanTurnRateDeg = 90.0f;
inline constexpr float kMaxSidestepAnimRate = 3.0f;
inline constexpr float kMaxRunRate = 4.5f;  ///< 18 m/s, from run skill 800
inline constexpr float kMinJumpHeight = 0.35f;  ///< metres

/// Speed factor of carried weight: burden = encumbrance / capacity.
/// ACE: EncumbranceSystem.GetBurdenMod
float burden_mod(float burden);
/// Run animation rate from the Run skill. ACE: MovementSystem.GetRunRate
float run_rate(float burden, float run_skill);
/// Jump height (m) for a charge extent 0..1, at least kMinJumpHeight.
/// ACE: MovementSystem.GetJumpHeight
float jump_height(float burden, float jump_skill, float extent);
/// Upward speed of that jump, sqrt(2 g h). ACE: WeenieObject.InqJumpVelocity
float jump_velocity(float burden, float jump_skill, float extent);

enum class ForwardCommand { Ready, WalkForward, WalkBackward };
enum class SidestepCommand { None, Left, Right };

/// How fast the cycles of a body's motion table move it on the ground (m/s
/// at speed 1, retail's MotionData velocity): forward for WalkForward and
/// RunForward, sideways for SideStepRight. The default is the human table's,
/// the animation speeds above; settings_from_setup reads a creature's.
struct CycleSpeeds {
  float walk = kWalkAnimSpeed;
  float run = kRunAnimSpeed;
  float sidestep = kSidestepAnimSpeed;

  bool operator==(const CycleSpeeds&) const = default;
};

/// What is wrong with `speeds` (a speed not finite or below 0), if anything.
std::optional<std::string> cycle_speeds_problem(const CycleSpeeds& speeds);

/// A character's skills: Run and Jump (retail skill points) and burden
/// (encumbrance / capacity, 0 unencumbered).
struct MotionSkills {
  float run_skill = 200.0f;
  float jump_skill = 200.0f;
  float burden = 0.0f;  ///< encumbrance / capacity; 0 unencumbered
};

/// Whether a jump started.
enum class JumpResult { Jumped, InTheAir };

/// The controls of one character. Inputs are the raw state (retail
/// RawMotionState: a command plus the run hold key); the interpreted state
/// (retail InterpretedMotionState) is derived from them as retail's
/// adjust_motion and apply_run_to_command do.
class MotionInterpreter {
 public:
  explicit MotionInterpreter(MotionSkills skills = {}, CycleSpeeds cycles = {})
      : skills_(skills), cycles_(cycles) {}

  /// hold_run: retail's HoldKey.Run (the default in play); without it the
  /// character walks. speed: the command's speed factor (retail's
  /// MovementParameters.speed, 1 for a player's keys); the velocity stays
  /// capped at the run speed.
  void set_forward(ForwardCommand command, bool hold_run, float speed = 1.0f);
  /// Sidestep left, right or not.
  void set_sidestep(SidestepCommand command);
  /// Turn rate in degrees per second, positive clockwise, as given.
  void set_turn_rate(float deg_per_s) { turn_deg_per_s_ = deg_per_s; }
  void set_burden(float burden) { skills_.burden = burden; }
  void set_skills(const MotionSkills& skills) { skills_ = skills; }
  void set_cycle_speeds(const CycleSpeeds& cycles) { cycles_ = cycles; }

  const MotionSkills& skills() const { return skills_; }
  const CycleSpeeds& cycle_speeds() const { return cycles_; }
  ForwardCommand forward() const { return forward_; }
  bool hold_run() const { return hold_run_; }
  float forward_speed_factor() const { return forward_factor_; }
  float turn_rate_deg() const { return turn_deg_per_s_; }
  /// The character's run rate. ACE: WeenieObject.InqRunRate
  float run_rate() const { return transit::run_rate(skills_.burden, skills_.run_skill); }

  /// Body-local velocity of the current motion (x right, y forward) at the
  /// human animation speeds, capped at RunAnimSpeed x run rate: what retail
  /// launches a body leaving the ground with, whatever its motion table.
  /// ACE: MotionInterp.get_state_velocity
  Vec3 state_velocity() const;
  /// Body-local velocity its motion moves the body at on walkable ground:
  /// the cycles' velocities (cycle_speeds) at the interpreted speeds, capped
  /// at the run cycle's speed x run rate (the same cap as state_velocity's
  /// for a human; retail's sequence has none, transit keeps it).
  /// ACE: MotionTable.add_motion, combine_motion; Sequence.apply_physics
  Vec3 ground_velocity() const;
  /// RunAnimSpeed x run rate, whatever the motion table.
  /// ACE: MotionInterp.get_max_speed
  float max_speed() const { return kRunAnimSpeed * run_rate(); }
  /// Upward speed of a jump charged to `extent`; 0 below kEpsilon as in
  /// retail. ACE: MotionInterp.get_jump_v_z
  float jump_v_z(float extent) const;

  /// Starts a jump: only from walkable ground. The body leaves the ground
  /// with the motion's velocity plus the jump's upward speed.
  /// ACE: MotionInterp.jump, jump_is_allowed
  JumpResult jump(float extent, PhysicsBody& body);
  /// The body left walkable ground (walked off a ledge, jumped, or stands on a
  /// slope too steep): it keeps the motion's velocity as physics velocity.
  /// ACE: MotionInterp.LeaveGround, get_leave_ground_velocity
  void leave_ground(PhysicsBody& body);

 private:
  struct Interpreted {
    bool run = false;  ///< RunForward rather than WalkForward
    float forward_speed = 0.0f;
    float sidestep_speed = 0.0f;  ///< SideStepRight speed, negative for left
  };
  /// ACE: MotionInterp.adjust_motion, apply_run_to_command
  Interpreted interpret() const;
  /// The interpreted motion at `speeds`, capped at their run x run rate.
  Vec3 velocity_at(const CycleSpeeds& speeds) const;

  MotionSkills skills_;
  CycleSpeeds cycles_;
  ForwardCommand forward_ = ForwardCommand::Ready;
  SidestepCommand sidestep_ = SidestepCommand::None;
  bool hold_run_ = true;
  float forward_factor_ = 1.0f;
  float turn_deg_per_s_ = 0.0f;
  float jump_extent_ = 0.0f;
};

}  // namespace transit
