#pragma once
// The built-in demo script `transit simulate` runs on the demo world: a tour
// by the character "player" that shows what the AC mover does (see
// docs/simulation.md for its timeline).

#include "transit/desc/run_desc.hpp"

namespace transit {

/// The name of the demo world's character the script drives.
inline constexpr const char* kDemoCharacter = "player";

/// The demo tour's script (make run): the player's walk through the village
/// and the house.
ScriptDesc make_demo_script();

}  // namespace transit
