// The replay page's data, checked against numbers worked out by hand: the
// origin, terrain triangles and their classes, an object's mesh and shapes,
// a trajectory's arrays and tables; base64 on RFC 4648's vectors; data that
// cannot close its <script> element.
#include <cstring>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "view/replay_data.hpp"
#include "view/replay_page.hpp"

namespace transit::view {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;

template <typename T>
std::vector<T> array_of(const ReplayData& d, const json& ref) {
  std::vector<T> out(ref["count"].get<std::size_t>());
  if (!out.empty()) std::memcpy(out.data(), d.blob.data() + ref["offset"].get<std::size_t>(), out.size() * sizeof(T));
  return out;
}

// Landblock 0xA9B4, flat at 10 m but for vertex (0, 0) raised to 40 m (the
// two triangles touching it too steep to walk), with water at every vertex
// of column 8; a 2 m box at local (100, 100) and a sphere object.
SceneDesc scene() {
  SceneDesc s;
  LandblockDesc b;
  b.x = 0xA9;
  b.y = 0xB4;
  b.heights.emplace();
  b.heights->fill(10.0f);
  (*b.heights)[0] = 40.0f;
  b.terrain_types.emplace();
  b.terrain_types->fill(0);
  for (int vy = 0; vy <= 8; ++vy) (*b.terrain_types)[8 * 9 + vy] = 0x14;
  s.landblocks.push_back(b);
  ObjectDesc box;
  box.id = 7;
  box.name = "box";
  box.position.cell = 0xA9B40025;
  box.position.local = Vec3(100.0f, 100.0f, 10.0f);
  box.flags = kFlagStatic;
  ShapeDesc mesh;
  mesh.type = ShapeDesc::Type::Mesh;
  mesh.mesh.vertices = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}, {-1, -1, 2}, {1, -1, 2}, {1, 1, 2}, {-1, 1, 2}};
  mesh.mesh.polygons = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
  box.shapes.push_back(mesh);
  s.objects.push_back(box);
  ObjectDesc ball;
  ball.id = 8;
  ball.name = "ball";
  ball.position.cell = 0xA9B40013;
  ball.position.local = Vec3(50.0f, 60.0f, 10.0f);
  ball.scale = 2.0f;
  ShapeDesc sphere;
  sphere.type = ShapeDesc::Type::Sphere;
  sphere.center = Vec3(0.0f, 0.0f, 1.0f);
  sphere.radius = 0.5f;
  ball.shapes.push_back(sphere);
  s.objects.push_back(ball);
  return s;
}

TEST(ReplayData, TerrainIsTwoTrianglesACellAroundTheLandblocksCentre) {
  const SceneDesc s = scene();
  const World world = World::from_scene(s);
  const ReplayData d = replay_data({"t", &world, &s, nullptr, nullptr});
  const json h = json::parse(d.header_json);
  EXPECT_EQ(h["format"], "transit-view/1");
  // Landblock (0xA9, 0xB4) spans x 32448..32640, y 34560..34752.
  EXPECT_EQ(h["origin"], json::array({32544.0, 34656.0, 0.0}));
  const auto tris = array_of<float>(d, h["world"]["terrain"]["triangles"]);
  const auto classes = array_of<std::uint8_t>(d, h["world"]["terrain"]["classes"]);
  ASSERT_EQ(classes.size(), 128u);
  ASSERT_EQ(tris.size(), 128u * 9);
  for (std::size_t i = 0; i < tris.size(); i += 3) {
    EXPECT_GE(tris[i], -96.0f);
    EXPECT_LE(tris[i], 96.0f);
    EXPECT_TRUE(tris[i + 2] == 10.0f || tris[i + 2] == 40.0f);
  }
  int steep = 0, water = 0;
  for (std::size_t t = 0; t < classes.size(); ++t) {
    if (classes[t] == 1) {
      ++steep;
      EXPECT_TRUE(tris[9 * t + 2] == 40.0f || tris[9 * t + 5] == 40.0f || tris[9 * t + 8] == 40.0f);
    }
    water += classes[t] == 2;
  }
  // The corner cell's two triangles: one or both touch the raised vertex,
  // by the cell's split direction; water needs all three corners on column 8, none has.
  EXPECT_GE(steep, 1);
  EXPECT_LE(steep, 2);
  EXPECT_EQ(water, 0);
}

TEST(ReplayData, WaterTrianglesHaveEveryCornerOnWater) {
  SceneDesc s = scene();
  for (int vy = 0; vy <= 8; ++vy) (*s.landblocks[0].terrain_types)[7 * 9 + vy] = 0x10;
  const World world = World::from_scene(s);
  const ReplayData d = replay_data({"t", &world, &s, nullptr, nullptr});
  const json h = json::parse(d.header_json);
  const auto classes = array_of<std::uint8_t>(d, h["world"]["terrain"]["classes"]);
  // Columns 7 and 8 of vertices are water: the eight cells between them, two triangles each.
  EXPECT_EQ(std::count(classes.begin(), classes.end(), 2), 16);
}

