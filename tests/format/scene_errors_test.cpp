// Malformed scene files: each gives one message naming the file, the JSON
// pointer and the bad value.

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "transit/format/scene_reader.hpp"
#include "format_test_util.hpp"

namespace transit {
namespace {

using nlohmann::json;
using testing::format_data_dir;
using testing::input_error_of;

json valid_scene() {
  return R"({
    "format": "transit-scene/1",
    "terrain": {"landblocks": [{"x": 169, "y": 180, "flat": 0.0}]},
    "cells": [{
      "id": "0xA9B40100", "origin": [96, 96, 0],
      "mesh": {
        "vertices": [[0,0,0],[4,0,0],[4,4,0],[0,4,0],[0,0,3],[4,0,3],[4,4,3],[0,4,3]],
        "polygons": [[0,1,2,3],[4,7,6,5],[0,4,5,1],[1,5,6,2],[2,6,7,3],[3,7,4,0]]},
      "portals": [{"polygon": 2, "to": "outside"}]}],
    "objects": [{
      "id": 7001, "name": "rock",
      "position": {"cell": "0xA9B40012", "local": [40, 60, 0]},
      "shapes": [{"type": "sphere", "center": [0, 0, 1], "radius": 0.8}]}],
    "characters": [{
      "name": "player", "position": {"global": [32460.0, 34620.0, 12.0]},
      "quake": {"mins": [-0.4, -0.4, 0], "maxs": [0.4, 0.4, 1.8], "step_size": 0.45}}]
  })"_json;
}

std::string error_of(const json& scene) {
  return input_error_of([&] { parse_scene(scene.dump(), format_data_dir(), "s.json"); });
}

std::string error_of_text(const std::string& text) {
  return input_error_of([&] { parse_scene(text, format_data_dir(), "s.json"); });
}

TEST(SceneErrors, TheBaseSceneIsValid) {
  EXPECT_NO_THROW(parse_scene(valid_scene().dump(), format_data_dir(), "s.json"));
}

TEST(SceneErrors, WrongFormat) {
  json s = valid_scene();
  s["format"] = "transit-scene/2";
  EXPECT_EQ(error_of(s), "s.json: /format: must be \"transit-scene/1\", got \"transit-scene/2\"");
}

TEST(SceneErrors, MissingFormat) {
  json s = valid_scene();
  s.erase("format");
  EXPECT_EQ(error_of(s), "s.json: /format: required field is missing");
}

TEST(SceneErrors, RootIsNotAnObject) {
  EXPECT_EQ(error_of_text("[1, 2]"), "s.json: must be a JSON object, got [1, 2]");
}

TEST(SceneErrors, InvalidJsonSyntax) {
  const std::string message = error_of_text("{\"format\": \"transit-scene/1\",}");
  EXPECT_EQ(message.rfind("s.json: invalid JSON: parse error at line 1, column 30", 0), 0u)
      << message;
}

TEST(SceneErrors, RepeatedKey) {
  EXPECT_EQ(error_of_text(R"({"format": "transit-scene/1", "objects": [{"id": 1, "id": 2}]})"),
            "s.json: /objects/0/id: this key appears twice in the same object");
}

TEST(SceneErrors, UnknownFieldIsNamedWithItsPath) {
  json s = valid_scene();
  s["objects"][0]["shapes"][0]["radus"] = 1;
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/shapes/0/radus: unknown field \"radus\" (allowed here: type, "
            "center, radius)");
}

TEST(SceneErrors, UnknownTopLevelField) {
  json s = valid_scene();
  s["landblocks"] = json::array();
  EXPECT_EQ(error_of(s),
            "s.json: /landblocks: unknown field \"landblocks\" (allowed here: format, terrain, "
            "cells, objects, characters)");
}

TEST(SceneErrors, WrongType) {
  json s = valid_scene();
  s["objects"][0]["scale"] = "big";
  EXPECT_EQ(error_of(s), "s.json: /objects/0/scale: must be a number, got \"big\"");
}

