#pragma once
// One scripted soak case: a scene and a script, run through Simulation and
// run_script exactly as `transit simulate scene.json --script script.json`
// runs them, with every AC character's invariants checked after every tick.

#include <cstddef>
#include <string>
#include <vector>

#include "transit/desc/run_desc.hpp"
#include "transit/desc/scene_desc.hpp"
#include "transit/sim/trajectory.hpp"
#include "transit/world/world.hpp"
#include "reliability/invariants.hpp"

namespace transit::reliability {

struct ScriptCase {
  SceneDesc scene;
  ScriptDesc script;
};

struct TickViolation {
  std::string character;
  long long tick = 0;  // 1 = after the first step
  Violation violation;
};

struct ScriptCaseRun {
  long long ticks = 0;
  long long character_ticks = 0;  // ticks x characters checked
  std::size_t jumps = 0;
  std::size_t landings = 0;
  std::size_t object_collisions = 0;
  std::size_t blocks = 0;         // moves cut short against a surface
  std::size_t cells_entered = 0;
  // A character's first broken tick (its later ticks are not checked: it
  // is already somewhere it should not be).
  std::vector<TickViolation> violations;
};

// Throws InputError (or what World::from_scene throws) for a scene or
// script that does not load. With `trees` the world is built with them
// (a baked or retail world).
ScriptCaseRun run_script_case(const ScriptCase& c, const SceneTrees* trees = nullptr);

// How many events of `kind` a run's characters had.
std::size_t count_events(const Trajectory& trajectory, SimEventKind kind);

}  // namespace transit::reliability
