#pragma once
// The scripted soak: random worlds, random characters at random starts
// with random scripts, run through Simulation; every AC character's
// invariants checked after every tick; failing cases shrunk and written out
// as scene + script files.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "reliability/random_world.hpp"
#include "reliability/script_case.hpp"
#include "transit/world/world.hpp"

namespace transit::reliability {

struct ScriptSoakOptions {
  std::uint64_t seed = 1;
  long long character_ticks = 200000;  // stops after the script that reaches this
  int scripts_per_world = 2;
  bool objects = true;
  std::filesystem::path out;  // where reproducers go
  int max_reproducers = 5;
  long long progress_every = 0;  // print a line every N character-ticks (0: never)
};

struct ScriptSoakReport {
  long long character_ticks = 0;
  long long ticks = 0;
  long scripts = 0;
  long worlds = 0;
  long skipped_scripts = 0;  // no character could start anywhere clear
  std::size_t jumps = 0;
  std::size_t landings = 0;
  std::size_t object_collisions = 0;
  long setup_faults = 0;                   // worlds, scenes or placements the generator got wrong
  std::map<std::string, long> violations;  // by invariant
  std::vector<std::string> reproducers;
  std::vector<std::string> messages;

  long unknown_violations() const;
};

// A random scene (1..8 characters of the soak's four kinds, at the soak's
// starts, some player killers or creatures, some dropped from high up, with
// random run and jump skills) and script (a frame time of 1/60..1/4 s,
// 2..8 s of random inputs) in `soak`; nothing when no start was clear.
std::optional<ScriptCase> random_script_case(SoakRng& rng, const SoakWorld& soak,
                                             const World& world,
                                             std::optional<Violation>* placement_violation);

ScriptSoakReport run_script_soak(const ScriptSoakOptions& options);

std::string summary(const ScriptSoakReport& report);

}  // namespace transit::reliability
