#include "reliability/shrink.hpp"

#include <fstream>
#include <functional>
#include <numeric>

#include <fmt/format.h>

#include "format/run_writer.hpp"
#include "format/scene_validation.hpp"
#include "format/scene_writer.hpp"
#include "world/land_defs.hpp"

namespace transit::reliability {

namespace {

using Candidate = std::function<bool(FailingCase&)>;  // false: nothing to try

// Keeps `c` changed as `edit` says when the edited case still fails.
bool try_edit(FailingCase& c, const Candidate& edit) {
  FailingCase trial = c;
  if (!edit(trial) || !still_fails(trial)) return false;
  c = std::move(trial);
  return true;
}

bool shrink_list_items(FailingCase& c, const std::function<std::size_t(FailingCase&)>& size,
                       const std::function<void(FailingCase&, std::size_t)>& erase) {
  bool changed = false;
  for (std::size_t i = size(c); i-- > 0;)
    changed |= try_edit(c, [&](FailingCase& t) {
      if (i >= size(t)) return false;
      erase(t, i);
      return true;
    });
  return changed;
}

bool drop_objects(FailingCase& c) {
  if (c.scene.objects.empty()) return false;
  if (try_edit(c, [](FailingCase& t) {
        t.scene.objects.clear();
        return true;
      }))
    return true;
  return shrink_list_items(
      c, [](FailingCase& t) { return t.scene.objects.size(); },
      [](FailingCase& t, std::size_t i) { t.scene.objects.erase(t.scene.objects.begin() + i); });
}

void erase_cell(SceneDesc& scene, std::size_t index) {
  const CellId gone = scene.cells[index].id;
  scene.cells.erase(scene.cells.begin() + index);
  for (CellDesc& cell : scene.cells)
    std::erase_if(cell.portals, [&](const PortalDesc& p) { return p.to == gone; });
}

bool drop_cells(FailingCase& c) {
  const auto in_use = [](const FailingCase& t, std::size_t i) {
    const CellId id = t.scene.cells[i].id;
    return t.soak_case.move.from->cell == id || t.soak_case.move.to.cell == id;
  };
  return shrink_list_items(
      c, [](FailingCase& t) { return t.scene.cells.size(); },
      [&](FailingCase& t, std::size_t i) {
        if (!in_use(t, i)) erase_cell(t.scene, i);
      });
}

bool drop_landblocks(FailingCase& c) {
  return shrink_list_items(
      c, [](FailingCase& t) { return t.scene.landblocks.size(); },
      [](FailingCase& t, std::size_t i) {
        t.scene.landblocks.erase(t.scene.landblocks.begin() + i);
      });
}

bool flatten_terrain(FailingCase& c) {
  bool changed = false;
  for (std::size_t i = 0; i < c.scene.landblocks.size(); ++i)
    changed |= try_edit(c, [i](FailingCase& t) {
      LandblockDesc& lb = t.scene.landblocks[i];
      if (!lb.heights) return false;
      lb.flat = std::accumulate(lb.heights->begin(), lb.heights->end(), 0.0f) / 81.0f;
      lb.heights.reset();
      return true;
    });
  return changed;
}

// Moves `to` towards `from` while the case still fails.
bool shorten_move(FailingCase& c) {
  bool changed = false;
  for (float keep : {0.5f, 0.5f, 0.5f, 0.5f, 0.75f, 0.75f, 0.9f})
    changed |= try_edit(c, [keep](FailingCase& t) {
      const Vec3 from = t.soak_case.move.from->local;
      Vec3& to = t.soak_case.move.to.local;
      if (to == from) return false;
      to = from + (to - from) * keep;
      return true;
    });
  return changed;
}

bool drop_other_characters(FailingCase& c) {
  return try_edit(c, [](FailingCase& t) {
    const std::string& who = t.soak_case.move.character;
    if (t.scene.characters.size() <= 1) return false;
    std::erase_if(t.scene.characters, [&](const CharacterDesc& ch) { return ch.name != who; });
    return true;
  });
}

bool lower_step_cap(FailingCase& c) {
  return try_edit(c, [](FailingCase& t) {
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
    changed |= drop_objects(c);
    changed |= drop_cells(c);
    changed |= drop_landblocks(c);
    changed |= flatten_terrain(c);
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
