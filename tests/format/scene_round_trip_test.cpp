#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "transit/format/scene_reader.hpp"
#include "format/scene_validation.hpp"
#include "transit/format/scene_writer.hpp"
#include "format_test_util.hpp"

namespace transit {
namespace {

using testing::format_data_dir;
using testing::TempDir;

SceneDesc read_full_scene() {
  return read_scene_file(format_data_dir() / "full_scene.json");
}

TEST(SceneReader, ReadsEveryFieldOfTheFullExample) {
  const SceneDesc scene = read_full_scene();
  ASSERT_EQ(scene.landblocks.size(), 2u);
  const LandblockDesc& lb = scene.landblocks[0];
  EXPECT_EQ(lb.x, 169);
  EXPECT_EQ(lb.y, 180);
  ASSERT_TRUE(lb.heights.has_value());
  EXPECT_FALSE(lb.flat.has_value());
  // index = vx * 9 + vy: vertex (1, 2) is 10 + 0.25 + 1.0, no bump (1 * 2 % 3 != 0).
  EXPECT_EQ((*lb.heights)[1 * 9 + 2], 11.25f);
  ASSERT_TRUE(lb.terrain_types.has_value());
  EXPECT_EQ((*lb.terrain_types)[40], 31);
  EXPECT_EQ((*lb.terrain_types)[1 * 9 + 2], 3);
  EXPECT_EQ(scene.landblocks[1].flat, 12.5f);
  EXPECT_FALSE(scene.landblocks[1].terrain_types.has_value());

  ASSERT_EQ(scene.cells.size(), 2u);
  const CellDesc& hall = scene.cells[0];
  EXPECT_EQ(hall.id, 0xA9B40100u);
  EXPECT_EQ(hall.origin, Vec3(96.5f, 100.25f, 12.0f));
  EXPECT_EQ(hall.orientation.heading_deg, 90.0f);
  EXPECT_EQ(hall.mesh.vertices.size(), 8u);
  EXPECT_EQ(hall.mesh.polygons[1], (std::vector<std::uint32_t>{4, 7, 6, 5}));
  ASSERT_EQ(hall.portals.size(), 2u);
  EXPECT_FALSE(hall.portals[0].to.has_value());  // "outside"
  EXPECT_EQ(hall.portals[1].to, 0xA9B40101u);
  EXPECT_TRUE(hall.seen_outside);
  const CellDesc& room = scene.cells[1];
  EXPECT_EQ(room.id, 0xA9B40101u);  // written as a JSON number
  ASSERT_TRUE(room.orientation.rotation.has_value());
  EXPECT_EQ(room.orientation.rotation->w, 0.70710677f);
  EXPECT_EQ(room.mesh.obj, "rooms/hall.obj");
  EXPECT_EQ(room.mesh.polygons.size(), 6u);
  EXPECT_EQ(room.portals[0].to, 0xA9B40100u);  // lower-case hex
  EXPECT_FALSE(room.seen_outside);

  ASSERT_EQ(scene.objects.size(), 2u);
  const ObjectDesc& tree = scene.objects[0];
  EXPECT_EQ(tree.id, 7001u);
  EXPECT_EQ(tree.name, "tree");
  EXPECT_EQ(tree.position.cell, 0xA9B40012u);
  EXPECT_EQ(tree.position.local, Vec3(40.0f, 60.0f, 0.0f));
  EXPECT_EQ(tree.orientation.heading_deg, 30.0f);
  EXPECT_EQ(tree.scale, 1.5f);
  ASSERT_EQ(tree.shapes.size(), 4u);
  EXPECT_EQ(tree.shapes[0].type, ShapeDesc::Type::Sphere);
  EXPECT_EQ(tree.shapes[0].center, Vec3(0.0f, 0.0f, 1.0f));
  EXPECT_EQ(tree.shapes[0].radius, 0.8f);
  EXPECT_EQ(tree.shapes[1].type, ShapeDesc::Type::CylSphere);
  EXPECT_EQ(tree.shapes[1].height, 4.0f);
  EXPECT_EQ(tree.shapes[2].type, ShapeDesc::Type::Mesh);
  EXPECT_EQ(tree.shapes[2].mesh.polygons.size(), 1u);
  EXPECT_EQ(tree.shapes[3].mesh.obj, "props/wall.obj");
  EXPECT_EQ(tree.flags, (kFlagViewer << 1) - 1);  // all fourteen flags
  const ObjectDesc& house = scene.objects[1];
  EXPECT_EQ(house.id, 0x1B5Au);
  EXPECT_TRUE(house.position.is_global());
  EXPECT_TRUE(house.position.orientation.rotation.has_value());
  EXPECT_EQ(house.scale, 1.0f);
  ASSERT_TRUE(house.building_portals.has_value());
  EXPECT_EQ((*house.building_portals)[0].to, 0xA9B40100u);
  EXPECT_EQ(house.flags, kFlagStatic);

  ASSERT_EQ(scene.characters.size(), 2u);
  const CharacterDesc& player = scene.characters[0];
  EXPECT_EQ(player.name, "player");
  EXPECT_EQ(player.mover, MoverKind::Ac);
  EXPECT_EQ(player.jump_skill, 150.0f);
  ASSERT_TRUE(player.quake.has_value());
  EXPECT_EQ(player.quake->step_size, 0.45f);
  ASSERT_TRUE(player.tribes.has_value());
  EXPECT_EQ(player.tribes->maxs, Vec3(0.3f, 0.3f, 1.7f));
  EXPECT_FALSE(player.tribes->step_size.has_value());
  const CharacterDesc& guard = scene.characters[1];
  EXPECT_EQ(guard.mover, MoverKind::Quake);
  EXPECT_EQ(guard.position.orientation.heading_deg, 180.5f);
  EXPECT_EQ(guard.spheres.size(), 1u);
  EXPECT_EQ(guard.step_up_height, 0.0f);
  EXPECT_EQ(guard.flags, 0u);
  EXPECT_EQ(guard.run_skill, 200.0f);  // default
}

TEST(SceneReader, ReadWriteReadGivesAnEqualScene) {
  const SceneDesc first = read_full_scene();
  const std::string text = write_scene(first);
  const SceneDesc second = parse_scene(text, format_data_dir(), "written.json");
  EXPECT_EQ(second, first);
  EXPECT_EQ(write_scene(second), text);  // writing is stable
}

TEST(SceneWriter, WritesHexIdsAndObjPathsNotInlinedMeshes) {
  const std::string text = write_scene(read_full_scene());
  EXPECT_NE(text.find("\"id\": \"0xA9B40101\""), std::string::npos);
  EXPECT_NE(text.find("\"to\": \"0xA9B40100\""), std::string::npos);
  EXPECT_NE(text.find("\"obj\": \"rooms/hall.obj\""), std::string::npos);
  EXPECT_NE(text.find("\"obj\": \"props/wall.obj\""), std::string::npos);
  EXPECT_NE(text.find("\"to\": \"outside\""), std::string::npos);
  EXPECT_NE(text.find("\"radius\": 0.48"), std::string::npos);  // short float text
  EXPECT_EQ(text.find("0.4799999"), std::string::npos);
}

// A scene built in code with every field set, unlike any file: the writer must
// not drop anything the reader would default.
SceneDesc every_field_scene() {
  SceneDesc s;
  LandblockDesc lb;
  lb.x = 3;
  lb.y = 254;
  lb.heights.emplace();
  for (std::size_t i = 0; i < 81; ++i) (*lb.heights)[i] = 0.1f * static_cast<float>(i) - 3.3f;
  lb.terrain_types.emplace();
  for (std::size_t i = 0; i < 81; ++i) (*lb.terrain_types)[i] = static_cast<std::uint8_t>(i % 32);
  s.landblocks.push_back(lb);
  LandblockDesc flat;
  flat.x = 4;
  flat.y = 254;
  flat.flat = -1.0e-7f;
  s.landblocks.push_back(flat);

  CellDesc cell;
  cell.id = 0x03FE0123;
  cell.origin = Vec3(1.0f / 3.0f, 191.99998f, -7.1f);
  cell.orientation.rotation = Quat(0.5f, 0.5f, -0.5f, 0.5f);
  cell.mesh.vertices = {{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}, {0, 0, 2}};
  cell.mesh.polygons = {{0, 1, 2, 3}, {0, 1, 4}};
  cell.portals = {{1, std::nullopt}, {0, 0x03FE0124}};
  cell.seen_outside = true;
  s.cells.push_back(cell);
  CellDesc other = cell;
  other.id = 0x03FE0124;
  other.orientation = {};
  other.orientation.heading_deg = -45.125f;
  other.portals = {{0, 0x03FE0123}};
  other.seen_outside = false;
  s.cells.push_back(other);

  ObjectDesc o;
  o.id = 0xFFFFFFFF;
  o.name = "ünïcode \"quoted\" / name";
  o.position.cell = 0x04FE0040;
  o.position.local = {191.5f, 0.001f, 1e-3f};
  o.position.orientation.heading_deg = 359.9f;
  o.scale = 0.3f;
  ShapeDesc sphere;
  sphere.center = {0.1f, 0.2f, 0.3f};
  sphere.radius = 1e-4f;
  ShapeDesc cyl;
  cyl.type = ShapeDesc::Type::CylSphere;
  cyl.low_point = {-1, -2, -3};
  cyl.radius = 0.7f;
  cyl.height = 1.9f;
  ShapeDesc mesh;
  mesh.type = ShapeDesc::Type::Mesh;
  mesh.mesh.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}};
  mesh.mesh.polygons = {{0, 1, 2}};
  o.shapes = {sphere, cyl, mesh};
  o.building_portals = std::vector<PortalDesc>{{0, 0x03FE0123}};
  o.flags = kFlagPk | kFlagViewer;
  s.objects.push_back(o);

