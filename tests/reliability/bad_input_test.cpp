// Bad input at every boundary gets one clear message: the scene and moves
// readers, the transit CLI, and the AC mover's C++ API checks
// (movers/ac/ac_checks.hpp). The API itself must not crash or loop on it.
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sys/wait.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "transit/format/run_reader.hpp"
#include "format/run_validation.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/math/input_error.hpp"
#include "transit/motion/body_checks.hpp"
#include "transit/movers/ac/ac_checks.hpp"
#include "transit/movers/ac/ac_placement.hpp"
#include "support/test_scenes.hpp"
#include "support/tool_run.hpp"

namespace transit::ac {
namespace {

using ::testing::HasSubstr;
using namespace transit::test;
namespace fs = std::filesystem;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// ---- the C++ API checks -------------------------------------------------------

struct BodyCase {
  const char* what;
  void (*spoil)(AcBody&);
  const char* message;
};

TEST(BadInput, CheckBodyNamesTheBadField) {
  const std::vector<BodyCase> cases{
      {"zero radius", [](AcBody& b) { b.spheres[0].radius = 0; },
       "body: spheres[0].radius must be a positive number, got 0"},
      {"negative radius", [](AcBody& b) { b.spheres[1].radius = -1; },
       "body: spheres[1].radius must be a positive number, got -1"},
      {"NaN radius", [](AcBody& b) { b.spheres[0].radius = kNaN; }, "spheres[0].radius"},
      {"inf centre", [](AcBody& b) { b.spheres[0].center.z = kInf; },
       "body: spheres[0].center must be finite"},
      {"zero scale", [](AcBody& b) { b.scale = 0; }, "body: scale must be a positive number"},
      {"negative step up", [](AcBody& b) { b.step_up_height = -0.5f; },
       "body: step_up_height must be a number >= 0, got -0.5"},
      {"NaN step down", [](AcBody& b) { b.step_down_height = kNaN; }, "body: step_down_height"},
  };
  EXPECT_EQ(check_body(AcBody{}), std::nullopt);
  for (const BodyCase& c : cases) {
    AcBody body;
    c.spoil(body);
    const auto message = check_body(body);
    ASSERT_TRUE(message) << c.what;
    EXPECT_THAT(*message, HasSubstr(c.message)) << c.what;
  }
}

class BadPositions : public ::testing::Test {
 protected:
  World world = World::from_scene(house_scene());
  Position outdoors{kBlock | 0x01u, Frame{{1, 1, 0}, {}}};
};

TEST_F(BadPositions, CheckPositionNamesTheProblem) {
  EXPECT_EQ(check_position(world, outdoors, "begin"), std::nullopt);
  Position p = outdoors;
  p.frame.origin.x = kNaN;
  EXPECT_THAT(check_position(world, p, "begin").value_or(""),
              HasSubstr("begin: position must be finite"));
  p = outdoors;
  p.frame.origin.z = -kInf;
  EXPECT_THAT(check_position(world, p, "end").value_or(""), HasSubstr("end: position must be"));
  p = outdoors;
  p.objcell_id = kBlock | 0x0177u;
  EXPECT_THAT(check_position(world, p, "begin").value_or(""),
              HasSubstr("cell 0xA9B40177 is not in the world"));
  p = outdoors;
  p.frame.origin = {-500, 10, 0};  // west of every loaded landblock
  EXPECT_THAT(check_position(world, p, "end").value_or(""), HasSubstr("no loaded landblock"));
  p = outdoors;
  p.frame.orientation = Quat(kNaN, 0, 0, 0);
  EXPECT_THAT(check_position(world, p, "begin").value_or(""),
              HasSubstr("begin: orientation must be a finite quaternion"));
}

TEST_F(BadPositions, CheckContactAndCheckMove) {
  AcContact contact;
  contact.contact_plane = CellPlane{Plane{{0, 0, kNaN}, 0}, kBlock | 0x01u, false};
  EXPECT_THAT(check_contact(world, contact).value_or(""), HasSubstr("contact: contact_plane"));
  AcBody tiny;
  tiny.spheres = {{{0, 0, 0}, 0.0f}};
  EXPECT_THAT(check_move(world, tiny, outdoors, outdoors, {}).value_or(""),
              HasSubstr("spheres[0].radius"));
  EXPECT_EQ(check_move(world, AcBody{}, outdoors, outdoors, {}), std::nullopt);
}

// Whatever a caller passes without checking, move_body and place_body return
// promptly and never take more sub-steps than the cap.
void expect_returns_promptly(const World& world, const AcBody& body, const Position& from,
                             const Position& to) {
  const auto start = std::chrono::steady_clock::now();
  const AcMoveResult r = move_body(world, body, from, to, AcContact{});
  (void)place_body(world, body, from);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 1.0);
  EXPECT_LE(r.steps, kRetailMaxTransitionSteps);
}

TEST_F(BadPositions, MoveBodyWithNaNOrInfPositionsReturns) {
  for (float bad : {kNaN, kInf, -kInf}) {
    Position from = outdoors, to = outdoors;
    to.frame.origin.x = bad;
    expect_returns_promptly(world, AcBody{}, outdoors, to);
    from.frame.origin.y = bad;
    expect_returns_promptly(world, AcBody{}, from, outdoors);
  }
}

TEST_F(BadPositions, MoveBodyWithZeroOrNaNRadiusReturns) {
  Position to = outdoors;
  to.frame.origin.x += 2.0f;
  for (float radius : {0.0f, -0.48f, kNaN}) {
    AcBody body;
    body.spheres = {{{0, 0, 0.48f}, radius}};
    expect_returns_promptly(world, body, outdoors, to);
  }
}

TEST_F(BadPositions, MoveBodyFromAnUnknownCellReturns) {
  Position from = outdoors;
  from.objcell_id = kBlock | 0x0177u;
  expect_returns_promptly(world, AcBody{}, from, outdoors);
}

TEST_F(BadPositions, CheckedCallsRefuseBadInputWithTheMessageAndRunValidInput) {
  Position to = outdoors;
  to.frame.origin.x += 2.0f;
  AcBody zero_radius;
  zero_radius.spheres = {{{0, 0, 0.48f}, 0.0f}};
  const Checked<AcMoveResult> refused = checked_move_body(world, zero_radius, outdoors, to, {});
  EXPECT_EQ(refused.error.value_or(""),
            "body: spheres[0].radius must be a positive number, got 0");
  EXPECT_FALSE(refused.result.ok);
  EXPECT_EQ(refused.result.steps, 0);

  Position unknown = outdoors;
  unknown.objcell_id = kBlock | 0x0177u;
  EXPECT_EQ(checked_place_body(world, AcBody{}, unknown).error.value_or(""),
            "at: cell 0xA9B40177 is not in the world");

  const Checked<AcMoveResult> walked = checked_move_body(world, AcBody{}, outdoors, to, {});
  ASSERT_EQ(walked.error, std::nullopt);
  EXPECT_TRUE(walked.result.ok);
  EXPECT_FLOAT_EQ(walked.result.position.frame.origin.x, to.frame.origin.x);
  const Checked<AcPlacement> placed = checked_place_body(world, AcBody{}, outdoors);
  ASSERT_EQ(placed.error, std::nullopt);
  EXPECT_TRUE(placed.result.ok);
}

TEST_F(BadPositions, CheckedUpdateObjectRefusesNonFiniteVelocitiesAndFrameTimes) {
  PhysicsBody body(AcBody{}, outdoors);
  body.velocity = Vec3(kNaN, 0.0f, 0.0f);
  const ac::Checked<BodyEvents> refused = checked_update_object(world, body, nullptr, 1.0 / 30.0);
  EXPECT_EQ(refused.error.value_or(""), "body: velocity must be finite, got [nan, 0, 0]");
  EXPECT_EQ(body.position, outdoors);
  EXPECT_EQ(refused.result.quanta, 0);

  body.velocity = Vec3(0.0f, std::numeric_limits<float>::infinity(), 0.0f);
  EXPECT_EQ(check_update(world, body, 1.0 / 30.0).value_or(""),
            "body: velocity must be finite, got [0, inf, 0]");
  body.velocity = Vec3(1.0f, 0.0f, 0.0f);
  EXPECT_EQ(check_update(world, body, -1.0).value_or(""), "dt must be a finite number >= 0, got -1");
  EXPECT_EQ(check_update(world, body, std::numeric_limits<double>::infinity()).value_or(""),
            "dt must be a finite number >= 0, got inf");
  body.position.frame.origin.z = kNaN;
  EXPECT_EQ(check_update(world, body, 1.0 / 30.0).value_or(""),
            "body.position: position must be finite, got [1, 1, nan]");

  body.position = outdoors;
  const ac::Checked<BodyEvents> moved = checked_update_object(world, body, nullptr, 1.0 / 30.0);
  ASSERT_EQ(moved.error, std::nullopt);
  EXPECT_EQ(moved.result.quanta, 1);
  EXPECT_GT(body.position.frame.origin.x, outdoors.frame.origin.x);
}

// ---- the file readers -----------------------------------------------------------

std::string scene_with(const std::string& character_fields, const std::string& extra = "") {
  return R"({"format": "transit-scene/1",
    "terrain": {"landblocks": [{"x": 169, "y": 180, "flat": 0}]},)" +
         extra + R"("characters": [{"name": "p",
      "position": {"cell": "0xA9B40001", "local": [1, 1, 0]})" +
         character_fields + "}]}";
}

