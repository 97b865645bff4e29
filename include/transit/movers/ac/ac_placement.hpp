#pragma once

#include "transit/movers/ac/ac_mover.hpp"

namespace transit::ac {

/// Where place_body put a body, and the ground it settled on.
struct AcPlacement {
  bool ok = false;         ///< a free spot was found
  Position position;       ///< where the body was placed (`at` when refused)
  std::optional<CellPlane> contact_plane;  ///< the ground it settled on, if any
};

/// Puts a body at `at` the way retail places an object that appears in the
/// world (no path to it): it is pushed out of walls it overlaps, moved to the
/// nearest free spot within 4 m when that is not enough, then settled onto the
/// ground below. Refused (ok = false) when no spot is free.
/// ACE: Transition.FindPlacementPosition
AcPlacement place_body(const World& world, const AcBody& body, const Position& at);

}  // namespace transit::ac
