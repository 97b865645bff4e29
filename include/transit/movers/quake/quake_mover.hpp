#pragma once
// Quake 2's player movement (id Software's qcommon/pmove.c; seed 002):
// Pmove on land with PM_CheckDuck, PM_CatagorizePosition, the pm_time
// countdown, PM_CheckJump, PM_Friction, PM_AirMove, PM_StepSlideMove and
// PM_SnapPosition, over Quake 2's brush traces (TraceModel::Quake2Brushes).
// Water, ladders, conveyors and water jumps are left out (transit worlds
// have no water volumes or ladder contents).
//
// The settings are Quake 2's defaults in Quake units; `units_per_metre`
// turns them into transit's metres (32 by default, a power of two, so the
// conversion is exact and the float arithmetic is Quake 2's scaled by 2^-5:
// docs/quake-tribes.md shows the golden traces that check it). Positions,
// velocities and traces are in metres.

#include "transit/movers/box_mover.hpp"
#include "transit/world/world_trace.hpp"

namespace transit::quake {

/// Quake 2's pmove constants in Quake units (1/32 m by default), as
/// pmove.c has them.
struct QuakeSettings {
  float units_per_metre = kDefaultUnitsPerMetre;  ///< Quake units in a metre (a power of two)
  /// The player box of PM_CheckDuck, standing (Quake units, origin-relative).
  Vec3 mins{-16.0f, -16.0f, -24.0f};
  Vec3 maxs{16.0f, 16.0f, 32.0f};
  float duck_maxs_z = 4.0f;        ///< PM_CheckDuck: the crouched box's top
  float view_height = 22.0f;       ///< PM_CheckDuck: eyes above the origin, standing
  float duck_view_height = -2.0f;  ///< ... and crouched
  float gravity = 800.0f;          ///< sv_gravity, units/s^2
  float stop_speed = 100.0f;       ///< pm_stopspeed, units/s
  float max_speed = 300.0f;        ///< pm_maxspeed, units/s
  float duck_speed = 100.0f;       ///< pm_duckspeed, units/s
  float accelerate = 10.0f;        ///< pm_accelerate, 1/s
  float air_accelerate = 0.0f;     ///< pm_airaccelerate (0 in Quake 2: PM_Accelerate with 1)
  float friction = 6.0f;           ///< pm_friction, 1/s
  float jump_velocity = 270.0f;    ///< PM_CheckJump, units/s
  float step_size = 18.0f;         ///< STEPSIZE, units
  float min_step_normal = 0.7f;    ///< MIN_STEP_NORMAL
  float overbounce = 1.01f;        ///< PM_StepSlideMove_'s PM_ClipVelocity argument
  double stop_epsilon = 0.1;       ///< STOP_EPSILON of PM_ClipVelocity, units/s (a double, as in C)
  double ground_probe = 0.25;      ///< PM_CatagorizePosition looks this far down, units
  float max_ground_rise = 180.0f;  ///< rising faster than this is never on ground, units/s
  float air_wish_cap = 30.0f;      ///< PM_AirAccelerate's wishspd cap, units/s
  float dist_epsilon = kQuakeDistEpsilon;  ///< DIST_EPSILON of the brush traces, units
  /// Quake III's step-up instead of Quake 2's: sweep up to the raised spot
  /// (climbing under a ceiling lower than the step above the head, which
  /// Quake 2 refuses) rather than testing the raised spot alone.
  bool quake3_step = false;
};

/// PM_StepSlideMove_'s bump and clip-plane limits.
inline constexpr int kNumBumps = 4;
inline constexpr int kMaxClipPlanes = 5;

/// pml of pmove.c with the parts of pm it reads: one move's working state,
/// in metres in the trace frame (the coordinates of `frame`'s landblock).
struct PmoveLocal {
  CellId frame = 0;
  Vec3 origin{0.0f};
  Vec3 velocity{0.0f};
  float frametime = 0.0f;
  int msec = 0;          ///< pm->cmd.msec
  bool pm_time = false;  ///< pm->s.pm_time != 0
  bool on_ground = false;  ///< pm->groundentity
  Vec3 ground_normal{0.0f};
  Vec3 mins{-0.5f, -0.5f, -0.75f};  ///< pm->mins / maxs, metres (PM_CheckDuck)
  Vec3 maxs{0.5f, 0.5f, 1.0f};
  std::optional<std::size_t> ignore_object;
};

/// Quake 2's player movement (Pmove on land) over transit worlds: see
/// docs/quake-tribes.md.
class QuakeMover final : public BoxMover {
 public:
  /// A mover with these settings (Quake units).
  explicit QuakeMover(QuakeSettings settings = {});

