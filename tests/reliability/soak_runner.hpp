#pragma once
// The invariant soak: random worlds, random transitions in each, every
// invariant checked after every transition; failing cases shrunk and written
// out as scene + moves files.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "reliability/shrink.hpp"

namespace transit::reliability {

struct SoakOptions {
  std::uint64_t seed = 1;
  long transitions = 20000;
  int moves_per_world = 200;
  bool objects = true;         // random object fields
  std::filesystem::path out;   // where reproducers go
  int max_reproducers = 5;     // shrunk and written; the rest are counted
  long progress_every = 0;     // print a line every N transitions (0: never)
  // A violation this returns a reproducer path for is a known bug: counted,
  // not failed. Empty: nothing is known.
  std::function<std::string(const FailingCase&)> known_bug;
};

struct SoakReport {
  long transitions = 0;
  long worlds = 0;
  long failed_transitions = 0;  // ok = false (a valid outcome)
  long skipped_starts = 0;      // starts inside solids that placement could not free
  long placement_violations = 0;  // also worlds the generator got wrong
  std::map<std::string, long> violations;  // by invariant, unknown ones
  std::map<std::string, long> known;       // by reproducer path
  std::vector<std::string> reproducers;    // directories written
  std::vector<std::string> messages;       // the first violations, described

  long unknown_violations() const;
};

SoakReport run_soak(const SoakOptions& options);

// "20000 transitions in 100 worlds: ..." for logs and reports.
std::string summary(const SoakReport& report);

}  // namespace transit::reliability
