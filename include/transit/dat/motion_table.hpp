#pragma once
// MotionTable (client_portal.dat, id 0x09......): a creature's animation
// cycles by style and motion, with the velocity and turning rate (omega)
// each cycle carries. transit reads the cycles for their turning rates and
// speeds: retail turns a body at its TurnRight cycle's omega and moves it on
// the ground at its walk, run and sidestep cycles' velocities
// (docs/retail-data.md).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "transit/math/vec.hpp"

namespace transit::dat {

/// Retail's motion command and style ids (MotionCommand, MotionStance).
inline constexpr std::uint32_t kStyleNonCombat = 0x8000003Du;
inline constexpr std::uint32_t kMotionReady = 0x41000003u;
inline constexpr std::uint32_t kMotionWalkForward = 0x45000005u;
inline constexpr std::uint32_t kMotionRunForward = 0x44000007u;
inline constexpr std::uint32_t kMotionTurnRight = 0x6500000Du;
inline constexpr std::uint32_t kMotionSideStepRight = 0x6500000Fu;
/// The bit of a command that may also run as a modifier (CommandMask.Modifier).
inline constexpr std::uint32_t kModifierCommand = 0x20000000u;

/// One cycle's (or modifier's) motion: velocity in m/s and omega in rad/s,
/// in the body's frame, each only when the file gives it.
struct MotionCycle {
  std::optional<Vec3> velocity;
  std::optional<Vec3> omega;
  std::uint32_t animations = 0;  ///< how many animations it plays
};

struct MotionTable {
  std::uint32_t id = 0;
  std::uint32_t default_style = 0;
  std::map<std::uint32_t, std::uint32_t> style_defaults;  ///< style -> its default motion
  /// By motion_key(style, motion).
  std::map<std::uint32_t, MotionCycle> cycles;
  std::map<std::uint32_t, MotionCycle> modifiers;
  std::uint32_t links = 0;  ///< transition animations between motions (read past)

  /// Retail's key of a style's motion: the style's low 16 bits above the
  /// motion's low 24.
  static std::uint32_t motion_key(std::uint32_t style, std::uint32_t motion) {
    return (style << 16) | (motion & 0xFFFFFFu);
  }
  /// The cycle of `motion` in `style` (0: the default style), or null.
  const MotionCycle* cycle(std::uint32_t style, std::uint32_t motion) const;
  /// The modifier of `motion` in `style` (0: the default style), else the
  /// one the table keeps for every style (keyed by the motion alone), or null.
  const MotionCycle* modifier(std::uint32_t style, std::uint32_t motion) const;
  /// Degrees a second TurnRight turns in `style` (0: the default style) at
  /// speed 1: its cycle's omega (turning on the spot), else its modifier's
  /// (turning while moving); nothing when neither has an omega.
  std::optional<float> turn_rate_deg(std::uint32_t style = 0) const;
  /// The speed (m/s at speed 1) `motion` moves a body in `style` (0: the
  /// default style), as retail's sequence takes it: its cycle's velocity,
  /// else, for a motion that may also be a modifier (SideStepRight), its
  /// modifier's; along y (forward), or x for SideStepRight. A cycle without
  /// a velocity moves nothing (0); nothing when neither is in the table.
  std::optional<float> cycle_speed(std::uint32_t motion, std::uint32_t style = 0) const;
};

/// Parses a MotionTable's bytes; `label` names the file in errors.
MotionTable parse_motion_table(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
