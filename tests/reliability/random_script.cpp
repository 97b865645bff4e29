#include "reliability/random_script.hpp"

namespace transit::reliability {

std::vector<ScriptInput> random_inputs(SoakRng& rng, double seconds) {
  std::vector<ScriptInput> inputs;
  for (double t = 0.0; t < seconds; t += rng.uniform(0.2f, 1.5f)) {
    ScriptInput in;
    in.t = t;
    if (rng.chance(0.7f)) in.forward = static_cast<ForwardInput>(rng.between(0, 3));
    if (rng.chance(0.4f)) in.turn_deg_per_s = rng.uniform(-120.0f, 120.0f);
    if (rng.chance(0.2f)) in.strafe = static_cast<StrafeInput>(rng.between(0, 2));
    if (rng.chance(0.15f)) in.jump = rng.uniform(0.0f, 1.0f);
    inputs.push_back(in);
  }
  return inputs;
}

}  // namespace transit::reliability
