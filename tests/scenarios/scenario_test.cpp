// Runs every scenario under tests/scenarios/<name>/: scene.json (or the scene
// expected.json names), moves.json, and expected.json, which says per move
// what must hold. See tests/scenarios/README.md.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "transit/format/run_reader.hpp"
#include "format/run_validation.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/sim/move_runner.hpp"
#include "support/penetration.hpp"

namespace transit {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path scenario_root() { return fs::path(TRANSIT_SOURCE_DIR) / "tests" / "scenarios"; }

std::vector<std::string> scenario_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(scenario_root()))
    if (entry.is_directory() && fs::exists(entry.path() / "expected.json"))
      names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

json read_json(const fs::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}


void expect_vec(const std::string& what, const std::optional<Vec3>& actual, const json& expected,
                float tolerance) {
  if (expected.is_null()) {
    EXPECT_FALSE(actual.has_value()) << what << " should be null";
    return;
  }
  ASSERT_TRUE(actual.has_value()) << what << " is null";
  for (int i = 0; i < 3; ++i)
    EXPECT_NEAR((*actual)[i], expected[i].get<float>(), tolerance) << what << " component " << i;
}

// Bounds with null entries for axes that do not matter.
void expect_bounds(const std::string& what, const Vec3& actual, const json& lo, const json& hi) {
  for (int i = 0; i < 3; ++i) {
    if (!lo.is_null() && !lo[i].is_null()) {
      EXPECT_GE(actual[i], lo[i].get<float>()) << what << " component " << i;
    }
    if (!hi.is_null() && !hi[i].is_null()) {
      EXPECT_LE(actual[i], hi[i].get<float>()) << what << " component " << i;
    }
  }
}

void check_move(const MoveOutcome& o, const json& e) {
  const ac::AcMoveResult& r = o.result;
  const Vec3 global = local_to_global(r.position.objcell_id, r.position.frame.origin);
  const float tol = e.value("tolerance", 0.001f);
  const float ntol = e.value("normal_tolerance", 0.0001f);
  if (e.contains("ok")) {
    EXPECT_EQ(r.ok, e["ok"].get<bool>());
  }
  if (e.contains("state")) {
    EXPECT_EQ(ac::to_string(r.state), e["state"].get<std::string>());
  }
  if (e.contains("status")) {
    EXPECT_EQ(to_string(r.status), e["status"].get<std::string>());
  }
  if (e.contains("cell")) {
    EXPECT_EQ(r.position.objcell_id, std::stoul(e["cell"].get<std::string>(), nullptr, 16));
  }
  if (e.contains("contact")) {
    EXPECT_EQ(r.contact, e["contact"].get<bool>());
  }
  if (e.contains("on_walkable")) {
    EXPECT_EQ(r.on_walkable, e["on_walkable"].get<bool>());
  }
  if (e.contains("global")) {
    expect_vec("global position", global, e["global"], tol);
  }
  if (e.contains("global_min") || e.contains("global_max")) {
    expect_bounds("global position", global, e.value("global_min", json()), e.value("global_max", json()));
  }
  if (e.contains("contact_plane_normal")) {
    std::optional<Vec3> n;
    if (r.contact_plane) n = r.contact_plane->plane.normal;
    expect_vec("contact plane normal", n, e["contact_plane_normal"], ntol);
  }
  if (e.contains("collision_normal")) {
    expect_vec("collision normal", r.collision_normal, e["collision_normal"], ntol);
  }
  if (e.contains("sliding_normal")) {
    expect_vec("sliding normal", r.sliding_normal, e["sliding_normal"], ntol);
  }
  if (e.contains("steps")) {
    EXPECT_EQ(r.steps, e["steps"].get<int>());
  }
  if (e.contains("collided_objects")) {
    EXPECT_EQ(o.result.collided_object_ids, e["collided_objects"].get<std::vector<std::uint32_t>>());
  }
}

class Scenario : public ::testing::TestWithParam<std::string> {};

TEST_P(Scenario, MovesEndWhereExpected) {
  const fs::path dir = scenario_root() / GetParam();
  const json expected = read_json(dir / "expected.json");
  const fs::path scene_file = dir / expected.value("scene", std::string("scene.json"));
  const SceneDesc scene = read_scene_file(scene_file);
  const MovesDesc moves = read_moves_file(dir / "moves.json");
  validate_moves(moves, scene, "moves.json");
  const World world = World::from_scene(scene);
  const std::vector<MoveOutcome> outcomes = run_moves(world, scene, moves, "moves.json");

  const json& results = expected.at("results");
  EXPECT_EQ(results.size(), outcomes.size()) << "every move needs its expectation";
  for (const MoveOutcome& o : outcomes) {
    SCOPED_TRACE("move " + o.name);
    ASSERT_TRUE(results.contains(o.name)) << "no expectation for move " << o.name;
    check_move(o, results.at(o.name));
    EXPECT_LE(o.result.steps, kRetailMaxTransitionSteps);
    for (const MoveDesc& m : moves.moves)
      if (m.name == o.name) {
        const CharacterDesc& c = *std::find_if(scene.characters.begin(), scene.characters.end(),
                                               [&](const CharacterDesc& ch) { return ch.name == m.character; });
        const float depth = test::deepest_penetration(world, body_of(c), o.result.position);
        EXPECT_LE(depth, 0.01f) << "the body ends " << depth << " m inside solid geometry";
      }
  }
}

INSTANTIATE_TEST_SUITE_P(Scenarios, Scenario, ::testing::ValuesIn(scenario_names()),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace transit
