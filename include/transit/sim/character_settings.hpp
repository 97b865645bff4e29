#pragma once

#include "transit/dat/motion_table.hpp"
#include "transit/dat/setup.hpp"
#include <memory>
#include <optional>

#include "transit/desc/scene_desc.hpp"
#include "transit/motion/body_update.hpp"
#include "transit/motion/motion_interpreter.hpp"
#include "transit/movers/ac/ac_mover.hpp"
#include "transit/movers/box_mover.hpp"

namespace transit {

/// What a character is: its shape, step heights, flags, skills and mover.
/// Plain data; copy it freely and share it between characters.
struct CharacterSettings {
  /// Which mover moves the character: retail AC, Quake 2 or Tribes 1.
  MoverKind mover = MoverKind::Ac;
  /// AC: spheres (metres, in the body's frame, origin at the feet), scale,
  /// step-up and step-down heights (metres), EntityFlag bits. The default is
  /// retail's human. `body.world_object` names the character's own world
  /// object, never collided with (none by default).
  ac::AcBody body;
  /// Run and Jump skill and burden: run speed and jump height.
  MotionSkills skills;
  /// The body's turn rate at speed 1, degrees per second: retail takes it
  /// from the body's motion table (TurnRight's omega; settings_from_setup
  /// reads it from a retail MotionTable); the human table's 90 by default.
  /// Movement managers turn at it (1.5 times as fast running).
  float turn_rate_deg = kHumanTurnRateDeg;
  /// How fast its walk, run and sidestep cycles move it on the ground at
  /// speed 1 (m/s): retail moves a body by its motion table's cycle
  /// velocities (settings_from_setup reads them); the human table's by
  /// default. Jumps and falls off a ledge keep retail's human speeds.
  CycleSpeeds cycle_speeds;
  /// Quake and Tribes: the box, metres, relative to the origin at the feet.
  BoxShape box;
  /// Quake: the step height in metres (Quake 2's 18 units when unset).
  std::optional<float> quake_step_size;
  /// How update() cuts a frame into quanta (seconds), and the transitions'
  /// sub-step cap.
  QuantumOptions quanta;
  /// Character::place goes beyond retail's placement, which settles a body
  /// only within its step-down height: an AC character left in the air is
  /// then dropped straight down onto what lies up to this many metres below
  /// (0: retail's placement only).
  float placement_drop = 10.0f;

  /// The settings of a scene character (shape, step heights, flags, skills,
  /// turn rate, cycle speeds, mover and box).
  static CharacterSettings from_desc(const CharacterDesc& desc);
};

/// `base` shaped as a retail Setup (docs/retail-data.md): its spheres (when
/// it has any), step-up and step-down heights, and free heading from its
/// AllowFreeHeading flag; with `motions` (the Setup's MotionTable), the
/// turn rate of its TurnRight motion in its default style, when it has one,
/// and the speeds of its WalkForward, RunForward and SideStepRight cycles
/// (each that the table lacks stays `base`'s).
/// The mover, skills and other flags stay `base`'s.
CharacterSettings settings_from_setup(const dat::Setup& setup, CharacterSettings base = {},
                                      const dat::MotionTable* motions = nullptr);

/// The speeds of `table`'s WalkForward, RunForward and SideStepRight in its
/// default style (MotionTable::cycle_speed); `base`'s for each it lacks.
CycleSpeeds cycle_speeds_of(const dat::MotionTable& table, CycleSpeeds base = {});

/// A scene character's AC body: spheres, step heights and flags.
ac::AcBody body_of(const CharacterDesc& character);

/// The Quake or Tribes mover of box settings; none for an AC character.
std::shared_ptr<const BoxMover> make_box_mover(const CharacterSettings& settings);

}  // namespace transit
