// `transit check` as a server operator runs it: a run's own trajectory is
// accepted claim by claim, a teleport and a flight in a claims file are not
// (nor, with the motion changes given, a teleport back against a run), and
// bad claims files are refused with the place named.
#include <filesystem>
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/tool_run.hpp"
#include "transit/format/run_writer.hpp"
#include "transit/sim/demo_script.hpp"

namespace transit {
namespace {

using test::run_tool;
using test::ToolRun;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

fs::path temp(const std::string& name) { return fs::temp_directory_path() / ("transit-check-" + name); }
fs::path demo_scene() { return test::source_file("tests/scenarios/demo-world.scene.json"); }

nlohmann::json read_json(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

TEST(CheckCommand, AcceptsEveryClaimOfARunsOwnTrajectory) {
  const fs::path trajectory = temp("run.json"), results = temp("run-results.json"), claims = temp("claims.json");
  ASSERT_EQ(run_tool("simulate --out " + trajectory.string()).exit_code, 0);
  const ToolRun run = run_tool("check " + demo_scene().string() + " --from-trajectory " + trajectory.string() +
                               " --out " + results.string() + " --claims-out " + claims.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("8700 claims, 8700 accepted, 0 rejected"));
  const nlohmann::json r = read_json(results);
  EXPECT_EQ(r["format"], "transit-claim-results/1");
  EXPECT_EQ(r["summary"]["accepted"], 8700);
  // The claims written are a claims file that checks the same.
  const ToolRun again = run_tool("check " + demo_scene().string() + " " + claims.string() + " --out " +
                                 results.string());
  EXPECT_THAT(again.output, HasSubstr("8700 claims, 8700 accepted, 0 rejected"));
}

TEST(CheckCommand, AcceptsEveryClaimOfARunsOwnTrajectoryCheckedTogether) {
  const fs::path trajectory = temp("run-crowd.json"), results = temp("run-crowd-results.json");
  ASSERT_EQ(run_tool("simulate --out " + trajectory.string()).exit_code, 0);
  const ToolRun run = run_tool("check " + demo_scene().string() + " --from-trajectory " + trajectory.string() +
                               " --crowd --out " + results.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("8700 claims, 8700 accepted, 0 rejected"));
}

// The demo scene with its second player made a creature standing 2.5 m in
// front of the player (retail's players pass through players, not through
// creatures), which claims nothing: the server holds it still there.
fs::path scene_with_creature_ahead() {
  nlohmann::json scene = read_json(demo_scene());
  nlohmann::json& creature = scene["characters"][1];
  creature["name"] = "creature";
  creature["flags"] = nlohmann::json::array({"edge_slide", "gravity"});
  creature["position"] = {{"cell", "0xA9B40023"}, {"local", {103.0, 62.5, 20.0}}};
  const fs::path file = temp("creature.scene.json");
  std::ofstream(file) << scene.dump();
  return file;
}

// The verdict of the player's one claim at 0.5 s, running from (103, 60, 20)
// to (103, y, 20), checked alone or with --crowd.
nlohmann::json run_to(const fs::path& scene, float y, const std::string& crowd) {
  const fs::path claims = temp("crowd-claims.json"), results = temp("crowd-results.json");
  std::ofstream(claims) << R"({"format": "transit-claims/1", "claims": {"player": [
    {"t": 0.5, "position": {"cell": "0xA9B40023", "local": [103, )"
                        << y << R"(, 20]}, "motion": {"forward": "run"}}]}})";
  const ToolRun run = run_tool("check " + scene.string() + " " + claims.string() + " " + crowd + " --out " +
                               results.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  return read_json(results)["results"]["player"][0];
}

TEST(CheckCommand, WithTheCrowdAClaimThroughACreatureTheServerHoldsStillIsRejected) {
  const fs::path scene = scene_with_creature_ahead();
  // Alone, the world has no creature in it: 4.5 m of run in 0.5 s passes.
  EXPECT_EQ(run_to(scene, 64.5f, "")["verdict"], "accepted");
  // Together, the run stops against the creature's body 1.35 m on: the
  // position to force.
  const nlohmann::json through = run_to(scene, 64.5f, "--crowd");
  EXPECT_EQ(through["verdict"], "through_wall");
  EXPECT_NEAR(through["forced"]["local"][1].get<double>(), 61.35, 0.01);
  // Stopping short against it is accepted.
  EXPECT_EQ(run_to(scene, 61.3f, "--crowd")["verdict"], "accepted");
}

TEST(CheckCommand, AcceptsARunsOwnTrajectoryWithItsScriptsMotionChanges) {
  // The demo run's trajectory, and the script it was made from: each claim
  // faces where the run faced and carries the changes its inputs made.
  const fs::path trajectory = temp("run-changes.json"), script = temp("demo-script.json");
  const fs::path claims = temp("claims-changes.json"), results = temp("run-changes-results.json");
  std::ofstream(script) << write_script(make_demo_script());
  ASSERT_EQ(run_tool("simulate --script " + script.string() + " --out " + trajectory.string()).exit_code, 0);
  const ToolRun run = run_tool("check " + demo_scene().string() + " --from-trajectory " + trajectory.string() +
                               " --script " + script.string() + " --claims-out " + claims.string() + " --out " +
                               results.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("8700 claims, 8700 accepted, 0 rejected"));
  const nlohmann::json written = read_json(claims)["claims"]["player"];
  int changes = 0;
  for (const auto& c : written) changes += c.contains("changes") ? static_cast<int>(c["changes"].size()) : 0;
  EXPECT_GT(changes, 20);
  EXPECT_TRUE(written[0]["position"].contains("heading"));
  // A script goes with a trajectory only.
  EXPECT_THAT(run_tool("check " + demo_scene().string() + " " + claims.string() + " --script " + script.string())
                  .output,
              HasSubstr("--script goes with --from-trajectory"));
}

TEST(CheckCommand, AJumpIsClaimedWithTheFirstSampleInTheAir) {
  // A walking jump at tick 41 (1.3666... s, which the trajectory rounds up to
  // 1.3666667): the jump's change kept the unrounded tick, a hair before the
  // claim before it, and was taken as held before the claim that rose; the
  // body, held to a walk's lift, was rejected as flying.
  const fs::path trajectory = temp("jump-run.json"), script = temp("jump-script.json");
  const fs::path claims = temp("jump-claims.json");
  std::ofstream(script) << R"({"format": "transit-script/1", "dt": 0.03333333333333333, "duration": 3.0,
    "inputs": {"player": [{"t": 0.0, "forward": "walk"}, {"t": 1.345, "jump": 0.82}]}})";
  ASSERT_EQ(run_tool("simulate " + demo_scene().string() + " --script " + script.string() + " --out " +
                     trajectory.string())
                .exit_code,
            0);
  const ToolRun run = run_tool("check " + demo_scene().string() + " --from-trajectory " + trajectory.string() +
                               " --script " + script.string() + " --claims-out " + claims.string() +
                               " --out " + temp("jump-results.json").string());
  EXPECT_THAT(run.output, HasSubstr("180 claims, 180 accepted, 0 rejected"));
  const nlohmann::json written = read_json(claims)["claims"]["player"];
  ASSERT_EQ(written.size(), 90u);
  // Claim 41 (at 1.4 s) is the first off the ground, and the jump's.
  const float ground = written[39]["position"]["local"][2];
  EXPECT_EQ(written[39]["position"]["local"][2], written[40]["position"]["local"][2]);
  EXPECT_GT(written[41]["position"]["local"][2].get<float>(), ground + 0.1f);
  EXPECT_FALSE(written[40]["motion"].contains("jumped"));
  EXPECT_TRUE(written[41]["motion"]["jumped"]);
  EXPECT_TRUE(written[41]["changes"][0]["jumped"]);
}

// Random scripts (every 0.1-3 s a random forward, turn, strafe or jump)
// over the demo world, each cut short after the claim it once had rejected:
// a jump's change a hair before its claim (jump-charge), a running jump held
// a frame by a wall (wall-bounce), standing and walking jumps the probe below
// called supported on their way up (held-jump-indoors, jump-by-house,
// jump-up-stairs), a jump passing just over a crate (over-crate), an 18 m/s
// runner (run and jump skill 800) sent upwards by a wall it jumped into,
// claimed without the script (its replays ran it facing north), and one
// bouncing up a steep slope (the replays explaining it ended with little of
// its upward speed, which its arc restarted with). And over the down-slope
// scene, a body that ran and strafed down the slope and glided on at 8 m/s
// when its strafe stopped (retail keeps the velocity it left the ground
// with; the check gave it none, and from 40.1 s rejected a third of the run).
struct RandomRun {
  const char* name;
  float skill;  // the player's run and jump skill, when not the demo's
  const char* scene = nullptr;  // under tests/scenarios, when not the demo world
};

void PrintTo(const RandomRun& run, std::ostream* os) { *os << run.name; }

class RandomScript : public ::testing::TestWithParam<RandomRun> {};

TEST_P(RandomScript, EveryClaimOfItsRunIsAccepted) {
  const std::string name = GetParam().name;
  const fs::path script = test::source_file("tests/tools/data") / ("random-" + name + ".script.json");
  const fs::path scene = temp("random-" + name + ".scene.json"), trajectory = temp("random-" + name + ".json");
  if (GetParam().scene)
    fs::copy_file(test::source_file("tests/scenarios") / GetParam().scene / "scene.json", scene,
                  fs::copy_options::overwrite_existing);
  else
    ASSERT_EQ(run_tool("demo-scene --out " + scene.string()).exit_code, 0);
  if (GetParam().skill > 0.0f) {
    nlohmann::json s = read_json(scene);
    s["characters"][0]["run_skill"] = s["characters"][0]["jump_skill"] = GetParam().skill;
    std::ofstream(scene) << s.dump();
  }
  ASSERT_EQ(run_tool("simulate " + scene.string() + " --script " + script.string() + " --out " + trajectory.string())
                .exit_code,
            0);
  for (const std::string& with : {std::string(), " --script " + script.string()}) {
    const ToolRun run = run_tool("check " + scene.string() + " --from-trajectory " + trajectory.string() + with +
                                 " --out " + temp("random-results.json").string());
    ASSERT_EQ(run.exit_code, 0) << run.output;
    EXPECT_THAT(run.output, ::testing::ContainsRegex("claims, [0-9]+ accepted, 0 rejected")) << with;
  }
}

INSTANTIATE_TEST_SUITE_P(CheckCommand, RandomScript,
                         ::testing::Values(RandomRun{"jump-charge", 0.0f}, RandomRun{"wall-bounce", 0.0f},
                                           RandomRun{"held-jump-indoors", 0.0f}, RandomRun{"jump-by-house", 0.0f},
                                           RandomRun{"jump-up-stairs", 0.0f}, RandomRun{"over-crate", 0.0f},
                                           RandomRun{"fast-wall-jump", 800.0f},
                                           RandomRun{"fast-slope-bounce", 800.0f},
                                           RandomRun{"down-slope-glide", 0.0f, "down-slope"}),
                         [](const auto& info) {
                           std::string n = info.param.name;
                           std::erase(n, '-');
                           return n;
                         });

TEST(CheckCommand, RejectsATeleportAndAFlightWithThePositionToForce) {
  const fs::path claims = temp("cheats.json");
  // The player stands at 0xA9B40023 (103, 60, 20), facing the house.
  std::ofstream(claims) << R"({"format": "transit-claims/1", "claims": {"player": [
    {"t": 0.5, "position": {"cell": "0xA9B40023", "local": [103, 64.5, 20]}, "motion": {"forward": "run"}},
    {"t": 0.6, "position": {"cell": "0xA9B40024", "local": [103, 84.5, 20]}, "motion": {"forward": "run"}},
    {"t": 0.8, "position": {"cell": "0xA9B40023", "local": [103, 66, 26]}, "motion": {"forward": "run"}}]}})";
  const fs::path results = temp("cheats-results.json");
  const ToolRun run = run_tool("check " + demo_scene().string() + " " + claims.string() + " --out " + results.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("3 claims, 1 accepted, 2 rejected"));
  const nlohmann::json j = read_json(results);
  const auto& r = j["results"]["player"];
  EXPECT_EQ(r[0]["verdict"], "accepted");
  EXPECT_EQ(r[1]["verdict"], "too_fast");
  EXPECT_EQ(r[1]["forced"]["local"], nlohmann::json::array({103.0, 64.5, 20.0}));
  EXPECT_EQ(r[2]["verdict"], "flying");
  EXPECT_EQ(j["summary"]["rejected"]["too_fast"], 1);
}