  CharacterDesc c;
  c.name = "c";
  c.position.global = {3.5f * 192.0f, 254.5f * 192.0f, -0.5f};
  c.orientation.rotation = Quat(1, 0, 0, 0);
  c.mover = MoverKind::Tribes;
  c.spheres = {{{0, 0, 0.25f}, 0.25f}};
  c.step_up_height = 0.0f;
  c.step_down_height = 3.0f;
  c.flags = kFlagGravity;
  c.run_skill = 0.0f;
  c.jump_skill = 1000.5f;
  c.turn_rate_deg = 60.0f;
  c.cycle_speeds = CycleSpeedsDesc{1.2f, 2.5f, 0.0f};
  c.quake = BoxMoverDesc{{-1, -1, -1}, {1, 1, 1}, 0.0f};
  c.tribes = BoxMoverDesc{{-0.5f, -0.5f, 0}, {0.5f, 0.5f, 2}, std::nullopt};
  s.characters.push_back(c);
  return s;
}

TEST(SceneWriter, WriteParseGivesBackASceneBuiltInCode) {
  const SceneDesc scene = every_field_scene();
  ASSERT_NO_THROW(validate_scene(scene, "code"));
  const SceneDesc back = parse_scene(write_scene(scene), ".", "written.json");
  EXPECT_EQ(back, scene);
}