TEST(SceneErrors, MissingRequiredField) {
  json s = valid_scene();
  s["objects"][0].erase("shapes");
  EXPECT_EQ(error_of(s), "s.json: /objects/0/shapes: required field is missing");
}

TEST(SceneErrors, NumberOverflowingFloat) {
  json s = valid_scene();
  s["objects"][0]["shapes"][0]["radius"] = 1e39;
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/shapes/0/radius: must be a finite number within float range, got "
            "1e+39");
}

TEST(SceneErrors, NumberOverflowingDoubleInTheText) {
  json s = valid_scene();
  std::string text = s.dump();
  const std::string from = "\"local\":[40,60,0]";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "\"local\":[40,1e400,0]");
  EXPECT_EQ(error_of_text(text), "s.json: invalid JSON: number overflow parsing '1e400'");
}

TEST(SceneErrors, NegativeRadius) {
  json s = valid_scene();
  s["objects"][0]["shapes"][0]["radius"] = -1;
  EXPECT_EQ(error_of(s), "s.json: /objects/0/shapes/0/radius: must be a positive number, got -1");
}

TEST(SceneErrors, ZeroCylSphereRadius) {
  json s = valid_scene();
  s["objects"][0]["shapes"][0] = {{"type", "cylsphere"}, {"radius", 0}, {"height", 2}};
  EXPECT_EQ(error_of(s), "s.json: /objects/0/shapes/0/radius: must be a positive number, got 0");
}

TEST(SceneErrors, ZeroScale) {
  json s = valid_scene();
  s["objects"][0]["scale"] = 0.0;
  EXPECT_EQ(error_of(s), "s.json: /objects/0/scale: must be a positive number, got 0");
}

TEST(SceneErrors, NegativeStepHeight) {
  json s = valid_scene();
  s["characters"][0]["step_up_height"] = -0.5;
  EXPECT_EQ(error_of(s), "s.json: /characters/0/step_up_height: must be a number >= 0, got -0.5");
}

TEST(SceneErrors, BadTurnRateOrCycleSpeed) {
  json s = valid_scene();
  s["characters"][0]["turn_rate_deg"] = 0;
  EXPECT_EQ(error_of(s), "s.json: /characters/0/turn_rate_deg: must be a positive number, got 0");
  s = valid_scene();
  s["characters"][0]["cycle_speeds"] = {{"walk", 1.2}, {"run", -2.5}, {"sidestep", 0.8}};
  EXPECT_EQ(error_of(s), "s.json: /characters/0/cycle_speeds/run: must be a number >= 0, got -2.5");
  s = valid_scene();
  s["characters"][0]["cycle_speeds"] = {{"walk", 1.2}, {"run", 2.5}};
  EXPECT_NE(error_of(s).find("/characters/0/cycle_speeds"), std::string::npos);
}

TEST(SceneErrors, NegativeQuakeStepSize) {
  json s = valid_scene();
  s["characters"][0]["quake"]["step_size"] = -0.25;
  EXPECT_EQ(error_of(s), "s.json: /characters/0/quake/step_size: must be a number >= 0, got -0.25");
}

TEST(SceneErrors, HeightsNot81Numbers) {
  json s = valid_scene();
  s["terrain"]["landblocks"][0].erase("flat");
  s["terrain"]["landblocks"][0]["heights"] = std::vector<float>(80, 1.0f);
  EXPECT_EQ(error_of(s),
            "s.json: /terrain/landblocks/0/heights: must be an array of 81 numbers (index vx * 9 "
            "+ vy), got 80 elements");
}

TEST(SceneErrors, HeightIsNotANumber) {
  json s = valid_scene();
  s["terrain"]["landblocks"][0].erase("flat");
  s["terrain"]["landblocks"][0]["heights"] = std::vector<float>(81, 1.0f);
  s["terrain"]["landblocks"][0]["heights"][7] = true;
  EXPECT_EQ(error_of(s), "s.json: /terrain/landblocks/0/heights/7: must be a number, got true");
}

