#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "transit/format/run_reader.hpp"
#include "format/run_validation.hpp"
#include "transit/format/run_writer.hpp"
#include "transit/format/scene_reader.hpp"
#include "format_test_util.hpp"

namespace transit {
namespace {

using nlohmann::json;
using testing::format_data_dir;
using testing::input_error_of;

SceneDesc scene_with_player_and_guard() {
  return read_scene_file(format_data_dir() / "full_scene.json");
}

json valid_moves() {
  return R"({"format": "transit-moves/1", "moves": [
    {"name": "walk-into-wall", "character": "player",
     "from": {"global": [32460, 34620, 12.0]}, "to": {"global": [32464, 34620, 12.0]},
     "state": ["contact", "on_walkable"]},
    {"name": "fall", "character": "guard", "to": {"cell": "0xA9B40100", "local": [97, 101, 12],
     "heading": 45}},
    {"character": "player", "to": {"cell": "0xA9B40012", "local": [50, 30, 1]}}]})"_json;
}

json valid_script() {
  return R"({"format": "transit-script/1", "dt": 0.0333333, "duration": 10.0,
    "inputs": {
      "player": [
        {"t": 0.0, "forward": "run"}, {"t": 2.0, "turn": 90}, {"t": 3.0, "jump": 0.8},
        {"t": 6.0, "forward": "walk", "turn": 0}, {"t": 6.0, "strafe": "left"},
        {"t": 8.0, "forward": "stop", "strafe": "stop"}],
      "guard": [{"t": 1.5, "forward": "back", "strafe": "right"}]}})"_json;
}

std::string moves_error(const json& moves) {
  return input_error_of([&] { parse_moves(moves.dump(), "m.json"); });
}

std::string script_error(const json& script) {
  return input_error_of([&] { parse_script(script.dump(), "t.json"); });
}

TEST(MovesReader, ReadsEveryField) {
  const MovesDesc moves = parse_moves(valid_moves().dump(), "m.json");
  ASSERT_EQ(moves.moves.size(), 3u);
  const MoveDesc& first = moves.moves[0];
  EXPECT_EQ(first.name, "walk-into-wall");
  EXPECT_EQ(first.character, "player");
  ASSERT_TRUE(first.from.has_value());
  EXPECT_EQ(first.from->global, Vec3(32460.0f, 34620.0f, 12.0f));
  EXPECT_EQ(first.to.global, Vec3(32464.0f, 34620.0f, 12.0f));
  EXPECT_TRUE(first.contact);
  EXPECT_TRUE(first.on_walkable);
  const MoveDesc& second = moves.moves[1];
  EXPECT_FALSE(second.from.has_value());
  EXPECT_EQ(second.to.cell, 0xA9B40100u);
  EXPECT_EQ(second.to.orientation.heading_deg, 45.0f);
  EXPECT_FALSE(second.contact);
  EXPECT_TRUE(moves.moves[2].name.empty());
  EXPECT_NO_THROW(validate_moves(moves, scene_with_player_and_guard(), "m.json"));
}

TEST(MovesWriter, RoundTrips) {
  const MovesDesc moves = parse_moves(valid_moves().dump(), "m.json");
  const std::string text = write_moves(moves);
  EXPECT_EQ(parse_moves(text, "written.json"), moves);
  EXPECT_NE(text.find("\"cell\": \"0xA9B40100\""), std::string::npos);
}

TEST(MovesErrors, UnknownCharacter) {
  json m = valid_moves();
  m["moves"][2]["character"] = "bob";
  const MovesDesc moves = parse_moves(m.dump(), "m.json");
  EXPECT_EQ(input_error_of([&] { validate_moves(moves, scene_with_player_and_guard(), "m.json"); }),
            "m.json: /moves/2/character: names no character of the scene, got \"bob\"");
}

TEST(MovesErrors, PositionOutsideTheScene) {
  json m = valid_moves();
  m["moves"][0]["to"] = {{"cell", "0x01010001"}, {"local", {1, 1, 0}}};
  const MovesDesc moves = parse_moves(m.dump(), "m.json");
  EXPECT_EQ(input_error_of([&] { validate_moves(moves, scene_with_player_and_guard(), "m.json"); }),
            "m.json: /moves/0/to/cell: lies in landblock (1, 1), which is not in the scene, got "
            "0x01010001");
}