TEST(CheckCommand, ClaimsWithMotionChangesHoldEachStretchToItsControls) {
  // The player turns round in place (360 degrees a second for 0.5 s), runs
  // south 4.75 m in 0.5 s, then claims 10 m north of where its run took it:
  // 5.25 m back the way it came, which its run cannot carry it.
  const fs::path claims = temp("changes.json");
  const std::string turn_and_run = R"({"format": "transit-claims/1", "claims": {"player": [
    {"t": 0.5, "position": {"cell": "0xA9B40023", "local": [103, 60, 20], "heading": 180},
     "changes": [{"t": 0, "forward": "stop", "turn": 360}, {"t": 0.5, "forward": "run"}]},
    {"t": 1.0, "position": {"cell": "0xA9B40023", "local": [103, 55.25, 20], "heading": 180}},
    {"t": 1.5, "position": {"cell": "0xA9B40023", "local": [103, 60.5, 20], "heading": 180}}]}})";
  std::ofstream(claims) << turn_and_run;
  const fs::path results = temp("changes-results.json");
  const fs::path written = temp("changes-written.json");
  ToolRun run = run_tool("check " + demo_scene().string() + " " + claims.string() + " --out " + results.string() +
                         " --claims-out " + written.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("3 claims, 2 accepted, 1 rejected"));
  nlohmann::json r = read_json(results)["results"]["player"];
  EXPECT_EQ(r[2]["verdict"], "too_fast");
  EXPECT_THAT(r[2]["reason"].get<std::string>(), HasSubstr("5.25 m in 0.500 s toward 0 degrees"));
  // The claims written carry the changes.
  EXPECT_EQ(read_json(written)["claims"]["player"][0]["changes"][0]["turn"], 360.0);
  // Without the changes the fastest motion (stop, then run) lets it through.
  std::ofstream(claims) << R"({"format": "transit-claims/1", "claims": {"player": [
    {"t": 0.5, "position": {"cell": "0xA9B40023", "local": [103, 60, 20], "heading": 180}},
    {"t": 1.0, "position": {"cell": "0xA9B40023", "local": [103, 55.25, 20], "heading": 180}, "motion": {"forward": "run"}},
    {"t": 1.5, "position": {"cell": "0xA9B40023", "local": [103, 60.5, 20], "heading": 180}, "motion": {"forward": "run"}}]}})";
  run = run_tool("check " + demo_scene().string() + " " + claims.string() + " --out " + results.string());
  EXPECT_THAT(run.output, HasSubstr("3 claims, 3 accepted, 0 rejected"));
}

