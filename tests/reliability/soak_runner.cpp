#include "reliability/soak_runner.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "format/scene_validation.hpp"
#include "reliability/soak_moves.hpp"

namespace transit::reliability {

namespace {

class Soak {
 public:
  explicit Soak(const SoakOptions& options) : options_(options) {}

  SoakReport run() {
    for (std::uint64_t w = 0; report_.transitions < options_.transitions; ++w) run_world(w);
    return report_;
  }

 private:
  void run_world(std::uint64_t index) {
    SoakRng rng(derive_seed(options_.seed, index));
    const SoakWorld soak = generate_world(rng, SoakWorldOptions{options_.objects});
    std::optional<World> built;
    try {
      validate_scene(soak.scene, fmt::format("soak world {}", index));
      built.emplace(World::from_scene(soak.scene));
    } catch (const std::exception& e) {  // a generator bug: counted, not fatal
      record_placement(Violation{"world", e.what()});
      return;
    }
    const World& world = *built;
    ++report_.worlds;
    std::optional<SoakCase> chain;
    for (int m = 0; m < options_.moves_per_world && !done(); ++m) {
      std::optional<Violation> placement;
      const std::optional<SoakCase> next =
          chain ? chain : random_case(rng, soak, world, &placement);
      if (placement) record_placement(*placement);
      if (!next) {
        ++report_.skipped_starts;
        continue;
      }
      const CaseRun run = run_case(world, soak.scene, *next);
      count(run);
      for (const Violation& v : run.violations) record({soak.scene, *next, v});
      chain.reset();
      if (run.outcome.result.ok && run.violations.empty() && rng.chance(0.6f))
        chain = follow_on_case(rng, *next, run.outcome.result);
    }
  }

  bool done() const { return report_.transitions >= options_.transitions; }

  void count(const CaseRun& run) {
    ++report_.transitions;
    report_.failed_transitions += !run.outcome.result.ok;
    if (options_.progress_every > 0 && report_.transitions % options_.progress_every == 0) {
      std::printf("soak: %ld / %ld transitions, %ld worlds, %ld unknown violations\n",
                  report_.transitions, options_.transitions, report_.worlds,
                  report_.unknown_violations());
      std::fflush(stdout);
    }
  }

  // Placement faults and worlds the generator got wrong: no moves file reproduces them.
  void record_placement(const Violation& v) {
    ++report_.placement_violations;
    if (report_.messages.size() < 20) report_.messages.push_back(describe(v));
  }

  void record(const FailingCase& failing) {
    if (options_.known_bug) {
      const std::string known = options_.known_bug(failing);
      if (!known.empty()) {
        ++report_.known[known];
        return;
      }
    }
    ++report_.violations[failing.violation.invariant];
    if (report_.messages.size() < 20) report_.messages.push_back(describe(failing.violation));
    if (static_cast<int>(report_.reproducers.size()) >= options_.max_reproducers) return;
    const FailingCase small = shrink(failing);
    const auto dir = options_.out / fmt::format("{}-{}", failing.violation.invariant,
                                                report_.reproducers.size() + 1);
    report_.reproducers.push_back(write_reproducer(small, dir).string());
  }

  SoakOptions options_;
  SoakReport report_;
};

}  // namespace

long SoakReport::unknown_violations() const {
  long total = placement_violations;
  for (const auto& [name, n] : violations) total += n;
  return total;
}

SoakReport run_soak(const SoakOptions& options) { return Soak(options).run(); }

std::string summary(const SoakReport& r) {
  std::string text = fmt::format(
      "{} transitions in {} worlds ({} failed as retail fails them, {} starts skipped); "
      "{} unknown violations ({} by placement)",
      r.transitions, r.worlds, r.failed_transitions, r.skipped_starts, r.unknown_violations(),
      r.placement_violations);
  for (const auto& [name, n] : r.violations) text += fmt::format("\n  {}: {}", name, n);
  for (const auto& [path, n] : r.known) text += fmt::format("\n  known bug {}: {}", path, n);
  for (const std::string& m : r.messages) text += "\n  e.g. " + m;
  for (const std::string& dir : r.reproducers) text += "\n  reproducer: " + dir;
  return text;
}

}  // namespace transit::reliability
