#include "reliability/script_shrink.hpp"

#include <cmath>
#include <fstream>

#include <fmt/format.h>

#include "transit/format/run_writer.hpp"
#include "transit/format/scene_writer.hpp"

namespace transit::reliability {

namespace {

std::optional<TickViolation> same_failure(const FailingScript& f) {
  try {
    for (const TickViolation& v : run_script_case(f.script_case).violations)
      if (v.character == f.failure.character &&
          v.violation.invariant == f.failure.violation.invariant)
        return v;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// Nothing after the failing tick matters.
bool cut_at_failing_tick(FailingScript& f, const StillFails<FailingScript>& fails) {
  return try_edit(f, fails, [](FailingScript& t) {
    ScriptDesc& script = t.script_case.script;
    const double end = static_cast<double>(t.failure.tick) * script.dt;
    if (end >= script.duration) return false;
    script.duration = end;
    for (auto& [name, inputs] : script.inputs)
      std::erase_if(inputs, [end](const ScriptInput& in) { return in.t >= end; });
    return true;
  });
}

void erase_character(ScriptCase& c, const std::string& name) {
  std::erase_if(c.scene.characters, [&](const CharacterDesc& ch) { return ch.name == name; });
  c.script.inputs.erase(name);
}

bool drop_other_characters(FailingScript& f, const StillFails<FailingScript>& fails) {
  const std::string& who = f.failure.character;
  if (try_edit(f, fails, [&who](FailingScript& t) {
        if (t.script_case.scene.characters.size() <= 1) return false;
        std::erase_if(t.script_case.scene.characters,
                      [&](const CharacterDesc& ch) { return ch.name != who; });
        std::erase_if(t.script_case.script.inputs,
                      [&](const auto& entry) { return entry.first != who; });
        return true;
      }))
    return true;
  return drop_items(
      f, fails, [](const FailingScript& t) { return t.script_case.scene.characters.size(); },
      [&who](FailingScript& t, std::size_t i) {
        const std::string name = t.script_case.scene.characters[i].name;
        if (name == who) return false;
        erase_character(t.script_case, name);
        return true;
      });
}

bool shrink_case_scene(FailingScript& f, const StillFails<FailingScript>& fails) {
  const StillFails<SceneDesc> scene_fails = [&](const SceneDesc& scene) {
    FailingScript t = f;
    t.script_case.scene = scene;
    return fails(t);
  };
  return shrink_scene(f.script_case.scene, scene_fails, [](const SceneDesc& s, CellId id) {
    for (const CharacterDesc& ch : s.characters)
      if (ch.position.cell == id) return true;
    return false;
  });
}

bool drop_inputs(FailingScript& f, const StillFails<FailingScript>& fails) {
  bool changed = false;
  for (const auto& [name, unused] : ScriptDesc(f.script_case.script).inputs)
    changed |= drop_items(
        f, fails,
        [&](const FailingScript& t) { return t.script_case.script.inputs.at(name).size(); },
        [&](FailingScript& t, std::size_t i) {
          auto& inputs = t.script_case.script.inputs.at(name);
          inputs.erase(inputs.begin() + static_cast<std::ptrdiff_t>(i));
          return true;
        });
  return changed;
}

}  // namespace

bool still_fails(const FailingScript& f) {
  return same_failure(f).has_value();
}

FailingScript shrink(FailingScript f, const StillFails<FailingScript>& given) {
  const StillFails<FailingScript> fails =
      given ? given
            : StillFails<FailingScript>([](const FailingScript& t) { return still_fails(t); });
  if (!fails(f)) return f;
  cut_at_failing_tick(f, fails);
  for (int pass = 0; pass < 3; ++pass) {
    bool changed = drop_other_characters(f, fails);
    changed |= shrink_case_scene(f, fails);
    changed |= drop_inputs(f, fails);
    if (!changed) break;
  }
  // Record where and how the shrunk case fails now.
  if (auto now = same_failure(f)) f.failure = *now;
  return f;
}

std::filesystem::path write_reproducer(const FailingScript& f, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "scene.json") << write_scene(f.script_case.scene);
  std::ofstream(dir / "script.json") << write_script(f.script_case.script);
  const double t = static_cast<double>(f.failure.tick) * f.script_case.script.dt;
  std::ofstream(dir / "README.txt") << fmt::format(
      "Invariant broken: {}\nCharacter '{}' after tick {} (t = {:.4f} s): {}\n\nReproduce:\n"
      "  transit simulate scene.json --script script.json --out trajectory.json\n"
      "and read the character's sample at t = {:.4f} in trajectory.json.\n",
      f.failure.violation.invariant, f.failure.character, f.failure.tick, t,
      f.failure.violation.detail, t);
  return dir;
}

}  // namespace transit::reliability
