#include "reliability/known_bugs.hpp"

namespace transit::reliability {

// Every bug the soak has found so far is fixed; its reproducer under
// tests/reliability/found/ now guards against its return
// (docs/reliability.md, "Findings").
const std::vector<KnownBug>& known_bugs() {
  static const std::vector<KnownBug> bugs{};
  return bugs;
}

std::string known_bug_of(const FailingCase&) {
  return "";
}

}  // namespace transit::reliability
