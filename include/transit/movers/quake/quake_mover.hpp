#pragma once
// Quake 2's player movement (id Software's qcommon/pmove.c; seed 002):
// PM_StepSlideMove_ and its step-up wrapper PM_StepSlideMove, with the
// ground movement around them (PM_CatagorizePosition, PM_CheckJump,
// PM_Friction, PM_Accelerate, PM_AirAccelerate, PM_AirMove). Water,
// ladders, ducking, conveyors and network snapping are left out.
//
// The settings are Quake 2's defaults in Quake units; `units_per_metre`
// turns them into transit's metres (32 by default: Quake's 56-unit player
// is then 1.75 m tall). Positions, velocities and traces are in metres.

#include "transit/movers/box_mover.hpp"
#include "transit/world/world_trace.hpp"

namespace transit::quake {

/// Quake 2's pmove constants in Quake units (1/32 m by default), as
/// pmove.c has them.
struct QuakeSettings {
  float units_per_metre = kDefaultUnitsPerMetre;  ///< Quake units in a metre
  /// The player box of PM_CheckDuck, standing (Quake units, origin-relative).
  Vec3 mins{-16.0f, -16.0f, -24.0f};
  Vec3 maxs{16.0f, 16.0f, 32.0f};
  float gravity = 800.0f;          ///< sv_gravity, units/s^2
  float stop_speed = 100.0f;       ///< pm_stopspeed, units/s
  float max_speed = 300.0f;        ///< pm_maxspeed, units/s
  float accelerate = 10.0f;        ///< pm_accelerate, 1/s
  float air_accelerate = 0.0f;     ///< pm_airaccelerate (0 in Quake 2: PM_Accelerate with 1)
  float friction = 6.0f;           ///< pm_friction, 1/s
  float jump_velocity = 270.0f;    ///< PM_CheckJump, units/s
  float step_size = 18.0f;         ///< STEPSIZE, units
  float min_step_normal = 0.7f;    ///< MIN_STEP_NORMAL
  float overbounce = 1.01f;        ///< PM_StepSlideMove_'s PM_ClipVelocity argument
  float stop_epsilon = 0.1f;       ///< STOP_EPSILON of PM_ClipVelocity, units/s
  float ground_probe = 0.25f;      ///< PM_CatagorizePosition looks this far down, units
  float max_ground_rise = 180.0f;  ///< rising faster than this is never on ground, units/s
  float air_wish_cap = 30.0f;      ///< PM_AirAccelerate's wishspd cap, units/s
  float dist_epsilon = kQuakeDistEpsilon;  ///< trace back-off, units
};

/// PM_StepSlideMove_'s bump and clip-plane limits.
inline constexpr int kNumBumps = 4;
inline constexpr int kMaxClipPlanes = 5;

/// pml of pmove.c: one move's working state, in metres in the trace frame
/// (the coordinates of `frame`'s landblock).
struct PmoveLocal {
  CellId frame = 0;
  Vec3 origin{0.0f};
  Vec3 velocity{0.0f};
  float frametime = 0.0f;
  bool pm_time = false;  ///< pm->s.pm_time != 0
  bool on_ground = false;
  Vec3 ground_normal{0.0f};
  std::optional<std::size_t> ignore_object;
};

/// Quake 2's player movement (PM_StepSlideMove with friction, acceleration,
/// jumping and ground checks) over transit worlds: see docs/quake-tribes.md.
class QuakeMover final : public BoxMover {
 public:
  /// A mover with these settings (Quake units).
  explicit QuakeMover(QuakeSettings settings = {});

  const QuakeSettings& settings() const { return settings_; }
  const char* name() const override { return "quake"; }
  /// The box in metres.
  BoxShape shape() const override;
  /// Pmove: categorize, jump, friction, PM_AirMove, categorize again.
  void step(const World& world, BoxMoverState& state, const BoxMoverInput& input,
            float dt) const override;

  /// PM_ClipVelocity (speeds in m/s; the stop epsilon is converted)
  Vec3 clip_velocity(const Vec3& in, const Vec3& normal, float overbounce) const;
  /// PM_StepSlideMove_
  void step_slide_move_(const World& world, PmoveLocal& pm) const;
  /// PM_StepSlideMove
  void step_slide_move(const World& world, PmoveLocal& pm) const;
  /// PM_CatagorizePosition (the ground part; no water)
  void categorize_position(const World& world, PmoveLocal& pm, QuakeMemory& memory) const;
  /// PM_CheckJump
  void check_jump(PmoveLocal& pm, QuakeMemory& memory, bool jump) const;
  /// PM_Friction (ground friction only)
  void friction(PmoveLocal& pm) const;
  /// PM_Accelerate
  void accelerate(PmoveLocal& pm, const Vec3& wish_dir, float wish_speed, float accel) const;
  /// PM_AirAccelerate
  void air_accelerate(PmoveLocal& pm, const Vec3& wish_dir, float wish_speed, float accel) const;
  /// PM_AirMove (wish velocity in m/s, horizontal)
  void air_move(const World& world, PmoveLocal& pm, const Vec3& wish_velocity) const;

  /// pm->trace: the box swept from start to end.
  TraceResult trace(const World& world, const PmoveLocal& pm, const Vec3& start,
                    const Vec3& end) const;
  /// A length or speed in Quake units, in metres.
  float metres(float units) const { return units / settings_.units_per_metre; }

 private:
  QuakeSettings settings_;
};

}  // namespace transit::quake