// What `transit check` says of a claims file whose one claim, at 1 s,
// carries `changes`.
std::string check_changes(const std::string& changes) {
  const fs::path claims = temp("bad-changes.json");
  std::ofstream(claims) << R"({"format": "transit-claims/1", "claims": {"player": [
    {"t": 1, "position": {"global": [32551, 34620, 20]}, "changes": )"
                        << changes << "}]}}";
  return run_tool("check " + demo_scene().string() + " " + claims.string()).output;
}

TEST(CheckCommand, RefusesBadMotionChangesNamingTheField) {
  EXPECT_THAT(check_changes(R"([{"t": 1.5, "forward": "run"}])"),
              HasSubstr("/claims/player/0/changes/0/t: a change must not be after its claim (t 1)"));
  EXPECT_THAT(check_changes(R"([{"t": 0.5, "forward": "run"}, {"t": 0.4, "turn": 90}])"),
              HasSubstr("/claims/player/0/changes/1/t: changes must be in time order"));
  EXPECT_THAT(check_changes(R"([{"t": 0.5, "turn": 1e5}])"),
              HasSubstr("/claims/player/0/changes/0/turn: must be -3600..3600 degrees a second"));
  EXPECT_THAT(check_changes(R"([{"t": 0.5, "strafe": "up"}])"), HasSubstr("/claims/player/0/changes/0/strafe: must be"));
  EXPECT_THAT(check_changes(R"([{"t": 0.5, "jumped": true, "jump_extent": 2}])"),
              HasSubstr("/claims/player/0/changes/0/jump_extent: must be 0..1"));
  EXPECT_THAT(check_changes(R"([{"t": 0.5, "run": true}])"), HasSubstr("/claims/player/0/changes/0"));
}

