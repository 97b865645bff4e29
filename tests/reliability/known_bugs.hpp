#pragma once
// Bugs the soak found in the transition code and that are not fixed yet.
// Each has a shrunk reproducer under tests/reliability/found/; the soak counts
// violations that match one as known instead of failing.

#include <string>
#include <vector>

#include "reliability/invariants.hpp"
#include "reliability/shrink.hpp"

namespace transit::reliability {

struct KnownBug {
  std::string reproducer;  // directory under tests/reliability/found/
  std::string invariant;
  std::string summary;
};

const std::vector<KnownBug>& known_bugs();

// The reproducer directory of the known bug `c` is an instance of, or "".
std::string known_bug_of(const FailingCase& c);

}  // namespace transit::reliability
