// The shrunk reproducers the soaks found (tests/reliability/found/), replayed
// as `transit move` (moves.json) or `transit simulate` (script.json) would
// run them. A reproducer listed in known_bugs.cpp
// whose violation still shows is skipped with its description; once fixed it
// passes, and from then on guards against the bug's return.
#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include "transit/format/run_reader.hpp"
#include "transit/format/scene_reader.hpp"
#include "reliability/known_bugs.hpp"
#include "reliability/script_case.hpp"

namespace transit::reliability {
namespace {

namespace fs = std::filesystem;

const fs::path kFound = fs::path(TRANSIT_SOURCE_DIR) / "tests/reliability/found";

const KnownBug* known(const std::string& folder) {
  for (const KnownBug& bug : known_bugs())
    if (bug.reproducer == folder) return &bug;
  return nullptr;
}

class FoundReproducer : public ::testing::TestWithParam<std::string> {};

std::vector<std::string> broken_by_moves(const fs::path& dir, const SceneDesc& scene) {
  const MovesDesc moves = read_moves_file(dir / "moves.json");
  const World world = World::from_scene(scene);
  std::vector<std::string> broken;
  for (const MoveDesc& move : moves.moves) {
    const SoakCase c{move, max_steps_from_name(move.name)};
    for (const Violation& v : run_case(world, scene, c).violations) broken.push_back(describe(v));
  }
  return broken;
}

std::vector<std::string> broken_by_script(const fs::path& dir, const SceneDesc& scene) {
  const ScriptCase c{scene, read_script_file(dir / "script.json")};
  std::vector<std::string> broken;
  for (const TickViolation& v : run_script_case(c).violations)
    broken.push_back(describe(v.violation) + " (" + v.character + ", tick " +
                     std::to_string(v.tick) + ")");
  return broken;
}

TEST_P(FoundReproducer, InvariantsHold) {
  const fs::path dir = kFound / GetParam();
  const SceneDesc scene = read_scene_file(dir / "scene.json");
  const std::vector<std::string> broken = fs::exists(dir / "script.json")
                                              ? broken_by_script(dir, scene)
                                              : broken_by_moves(dir, scene);
  if (broken.empty()) return;
  const KnownBug* bug = known(GetParam());
  const auto shows = [&](const std::string& v) { return bug && v.rfind(bug->invariant, 0) == 0; };
  const auto known_violation = std::find_if(broken.begin(), broken.end(), shows);
  if (known_violation != broken.end())
    GTEST_SKIP() << "known bug, reproducer tests/reliability/found/" << GetParam() << ": "
                 << bug->summary << " (" << *known_violation << ")";
  ADD_FAILURE() << GetParam() << ": " << broken.front();
}

std::vector<std::string> reproducers() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(kFound))
    if (entry.is_directory()) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

INSTANTIATE_TEST_SUITE_P(Soak, FoundReproducer, ::testing::ValuesIn(reproducers()),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace transit::reliability