TEST(MovesErrors, WrongFormat) {
  json m = valid_moves();
  m["format"] = "transit-scene/1";
  EXPECT_EQ(moves_error(m),
            "m.json: /format: must be \"transit-moves/1\", got \"transit-scene/1\"");
}

TEST(MovesErrors, UnknownState) {
  json m = valid_moves();
  m["moves"][0]["state"][1] = "walkable";
  EXPECT_EQ(moves_error(m),
            "m.json: /moves/0/state/1: unknown state (known: contact, on_walkable), got "
            "\"walkable\"");
}

TEST(MovesErrors, MissingTo) {
  json m = valid_moves();
  m["moves"][1].erase("to");
  EXPECT_EQ(moves_error(m), "m.json: /moves/1/to: required field is missing");
}

TEST(MovesErrors, UnknownField) {
  json m = valid_moves();
  m["moves"][0]["speed"] = 3;
  EXPECT_EQ(moves_error(m),
            "m.json: /moves/0/speed: unknown field \"speed\" (allowed here: name, character, "
            "from, to, state)");
}

TEST(MovesErrors, EmptyPosition) {
  json m = valid_moves();
  m["moves"][0]["from"] = json::object();
  EXPECT_EQ(moves_error(m), "m.json: /moves/0/from: needs \"cell\" and \"local\", or \"global\"");
}

TEST(MovesErrors, PositionVectorOfTwoNumbers) {
  json m = valid_moves();
  m["moves"][0]["to"]["global"] = {1, 2};
  EXPECT_EQ(moves_error(m),
            "m.json: /moves/0/to/global: must be an array of 3 numbers, got [1, 2]");
}

TEST(MovesErrors, MalformedCellId) {
  json m = valid_moves();
  m["moves"][1]["to"]["cell"] = "0xFFB40100";
  EXPECT_EQ(moves_error(m),
            "m.json: /moves/1/to/cell: must be a cell id 0xXXYYCCCC with XX and YY 0..254 and CCCC "
            "an outdoor cell 0x0001..0x0040 or an indoor cell 0x0100..0xFFFD, got 0xFFB40100");
}

TEST(MovesErrors, CellIdTooLargeForThirtyTwoBits) {
  json m = valid_moves();
  m["moves"][1]["to"]["cell"] = 4294967296ull;
  EXPECT_EQ(moves_error(m),
            "m.json: /moves/1/to/cell: must be an integer 0..4294967295, got 4294967296");
}

TEST(ScriptReader, ReadsEveryField) {
  const ScriptDesc script = parse_script(valid_script().dump(), "t.json");
  EXPECT_EQ(script.dt, 0.0333333);
  EXPECT_EQ(script.duration, 10.0);
  ASSERT_EQ(script.inputs.size(), 2u);
  const std::vector<ScriptInput>& player = script.inputs.at("player");
  ASSERT_EQ(player.size(), 6u);
  EXPECT_EQ(player[0].forward, ForwardInput::Run);
  EXPECT_FALSE(player[0].turn_deg_per_s.has_value());
  EXPECT_EQ(player[1].turn_deg_per_s, 90.0f);
  EXPECT_EQ(player[2].jump, 0.8f);
  EXPECT_EQ(player[3].forward, ForwardInput::Walk);
  EXPECT_EQ(player[3].turn_deg_per_s, 0.0f);
  EXPECT_EQ(player[4].strafe, StrafeInput::Left);
  EXPECT_EQ(player[5].forward, ForwardInput::Stop);
  EXPECT_EQ(player[5].strafe, StrafeInput::Stop);
  EXPECT_EQ(script.inputs.at("guard")[0].forward, ForwardInput::Back);
  EXPECT_EQ(script.inputs.at("guard")[0].strafe, StrafeInput::Right);
  EXPECT_NO_THROW(validate_script(script, scene_with_player_and_guard(), "t.json"));
}

TEST(ScriptWriter, RoundTrips) {
  const ScriptDesc script = parse_script(valid_script().dump(), "t.json");
  EXPECT_EQ(parse_script(write_script(script), "written.json"), script);
}

