#pragma once
// The contact a body starts a move with when it stands where it is.

#include "transit/math/position.hpp"
#include "transit/movers/ac/ac_mover.hpp"
#include "transit/world/world.hpp"

namespace transit::test {

// Standing on the surface under `at` (walkable if that surface is), or in
// the air where there is none.
ac::AcContact standing_on(const World& world, const Position& at);

}  // namespace transit::test