std::string error_of(const std::string& scene_json) {
  try {
    parse_scene(scene_json, ".", "scene.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(BadInput, SceneReaderRejectsEachWithOneMessage) {
  ASSERT_EQ(error_of(scene_with("")), "");
  EXPECT_THAT(error_of(scene_with(R"(, "spheres": [{"center": [0, 0, 0], "radius": 0}])")),
              HasSubstr("scene.json: /characters/0/spheres/0/radius: must be a positive number"));
  EXPECT_THAT(error_of(scene_with(R"(, "step_up_height": -1)")),
              HasSubstr("/characters/0/step_up_height: must be a number >= 0, got -1"));
  EXPECT_THAT(error_of(scene_with(R"(, "step_down_height": -0.1)")),
              HasSubstr("/characters/0/step_down_height: must be a number >= 0"));
  EXPECT_THAT(error_of(scene_with("", R"("objects": [{"id": 1, "shapes": [],
      "position": {"cell": "0xA9B40001", "local": [1, 1, 0]}}],)")),
              HasSubstr("/objects/0/shapes: an object needs at least one shape"));
  EXPECT_THAT(error_of(scene_with("", R"("objects": [{"id": 1, "position":
      {"cell": "0xA9B40001", "local": [1, 1, 0]}, "shapes": [{"type": "mesh",
      "vertices": [[0,0,0],[1,0,0],[2,0,0]], "polygons": [[0,1,2]]}]}],)")),
              HasSubstr("degenerate"));
  // JSON has no NaN or inf: the nearest a file gets is a number no float holds.
  EXPECT_THAT(error_of(R"({"format": "transit-scene/1", "terrain": {"landblocks":
      [{"x": 169, "y": 180, "flat": 1e39}]}})"),
              HasSubstr("/terrain/landblocks/0/flat: must be a finite number within float range"));
}