TEST(ScriptErrors, UnknownCharacter) {
  json t = valid_script();
  t["inputs"]["bob/x"] = t["inputs"]["guard"];
  const ScriptDesc script = parse_script(t.dump(), "t.json");
  EXPECT_EQ(
      input_error_of([&] { validate_script(script, scene_with_player_and_guard(), "t.json"); }),
      "t.json: /inputs/bob~1x: names no character of the scene, got \"bob/x\"");
}

TEST(ScriptErrors, ZeroDt) {
  json t = valid_script();
  t["dt"] = 0;
  EXPECT_EQ(script_error(t), "t.json: /dt: must be a positive number, got 0");
}

TEST(ScriptErrors, NegativeDuration) {
  json t = valid_script();
  t["duration"] = -1.5;
  EXPECT_EQ(script_error(t), "t.json: /duration: must be a positive number, got -1.5");
}

TEST(ScriptErrors, TooManyTicks) {
  json t = valid_script();
  t["dt"] = 1e-9;
  EXPECT_EQ(script_error(t),
            "t.json: /duration: must be at most 10000000 ticks of dt = 1e-09, got 10");
}

TEST(ScriptErrors, InputsOutOfTimeOrder) {
  json t = valid_script();
  t["inputs"]["player"][3]["t"] = 2.5;
  EXPECT_EQ(script_error(t),
            "t.json: /inputs/player/3/t: inputs must be in time order (the previous input is at "
            "t = 3), got 2.5");
}

TEST(ScriptErrors, NegativeTime) {
  json t = valid_script();
  t["inputs"]["guard"][0]["t"] = -0.5;
  EXPECT_EQ(script_error(t), "t.json: /inputs/guard/0/t: must be a number >= 0, got -0.5");
}

TEST(ScriptErrors, UnknownForward) {
  json t = valid_script();
  t["inputs"]["player"][0]["forward"] = "sprint";
  EXPECT_EQ(script_error(t),
            "t.json: /inputs/player/0/forward: must be \"run\", \"walk\", \"back\" or \"stop\", "
            "got \"sprint\"");
}

TEST(ScriptErrors, UnknownStrafe) {
  json t = valid_script();
  t["inputs"]["player"][4]["strafe"] = "up";
  EXPECT_EQ(script_error(t),
            "t.json: /inputs/player/4/strafe: must be \"left\", \"right\" or \"stop\", got \"up\"");
}

TEST(ScriptErrors, JumpAboveOne) {
  json t = valid_script();
  t["inputs"]["player"][2]["jump"] = 1.5;
  EXPECT_EQ(script_error(t), "t.json: /inputs/player/2/jump: must be a number 0..1, got 1.5");
}

TEST(ScriptErrors, InputSettingNothing) {
  json t = valid_script();
  t["inputs"]["guard"][0] = {{"t", 2}};
  EXPECT_EQ(script_error(t),
            "t.json: /inputs/guard/0: an input must set at least one of forward, turn, jump, "
            "strafe");
}

TEST(ScriptErrors, TurnIsNotANumber) {
  json t = valid_script();
  t["inputs"]["player"][1]["turn"] = "left";
  EXPECT_EQ(script_error(t), "t.json: /inputs/player/1/turn: must be a number, got \"left\"");
}

TEST(ScriptErrors, MissingDt) {
  json t = valid_script();
  t.erase("dt");
  EXPECT_EQ(script_error(t), "t.json: /dt: required field is missing");
}

TEST(ScriptErrors, InputsNotAnObject) {
  json t = valid_script();
  t["inputs"] = json::array();
  EXPECT_EQ(script_error(t), "t.json: /inputs: must be an object, got []");
}

TEST(ScriptErrors, RepeatedCharacterKey) {
  EXPECT_EQ(input_error_of([] {
              parse_script(R"({"format": "transit-script/1", "dt": 0.1, "duration": 1,
                              "inputs": {"p": [], "p": []}})",
                           "t.json");
            }),
            "t.json: /inputs/p: this key appears twice in the same object");
}

}  // namespace
}  // namespace transit
