// Baked worlds (issue 19): what `transit bake` writes loads back into the
// very world building gives (same trees bit for bit, same simulation), and a
// file that is not one, is cut short, corrupt, from another version or
// stale is refused with a message saying which.
#include <cmath>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "format/format_test_util.hpp"
#include "transit/format/baked_world.hpp"
#include "transit/format/scene_writer.hpp"
#include "transit/math/same_bits.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/sim/trajectory.hpp"
#include "transit/world/demo_world.hpp"
#include "support/tool_run.hpp"

namespace transit {
namespace {

using testing::input_error_of;
using testing::TempDir;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

void expect_same_tree(const BspTree& a, const BspTree& b) {
  ASSERT_EQ(a.polygons().size(), b.polygons().size());
  ASSERT_EQ(a.nodes().size(), b.nodes().size());
  EXPECT_EQ(a.leaf_refs(), b.leaf_refs());
  EXPECT_EQ(a.role(), b.role());
  EXPECT_EQ(a.solid_available(), b.solid_available());
  EXPECT_TRUE(same_bits(a.bounding_box().lo(), b.bounding_box().lo()) &&
              same_bits(a.bounding_box().hi(), b.bounding_box().hi()));
  EXPECT_EQ(a.stats().max_leaf_polygons, b.stats().max_leaf_polygons);
  for (std::size_t i = 0; i < a.polygons().size(); ++i) {
    const Polygon &p = a.polygons()[i], &q = b.polygons()[i];
    ASSERT_EQ(p.vertices().size(), q.vertices().size());
    for (std::size_t v = 0; v < p.vertices().size(); ++v) EXPECT_TRUE(same_bits(p.vertices()[v], q.vertices()[v]));
    EXPECT_TRUE(same_bits(p.plane().normal, q.plane().normal) && same_bits(p.plane().d, q.plane().d));
    EXPECT_EQ(p.sides(), q.sides());
    EXPECT_TRUE(same_bits(p.bound_radius(), q.bound_radius()));
  }
  for (std::size_t i = 0; i < a.nodes().size(); ++i) {
    const BspNode &m = a.nodes()[i], &n = b.nodes()[i];
    EXPECT_TRUE(same_bits(m.plane.normal, n.plane.normal) && same_bits(m.plane.d, n.plane.d));
    EXPECT_TRUE(same_bits(m.bounds, n.bounds));
    EXPECT_EQ(std::tie(m.pos, m.neg, m.first_ref, m.num_refs, m.solid),
              std::tie(n.pos, n.neg, n.first_ref, n.num_refs, n.solid));
  }
}

void expect_same_trees(const SceneTrees& a, const SceneTrees& b) {
  ASSERT_EQ(a.cells.size(), b.cells.size());
  for (std::size_t i = 0; i < a.cells.size(); ++i) {
    expect_same_tree(a.cells[i]->physics, b.cells[i]->physics);
    expect_same_tree(a.cells[i]->cell, b.cells[i]->cell);
  }
  ASSERT_EQ(a.object_meshes.size(), b.object_meshes.size());
  for (std::size_t i = 0; i < a.object_meshes.size(); ++i) {
    ASSERT_EQ(a.object_meshes[i].size(), b.object_meshes[i].size());
    for (std::size_t k = 0; k < a.object_meshes[i].size(); ++k)
      expect_same_tree(*a.object_meshes[i][k], *b.object_meshes[i][k]);
  }
  EXPECT_EQ(a.warnings, b.warnings);
}

// The demo tour's final samples, as a simulation over `world` gives them.
std::vector<TrajectorySample> tour_ends(World world, const SceneDesc& scene) {
  Simulation sim(std::move(world), scene, SimulationOptions{});
  const Trajectory t = run_script(sim, make_demo_script());
  std::vector<TrajectorySample> ends;
  for (const auto& track : t.characters) ends.push_back(track.samples.back());
  return ends;
}

TEST(BakedWorld, DemoWorldLoadsBackAsTheSameSceneTreesAndSimulation) {
  const TempDir dir;
  const SceneDesc demo = make_demo_world();
  std::vector<std::string> warnings;
  const World built = World::from_scene(demo, &warnings);
  const fs::path file = dir.path() / "demo.trbake";
  write_baked_world(file, demo, built.trees_of(demo, warnings));

  ASSERT_TRUE(is_baked_world_file(file));
  const BakedWorld baked = read_baked_world(file);
  EXPECT_EQ(baked.scene, demo);
  expect_same_trees(baked.trees, built.trees_of(demo, warnings));

  std::vector<std::string> loaded_warnings;
  const World loaded = World::from_scene(baked.scene, &loaded_warnings, &baked.trees);
  EXPECT_EQ(loaded_warnings, warnings);
  const auto a = tour_ends(World::from_scene(demo), demo);
  const auto b = tour_ends(World::from_scene(baked.scene, nullptr, &baked.trees), baked.scene);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_TRUE(same_bits(a[i].position.frame.origin, b[i].position.frame.origin)) << i;
    EXPECT_EQ(a[i].position.objcell_id, b[i].position.objcell_id) << i;
  }
}

// A large open mesh from an OBJ file (the spatial tree, its polygons kept as
// references to the mesh's) through bake_scene_file and read_scene_input.
TEST(BakedWorld, LargeObjMeshBakesAndLoadsWithItsTree) {
  const TempDir dir;
  std::string obj;
  constexpr int n = 160;  // 51,200 triangles: with the nodes, enough to be loaded on two threads
  for (int x = 0; x <= n; ++x)
    for (int y = 0; y <= n; ++y) obj += fmt::format("v {} {} {}\n", x * 0.5, y * 0.5, 0.3 * std::sin(x * 0.4) * std::cos(y * 0.3));
  for (int x = 0; x < n; ++x)
    for (int y = 0; y < n; ++y) {
      const int a = x * (n + 1) + y + 1, b = a + n + 1;
      obj += fmt::format("f {} {} {}\nf {} {} {}\n", a, b, b + 1, a, b + 1, a + 1);
    }
  dir.write("floor.obj", obj);
  const fs::path scene_file = dir.write("scene.json", R"({"format": "transit-scene/1",
    "terrain": {"landblocks": [{"x": 10, "y": 10, "flat": 0}]},
    "objects": [{"id": 7, "name": "floor", "position": {"global": [1930, 1930, 1]},
                 "flags": ["static"], "shapes": [{"type": "mesh", "obj": "floor.obj"}]}]})");
  const fs::path baked_file = dir.path() / "scene.trbake";
  const std::vector<std::string> warnings = bake_scene_file(scene_file, baked_file);
  ASSERT_EQ(warnings.size(), 1u);  // the open mesh
  EXPECT_THAT(warnings[0], HasSubstr("mesh is not closed"));

