#include "reliability/shrink.hpp"

#include <fstream>

#include <fmt/format.h>

#include "transit/format/run_writer.hpp"
#include "format/scene_validation.hpp"
#include "transit/format/scene_writer.hpp"
#include "reliability/shrink_scene.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::reliability {

namespace {

const StillFails<FailingCase> kStillFails = [](const FailingCase& c) { return still_fails(c); };

// The scene shrinks while the case, with the same move, still fails.
bool shrink_case_scene(FailingCase& c) {
  const StillFails<SceneDesc> fails = [&c](const SceneDesc& scene) {
    return still_fails(FailingCase{scene, c.soak_case, c.violation});
  };
  const MoveDesc& move = c.soak_case.move;
  return shrink_scene(c.scene, fails, [&move](const SceneDesc&, CellId id) {
    return move.from->cell == id || move.to.cell == id;
  });
}

// Moves `to` towards `from` while the case still fails.
bool shorten_move(FailingCase& c) {
  bool changed = false;
  for (float keep : {0.5f, 0.5f, 0.5f, 0.5f, 0.75f, 0.75f, 0.9f})
    changed |= try_edit(c, kStillFails, [keep](FailingCase& t) {
      const Vec3 from = t.soak_case.move.from->local;
      Vec3& to = t.soak_case.move.to.local;
      if (to == from) return false;
      to = from + (to - from) * keep;
      return true;
    });
  return changed;
}

bool drop_other_characters(FailingCase& c) {
  return try_edit(c, kStillFails, [](FailingCase& t) {
    const std::string& who = t.soak_case.move.character;
    if (t.scene.characters.size() <= 1) return false;
    std::erase_if(t.scene.characters, [&](const CharacterDesc& ch) { return ch.name != who; });
    return true;
  });
}

bool lower_step_cap(FailingCase& c) {
  return try_edit(c, kStillFails, [](FailingCase& t) {
    if (t.soak_case.max_steps <= kRetailMaxTransitionSteps) return false;
    t.soak_case.max_steps = kRetailMaxTransitionSteps;
    return true;
  });
}

// The scene's character stands where the move starts, so that the scene is
// valid whatever landblocks are left.
void put_characters_at_start(FailingCase& c) {
  for (CharacterDesc& ch : c.scene.characters) ch.position = *c.soak_case.move.from;
}

}  // namespace

bool still_fails(const FailingCase& c) {
  try {
    validate_scene(c.scene, "shrink");
    const World world = World::from_scene(c.scene);
    const CaseRun run = run_case(world, c.scene, c.soak_case);
    // A smaller world must not put the start itself inside something.
    if (run.start_depth > kPenetrationLimit) return false;
    for (const Violation& v : run.violations)
      if (v.invariant == c.violation.invariant) return true;
  } catch (const std::exception&) {
  }
  return false;
}

FailingCase shrink(FailingCase c) {
  put_characters_at_start(c);
  if (!still_fails(c)) return c;
  for (int pass = 0; pass < 3; ++pass) {
    bool changed = drop_other_characters(c);
    changed |= shrink_case_scene(c);
    changed |= lower_step_cap(c);
    changed |= shorten_move(c);
    if (!changed) break;
  }
  // Record what the shrunk case breaks now (the numbers may have changed).
  const World world = World::from_scene(c.scene);
  for (const Violation& v : run_case(world, c.scene, c.soak_case).violations)
    if (v.invariant == c.violation.invariant) c.violation = v;
  return c;
}

std::filesystem::path write_reproducer(const FailingCase& c, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  FailingCase named = c;
  named.soak_case.move.name = case_name(c.violation.invariant, c.soak_case.max_steps);
  std::ofstream(dir / "scene.json") << write_scene(named.scene);
  std::ofstream(dir / "moves.json") << write_moves(MovesDesc{{named.soak_case.move}});
  std::ofstream(dir / "README.txt") << fmt::format(
      "Invariant broken: {}\n{}\n\nReproduce:\n  transit move scene.json moves.json "
      "--max-steps {}\n",
      c.violation.invariant, c.violation.detail, c.soak_case.max_steps);
  return dir;
}

}  // namespace transit::reliability
