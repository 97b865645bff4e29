#pragma once
// What the simulation tests share: the demo world, built once per test
// binary, the tick they step it by, and where a character is.

#include "transit/math/vec.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/world/world.hpp"

namespace transit::test {

// The demo house's hall (x 100.5..106.5, y 70.5..79.5).
inline constexpr CellId kHall = 0xA9B40100;

// One tick at 30 Hz, as retail's client steps its physics.
inline constexpr double kDt = 1.0 / 30.0;

// The embedded demo world (make_demo_world), loaded on first use.
const World& demo_world();

// Where a character is, in global coordinates.
Vec3 global_of(const SimCharacter& c);

}  // namespace transit::test
