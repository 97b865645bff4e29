#pragma once
// One character of a Simulation and one step of it: the AC body through
// update_object, or a Quake or Tribes box through its mover. A step reads
// the world and writes only the character and the buffers it is given, so
// characters can be stepped on many threads at once.

#include <memory>
#include <string>

#include "transit/desc/run_desc.hpp"
#include "transit/desc/scene_desc.hpp"
#include "transit/motion/body_update.hpp"
#include "transit/motion/motion_interpreter.hpp"
#include "transit/motion/physics_body.hpp"
#include "transit/movers/box_mover.hpp"
#include "transit/movers/move_status.hpp"
#include "transit/sim/character_settings.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// One character of a Simulation: name, body, controls, its world object and
/// mover (the box movers' state besides).
struct SimCharacter {
  std::string name;
  PhysicsBody body;  ///< the character's state; for box movers, mirrored from box_state
  MotionInterpreter motion;
  std::size_t world_object = 0;  ///< the character's own object in the world
  MoverKind mover = MoverKind::Ac;
  /// Quake and Tribes characters: the mover, its state, and a jump waiting
  /// for the next step.
  std::shared_ptr<const BoxMover> box_mover;
  BoxMoverState box_state;
  bool jump_pressed = false;
  /// The body's turn rate at speed 1, deg/s (CharacterSettings::turn_rate_deg).
  float turn_rate_deg = kHumanTurnRateDeg;
};

/// A box character's position is the bottom centre of its box, where an AC
/// character's feet are; its mover's origin lies `-box_feet(c)` above it
/// (0.75 m for Quake 2's hull). 0 for AC characters.
float box_feet(const SimCharacter& c);
/// The box mover's origin for a character whose feet are at `feet`.
Position box_origin_at(const SimCharacter& c, Position feet);

/// A script's forward input as retail's raw motion command and run key.
void apply_forward_input(MotionInterpreter& motion, ForwardInput forward);
/// A script's strafe input as retail's sidestep command.
SidestepCommand sidestep_command(StrafeInput strafe);

/// A character of `settings` standing at `position`, not yet placed.
SimCharacter make_sim_character(std::string name, const CharacterSettings& settings,
                                const Position& position);

/// Settles an AC character at its position by retail placement (ac::place_body)
/// and takes the ground it settles on: Moved, or NoCell / NoRoom, the
/// character left where it was. Box characters stay where they are (Moved).
MoveStatus place_sim_character(const World& world, SimCharacter& c);

/// Advances `c` by dt seconds against `world`. Its events are written to
/// `events` (cleared first); `move` is where AC transitions write their
/// results. Both keep their storage from step to step. `adjuster` (AC
/// characters) rewrites each quantum's motion, as a sticky follow does.
void step_character(const World& world, SimCharacter& c, double dt, const QuantumOptions& options,
                    BodyEvents& events, ac::AcMoveResult& move,
                    const OffsetAdjuster* adjuster = nullptr);

}  // namespace transit
