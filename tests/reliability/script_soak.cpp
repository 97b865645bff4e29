#include "reliability/script_soak.hpp"

#include <cmath>
#include <cstdio>

#include <fmt/format.h>

#include "format/scene_validation.hpp"
#include "reliability/random_script.hpp"
#include "reliability/script_shrink.hpp"
#include "reliability/soak_moves.hpp"
#include "support/penetration.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::reliability {

namespace {

constexpr int kMaxCharacters = 8;
constexpr double kFrameTimes[] = {1.0 / 60.0, 1.0 / 30.0, 1.0 / 30.0, 1.0 / 20.0, 0.1, 0.25};

const CharacterDesc& kind_named(const SoakWorld& soak, const std::string& name) {
  for (const CharacterDesc& c : soak.scene.characters)
    if (c.name == name) return c;
  return soak.scene.characters.front();
}

// Player killers collide with each other and creatures block everyone
// (plain players pass through each other).
void give_random_role(SoakRng& rng, CharacterDesc& c) {
  if (rng.chance(0.4f))
    c.flags |= kFlagPlayer | kFlagPk;
  else if (rng.chance(0.3f))
    c.flags = (c.flags & ~kFlagPlayer) | kFlagCreature;
}

float random_skill(SoakRng& rng) {
  return rng.chance(0.25f) ? rng.uniform(0.0f, 1000.0f) : 200.0f;
}

// A clear spot on the ground 1..4 m from `other` (outdoors), so that
// characters run into each other.
std::optional<PositionDesc> beside(SoakRng& rng, const World& world, const CharacterDesc& who,
                                   const PositionDesc& other) {
  if (!is_outdoor(*other.cell)) return std::nullopt;
  const float angle = rng.uniform(0.0f, 6.2831853f), distance = rng.uniform(1.0f, 4.0f);
  const Vec3 offset(std::sin(angle) * distance, std::cos(angle) * distance, 0.0f);
  auto at = world.resolve_global(local_to_global(*other.cell, other.local) + offset);
  if (!at || !is_outdoor(at->objcell_id)) return std::nullopt;
  const auto ground = ac::surface_under(world, at->objcell_id, at->frame.origin);
  if (!ground) return std::nullopt;
  ground->plane.set_height(at->frame.origin);
  const ac::AcBody body = body_of(who);
  if (check_cell(world, body, *at) ||
      test::deepest_penetration(world, body, *at) > kPenetrationLimit)
    return std::nullopt;
  PositionDesc spot;
  spot.cell = at->objcell_id;
  spot.local = at->frame.origin;
  return spot;
}

std::optional<CharacterDesc> random_character(SoakRng& rng, const SoakWorld& soak,
                                              const World& world,
                                              const std::vector<CharacterDesc>& placed,
                                              std::optional<Violation>* placement_violation) {
  const std::optional<SoakCase> start = random_case(rng, soak, world, placement_violation);
  if (!start) return std::nullopt;
  CharacterDesc c = kind_named(soak, start->move.character);
  c.name = fmt::format("{}{}", c.name, placed.size());
  c.position = *start->move.from;
  if (!placed.empty() && rng.chance(0.5f))
    c.position = beside(rng, world, c, placed.back().position).value_or(c.position);
  c.orientation.heading_deg = rng.uniform(0.0f, 360.0f);
  c.run_skill = random_skill(rng);
  c.jump_skill = random_skill(rng);
  give_random_role(rng, c);
  if (is_outdoor(*c.position.cell) && rng.chance(0.1f))
    c.position.local.z += rng.uniform(5.0f, 60.0f);  // a long fall
  return c;
}

ScriptDesc random_script(SoakRng& rng, const SceneDesc& scene) {
  ScriptDesc script;
  script.dt = kFrameTimes[rng.between(0, std::size(kFrameTimes) - 1)];
  script.duration = rng.uniform(2.0f, 8.0f);
  for (const CharacterDesc& c : scene.characters) {
    std::vector<ScriptInput> inputs = random_inputs(rng, script.duration);
    std::erase_if(inputs, [](const ScriptInput& in) {
      return !in.forward && !in.turn_deg_per_s && !in.strafe && !in.jump;
    });
    script.inputs[c.name] = std::move(inputs);
  }
  return script;
}

class ScriptSoak {
 public:
  explicit ScriptSoak(const ScriptSoakOptions& options) : options_(options) {}

  ScriptSoakReport run() {
    for (std::uint64_t w = 0; !done(); ++w) run_world(w);
    return report_;
  }

