#pragma once

#include <cstdint>

namespace transit {

/// What a character's move or update did, and why it stopped where it did.
/// The first four are successes (the body is somewhere valid and was moved
/// as far as the world allows); every other value leaves the body unmoved.
enum class MoveStatus : std::uint8_t {
  Moved,            ///< went where it was asked, touching nothing that turned it
  Slid,             ///< deflected along a wall, slope, edge or object, and went on
  Blocked,          ///< cut short against terrain, a room or a static object
  BlockedByObject,  ///< cut short against a movable object (a creature, a PK player)
  StationaryFall,   ///< airborne but unable to move (retail FramesStationaryFall)
  StepCapExceeded,  ///< the path needs more sub-steps than TransitionOptions::max_steps
  NoCell,           ///< the start is in no cell of the world
  NoRoom,           ///< placement found no free spot within retail's search
  InvalidInput,     ///< a NaN/inf value, a bad radius or frame time; nothing changed
};

/// The status's name as the JSON formats and the CLI print it ("moved",
/// "step_cap_exceeded" ...).
const char* to_string(MoveStatus status);
/// Whether the body ended somewhere the world allows after being moved
/// (Moved, Slid, Blocked, BlockedByObject).
constexpr bool moved_somewhere(MoveStatus s) {
  return s == MoveStatus::Moved || s == MoveStatus::Slid || s == MoveStatus::Blocked ||
         s == MoveStatus::BlockedByObject;
}

}  ///< namespace transit
