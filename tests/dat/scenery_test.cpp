// Retail's scenery: the Scene file against bytes worked out by hand, the
// Region read past its time, sky and sound to the scenery tables, the
// pseudo-random placement of one vertex against numbers worked out by hand,
// every reason retail leaves an object out, and a runner stopped by a tree
// that retail grows on a synthetic landblock.
#include "transit/world/retail_scenery.hpp"

#include <cmath>
#include <cstring>
#include <map>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dat/data_dir.hpp"
#include "dat/dat_writer.hpp"
#include "transit/sim/character.hpp"
#include "transit/world/retail_world.hpp"
#include "transit/world/scenery_rules.hpp"

namespace transit::dat {
namespace {

using ::testing::HasSubstr;
using transit::testing::input_error_of;

void put32(std::string& b, std::uint32_t v) { b.append(reinterpret_cast<const char*>(&v), 4); }
void putf(std::string& b, float v) { b.append(reinterpret_cast<const char*>(&v), 4); }

// Scene 0x12000007 of one object, byte by byte as retail's Scene::UnPack
// and ObjectDesc::UnPack read it: id, object count, then the object's
// model id, base frame (origin x y z, quaternion w x y z), frequency,
// displacement x and y, minimum and maximum scale, maximum rotation,
// minimum and maximum slope, align, orient and weenie flag: 4 + 4 + 76
// bytes.
std::string hand_made_scene() {
  std::string b;
  put32(b, 0x12000007);
  put32(b, 1);
  put32(b, 0x01000C01);
  for (float v : {1.5f, -2.0f, 0.25f, 1.0f, 0.0f, 0.0f, 0.0f}) putf(b, v);
  for (float v : {0.35f, 6.0f, 5.0f, 0.8f, 1.25f, 360.0f, 0.7f, 1.0f}) putf(b, v);
  put32(b, 1);
  put32(b, 0);
  put32(b, 0);
  return b;
}

TEST(SceneFile, ReadsTheHandMadeBytes) {
  const std::string bytes = hand_made_scene();
  ASSERT_EQ(bytes.size(), 84u);
  const SceneFile scene = parse_scene_file(bytes, "scene");
  EXPECT_EQ(scene.id, 0x12000007u);
  ASSERT_EQ(scene.objects.size(), 1u);
  const SceneObject& o = scene.objects[0];
  EXPECT_EQ(o.model, 0x01000C01u);
  EXPECT_EQ(o.base.origin, Vec3(1.5f, -2.0f, 0.25f));
  EXPECT_EQ(o.base.orientation.w, 1.0f);
  EXPECT_EQ(o.frequency, 0.35f);
  EXPECT_EQ(o.displace_x, 6.0f);
  EXPECT_EQ(o.displace_y, 5.0f);
  EXPECT_EQ(o.min_scale, 0.8f);
  EXPECT_EQ(o.max_scale, 1.25f);
  EXPECT_EQ(o.max_rotation, 360.0f);
  EXPECT_EQ(o.min_slope, 0.7f);
  EXPECT_EQ(o.max_slope, 1.0f);
  EXPECT_EQ(o.align, 1u);
  EXPECT_EQ(o.weenie, 0u);
  // The test writer lays it out the same, byte for byte.
  EXPECT_TRUE(testing::scene_bytes(scene) == bytes);
}

TEST(SceneFile, DamageIsNamed) {
  std::string bytes = hand_made_scene();
  EXPECT_THAT(input_error_of([&] { parse_scene_file(bytes.substr(0, 60), "file 0x12000007 (Scene)"); }),
              HasSubstr("file 0x12000007 (Scene): at byte 8: object count 1 would need 76 bytes, 52 are left"));
  EXPECT_THAT(input_error_of([&] { parse_scene_file(bytes.substr(0, 6), "scene"); }),
              HasSubstr("at byte 4: a field of 4 bytes runs past the end (6 bytes)"));
  std::string many = bytes;
  std::uint32_t count = 1000;
  std::memcpy(&many[4], &count, 4);
  EXPECT_THAT(input_error_of([&] { parse_scene_file(many, "scene"); }),
              HasSubstr("object count 1000 would need 76000 bytes, 76 are left"));
  std::string nan = bytes;
  const float bad = std::nanf("");
  std::memcpy(&nan[40], &bad, 4);  // the frequency, after the model and the frame
  EXPECT_THAT(input_error_of([&] { parse_scene_file(nan, "scene"); }), HasSubstr("an object's frequency is not finite"));
  EXPECT_THAT(input_error_of([&] { parse_scene_file(testing::region_bytes(testing::retail_like_land_defs()), "x"); }),
              HasSubstr("id 0x13000000 is not a Scene's (0x12......)"));
}

TEST(Region, ReadsPastTimeSkyAndSoundToTheSceneryTables) {
  const RegionScenery scenery = testing::synthetic_scenery();
  const std::string bytes = testing::region_bytes(testing::retail_like_land_defs(), scenery);
  const Region region = parse_region(bytes, "region");
  EXPECT_EQ(region.land_defs.region_name, "Dereth");
  EXPECT_EQ(region.land_defs.land_height_table[255], 510.0f);
  EXPECT_EQ(region.parts_mask, 0x13u);
  EXPECT_EQ(region.scenery.scene_types, scenery.scene_types);
  EXPECT_EQ(region.scenery.terrain_scene_types, scenery.terrain_scene_types);
  EXPECT_EQ(region.scenery.scenes(0, 1), (std::vector<std::uint32_t>{0x12000001, 0x12000002}));
  EXPECT_TRUE(region.scenery.scenes(1, 0).empty());
  EXPECT_TRUE(region.scenery.scenes(0, 2).empty());   // no such slot
  EXPECT_TRUE(region.scenery.scenes(17, 0).empty());  // no such terrain type
  // The land definitions alone read the same from it.
  EXPECT_EQ(parse_land_defs(bytes, "region").land_height_table, region.land_defs.land_height_table);

  RegionScenery bad = scenery;
  bad.terrain_scene_types[1] = {0, 7};
  EXPECT_THAT(input_error_of([&] {
                parse_region(testing::region_bytes(testing::retail_like_land_defs(), bad), "file 0x13000000 (Region)");
              }),
              HasSubstr("file 0x13000000 (Region): at byte"));
  EXPECT_THAT(input_error_of([&] { parse_region(testing::region_bytes(testing::retail_like_land_defs(), bad), "r"); }),
              HasSubstr("terrain type 1's scene slot 1 names scene type 7, and there are 2"));
  EXPECT_THAT(input_error_of([&] { parse_region(bytes.substr(0, bytes.size() - 30), "region"); }),
              HasSubstr("runs past the end"));
}

}  // namespace
}  // namespace transit::dat

