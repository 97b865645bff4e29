#pragma once
// Random starts and moves for the soak: outdoors anywhere, often on
// landblock edges and corners; in rooms, often on a floor's edge; moves of
// zero length, tiny, walking, long, beyond the 30-step cap, straight up and
// down, falling; sub-step caps of 30, 1000 and 1..5.

#include <optional>

#include "reliability/random_world.hpp"
#include "reliability/soak_case.hpp"
#include "transit/world/world.hpp"

namespace transit::reliability {

// A random case in `world` (built from `soak.scene`), or nothing when the
// chosen start overlaps solid geometry and placement cannot free it.
// Placement's result is checked too: `placement_violation` is set when
// place_body reports ok but leaves the body inside something.
std::optional<SoakCase> random_case(SoakRng& rng, const SoakWorld& soak, const World& world,
                                    std::optional<Violation>* placement_violation);

// The next move of the same character from where the last one ended, in the
// state the result left it in (as a moves file can say it).
SoakCase follow_on_case(SoakRng& rng, const SoakCase& last, const ac::AcMoveResult& result);

}  // namespace transit::reliability