  const SceneInput from_scene = read_scene_input(scene_file);
  const SceneInput from_bake = read_scene_input(baked_file);
  EXPECT_FALSE(from_scene.trees.has_value());
  ASSERT_TRUE(from_bake.trees.has_value());
  EXPECT_EQ(from_bake.scene, from_scene.scene);
  EXPECT_EQ(from_bake.scene.objects[0].shapes[0].mesh.obj, "floor.obj");
  std::vector<std::string> w1, w2;
  const World a = from_scene.build_world(&w1);
  const World b = from_bake.build_world(&w2);
  EXPECT_EQ(w1, w2);
  expect_same_tree(*a.objects()[0].meshes[0], *b.objects()[0].meshes[0]);
  EXPECT_LE(b.objects()[0].meshes[0]->stats().max_leaf_polygons, 4);
}

// read_world_file builds a baked world without making the scene's polygon
// lists again: the same trees, warnings and simulation as the full read; a
// scene file through it is built as from_scene builds it; and a bad bake is
// refused with the same message.
TEST(BakedWorld, ReadWorldFileGivesTheWorldOfTheFullRead) {
  const TempDir dir;
  const SceneDesc demo = make_demo_world();
  const fs::path scene_file = dir.write("demo.json", write_scene(demo));
  const fs::path file = dir.path() / "demo.trbake";
  const std::vector<std::string> baked_warnings = bake_scene_file(scene_file, file);

  std::vector<std::string> full_warnings, fast_warnings, scene_warnings;
  const SceneInput full = read_scene_input(file);
  const World a = full.build_world(&full_warnings);
  const World b = read_world_file(file, &fast_warnings);
  const World c = read_world_file(scene_file, &scene_warnings);
  EXPECT_EQ(fast_warnings, full_warnings);
  EXPECT_EQ(scene_warnings, baked_warnings);
  expect_same_trees(b.trees_of(demo, fast_warnings), a.trees_of(demo, full_warnings));
  expect_same_trees(c.trees_of(demo, scene_warnings), a.trees_of(demo, full_warnings));
  const auto ends_a = tour_ends(World::from_scene(demo), demo);
  const auto ends_b = tour_ends(read_world_file(file), demo);
  ASSERT_EQ(ends_a.size(), ends_b.size());
  for (std::size_t i = 0; i < ends_a.size(); ++i)
    EXPECT_TRUE(same_bits(ends_a[i].position.frame.origin, ends_b[i].position.frame.origin)) << i;

  std::ifstream in(file, std::ios::binary);
  std::string bytes(std::istreambuf_iterator<char>(in), {});
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x10);
  const fs::path bad = dir.write("bad.trbake", bytes);
  EXPECT_THAT(input_error_of([&] { read_world_file(bad); }), HasSubstr("corrupt: the checksum does not match"));
}