 private:
  bool done() const { return report_.character_ticks >= options_.character_ticks; }

  void run_world(std::uint64_t index) {
    SoakRng rng(derive_seed(options_.seed ^ 0x5C1217u, index));
    const SoakWorld soak = generate_world(rng, SoakWorldOptions{options_.objects});
    std::optional<World> world;
    try {
      validate_scene(soak.scene, fmt::format("script soak world {}", index));
      world.emplace(World::from_scene(soak.scene));
    } catch (const std::exception& e) {
      record_setup_fault(e.what());
      return;
    }
    ++report_.worlds;
    for (int s = 0; s < options_.scripts_per_world && !done(); ++s) {
      std::optional<Violation> placement;
      const std::optional<ScriptCase> c = random_script_case(rng, soak, *world, &placement);
      if (placement) record_setup_fault(describe(*placement));
      if (!c) {
        ++report_.skipped_scripts;
        continue;
      }
      run_case(*c);
    }
  }

  void run_case(const ScriptCase& c) {
    ScriptCaseRun run;
    try {
      run = run_script_case(c);
    } catch (const std::exception& e) {
      record_setup_fault(e.what());
      return;
    }
    ++report_.scripts;
    report_.ticks += run.ticks;
    report_.jumps += run.jumps;
    report_.landings += run.landings;
    report_.object_collisions += run.object_collisions;
    const long long before = report_.character_ticks;
    report_.character_ticks += run.character_ticks;
    for (const TickViolation& v : run.violations) record({c, v});
    const long long every = options_.progress_every;
    if (every > 0 && report_.character_ticks / every != before / every) {
      std::printf("script soak: %lld / %lld character-ticks, %ld scripts, %ld violations\n",
                  report_.character_ticks, options_.character_ticks, report_.scripts,
                  report_.unknown_violations());
      std::fflush(stdout);
    }
  }

  void record_setup_fault(const std::string& what) {
    ++report_.setup_faults;
    if (report_.messages.size() < 20) report_.messages.push_back(what);
  }

  void record(const FailingScript& failing) {
    const TickViolation& v = failing.failure;
    ++report_.violations[v.violation.invariant];
    if (report_.messages.size() < 20)
      report_.messages.push_back(
          fmt::format("{} at tick {}: {}", v.character, v.tick, describe(v.violation)));
    if (static_cast<int>(report_.reproducers.size()) >= options_.max_reproducers) return;
    const auto dir = options_.out / fmt::format("script-{}-{}", v.violation.invariant,
                                                report_.reproducers.size() + 1);
    report_.reproducers.push_back(write_reproducer(shrink(failing), dir).string());
  }

  ScriptSoakOptions options_;
  ScriptSoakReport report_;
};

}  // namespace

std::optional<ScriptCase> random_script_case(SoakRng& rng, const SoakWorld& soak,
                                             const World& world,
                                             std::optional<Violation>* placement_violation) {
  ScriptCase c{soak.scene, {}};
  c.scene.characters.clear();
  const int wanted = rng.between(1, kMaxCharacters);
  for (int i = 0; i < wanted; ++i)
    if (auto ch = random_character(rng, soak, world, c.scene.characters, placement_violation))
      c.scene.characters.push_back(std::move(*ch));
  if (c.scene.characters.empty()) return std::nullopt;
  c.script = random_script(rng, c.scene);
  return c;
}

long ScriptSoakReport::unknown_violations() const {
  long total = setup_faults;
  for (const auto& [name, n] : violations) total += n;
  return total;
}

ScriptSoakReport run_script_soak(const ScriptSoakOptions& options) {
  return ScriptSoak(options).run();
}

std::string summary(const ScriptSoakReport& r) {
  std::string text = fmt::format(
      "{} character-ticks ({} ticks of {} scripts in {} worlds, {} skipped; {} jumps, {} "
      "landings, {} collisions between objects); {} unknown violations ({} in setup)",
      r.character_ticks, r.ticks, r.scripts, r.worlds, r.skipped_scripts, r.jumps, r.landings,
      r.object_collisions, r.unknown_violations(), r.setup_faults);
  for (const auto& [name, n] : r.violations) text += fmt::format("\n  {}: {}", name, n);
  for (const std::string& m : r.messages) text += "\n  e.g. " + m;
  for (const std::string& dir : r.reproducers) text += "\n  reproducer: " + dir;
  return text;
}

}  // namespace transit::reliability