TEST(CheckCommand, RefusesBadClaimsFiles) {
  const fs::path claims = temp("bad.json");
  std::ofstream(claims) << R"({"format": "transit-claims/1", "claims": {"player": [
    {"t": 0.5, "position": {"global": [32551, 34620, 20]}},
    {"t": 0.4, "position": {"global": [32551, 34621, 20]}}]}})";
  ToolRun run = run_tool("check " + demo_scene().string() + " " + claims.string());
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.output, HasSubstr("/claims/player/1/t: claims must be in time order"));
  std::ofstream(claims) << R"({"format": "transit-claims/1", "claims": {"ghost": []}})";
  run = run_tool("check " + demo_scene().string() + " " + claims.string());
  EXPECT_THAT(run.output, HasSubstr("/claims/ghost: names no character of the scene"));
  std::ofstream(claims) << R"({"format": "transit-claims/1", "claims": {"player": [
    {"t": 1, "position": {"global": [32551, 34620, 20]}, "motion": {"forward": "sprint"}}]}})";
  run = run_tool("check " + demo_scene().string() + " " + claims.string());
  EXPECT_THAT(run.output, HasSubstr("/claims/player/0/motion/forward: must be \"run\""));
  run = run_tool("check " + demo_scene().string());
  EXPECT_THAT(run.output, HasSubstr("give a claims file or --from-trajectory TRAJ"));
}

}  // namespace
}  // namespace transit
