// The scripted shrinker keeps what a failure needs and drops the rest.
#include <algorithm>
#include <fstream>

#include <gtest/gtest.h>

#include "transit/format/run_reader.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/sim/trajectory.hpp"

#include "reliability/script_shrink.hpp"
#include "reliability/script_soak.hpp"

namespace transit::reliability {
namespace {

// A random scripted case in a soak world with objects, rooms and hills
// whose characters are several and whose script has many inputs.
ScriptCase busy_case() {
  for (std::uint64_t seed = 1;; ++seed) {
    SoakRng rng(seed);
    const SoakWorld soak = generate_world(rng, SoakWorldOptions{true});
    const World world = World::from_scene(soak.scene);
    const auto c = random_script_case(rng, soak, world, nullptr);
    if (c && c->scene.characters.size() >= 3 && !c->scene.objects.empty() &&
        !c->scene.cells.empty())
      return *c;
  }
}

bool jumps(const ScriptCase& c, const std::string& who) {
  const auto inputs = c.script.inputs.find(who);
  if (inputs == c.script.inputs.end()) return false;
  for (const ScriptInput& in : inputs->second)
    if (in.jump) return true;
  return false;
}

TEST(ScriptShrink, KeepsOnlyWhatTheFailureNeeds) {
  ScriptCase c = busy_case();
  const std::string who = c.scene.characters[1].name;
  std::vector<ScriptInput>& inputs = c.script.inputs[who];
  const ScriptInput jump{c.script.duration - 0.5, {}, {}, 0.5f, {}};
  inputs.insert(
      std::upper_bound(inputs.begin(), inputs.end(), jump,
                       [](const ScriptInput& a, const ScriptInput& b) { return a.t < b.t; }),
      jump);
  const long long last_tick = script_ticks(c.script) - 1;
  // A stand-in failure: "the second character has a jump in its script".
  const StillFails<FailingScript> fails = [&who](const FailingScript& f) {
    return jumps(f.script_case, who);
  };
  const FailingScript small =
      shrink(FailingScript{c, TickViolation{who, last_tick, Violation{"stand-in", ""}}}, fails);
  ASSERT_EQ(small.script_case.scene.characters.size(), 1u);
  EXPECT_EQ(small.script_case.scene.characters[0].name, who);
  EXPECT_TRUE(small.script_case.scene.objects.empty());
  EXPECT_TRUE(small.script_case.scene.cells.empty() ||
              small.script_case.scene.cells.size() == 1u);  // the one it starts in, if a room
  EXPECT_EQ(small.script_case.script.inputs.size(), 1u);
  EXPECT_EQ(small.script_case.script.inputs.at(who).size(), 1u);
  EXPECT_TRUE(jumps(small.script_case, who));
  EXPECT_LT(small.script_case.script.duration, c.script.duration);
}

TEST(ScriptShrink, AReproducerReplaysAsWritten) {
  const ScriptCase c = busy_case();
  const auto dir = std::filesystem::temp_directory_path() / "transit-script-shrink-test";
  std::filesystem::remove_all(dir);
  write_reproducer(FailingScript{c, TickViolation{c.scene.characters[0].name, 3,
                                                  Violation{"stand-in", "detail"}}},
                   dir);
  EXPECT_EQ(read_scene_file(dir / "scene.json"), c.scene);
  EXPECT_EQ(read_script_file(dir / "script.json"), c.script);
  const std::string readme = [&] {
    std::ifstream in(dir / "README.txt");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }();
  EXPECT_NE(readme.find("transit simulate scene.json --script script.json"), std::string::npos);
  EXPECT_NE(readme.find(c.scene.characters[0].name), std::string::npos);
}

}  // namespace
}  // namespace transit::reliability
