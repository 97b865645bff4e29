#include "transit/movers/move_status.hpp"

namespace transit {

const char* to_string(MoveStatus status) {
  switch (status) {
    case MoveStatus::Moved:
      return "moved";
    case MoveStatus::Slid:
      return "slid";
    case MoveStatus::Blocked:
      return "blocked";
    case MoveStatus::BlockedByObject:
      return "blocked_by_object";
    case MoveStatus::StationaryFall:
      return "stationary_fall";
    case MoveStatus::StepCapExceeded:
      return "step_cap_exceeded";
    case MoveStatus::NoCell:
      return "no_cell";
    case MoveStatus::NoRoom:
      return "no_room";
    case MoveStatus::InvalidInput:
      return "invalid_input";
  }
  return "?";
}

}  // namespace transit
