#include "transit/format/obj_reader.hpp"

#include <gtest/gtest.h>

#include "transit/format/scene_reader.hpp"
#include "format_test_util.hpp"

namespace transit {
namespace {

using testing::input_error_of;
using testing::TempDir;

TEST(ObjReader, KeepsQuadsAsPolygonsAndReadsPositionsOnly) {
  TempDir dir;
  const auto file = dir.write("quad.obj",
                              "# a quad and a triangle\n"
                              "v 0 0 0\nv 2 0 0\nv 2 3 0\nv 0 3 0\nv 1 1 5\n"
                              "vt 0.5 0.5\nvn 0 0 1\n"
                              "f 1/1/1 2/1/1 3/1/1 4/1/1\n"
                              "f 1//1 2//1 5//1\n");
  const MeshDesc mesh = read_obj_mesh(file);
  ASSERT_EQ(mesh.vertices.size(), 5u);
  EXPECT_EQ(mesh.vertices[2], Vec3(2.0f, 3.0f, 0.0f));
  ASSERT_EQ(mesh.polygons.size(), 2u);
  EXPECT_EQ(mesh.polygons[0], (std::vector<std::uint32_t>{0, 1, 2, 3}));  // not triangulated
  EXPECT_EQ(mesh.polygons[1], (std::vector<std::uint32_t>{0, 1, 4}));
  EXPECT_TRUE(mesh.obj.empty());
}

TEST(ObjReader, ResolvesNegativeIndicesAndJoinsGroups) {
  const MeshDesc mesh = parse_obj_mesh(
      "o a\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\n"
      "o b\nv 5 5 5\nv 6 5 5\nv 5 6 5\nf -3 -2 -1\n",
      "groups.obj");
  ASSERT_EQ(mesh.polygons.size(), 2u);
  EXPECT_EQ(mesh.polygons[0], (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_EQ(mesh.polygons[1], (std::vector<std::uint32_t>{3, 4, 5}));
}

TEST(ObjReader, AFileWithoutFacesIsAnError) {
  EXPECT_EQ(input_error_of([] { parse_obj_mesh("v 0 0 0\nv 1 0 0\nv 0 1 0\n", "empty.obj"); }),
            "empty.obj: the OBJ file has no faces");
}

TEST(ObjReader, AFaceNamingAMissingVertexIsAnError) {
  EXPECT_EQ(input_error_of([] { parse_obj_mesh("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n", "x.obj"); }),
            "x.obj: face 1 names vertex 9, but the file has 3 vertices");
}

TEST(ObjReader, AMissingFileIsNamed) {
  TempDir dir;
  const auto missing = dir.path() / "nope.obj";
  EXPECT_EQ(input_error_of([&] { read_obj_mesh(missing); }),
            missing.string() + ": cannot read file: no such file");
}

TEST(ObjReader, GarbageNeverCrashes) {
  const char* inputs[] = {"",
                          "f",
                          "f 0 0 0",
                          "v\nf 1 1 1",
                          "v 1e999 0 0\nv 0 0 0\nv 1 1 1\nf 1 2 3",
                          "f -100 -200 -300",
                          "v 0 0 0\nf 1 2",
                          "\x01\x02\xff",
                          "vvvv ffff"};
  for (const char* text : inputs) {
    try {
      parse_obj_mesh(text, "garbage.obj");
    } catch (const InputError&) {
    }
  }
}

TEST(ObjInScene, MissingObjFileNamesScenePathAndFile) {
  TempDir dir;
  const std::string scene =
      R"({"format": "transit-scene/1",
          "terrain": {"landblocks": [{"x": 1, "y": 1, "flat": 0}]},
          "cells": [{"id": "0x01010100", "obj": "rooms/missing.obj"}]})";
  EXPECT_EQ(input_error_of([&] { parse_scene(scene, dir.path(), "s.json"); }),
            "s.json: /cells/0/obj: " + (dir.path() / "rooms/missing.obj").string() +
                ": cannot read file: no such file");
}

TEST(ObjInScene, NonConvexObjFaceNamesTheFace) {
  TempDir dir;
  dir.write("bad.obj", "v 0 0 0\nv 4 0 0\nv 1 1 0\nv 0 4 0\nf 1 2 3\nf 1 2 3 4\n");
  const std::string scene =
      R"({"format": "transit-scene/1",
          "terrain": {"landblocks": [{"x": 1, "y": 1, "flat": 0}]},
          "objects": [{"id": 1, "position": {"cell": "0x01010001", "local": [1, 1, 0]},
                       "shapes": [{"type": "mesh", "obj": "bad.obj"}]}]})";
  const std::string message = input_error_of([&] { parse_scene(scene, dir.path(), "s.json"); });
  EXPECT_EQ(message.rfind("s.json: /objects/0/shapes/0/obj: bad.obj: polygon 1 (face 2 of the "
                          "file) is not convex",
                          0),
            0u)
      << message;
  EXPECT_NE(message.find("got [0, 1, 2, 3]"), std::string::npos) << message;
}

}  // namespace
}  // namespace transit