  const QuakeSettings& settings() const { return settings_; }
  const char* name() const override { return "quake"; }
  /// The standing box in metres.
  BoxShape shape() const override;
  /// The box of this state in metres: crouched while PMF_DUCKED is set.
  BoxShape shape(const BoxMoverState& state) const;
  /// The eyes' height above the origin in metres (pm->viewheight).
  float view_height(const BoxMoverState& state) const;
  /// Pmove: duck, categorize, count pm_time down, jump, friction,
  /// PM_AirMove, categorize again, snap. `dt` is rounded to whole
  /// milliseconds (pm->cmd.msec, at most 255).
  void step(const World& world, BoxMoverState& state, const BoxMoverInput& input,
            float dt) const override;

  /// PM_ClipVelocity (speeds in m/s; the stop epsilon is converted)
  Vec3 clip_velocity(const Vec3& in, const Vec3& normal, float overbounce) const;
  /// PM_StepSlideMove_
  void step_slide_move_(const World& world, PmoveLocal& pm) const;
  /// PM_StepSlideMove
  void step_slide_move(const World& world, PmoveLocal& pm) const;
  /// PM_CheckDuck: sets pm's box; `upmove` < 0 crouches, > 0 jumps
  void check_duck(const World& world, PmoveLocal& pm, QuakeMemory& memory, int upmove) const;
  /// PM_CatagorizePosition (the ground part; no water)
  void categorize_position(const World& world, PmoveLocal& pm, QuakeMemory& memory) const;
  /// The pm_time countdown of Pmove (msec >> 3 a move, at least 1)
  void drop_timer(const PmoveLocal& pm, QuakeMemory& memory) const;
  /// PM_CheckJump
  void check_jump(PmoveLocal& pm, QuakeMemory& memory, int upmove) const;
  /// PM_Friction (ground friction only)
  void friction(PmoveLocal& pm) const;
  /// PM_Accelerate
  void accelerate(PmoveLocal& pm, const Vec3& wish_dir, float wish_speed, float accel) const;
  /// PM_AirAccelerate
  void air_accelerate(PmoveLocal& pm, const Vec3& wish_dir, float wish_speed, float accel) const;
  /// PM_AirMove (wish velocity in m/s, horizontal)
  void air_move(const World& world, PmoveLocal& pm, const QuakeMemory& memory,
                const Vec3& wish_velocity) const;
  /// PM_GoodPosition: the box at `origin` is not in solid
  bool good_position(const World& world, const PmoveLocal& pm, const Vec3& origin) const;
  /// PM_SnapPosition: velocity and origin to 1/8 unit, the origin nudged to
  /// a spot out of solid, else back to `previous_origin`
  void snap_position(const World& world, PmoveLocal& pm, const Vec3& previous_origin) const;

  /// pm->trace: the box swept from start to end (a position test when they
  /// are equal).
  TraceResult trace(const World& world, const PmoveLocal& pm, const Vec3& start,
                    const Vec3& end) const;
  /// A length or speed in Quake units, in metres.
  float metres(float units) const { return units / settings_.units_per_metre; }

 private:
  QuakeSettings settings_;
};

}  // namespace transit::quake
