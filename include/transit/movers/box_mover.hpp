#pragma once
// The common interface of the box movers (quake::QuakeMover,
// tribes::TribesMover): what a simulation keeps per character and the one
// call it makes per tick.
//
//   transit::quake::QuakeMover mover;            // or tribes::TribesMover
//   transit::BoxMoverState state;
//   state.position = *world.resolve_global(spawn);  // box origin, see below
//   for (each tick) mover.step(world, state, input, 1.0f / 30.0f);
//
// Positions follow the rest of transit: a cell id and a frame local to that
// cell's landblock (`Position`). `position.frame.origin` is the box's
// origin, the point `shape().mins`/`maxs` are relative to; the orientation
// is carried along untouched (the box does not turn). After every step the
// origin is moved into the landblock that holds it (x and y in [0, 192))
// and `objcell_id` is the indoor cell holding the box's centre, or else the
// outdoor cell under it. Velocities are metres per second in landblock axes
// (x east, y north, z up) whatever units the mover computes in inside.

#include <cstdint>
#include <optional>

#include "transit/math/position.hpp"
#include "transit/math/vec.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// The box, metres, relative to the mover's origin.
struct BoxShape {
  Vec3 mins{-0.4f, -0.4f, 0.0f};
  Vec3 maxs{0.4f, 0.4f, 1.8f};
};

/// What the player asks for during one tick.
struct BoxMoverInput {
  Vec3 wish_velocity{0.0f};  ///< desired horizontal velocity, m/s (z is ignored)
  bool jump = false;         ///< the jump key is held
  bool crouch = false;       ///< Quake: the crouch key is held (with jump: neither, as Quake's upmove)
  bool ski = false;          ///< Tribes: no ground traction this tick (Quake ignores it)
};

/// Quake 2's pm_flags bits.
enum QuakeFlag : std::uint8_t {
  kPmfDucked = 1,         ///< PMF_DUCKED: the crouched hull
  kPmfJumpHeld = 2,       ///< PMF_JUMP_HELD: release jump before jumping again
  kPmfOnGround = 4,       ///< PMF_ON_GROUND
  kPmfTimeWaterJump = 8,  ///< PMF_TIME_WATERJUMP (never set: transit worlds have no water volumes)
  kPmfTimeLand = 16,      ///< PMF_TIME_LAND: just landed hard, no jump until pm_time runs out
  kPmfTimeTeleport = 32,  ///< PMF_TIME_TELEPORT: stays exactly in place until pm_time runs out
};

/// What Quake 2 keeps between moves (pmove_state_t's pm_flags and pm_time).
struct QuakeMemory {
  std::uint8_t pm_flags = 0;  ///< QuakeFlag bits
  /// pm_time in Quake 2's 8 ms units: while > 0, clipping keeps the primal velocity.
  std::uint8_t pm_time = 0;
  bool has(QuakeFlag flag) const { return (pm_flags & flag) != 0; }
};

/// What Tribes keeps between ticks (Player fields of the seed).
struct TribesMemory {
  float current_friction = 0.0f;
  bool collision_last_tick = false;
  Vec3 last_jumpable_normal{0.0f};
  float last_jumpable_ms = 1.0e9f;  ///< lastJumpableNormalTimestamp, ms since it was set
};

/// A box character's runtime state, kept by the caller between steps:
/// position (cell + landblock-local frame, origin per the box shape),
/// velocity in m/s, ground contact and its normal, each mover's memory.
struct BoxMoverState {
  Position position;
  Vec3 velocity{0.0f};
  bool on_ground = false;
  Vec3 ground_normal{0.0f};  ///< of the surface stood on; zero in the air
  /// The mover's own world object, never collided with; none for a body
  /// that is not in World::objects().
  std::optional<std::size_t> world_object;
  QuakeMemory quake;
  TribesMemory tribes;
};

/// A box mover: settings inside, state outside, so one mover may step many
/// characters on many threads (step is const and reads the world only).
class BoxMover {
 public:
  virtual ~BoxMover() = default;
  /// "quake" or "tribes".
  virtual const char* name() const = 0;
  /// The box in metres.
  virtual BoxShape shape() const = 0;
  /// Advances the state by dt seconds with the given input.
  virtual void step(const World& world, BoxMoverState& state, const BoxMoverInput& input,
                    float dt) const = 0;
};

/// Moves `position`'s origin into the landblock holding it and sets its cell
/// (see the top of this file); `center` is the box centre's offset from the
/// origin. Leaves the position alone when the point is off the loaded world.
void rebase_position(const World& world, Position& position, const Vec3& center);

}  // namespace transit
