#pragma once
// One soak transition, written the way a moves file writes it, so that a
// failing case is a scene + moves file that `transit move` reproduces.

#include <string>
#include <vector>

#include "transit/desc/run_desc.hpp"
#include "reliability/invariants.hpp"
#include "transit/sim/move_runner.hpp"

namespace transit::reliability {

struct SoakCase {
  MoveDesc move;  // `from` always set
  int max_steps = kRetailMaxTransitionSteps;
};

struct CaseRun {
  MoveOutcome outcome;
  Position from;
  float start_depth = 0.0f;  // deepest_penetration at `from`
  std::vector<Violation> violations;
};

// Runs the case as `transit move --max-steps N` does (run_moves) and checks
// every invariant. Throws InputError when the case names no cell or character.
CaseRun run_case(const World& world, const SceneDesc& scene, const SoakCase& c);

// The moves file name of a case records how to replay it:
// "soak:<invariant>:max_steps=<N>".
std::string case_name(const std::string& invariant, int max_steps);
int max_steps_from_name(const std::string& name);

}  // namespace transit::reliability
