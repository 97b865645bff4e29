// The scripted soak (docs/reliability.md): random scripts through
// Simulation, every AC character's invariants after every tick. `make test`
// runs 200,000 character-ticks with a fixed seed; `make soak` sets
// TRANSIT_SCRIPT_SOAK_TICKS and TRANSIT_SOAK_SEED=random.
#include <string>

#include <gtest/gtest.h>

#include "reliability/script_shrink.hpp"
#include "reliability/soak_environment.hpp"
#include "reliability/script_soak.hpp"

namespace transit::reliability {
namespace {

ScriptSoakOptions options_from_environment() {
  ScriptSoakOptions options;
  options.seed = soak_seed(20261122);
  options.character_ticks = std::stoll(env_or("TRANSIT_SCRIPT_SOAK_TICKS", "200000"));
  options.objects = env_or("TRANSIT_SOAK_OBJECTS", "1") == "1";
  options.progress_every = std::stoll(env_or("TRANSIT_SCRIPT_SOAK_PROGRESS", "0"));
  options.out = soak_out("transit-script-soak", options.seed);
  options.max_reproducers = std::stoi(env_or("TRANSIT_SOAK_REPRODUCERS", "5"));
  return options;
}

TEST(ScriptSoak, InvariantsHoldAfterEveryTickOfRandomScripts) {
  const ScriptSoakOptions options = options_from_environment();
  std::printf("script soak: seed %llu, %lld character-ticks, objects %s; reproducers go to %s\n",
              static_cast<unsigned long long>(options.seed), options.character_ticks,
              options.objects ? "on" : "off", options.out.string().c_str());
  const ScriptSoakReport report = run_script_soak(options);
  std::printf("script soak: %s\n", summary(report).c_str());
  EXPECT_GE(report.character_ticks, options.character_ticks);
  EXPECT_EQ(report.unknown_violations(), 0)
      << "seed " << options.seed << "; reproducers in " << options.out << "\n"
      << summary(report);
  // The scripts really exercise the simulation: characters start, jump,
  // land and run into each other and the objects.
  EXPECT_LT(report.skipped_scripts, report.scripts / 4 + 1);
  EXPECT_GT(report.jumps, 0u);
  EXPECT_GT(report.landings, 0u);
  EXPECT_GT(report.object_collisions, 0u);
}

}  // namespace
}  // namespace transit::reliability