namespace transit {
namespace {

using ::testing::HasSubstr;
using transit::testing::input_error_of;

// Landblock 0x0101's vertex (2, 6): global vertex (gx, gy) = (10, 14).
// Worked by hand in wrapping 32-bit arithmetic (2^32 = 4294967296):
//   scene:  712977289 * 10 + 1813693831 = 8943466721 -> 353532129;
//           353532129 * 14 - 1109124029 * 10 + 2139937281 = -4001853203
//           -> 293114093; 293114093 / 2^32 = 0.06825, times 2 scenes: 0.
//   noise of object k: 1813693831 gy - 1109124029 gx
//           - (23399 + k)(1360117743 gx gy + 1888038839) -> 2041997811
//           for k = 0: 0.47544, under the tree's frequency 0.9.
//   offset: the same form with 45773 and 72719 for 23399 gives
//           1575272017 (0.366772) and 3290231739 (0.766067): x = 0.366772
//           * 4 = 1.467086, y = 0.766067 * 4 = 3.064267; the quarter-turn
//           number 1813693831 gy - gx (1870387557 gy + 1109124029)
//           - 402451965 -> 1151866567 (0.268190) is in [0.25, 0.5): the
//           offset turns to (-y, x) = (-3.064267, 1.467086), and the tree
//           stands at (48 - 3.064267, 144 + 1.467086) = (44.935734, 145.467087).
//   heading: 63127 gives 2899078371 (0.674994), times 360: 242.9979 degrees.
//   scale:  32593 gives 3316034341 (0.772074): 0.8 * (1.25 / 0.8)^0.772074
//           = 0.8 * 1.411378 = 1.129103.
TEST(SceneryRules, OneVertexWorkedByHand) {
  const dat::SceneFile grove = dat::testing::grove_scene();
  const dat::SceneObject& tree = grove.objects[0];
  EXPECT_EQ(scene_choice(10, 14, 2), 0u);
  EXPECT_EQ(scene_choice(11, 13, 2), 1u);  // vertex (3, 5): 3804195396 / 2^32 = 0.8857
  EXPECT_EQ(scene_choice(11, 13, 1), 0u);
  EXPECT_TRUE(scenery_object_chosen(10, 14, 0, 0.9f));
  EXPECT_TRUE(scenery_object_chosen(10, 14, 0, 0.4755f));
  EXPECT_FALSE(scenery_object_chosen(10, 14, 0, 0.4754f));
  const Vec3 offset = scenery_offset(tree, 10, 14, 0);
  EXPECT_NEAR(offset.x, -3.064267f, 2e-6f);
  EXPECT_NEAR(offset.y, 1.467086f, 2e-6f);
  EXPECT_EQ(offset.z, 0.0f);
  EXPECT_NEAR(scenery_heading(tree, 10, 14, 0), 242.9979f, 1e-3f);
  EXPECT_NEAR(scenery_scale(tree, 10, 14, 0), 1.129103f, 2e-6f);
  // The rock, object 3: no displacement, its base offset (3, 0) turned the
  // same quarter to (0, 3); no rotation, one scale.
  const dat::SceneObject& rock = grove.objects[3];
  EXPECT_EQ(scenery_offset(rock, 10, 14, 3), Vec3(-0.0f, 3.0f, 0.0f));
  EXPECT_EQ(scenery_heading(rock, 10, 14, 3), 0.0f);
  EXPECT_EQ(scenery_scale(rock, 10, 14, 3), 1.0f);
}

TEST(SceneryRules, HeadingsTurnAboutZFromNorthTowardsEast) {
  const Quat east = with_heading(Quat(1, 0, 0, 0), 90.0f);
  const Vec3 forward = east * Vec3(0.0f, 1.0f, 0.0f);
  EXPECT_NEAR(forward.x, 1.0f, 1e-6f);
  EXPECT_NEAR(forward.y, 0.0f, 1e-6f);
  const Vec3 tree = with_heading(Quat(1, 0, 0, 0), 242.9979f) * Vec3(0.0f, 1.0f, 0.0f);
  EXPECT_NEAR(tree.x, -0.890990f, 2e-6f);  // (sin, cos) of 242.9979 degrees
  EXPECT_NEAR(tree.y, -0.454023f, 2e-6f);
  EXPECT_NEAR(heading_of({1.0f, 0.0f, 0.0f}), 90.0f, 1e-5f);
  EXPECT_NEAR(heading_of({0.0f, -2.0f, 5.0f}), 180.0f, 1e-5f);
  EXPECT_EQ(heading_of({0.0f, 0.0f, 1.0f}), 0.0f);  // straight up: no heading
}

// Roads run along the edges between road vertices: within 5 m of the edge
// of two road corners, or of a lone road corner's diagonal.
TEST(SceneryRules, OnRoadFollowsTheRoadCorners) {
  std::array<std::uint16_t, 81> terrain{};
  EXPECT_FALSE(on_road(terrain, {30.0f, 30.0f, 0.0f}));
  terrain[1 * 9 + 1] = 1;  // vertex (1, 1) alone: its corner, x + y within 5 m
  EXPECT_TRUE(on_road(terrain, {26.0f, 26.0f, 0.0f}));
  EXPECT_FALSE(on_road(terrain, {27.0f, 27.0f, 0.0f}));
  terrain[1 * 9 + 2] = 2;  // and (1, 2): the west edge of square (1, 1)
  EXPECT_TRUE(on_road(terrain, {28.9f, 40.0f, 0.0f}));
  EXPECT_FALSE(on_road(terrain, {29.1f, 40.0f, 0.0f}));
  terrain[2 * 9 + 1] = 1;  // and (2, 1): the south edge too
  EXPECT_TRUE(on_road(terrain, {40.0f, 28.9f, 0.0f}));
  EXPECT_FALSE(on_road(terrain, {40.0f, 29.1f, 0.0f}));
  terrain[2 * 9 + 2] = 1;  // all four corners: the whole square
  EXPECT_TRUE(on_road(terrain, {36.0f, 36.0f, 0.0f}));
}

// The synthetic landblock 0x0101: the grove at vertex (2, 6) grows its
// tree and its rock (the weenie object and the tree of frequency 0 are
// left out); the lone tree grows at vertex (3, 5).
TEST(RetailScenery, PlacesTheSyntheticGroveWhereRetailWould) {
  const dat::testing::DataDir data;
  const dat::RetailData retail = dat::RetailData::open(data.dir.path());
  dat::RetailObjects objects;
  dat::ModelPlacer models(retail, 0x01010000u, objects);
  const Scenery s = retail_scenery(retail, retail.terrain(0x01, 0x01), models);
  ASSERT_EQ(s.placements.size(), 3u);
  const SceneryPlacement& tree = s.placements[0];
  EXPECT_EQ(tree.model, 0x01000C01u);
  EXPECT_EQ(tree.scene, 0x12000001u);
  EXPECT_EQ(tree.vertex, 2 * 9 + 6);
  EXPECT_NEAR(tree.frame.origin.x, 44.935734f, 4e-6f);
  EXPECT_NEAR(tree.frame.origin.y, 145.467087f, 4e-6f);
  EXPECT_EQ(tree.frame.origin.z, 0.0f);  // on the flat terrain
  EXPECT_NEAR(tree.scale, 1.129103f, 2e-6f);
  const Vec3 forward = tree.frame.orientation * Vec3(0.0f, 1.0f, 0.0f);
  EXPECT_NEAR(forward.x, -0.890990f, 2e-6f);
  EXPECT_NEAR(forward.y, -0.454023f, 2e-6f);
  const SceneryPlacement& rock = s.placements[1];
  EXPECT_EQ(rock.model, 0x02000C02u);
  EXPECT_EQ(rock.object, 3u);
  EXPECT_EQ(rock.frame.origin, Vec3(48.0f, 147.0f, 0.0f));
  // Aligned to flat ground: heading 0, facing north as it was.
  const Vec3 rock_forward = rock.frame.orientation * Vec3(0.0f, 1.0f, 0.0f);
  EXPECT_NEAR(rock_forward.x, 0.0f, 1e-6f);
  EXPECT_NEAR(rock_forward.y, 1.0f, 1e-6f);
  const SceneryPlacement& lone = s.placements[2];
  EXPECT_EQ(lone.scene, 0x12000002u);
  EXPECT_NEAR(lone.frame.origin.x, 70.476555f, 4e-6f);
  EXPECT_NEAR(lone.frame.origin.y, 121.809982f, 4e-6f);
  const Vec3 lone_forward = lone.frame.orientation * Vec3(0.0f, 1.0f, 0.0f);
  EXPECT_NEAR(lone_forward.x, 0.549780f, 2e-6f);  // heading 33.3519: (sin, cos)
  EXPECT_EQ(s.counts.placed, 3u);
  EXPECT_EQ(s.counts.not_chosen, 1u);
  EXPECT_EQ(s.counts.weenie, 1u);

  // In the landblock's scene: after its static objects, named as scenery,
  // scaled, in the land cell under them (the tree: column 1, row 6).
  const RetailScene scene = retail_scene(retail, {{0x01, 0x01}});
  EXPECT_EQ(scene.scenery.placed, 3u);
  std::vector<const ObjectDesc*> scenery;
  for (const ObjectDesc& o : scene.scene.objects)
    if (o.name.rfind("Scenery ", 0) == 0) scenery.push_back(&o);
  ASSERT_EQ(scenery.size(), 3u);
  EXPECT_EQ(scenery[0]->name, "Scenery GfxObj 0x01000C01");
  EXPECT_NEAR(scenery[0]->scale, 1.129103f, 2e-6f);
  EXPECT_EQ(scenery[0]->position.cell, std::optional<CellId>(0x0101000Fu));
  EXPECT_EQ(scenery[1]->name, "Scenery Setup 0x02000C02");
  EXPECT_EQ(scenery[1]->shapes.at(0).type, ShapeDesc::Type::CylSphere);
  EXPECT_EQ(scene.scene.objects.back().id, 0x01010000u + static_cast<std::uint32_t>(scene.scene.objects.size() - 1));
  EXPECT_NO_THROW(World::from_scene(scene.scene, nullptr, &scene.trees));
}

// A landblock of one rock scene (slot 1) and one tree scene (slot 2), each
// object at its vertex undisplaced, where retail leaves each out: a road
// vertex, the land cell of a building, a slope steeper than the rock's
// minimum normal z, a tree whose trunk's bounds reach past the west edge,
// and one past the east edge, a rock whose cylsphere reaches past the west
// edge; a rock on plain ground is placed.
TEST(RetailScenery, LeavesOutWhatRetailLeavesOut) {
  const transit::testing::TempDir dir;
  dat::RegionScenery tables;
  tables.scene_types = {{}, {0x12000010}, {0x12000011}};
  tables.terrain_scene_types = {{0, 1, 2}};
  dat::SceneObject rock;
  rock.model = 0x02000C02;
  rock.min_slope = 0.95f;
  dat::SceneObject tree;
  tree.model = 0x01000C01;
  const dat::SceneFile rocks{0x12000010, {rock}}, trees{0x12000011, {tree}};
  dat::CellLandblock land;
  land.id = dat::cell_landblock_id(0x01, 0x01);
  land.has_objects = true;
  const auto slot = [&](int vx, int vy, int s, int road = 0) {
    land.terrain[static_cast<std::size_t>(vx * 9 + vy)] = static_cast<std::uint16_t>(s << 11 | road);
  };
  slot(2, 3, 1);     // plain ground: placed
  slot(2, 2, 1, 1);  // a road vertex
  slot(4, 4, 1);     // the hut's land cell (its origin at (100, 100))
  slot(6, 6, 1);     // under the cliff
  land.heights[7 * 9 + 6] = 50;  // vertex (7, 6) 100 m up
  slot(0, 3, 2);     // the trunk's bounds reach past x = 0
  slot(0, 5, 1);     // the rock's cylsphere (radius 0.7) too
  slot(8, 3, 2);     // x = 192: off the landblock
  dat::LandblockInfo info;
  info.id = dat::landblock_info_id(0x01, 0x01);
  dat::BuildingInfo hut;
  hut.model = 0x01005678;
  hut.frame = {{100.0f, 100.0f, 0.0f}, {1, 0, 0, 0}};
  info.buildings = {hut};
  const std::map<std::uint32_t, std::string> cell{{land.id, dat::testing::cell_landblock_bytes(land)},
                                                   {info.id, dat::testing::landblock_info_bytes(info)}};
  const std::map<std::uint32_t, std::string> portal{
      {dat::kRegionId, dat::testing::region_bytes(dat::testing::retail_like_land_defs(), tables)},
      {rocks.id, dat::testing::scene_bytes(rocks)},
      {trees.id, dat::testing::scene_bytes(trees)},
      {0x02000C02, dat::testing::setup_bytes(dat::testing::rock_setup())},
      {0x01000C01, dat::testing::gfx_obj_bytes(dat::testing::box_gfx_obj(0x01000C01, 0.3f, 0.3f, 8.0f))},
      {0x01005678, dat::testing::gfx_obj_bytes(dat::testing::box_gfx_obj(0x01005678, 3, 3, 3))}};
  dir.write(dat::kCellFileName, dat::testing::write_dat(cell, {256, dat::DataSet::Cell, true}));
  dir.write(dat::kPortalFileName, dat::testing::write_dat(portal, {1024, dat::DataSet::Portal, true}));
  const dat::RetailData retail = dat::RetailData::open(dir.path());

  dat::RetailObjects objects;
  const SceneryCounts counts = add_retail_scenery(retail, retail.terrain(0x01, 0x01), objects);
  EXPECT_EQ(counts.placed, 1u);
  EXPECT_EQ(counts.road, 1u);
  EXPECT_EQ(counts.building, 1u);
  EXPECT_EQ(counts.slope, 1u);
  EXPECT_EQ(counts.past_edge, 2u);
  EXPECT_EQ(counts.outside, 1u);
  ASSERT_EQ(objects.placed.size(), 1u);
  EXPECT_EQ(objects.placed[0].desc.position.local, Vec3(48.0f, 72.0f, 0.0f));
}

// What obj_within_block looks at: the tree GfxObj's physics tree bounds
// it; the rock Setup has no parts, its cylsphere and its stored sorting
// sphere.
TEST(RetailScenery, ModelBoundsAreWhatRetailKeepsInsideALandblock) {
  const dat::testing::DataDir data;
  const dat::RetailData retail = dat::RetailData::open(data.dir.path());
  dat::RetailObjects objects;
  dat::ModelPlacer models(retail, 0x01010000u, objects);
  const dat::ModelBounds tree = models.bounds(0x01000C01);
  EXPECT_TRUE(tree.physics_bsp);
  EXPECT_NEAR(tree.sorting.center.z, 4.0f, 0.5f);  // about the 8 m trunk's middle
  EXPECT_GE(tree.sorting.radius, 4.0f);
  const dat::ModelBounds rock = models.bounds(0x02000C02);
  EXPECT_FALSE(rock.physics_bsp);
  EXPECT_EQ(rock.sorting.center, Vec3(0.0f, 0.0f, 0.6f));
  EXPECT_EQ(rock.sorting.radius, 1.0f);
  ASSERT_EQ(rock.cylspheres.size(), 1u);
  EXPECT_EQ(rock.cylspheres[0].radius, 0.7f);
  EXPECT_FALSE(rock.spheres);
  EXPECT_TRUE(objects.placed.empty());  // looking places nothing
}

TEST(RetailScenery, AMissingSceneFileIsNamed) {
  const transit::testing::TempDir dir;
  dat::RegionScenery tables;
  tables.scene_types = {{}, {0x12000099}};
  tables.terrain_scene_types = {{0, 1}};
  dat::CellLandblock land;
  land.id = dat::cell_landblock_id(0x01, 0x01);
  land.terrain[40] = 1 << 11;
  dir.write(dat::kCellFileName,
            dat::testing::write_dat({{land.id, dat::testing::cell_landblock_bytes(land)}}, {256, dat::DataSet::Cell, true}));
  dir.write(dat::kPortalFileName,
            dat::testing::write_dat({{dat::kRegionId, dat::testing::region_bytes(dat::testing::retail_like_land_defs(), tables)}},
                                    {1024, dat::DataSet::Portal, true}));
  const dat::RetailData retail = dat::RetailData::open(dir.path());
  EXPECT_THAT(input_error_of([&] { retail_scene(retail, {{0x01, 0x01}}); }),
              HasSubstr("file 0x12000099: no such file in the directory"));
}

constexpr float kRadius = 0.48f;  // the default AC body's sphere

// A run at the grove's tree from 8 m out along its heading (242.998
// degrees, the outward normal of one trunk face), heading back at it:
// square on to that face.
struct TreeRun {
  float closest = 1e9f;  ///< horizontal distance from the trunk's axis
  float end_along = 0.0f;  ///< where the run ended, along the run, past the axis
};

TreeRun run_at_tree(const World& world, const Vec3& tree) {
  const float heading = 242.99794f;
  const Vec3 out(std::sin(heading * 0.017453292f), std::cos(heading * 0.017453292f), 0.0f);
  PositionDesc at;
  at.local = {tree.x + 8.0f * out.x, tree.y + 8.0f * out.y, 0.05f};
  at.cell = dat::outdoor_cell_under(0x01010000u, at.local);
  OrientationDesc facing;
  facing.heading_deg = heading - 180.0f;
  Character runner(CharacterSettings{}, *world.resolve(at, facing));
  runner.place(world);
  runner.set_controls({ForwardInput::Run, StrafeInput::Stop, 0.0f});
  TreeRun r;
  for (int tick = 0; tick < 90; ++tick) {
    runner.update(world, 1.0 / 30.0);
    const Vec3 p = runner.position().frame.origin;
    r.closest = std::min(r.closest, std::hypot(p.x - tree.x, p.y - tree.y));
  }
  const Vec3 end = runner.position().frame.origin;
  r.end_along = -((end.x - tree.x) * out.x + (end.y - tree.y) * out.y);
  return r;
}

// The trunk is 0.6 m square scaled 1.129: its face 0.339 m from its axis.
// The runner stops against it (short by at most a sub-step's move) and
// never enters it; without the scenery the same run goes on past.
TEST(RetailScenery, ARunnerIsStoppedByATreeRetailGrows) {
  const dat::testing::DataDir data;
  const dat::RetailData retail = dat::RetailData::open(data.dir.path());
  const RetailScene scene = retail_scene(retail, {{0x01, 0x01}});
  const Vec3 tree(44.935734f, 145.467087f, 0.0f);
  const float touching = kRadius + 0.3f * 1.129103f;
  const TreeRun blocked = run_at_tree(World::from_scene(scene.scene, nullptr, &scene.trees), tree);
  EXPECT_GE(blocked.closest, touching - 0.01f);
  EXPECT_LT(blocked.closest, touching + 0.35f);
  EXPECT_LT(blocked.end_along, -touching + 0.01f);  // still in front of the face
  EXPECT_GT(blocked.end_along, -touching - 0.35f);

  RetailScene bare = scene;
  bare.scene.objects.clear();
  bare.trees.object_meshes.clear();
  for (std::size_t i = 0; i < scene.scene.objects.size(); ++i)
    if (scene.scene.objects[i].name.rfind("Scenery ", 0) != 0) {
      bare.scene.objects.push_back(scene.scene.objects[i]);
      bare.trees.object_meshes.push_back(scene.trees.object_meshes[i]);
    }
  const TreeRun free = run_at_tree(World::from_scene(bare.scene, nullptr, &bare.trees), tree);
  EXPECT_LT(free.closest, 0.2f);
  EXPECT_GT(free.end_along, 5.0f);
}

}  // namespace
}  // namespace transit
