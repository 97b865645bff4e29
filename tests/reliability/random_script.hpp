#pragma once
// Random script inputs: every control a script can give (run, walk, back,
// stop; turns; strafes; jumps of any charge), at random times.

#include <vector>

#include "transit/desc/run_desc.hpp"
#include "reliability/soak_rng.hpp"

namespace transit::reliability {

// Inputs from t = 0 until `seconds`, 0.2..1.5 s apart.
std::vector<ScriptInput> random_inputs(SoakRng& rng, double seconds);

}  // namespace transit::reliability