TEST(SceneErrors, TerrainTypeOutOfRange) {
  json s = valid_scene();
  s["terrain"]["landblocks"][0]["terrain_types"] = std::vector<int>(81, 0);
  s["terrain"]["landblocks"][0]["terrain_types"][5] = 32;
  EXPECT_EQ(error_of(s),
            "s.json: /terrain/landblocks/0/terrain_types/5: must be an integer 0..31, got 32");
}

TEST(SceneErrors, TerrainTypeNotAnInteger) {
  json s = valid_scene();
  s["terrain"]["landblocks"][0]["terrain_types"] = std::vector<int>(81, 0);
  s["terrain"]["landblocks"][0]["terrain_types"][80] = 1.5;
  EXPECT_EQ(error_of(s),
            "s.json: /terrain/landblocks/0/terrain_types/80: must be an integer 0..31, got 1.5");
}

TEST(SceneErrors, LandblockOutsideTheWorld) {
  json s = valid_scene();
  s["terrain"]["landblocks"][0]["x"] = 255;
  EXPECT_EQ(error_of(s), "s.json: /terrain/landblocks/0/x: must be an integer 0..254, got 255");
}

TEST(SceneErrors, BothHeightsAndFlat) {
  json s = valid_scene();
  s["terrain"]["landblocks"][0]["heights"] = std::vector<float>(81, 1.0f);
  EXPECT_EQ(error_of(s),
            "s.json: /terrain/landblocks/0: give either \"heights\" or \"flat\", not both");
}

TEST(SceneErrors, NeitherHeightsNorFlat) {
  json s = valid_scene();
  s["terrain"]["landblocks"][0].erase("flat");
  EXPECT_EQ(error_of(s), "s.json: /terrain/landblocks/0: needs \"heights\" or \"flat\"");
}

TEST(SceneErrors, OverlappingLandblocks) {
  json s = valid_scene();
  s["terrain"]["landblocks"].push_back({{"x", 169}, {"y", 180}, {"flat", 3}});
  EXPECT_EQ(error_of(s),
            "s.json: /terrain/landblocks/1: landblock (169, 180) is already given at "
            "/terrain/landblocks/0");
}

TEST(SceneErrors, PolygonIndexOutOfRange) {
  json s = valid_scene();
  s["cells"][0]["mesh"]["polygons"][1][2] = 8;
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/mesh/polygons/1/2: polygon names vertex index 8, but the mesh has 8 "
            "vertices, got [4, 7, 8, 5]");
}

TEST(SceneErrors, NegativePolygonIndex) {
  json s = valid_scene();
  s["cells"][0]["mesh"]["polygons"][0][0] = -1;
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/mesh/polygons/0/0: must be an integer 0..4294967295, got -1");
}

TEST(SceneErrors, PolygonWithTwoVertices) {
  json s = valid_scene();
  s["cells"][0]["mesh"]["polygons"][0] = {0, 1};
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/mesh/polygons/0: polygon needs at least 3 vertices, got [0, 1]");
}

TEST(SceneErrors, NonPlanarPolygon) {
  json s = valid_scene();
  s["cells"][0]["mesh"]["vertices"][2] = {4, 4, 0.01};
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/mesh/polygons/0: polygon is not planar: vertex 0 is 2.5 mm off its "
            "plane (limit 1 mm), got [0, 1, 2, 3]");
}

TEST(SceneErrors, DegeneratePolygon) {
  json s = valid_scene();
  s["objects"][0]["shapes"][0] = {
      {"type", "mesh"}, {"vertices", {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}}, {"polygons", {{0, 1, 2}}}};
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/shapes/0/polygons/0: polygon is degenerate: its vertices are "
            "collinear, got [0, 1, 2]");
}

