#pragma once
// A character that owns its runtime state (position and cell, velocity,
// contact plane, sliding normal, stationary-fall frames, controls), built
// from settings that many characters may share, the way Jolt separates
// CharacterVirtualSettings from CharacterVirtual. Every call wraps the
// expert calls (ac::place_body, ac::move_body, update_object, the box
// movers) and gives their results bit for bit.
//
//   transit::Character hero(transit::CharacterSettings{}, *world.resolve(spawn));
//   hero.place(world);
//   hero.set_controls({transit::ForwardInput::Run});
//   for (int i = 0; i < 30; ++i) hero.update(world, 1.0 / 30.0);
//   if (hero.ground_state() == transit::GroundState::OnGround) ...

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "transit/desc/run_desc.hpp"
#include "transit/motion/body_update.hpp"
#include "transit/movers/move_status.hpp"
#include "transit/sim/character_settings.hpp"
#include "transit/sim/sim_character.hpp"

namespace transit {

/// Where a character stands, as retail's transient state tells it.
enum class GroundState : std::uint8_t {
  OnGround,       ///< in contact with a walkable plane (normal z >= 0.6642): it can run and jump
  OnSteepGround,  ///< in contact with a plane too steep to walk: it slides down
  InAir,          ///< no contact plane: falling or jumping
};
/// "on_ground", "on_steep_ground" or "in_air".
const char* to_string(GroundState state);

/// Where a character (of a Character or a Simulation) stands.
GroundState ground_state_of(const SimCharacter& character);
/// The plane it stands on (landblock coordinates of its cell), nothing in
/// the air; a box character's ground under its feet.
std::optional<ac::CellPlane> ground_plane_of(const SimCharacter& character);

/// The controls a player holds (retail's raw motion state).
struct CharacterControls {
  ForwardInput forward = ForwardInput::Stop;
  StrafeInput strafe = StrafeInput::Stop;
  float turn_deg_per_s = 0.0f;  ///< degrees per second, positive clockwise
};

/// One character and its state. Not thread-safe on its own: one thread at a
/// time may call a character; many characters may be updated on many
/// threads at once against one World they only read.
class Character {
 public:
  /// A character standing at `position` (a cell and a frame local to that
  /// cell's landblock), not yet settled: call place() to settle it by
  /// retail's placement, or teleport() for a position known to be free.
  /// Throws InputError for a bad body (a sphere with a radius that is not
  /// a positive number, non-finite step heights or scale).
  Character(const CharacterSettings& settings, const Position& position);

  const CharacterSettings& settings() const { return settings_; }

  /// Retail placement at the current position: pushed out of what it
  /// overlaps, moved to the nearest free spot within 4 m, then settled onto
  /// the ground below (retail: within the step-down height; transit then
  /// drops an AC character still in the air onto whatever lies up to
  /// settings().placement_drop metres below). Moved, or NoCell / NoRoom
  /// (the character stays). ACE: Transition.FindPlacementPosition
  MoveStatus place(const World& world);
  /// One transition from the current position to `target` (a cell and a
  /// landblock-local frame), as a game moves a character a frame's way:
  /// the character ends where the world allows and takes the contact plane,
  /// sliding normal and collisions found. Quake and Tribes boxes sweep in a
  /// straight line and stop at the first hit (Blocked). A target that is
  /// not finite or not in the world gives InvalidInput (error() says why)
  /// and changes nothing; NoCell when the character itself is in no cell.
  MoveStatus move_to(const World& world, const Position& target);
  /// Advances the character by `dt` seconds under its controls, gravity and
  /// friction (retail's update_object, in quanta of at most 0.1 s). The
  /// status is the last transition's (Moved when none ran). A non-finite or
  /// negative dt, or a non-finite velocity left by set_velocity, gives
  /// InvalidInput (error() says why) and changes nothing.
  MoveStatus update(const World& world, double dt);
  /// Changes the controls from the next update on.
  void set_controls(const CharacterControls& controls);
  /// Starts a jump charged to `extent` (0..1) from walkable ground; false in
  /// the air. Box movers jump with their own speed at the next update.
  bool jump(float extent);
  /// Puts the character at `position` as it is, in the air, at rest: no
  /// contact plane, no velocity, no stationary-fall frames.
  void teleport(const Position& position);
  /// Sets the velocity, metres per second in landblock axes (clamped to
  /// retail's 50 m/s for AC characters).
  void set_velocity(const Vec3& velocity);

  /// The cell and landblock-local frame (metres) the character stands in.
  const Position& position() const { return sim_.body.position; }
  CellId cell() const { return position().objcell_id; }
  /// Metres per second, landblock axes (x east, y north, z up).
  const Vec3& velocity() const { return sim_.body.velocity; }
  /// On walkable ground, on steep ground, or in the air.
  GroundState ground_state() const { return ground_state_of(sim_); }
  /// The plane the character stands on (landblock coordinates of its cell),
  /// nothing in the air.
  std::optional<ac::CellPlane> ground_plane() const { return ground_plane_of(sim_); }
  /// The wall it is sliding along, horizontal unit normal.
  const std::optional<Vec3>& sliding_normal() const { return sim_.body.sliding_normal; }
  /// Ids (WorldObject::id) of the objects the last move or update collided with.
  std::span<const std::uint32_t> collided_objects() const { return sim_.body.colliding_objects; }
  /// What the last place, move_to or update did, and why it stopped.
  MoveStatus status() const { return status_; }
  /// With InvalidInput, what was wrong (e.g. "target: origin must be
  /// finite, got [nan, 42, 0]"); empty otherwise.
  const std::string& error() const { return error_; }
  /// The events of the last move_to or update (landings, cells entered ...).
  const BodyEvents& events() const { return events_; }

  /// The expert view: retail's physics body, the controls, the last
  /// transition's full result, the box mover's state.
  const PhysicsBody& body() const { return sim_.body; }
  const MotionInterpreter& motion() const { return sim_.motion; }
  const ac::AcMoveResult& last_move() const { return move_; }
  const BoxMoverState& box_state() const { return sim_.box_state; }
  /// All of the above as a Simulation keeps each of its characters.
  const SimCharacter& sim_character() const { return sim_; }

 private:
  MoveStatus move_box_to(const World& world, const Position& target);
  void drop_onto_ground(const World& world);
  MoveStatus refuse(std::string problem);

  CharacterSettings settings_;
  SimCharacter sim_;
  BodyEvents events_;
  ac::AcMoveResult move_;
  MoveStatus status_ = MoveStatus::Moved;
  std::string error_;
};

}  // namespace transit
