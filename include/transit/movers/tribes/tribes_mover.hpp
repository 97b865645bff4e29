#pragma once
// Tribes 1's collision response (seed 001, Player.UpdatePosition): up to
// four bumps per tick, each a trace of the rest of the tick's motion cut
// into 1 m slices; on a hit the velocity is bounced off the surface with a
// fixed elasticity and the position is redone from the start of the last
// slice with the new velocity; hard impacts hurt; friction comes from how
// much the surface faces up and decays while airborne; the last jumpable
// surface is remembered with a timestamp.
//
// Units: Tribes works in metres, as transit does, so the seed's
// UnitsToMeters and MetersToUnits are the identity here.
//
// The seed covers only UpdatePosition. step() wraps it in a small tick of
// transit's own (gravity, walking traction, jumping) so that the mover can be
// driven like the others; docs/quake-tribes.md says what that adds.

#include <functional>

#include "transit/movers/box_mover.hpp"
#include "transit/world/world_trace.hpp"

namespace transit::tribes {

/// What to do when the four bumps run out with time left (a "ski bug").
enum class SkiBug {
  ZeroVelocity,  ///< Tribes: stop dead
  Ignore,        ///< the article's fix: keep the velocity, try again next tick
};

/// Tribes 1's Player.UpdatePosition constants (metres, seconds) and
/// transit's tick around it.
struct TribesSettings {
  BoxShape box;                       ///< metres, origin at the feet
  int max_bumps = 4;                  ///< maxBumps
  float slice_length = 1.0f;          ///< metres moved per collision slice
  float elasticity = 0.1f;            ///< Physics.ELASTICITY: m/s left along the normal
  float friction_decay = 0.5f;        ///< Physics.FRICTIONDECAY, per tick
  float tick_base = 0.032f;           ///< Physics.TICKBASE, seconds (Tribes ticks at 32 ms)
  float min_speed = 0.2f;             ///< Physics.MINSPEED, m/s
  float jump_surface_min_dot = 0.2f;  ///< armor.JUMPSURFACE_MINDOT
  float min_damage_speed = 25.0f;     ///< armor.MINDAMAGESPEED, m/s
  float damage_scale = 0.005f;        ///< armor.DAMAGESCALE
  float step_height = 0.3f;           ///< how high a sheer surface may be stepped up, metres
  SkiBug ski_bug = SkiBug::ZeroVelocity;
  /// transit's tick around UpdatePosition (not from the seed):
  float gravity = 9.8f;          ///< m/s^2
  float ground_force = 40.0f;    ///< walking acceleration at full friction, m/s^2
  float jump_speed = 8.3f;       ///< m/s added along the jumpable normal
  float jump_grace_ms = 256.0f;  ///< a jump is allowed this long after touching jumpable ground
  float epsilon = kDefaultTraceEpsilon;  ///< trace back-off, metres
};

/// Called with the damage of each hard impact:
/// (impact speed - MINDAMAGESPEED) * DAMAGESCALE.
using DamageCallback = std::function<void(float damage)>;

/// What one UpdatePosition call did.
struct UpdateResult {
  bool collided = false;          ///< the return value: collisionLastTick
  bool touched_jumpable = false;  ///< hit a surface with up-dot >= JUMPSURFACE_MINDOT
  int bumps = 0;                  ///< bumps used
  bool ran_out = false;           ///< all bumps used with time left (the ski-bug case)
};

/// Tribes 1's bump-and-bounce mover over transit worlds: see
/// docs/quake-tribes.md.
class TribesMover final : public BoxMover {
 public:
  /// A mover with these settings; on_damage hears of hard impacts.
  explicit TribesMover(TribesSettings settings = {}, DamageCallback on_damage = {});

  const TribesSettings& settings() const { return settings_; }
  const char* name() const override { return "tribes"; }
  BoxShape shape() const override { return settings_.box; }
  /// Ages the jumpable timestamp, applies gravity, jump and traction, then
  /// UpdatePosition.
  void step(const World& world, BoxMoverState& state, const BoxMoverInput& input,
            float dt) const override;

  /// Player::UpdatePosition. `crawled_to_stop`: the player is not trying to
  /// move, so a slow contact with upward-facing ground stops it dead.
  UpdateResult update_position(const World& world, BoxMoverState& state, float tick_len,
                               bool crawled_to_stop) const;

  /// Physics.Translate: the box swept from start to end.
  TraceResult translate(const World& world, const BoxMoverState& state, const Vec3& start,
                        const Vec3& end) const;

 private:
  bool step_up(const World& world, BoxMoverState& state, const Vec3& motion) const;
  void apply_traction(BoxMoverState& state, const BoxMoverInput& input, float dt) const;

  TribesSettings settings_;
  DamageCallback on_damage_;
};

}  // namespace transit::tribes
