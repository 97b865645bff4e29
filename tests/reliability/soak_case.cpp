#include "reliability/soak_case.hpp"

#include <chrono>

#include <fmt/format.h>

#include "transit/math/input_error.hpp"
#include "support/penetration.hpp"

namespace transit::reliability {

namespace {

const CharacterDesc& character_of(const SceneDesc& scene, const std::string& name) {
  for (const CharacterDesc& c : scene.characters)
    if (c.name == name) return c;
  throw InputError("no character named " + name);
}

Position resolve(const World& world, const PositionDesc& desc) {
  const auto pos = world.resolve(desc);
  if (!pos) throw InputError("a soak position is in no loaded cell");
  return *pos;
}

}  // namespace

CaseRun run_case(const World& world, const SceneDesc& scene, const SoakCase& c) {
  const ac::AcBody body = body_of(character_of(scene, c.move.character));
  CaseRun run;
  run.from = resolve(world, *c.move.from);
  const Position to = resolve(world, c.move.to);
  const float start_depth = test::deepest_penetration(world, body, run.from);
  run.start_depth = start_depth;
  const auto start = std::chrono::steady_clock::now();
  run.outcome = run_moves(world, scene, MovesDesc{{c.move}}, "soak",
                          ac::TransitionOptions{c.max_steps})
                    .front();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.violations = check_transition(
      TransitionFacts{world, body, run.from, to, c.max_steps, start_depth, seconds},
      run.outcome.result);
  return run;
}

std::string case_name(const std::string& invariant, int max_steps) {
  return fmt::format("soak:{}:max_steps={}", invariant, max_steps);
}

int max_steps_from_name(const std::string& name) {
  const auto at = name.find("max_steps=");
  if (at == std::string::npos) return kRetailMaxTransitionSteps;
  return std::stoi(name.substr(at + 10));
}

}  // namespace transit::reliability