TEST(SceneErrors, NonConvexPolygon) {
  json s = valid_scene();
  s["objects"][0]["shapes"][0] = {{"type", "mesh"},
                                  {"vertices", {{0, 0, 0}, {4, 0, 0}, {1, 1, 0}, {0, 4, 0}}},
                                  {"polygons", {{0, 1, 2, 3}}}};
  const std::string message = error_of(s);
  EXPECT_EQ(message.rfind("s.json: /objects/0/shapes/0/polygons/0: polygon is not convex", 0), 0u)
      << message;
}

TEST(SceneErrors, MeshWithoutPolygons) {
  json s = valid_scene();
  s["cells"][0]["mesh"]["polygons"] = json::array();
  s["cells"][0].erase("portals");
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/mesh/polygons: a mesh needs at least one polygon, got []");
}

TEST(SceneErrors, PortalPolygonOutOfRange) {
  json s = valid_scene();
  s["cells"][0]["portals"][0]["polygon"] = 6;
  EXPECT_EQ(error_of(s), "s.json: /cells/0/portals/0/polygon: must be a polygon index 0..5, got 6");
}

TEST(SceneErrors, PortalToUnknownCell) {
  json s = valid_scene();
  s["cells"][0]["portals"][0]["to"] = "0xA9B40105";
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/portals/0/to: must be a cell of the scene or \"outside\", got "
            "0xA9B40105");
}

TEST(SceneErrors, PortalToAWord) {
  json s = valid_scene();
  s["cells"][0]["portals"][0]["to"] = "inside";
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/portals/0/to: must be a cell id like \"0xA9B40100\" or \"outside\", "
            "got \"inside\"");
}

TEST(SceneErrors, CellIdNotIndoor) {
  json s = valid_scene();
  s["cells"][0]["id"] = "0xA9B40012";
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/id: must be an indoor cell id 0xXXYYCCCC with XX and YY 0..254 and "
            "CCCC 0x0100..0xFFFD, got 0xA9B40012");
}

TEST(SceneErrors, CellIdNotHex) {
  json s = valid_scene();
  s["cells"][0]["id"] = "0xA9B4010G";
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/id: must be a hex id string like \"0xA9B40100\" or an integer, got "
            "\"0xA9B4010G\"");
}

TEST(SceneErrors, DuplicateCellIds) {
  json s = valid_scene();
  s["cells"].push_back(s["cells"][0]);
  s["cells"][1]["id"] = 0xA9B40100u;  // the same id written as a number
  EXPECT_EQ(error_of(s), "s.json: /cells/1/id: cell id already used by /cells/0, got 0xA9B40100");
}

TEST(SceneErrors, CellOutsideTheSceneLandblocks) {
  json s = valid_scene();
  s["cells"][0]["id"] = "0xAAB40100";
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/id: lies in landblock (170, 180), which is not in the scene, got "
            "0xAAB40100");
}

TEST(SceneErrors, DuplicateObjectIds) {
  json s = valid_scene();
  s["objects"].push_back(s["objects"][0]);
  s["objects"][1]["id"] = "0x00001B59";  // 7001
  EXPECT_EQ(error_of(s), "s.json: /objects/1/id: object id already used by /objects/0, got 7001");
}

TEST(SceneErrors, DuplicateCharacterNames) {
  json s = valid_scene();
  s["characters"].push_back(s["characters"][0]);
  EXPECT_EQ(error_of(s),
            "s.json: /characters/1/name: character name already used by /characters/0, got "
            "\"player\"");
}

TEST(SceneErrors, MalformedPositionCellId) {
  json s = valid_scene();
  s["objects"][0]["position"]["cell"] = "0xA9B40050";
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/position/cell: must be a cell id 0xXXYYCCCC with XX and YY 0..254 "
            "and CCCC an outdoor cell 0x0001..0x0040 or an indoor cell 0x0100..0xFFFD, got "
            "0xA9B40050");
}

TEST(SceneErrors, PositionInAnUnknownIndoorCell) {
  json s = valid_scene();
  s["objects"][0]["position"]["cell"] = "0xA9B40101";
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/position/cell: names no cell of the scene, got 0xA9B40101");
}