struct BadBakes : ::testing::Test {
  TempDir dir;
  fs::path scene_file, file;
  std::string bytes;

  void SetUp() override {
    scene_file = dir.write("scene.json", write_scene(make_demo_world()));
    file = dir.path() / "demo.trbake";
    bake_scene_file(scene_file, file);
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::string error_reading(const std::string& content) {
    const fs::path bad = dir.write("bad.trbake", content);
    return input_error_of([&] { read_baked_world(bad); });
  }
};

TEST_F(BadBakes, NotABakedWorld) {
  EXPECT_THAT(error_reading("{\"format\": \"transit-scene/1\"}"), HasSubstr("bad.trbake: not a baked world"));
  EXPECT_THAT(error_reading(""), HasSubstr("not a baked world"));
  EXPECT_FALSE(is_baked_world_file(scene_file));
}

TEST_F(BadBakes, TruncatedOrAppendedTo) {
  EXPECT_THAT(error_reading(bytes.substr(0, bytes.size() - 100)),
              HasSubstr("corrupt: the header gives"));
  EXPECT_THAT(error_reading(bytes.substr(0, 40)), HasSubstr("not a baked world"));
  EXPECT_THAT(error_reading(bytes + "x"), HasSubstr("truncated or appended to"));
}

TEST_F(BadBakes, AnyChangedByteFailsTheChecksum) {
  for (std::size_t at : {std::size_t{64}, bytes.size() / 2, bytes.size() - 1}) {
    std::string changed = bytes;
    changed[at] = static_cast<char>(changed[at] ^ 0x10);
    EXPECT_THAT(error_reading(changed), HasSubstr("corrupt: the checksum does not match")) << at;
  }
}

TEST_F(BadBakes, AnotherVersionIsStale) {
  std::string other_version = bytes;
  other_version[16] = '9';  // the transit version field's first character
  EXPECT_THAT(error_reading(other_version), HasSubstr("stale: baked by transit 9"));
  std::string other_format = bytes;
  other_format[8] = 1;  // the bake format version: the first, before polygons kept their bounds
  EXPECT_THAT(error_reading(other_format), HasSubstr("(bake format 1), this is transit"));
}

TEST_F(BadBakes, AChangedSourceIsStaleAndAMissingOneIsNot) {
  std::ofstream(scene_file, std::ios::app) << "\n";
  EXPECT_THAT(input_error_of([&] { read_baked_world(file); }),
              HasSubstr("stale: " + fs::weakly_canonical(scene_file).string() + " has changed since it was baked"));
  fs::remove(scene_file);  // deployed without its sources: loads
  EXPECT_EQ(read_baked_world(file).scene, make_demo_world());
}

TEST(BakedWorld, TreesThatDoNotFitTheSceneAreRefused) {
  const SceneDesc demo = make_demo_world();
  const World built = World::from_scene(demo);
  SceneTrees trees = built.trees_of(demo, {});
  trees.object_meshes.pop_back();
  EXPECT_THAT(input_error_of([&] { World::from_scene(demo, nullptr, &trees); }),
              HasSubstr("do not fit the scene"));
}

TEST(BakedWorld, CommandLineBakesAndEveryCommandLoadsIt) {
  const TempDir dir;
  const fs::path scene = dir.write("scene.json", write_scene(make_demo_world()));
  const fs::path baked = dir.path() / "demo.trbake";
  const test::ToolRun bake = test::run_tool("bake " + scene.string() + " --out " + baked.string());
  ASSERT_EQ(bake.exit_code, 0) << bake.output;
  EXPECT_THAT(bake.output, HasSubstr("written"));
  const test::ToolRun inspect = test::run_tool("inspect " + baked.string());
  EXPECT_EQ(inspect.exit_code, 0) << inspect.output;
  EXPECT_THAT(inspect.output, HasSubstr("(baked)"));
  const test::ToolRun bad = test::run_tool("inspect " + scene.string() + ".missing");
  EXPECT_EQ(bad.exit_code, 1);
}

}  // namespace
}  // namespace transit