TEST(ReplayData, ObjectsComeAsTrianglesAndShapesInPageCoordinates) {
  const SceneDesc s = scene();
  const World world = World::from_scene(s);
  const ReplayData d = replay_data({"t", &world, &s, nullptr, nullptr});
  const json h = json::parse(d.header_json);
  ASSERT_EQ(h["world"]["objects"].size(), 2u);
  const json& box = h["world"]["objects"][0];
  EXPECT_EQ(box["name"], "box");
  EXPECT_EQ(box["kind"], "static");
  EXPECT_EQ(box["flags"], json::array({"static"}));
  const auto tris = array_of<float>(d, box["triangles"]);
  ASSERT_EQ(tris.size(), 12u * 9);  // six quads, two triangles each
  // Local (100, 100) is global (32548, 34660): (4, 4) from the origin.
  for (std::size_t i = 0; i < tris.size(); i += 3) {
    EXPECT_TRUE(tris[i] == 3.0f || tris[i] == 5.0f) << tris[i];
    EXPECT_TRUE(tris[i + 1] == 3.0f || tris[i + 1] == 5.0f);
    EXPECT_TRUE(tris[i + 2] == 10.0f || tris[i + 2] == 12.0f);
  }
  const json& ball = h["world"]["objects"][1];
  EXPECT_EQ(ball["kind"], "object");
  // Centre (0, 0, 1) scaled by 2 at local (50, 60, 10): global (32498, 34620, 12), radius 1.
  EXPECT_EQ(array_of<float>(d, ball["spheres"]), (std::vector<float>{-46.0f, -36.0f, 12.0f, 1.0f}));
}

TEST(ReplayData, ATrajectoryIsArraysAndTablesOfItsSamples) {
  SceneDesc s = scene();
  CharacterDesc c;
  c.name = "walker";
  c.position.cell = 0xA9B40001;
  c.position.local = Vec3(1.0f, 2.0f, 10.0f);
  s.characters.push_back(c);
  const World world = World::from_scene(s);
  Trajectory t;
  t.dt = 0.5;
  t.ticks = 2;
  CharacterTrack track{"walker", {}, {}, {}};
  ac::CellPlane ground{Plane{Vec3(0, 0, 1), -10.0f}, 0xA9B40001, false};
  for (int i = 0; i < 3; ++i) {
    TrajectorySample sample;
    sample.t = 0.5 * i;
    sample.position.objcell_id = 0xA9B40001;
    sample.position.frame.origin = Vec3(1.0f + i, 2.0f, 10.0f);
    sample.heading = 90.0f;
    sample.contact = sample.on_walkable = i != 1;
    if (i != 1) sample.contact_plane = ground;
    if (i == 2) sample.sliding_normal = Vec3(-1, 0, 0);
    sample.status = i == 2 ? MoveStatus::Slid : MoveStatus::Moved;
    add_sample(track, sample, t.dt);
  }
  add_event(track, SimEvent{1.0, 0, SimEventKind::Landed, 0});
  t.characters.push_back(track);
  const ReplayData d = replay_data({"t", &world, &s, &t, nullptr});
  const json h = json::parse(d.header_json);
  const json& j = h["trajectory"];
  EXPECT_EQ(j["samples"], 3);
  EXPECT_EQ(j["characters"][0]["name"], "walker");
  EXPECT_EQ(j["characters"][0]["spheres"].size(), 2u);
  EXPECT_EQ(array_of<float>(d, j["local"]), (std::vector<float>{1, 2, 10, 2, 2, 10, 3, 2, 10}));
  EXPECT_EQ(array_of<std::uint32_t>(d, j["cell"]), (std::vector<std::uint32_t>(3, 0xA9B40001)));
  EXPECT_EQ(array_of<std::uint8_t>(d, j["flags"]), (std::vector<std::uint8_t>{3, 0, 3}));
  // The ground plane once, referred to by index + 1; no plane in the air.
  EXPECT_EQ(array_of<std::uint32_t>(d, j["plane"]), (std::vector<std::uint32_t>{1, 0, 1}));
  EXPECT_EQ(array_of<float>(d, j["planes"]), (std::vector<float>{0, 0, 1, -10}));
  EXPECT_EQ(array_of<std::uint32_t>(d, j["plane_cells"]), (std::vector<std::uint32_t>{0xA9B40001}));
  EXPECT_EQ(array_of<std::uint32_t>(d, j["sliding"]), (std::vector<std::uint32_t>{0, 0, 1}));
  EXPECT_EQ(array_of<float>(d, j["normals"]), (std::vector<float>{-1, 0, 0}));
  const auto status = array_of<std::uint8_t>(d, j["status"]);
  EXPECT_EQ(j["status_names"][status[2]], "slid");
  ASSERT_EQ(j["events"].size(), 1u);
  EXPECT_EQ(j["events"][0]["tick"], 2);
  EXPECT_EQ(j["events"][0]["event"], "landed");
}

TEST(ReplayPage, Base64GivesRfc4648sVectors) {
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64(std::string("\xff\xfe\x00", 3)), "//4A");
}

TEST(ReplayPage, DataCannotCloseItsScriptElement) {
  if (!replay_page_available()) {
    EXPECT_THROW(replay_page(ReplayData{"{}", ""}), std::runtime_error);
    GTEST_SKIP() << replay_page_missing_help();
  }
  const std::string page = replay_page(ReplayData{R"({"title":"a</script><b>"})", "foo"});
  EXPECT_THAT(page, HasSubstr(R"({"title":"a<\/script><b>"})"));
  EXPECT_THAT(page, Not(HasSubstr("a</script>")));
  EXPECT_THAT(page, HasSubstr(">Zm9v</script>"));
  EXPECT_THAT(page, Not(HasSubstr("<!--TRANSIT_DATA-->")));
  EXPECT_THAT(page, HasSubstr("<!doctype html>"));
}

}  // namespace
}  // namespace transit::view