TEST(SceneErrors, GlobalPositionOutsideTheSceneLandblocks) {
  json s = valid_scene();
  s["characters"][0]["position"]["global"] = {100.0, 200.0, 0.0};
  EXPECT_EQ(error_of(s),
            "s.json: /characters/0/position/global: lies in landblock (0, 1), which is not in the "
            "scene, got [100, 200, 0]");
}

TEST(SceneErrors, PositionWithBothStyles) {
  json s = valid_scene();
  s["objects"][0]["position"]["global"] = {1, 2, 3};
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/position: give either \"cell\" and \"local\" or \"global\", not "
            "both");
}

TEST(SceneErrors, OrientationInsideAndBesideThePosition) {
  json s = valid_scene();
  s["objects"][0]["position"]["heading"] = 10;
  s["objects"][0]["rotation"] = {1, 0, 0, 0};
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/rotation: the orientation is given both here and inside "
            "\"position\"");
}

TEST(SceneErrors, HeadingAndRotationTogether) {
  json s = valid_scene();
  s["cells"][0]["heading"] = 10;
  s["cells"][0]["rotation"] = {1, 0, 0, 0};
  EXPECT_EQ(error_of(s),
            "s.json: /cells/0/rotation: give either \"heading\" or \"rotation\", not both");
}

TEST(SceneErrors, ZeroQuaternion) {
  json s = valid_scene();
  s["characters"][0]["rotation"] = {0, 0, 0, 0};
  EXPECT_EQ(error_of(s),
            "s.json: /characters/0/rotation: must be a non-zero quaternion [w, x, y, z], got [0, "
            "0, 0, 0]");
}

TEST(SceneErrors, UnknownFlag) {
  json s = valid_scene();
  s["objects"][0]["flags"] = {"static", "flying"};
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/flags/1: unknown flag (known: ethereal, static, creature, player, "
            "pk, impenetrable, ignore_creatures, missile, edge_slide, gravity, perfect_clip, "
            "path_clipped, free_rotate, viewer, ignore_collisions), got \"flying\"");
}

TEST(SceneErrors, UnknownMover) {
  json s = valid_scene();
  s["characters"][0]["mover"] = "doom";
  EXPECT_EQ(error_of(s),
            "s.json: /characters/0/mover: must be \"ac\", \"quake\" or \"tribes\", got \"doom\"");
}

TEST(SceneErrors, UnknownShapeType) {
  json s = valid_scene();
  s["objects"][0]["shapes"][0]["type"] = "box";
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/shapes/0/type: must be \"sphere\", \"cylsphere\" or \"mesh\", got "
            "\"box\"");
}

TEST(SceneErrors, BothMeshAndObj) {
  json s = valid_scene();
  s["cells"][0]["obj"] = "rooms/hall.obj";
  EXPECT_EQ(error_of(s), "s.json: /cells/0: give either \"mesh\" or \"obj\", not both");
}

TEST(SceneErrors, ShapeWithBothInlineMeshAndObj) {
  json s = valid_scene();
  s["objects"][0]["shapes"][0] = {
      {"type", "mesh"}, {"obj", "props/wall.obj"}, {"polygons", json::array()}};
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/shapes/0: give either \"vertices\" and \"polygons\" or \"obj\", "
            "not both");
}

TEST(SceneErrors, ObjectWithoutShapes) {
  json s = valid_scene();
  s["objects"][0]["shapes"] = json::array();
  EXPECT_EQ(error_of(s), "s.json: /objects/0/shapes: an object needs at least one shape, got []");
}

TEST(SceneErrors, CharacterWithoutSpheres) {
  json s = valid_scene();
  s["characters"][0]["spheres"] = json::array();
  EXPECT_EQ(error_of(s),
            "s.json: /characters/0/spheres: a character needs 1 or 2 spheres (foot sphere first), "
            "got 0 spheres");
}