TEST(BadInput, SceneReaderRejectsUnknownCellsAndPositionsOutsideLandblocks) {
  const std::string unknown_cell = R"({"format": "transit-scene/1",
    "terrain": {"landblocks": [{"x": 169, "y": 180, "flat": 0}]},
    "characters": [{"name": "p", "position": {"cell": "0xA9B40150", "local": [1, 1, 0]}}]})";
  EXPECT_THAT(error_of(unknown_cell), HasSubstr("/characters/0/position/cell: names no cell"));
  const std::string outside = R"({"format": "transit-scene/1",
    "terrain": {"landblocks": [{"x": 169, "y": 180, "flat": 0}]},
    "characters": [{"name": "p", "position": {"global": [100, 100, 0]}}]})";
  EXPECT_THAT(error_of(outside), HasSubstr("which is not in the scene"));
}

TEST(BadInput, MovesNamingAnUnknownCharacterOrCellAreRejected) {
  const SceneDesc scene = parse_scene(scene_with(""), ".", "scene.json");
  const auto error = [&](const std::string& moves_json) -> std::string {
    try {
      validate_moves(parse_moves(moves_json, "moves.json"), scene, "moves.json");
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_THAT(error(R"({"format": "transit-moves/1", "moves": [{"character": "ghost",
      "to": {"cell": "0xA9B40001", "local": [2, 1, 0]}}]})"),
              HasSubstr("moves.json: /moves/0/character: names no character of the scene"));
  EXPECT_THAT(error(R"({"format": "transit-moves/1", "moves": [{"character": "p",
      "to": {"cell": "0xA9B40160", "local": [2, 1, 0]}}]})"),
              HasSubstr("/moves/0/to"));
  EXPECT_EQ(error(R"({"format": "transit-moves/1", "moves": [{"character": "p",
      "to": {"cell": "0xA9B40001", "local": [2, 1, 0]}}]})"),
            "");
}

// ---- the CLI ----------------------------------------------------------------------

TEST(BadInput, CliGivesOneLineAndExitCodeOne) {
  const fs::path dir = fs::temp_directory_path() / "transit-bad-input";
  fs::create_directories(dir);
  std::ofstream(dir / "scene.json") << scene_with(R"(, "spheres": [{"radius": -2}])");
  std::ofstream(dir / "moves.json") << R"({"format": "transit-moves/1", "moves": []})";
  const ToolRun run = run_tool("move " + (dir / "scene.json").string() + " " +
                               (dir / "moves.json").string());
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(run.output, HasSubstr("/characters/0/spheres/0/radius: must be a positive number"));
  EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace transit::ac