TEST(SceneWriter, ObjMeshesRoundTripThroughTheirFiles) {
  TempDir dir;
  dir.write("meshes/tri.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
  SceneDesc scene = every_field_scene();
  scene.objects[0].shapes[2].mesh.obj = "meshes/tri.obj";
  scene.objects[0].shapes[2].mesh.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const std::string text = write_scene(scene);
  EXPECT_NE(text.find("\"obj\": \"meshes/tri.obj\""), std::string::npos);
  const std::filesystem::path file = dir.write("scene.json", text);
  EXPECT_EQ(read_scene_file(file), scene);
}

TEST(SceneWriter, EveryFloatReadsBackBitIdentically) {
  std::mt19937 rng(12345);
  std::uniform_int_distribution<std::uint32_t> bits;
  SceneDesc scene = every_field_scene();
  int tested = 0;
  while (tested < 20000) {
    const std::uint32_t b = bits(rng);
    float f;
    std::memcpy(&f, &b, sizeof f);
    if (!std::isfinite(f)) continue;
    (*scene.landblocks[0].heights)[static_cast<std::size_t>(tested % 81)] = f;
    ++tested;
    if (tested % 81 != 0) continue;
    const SceneDesc back = parse_scene(write_scene(scene), ".", "floats.json");
    const auto& want = *scene.landblocks[0].heights;
    const auto& got = *back.landblocks[0].heights;
    ASSERT_EQ(std::memcmp(want.data(), got.data(), sizeof(float) * 81), 0);
  }
}

}  // namespace
}  // namespace transit