TEST(SceneErrors, CharacterWithThreeSpheres) {
  json s = valid_scene();
  const json sphere = {{"center", {0, 0, 0.5}}, {"radius", 0.5}};
  s["characters"][0]["spheres"] = {sphere, sphere, sphere};
  EXPECT_EQ(error_of(s),
            "s.json: /characters/0/spheres: a character needs 1 or 2 spheres (foot sphere first), "
            "got 3 spheres");
}

TEST(SceneErrors, QuakeBoxMinsNotBelowMaxs) {
  json s = valid_scene();
  s["characters"][0]["quake"]["mins"] = {-0.4, 0.4, 0};
  EXPECT_EQ(error_of(s),
            "s.json: /characters/0/quake/mins: must be below \"maxs\" on every axis, got [-0.4, "
            "0.4, 0] with maxs [0.4, 0.4, 1.8]");
}

TEST(SceneErrors, TribesBoxHasNoStepSize) {
  json s = valid_scene();
  s["characters"][0]["tribes"] = {{"step_size", 0.3}};
  EXPECT_EQ(error_of(s),
            "s.json: /characters/0/tribes/step_size: unknown field \"step_size\" (allowed here: "
            "mins, maxs)");
}

TEST(SceneErrors, BuildingPortalLeadingOutside) {
  json s = valid_scene();
  s["objects"][0]["shapes"][0] = {
      {"type", "mesh"}, {"vertices", {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}}}, {"polygons", {{0, 1, 2}}}};
  s["objects"][0]["building"] = {{"portals", {{{"polygon", 0}, {"to", "outside"}}}}};
  EXPECT_EQ(error_of(s),
            "s.json: /objects/0/building/portals/0/to: a building portal must lead to a cell, got "
            "\"outside\"");
}

TEST(SceneErrors, NamesTheFileWhenReadFromDisk) {
  testing::TempDir dir;
  json s = valid_scene();
  s["objects"][0]["shapes"][0]["radius"] = -1;
  const auto file = dir.write("scene.json", s.dump());
  EXPECT_EQ(input_error_of([&] { read_scene_file(file); }),
            file.string() + ": /objects/0/shapes/0/radius: must be a positive number, got -1");
}

TEST(SceneErrors, MissingSceneFile) {
  testing::TempDir dir;
  EXPECT_EQ(input_error_of([&] { read_scene_file(dir.path() / "none.json"); }),
            (dir.path() / "none.json").string() + ": cannot read file: no such file");
}

TEST(SceneErrors, DeepNestingIsRejectedWithoutCrashing) {
  json s = valid_scene();
  std::string text = s.dump();
  const std::string nested = std::string(100000, '[') + std::string(100000, ']');
  const std::string from = "\"radius\":0.8";
  text.replace(text.find(from), from.size(), "\"radius\":" + nested);
  EXPECT_EQ(error_of_text(text),
            "s.json: /objects/0/shapes/0/radius: must be a number, got [[[...]]]");
}

// Random edits of the full example: an InputError or a scene, never a crash
// or another exception.
TEST(SceneErrors, RandomEditsNeverCrash) {
  std::ifstream in(format_data_dir() / "full_scene.json");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string base = buffer.str();
  ASSERT_GT(base.size(), 1000u);
  const std::string alphabet = "{}[]\",:0123456789-+.eE xtrufalsn";
  std::mt19937 rng(2024);
  int rejected = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text = base;
    const int edits = 1 + trial % 4;
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng() % text.size();
      const char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 3) {
        case 0:
          text[at] = c;
          break;
        case 1:
          text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        default:
          text.erase(at, 1 + rng() % 8);
          break;
      }
    }
    try {
      parse_scene(text, format_data_dir(), "fuzz.json");
    } catch (const InputError& e) {
      ++rejected;
      ASSERT_EQ(std::string(e.what()).rfind("fuzz.json: ", 0), 0u) << e.what();
    }
  }
  EXPECT_GT(rejected, 2000);
}

}  // namespace
}  // namespace transit
