// The invariant soak (docs/reliability.md). `make test` runs 20,000 random
// transitions with a fixed seed; `make soak` sets TRANSIT_SOAK_TRANSITIONS
// and TRANSIT_SOAK_SEED=random through the environment.
#include <string>

#include <gtest/gtest.h>

#include "reliability/known_bugs.hpp"
#include "reliability/soak_environment.hpp"
#include "reliability/soak_runner.hpp"

namespace transit::reliability {
namespace {

SoakOptions options_from_environment() {
  SoakOptions options;
  options.seed = soak_seed(20240909);
  options.transitions = std::stol(env_or("TRANSIT_SOAK_TRANSITIONS", "20000"));
  options.objects = env_or("TRANSIT_SOAK_OBJECTS", "1") == "1";
  options.progress_every = std::stol(env_or("TRANSIT_SOAK_PROGRESS", "0"));
  options.out = soak_out("transit-soak", options.seed);
  options.max_reproducers = std::stoi(env_or("TRANSIT_SOAK_REPRODUCERS", "5"));
  options.known_bug = known_bug_of;
  return options;
}

TEST(Soak, InvariantsHoldOverRandomTransitions) {
  const SoakOptions options = options_from_environment();
  std::printf("soak: seed %llu, %ld transitions, objects %s; reproducers go to %s\n",
              static_cast<unsigned long long>(options.seed), options.transitions,
              options.objects ? "on" : "off", options.out.string().c_str());
  const SoakReport report = run_soak(options);
  std::printf("soak: %s\n", summary(report).c_str());
  EXPECT_EQ(report.transitions, options.transitions);
  EXPECT_EQ(report.unknown_violations(), 0)
      << "seed " << options.seed << "; reproducers in " << options.out << "\n"
      << summary(report);
  // The worlds really exercise the mover: most starts are usable and most
  // transitions find a position.
  EXPECT_LT(report.skipped_starts, report.transitions / 2);
  EXPECT_LT(report.failed_transitions, report.transitions / 2);
}

}  // namespace
}  // namespace transit::reliability
