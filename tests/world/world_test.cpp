// Cell lookup, building entry and shadow registration on small hand-made scenes.
#include <algorithm>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "transit/math/input_error.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/world.hpp"

namespace transit {
namespace {

using namespace transit::test;

std::vector<CellId> cells_of(const World& w, CellId start, Vec3 local, float r,
                             World::CellQuery* q = nullptr) {
  const Sphere s{local, r};
  CellList list;
  w.find_cell_list(Position{start, Frame{local, {}}}, std::span<const Sphere>(&s, 1), list, q);
  std::vector<CellId> ids(list.begin(), list.end());
  std::sort(ids.begin(), ids.end());
  return ids;
}

TEST(WorldCells, SphereInTheMiddleOfACellTouchesOnlyIt) {
  const World w = World::from_scene(two_by_two_flat());
  World::CellQuery q;
  // (60, 60) is in cell x = 2, y = 2: 2 * 8 + 2 + 1 = 19 = 0x13.
  EXPECT_THAT(cells_of(w, kBlock | 0x13, {60, 60, 1}, 0.48f, &q),
              ::testing::ElementsAre(kBlock | 0x13));
  EXPECT_EQ(q.current, kBlock | 0x13);
  EXPECT_FALSE(q.hits_interior);
}

// Cell ties (issue 19): a centre exactly on the line between two outdoor
// cells is in both (their polygons include their edges), and retail keeps
// the last containing cell in the cell array's order (ACE's
// ObjCell.find_cell_list overwrites its answer for each). At x = 24 the
// array is [0x09, 0x01]: the cell the coordinates give (floor(24 / 24) = 1,
// cell (1, 0)) first, then its west neighbour, which the sphere reaches;
// so the answer is 0x01, where LandDefs' floor rule (World::resolve) says
// 0x09.
TEST(WorldCells, ACentreOnTheLineBetweenTwoCellsIsInTheLastOfTheList) {
  const World w = World::from_scene(two_by_two_flat());
  const Sphere s{{24.0f, 12.0f, 0.48f}, 0.48f};
  CellList list;
  World::CellQuery q;
  w.find_cell_list(Position{kBlock | 0x09, Frame{{24.0f, 12.0f, 0.0f}, {}}},
                   std::span<const Sphere>(&s, 1), list, &q);
  EXPECT_THAT(std::vector<CellId>(list.begin(), list.end()),
              ::testing::ElementsAre(kBlock | 0x09, kBlock | 0x01));
  EXPECT_EQ(q.current, kBlock | 0x01);
  PositionDesc on_line;
  on_line.cell = kBlock | 0x09;
  on_line.local = {24.0f, 12.0f, 0.0f};
  EXPECT_EQ(w.resolve(on_line, {})->objcell_id, kBlock | 0x09);
}

TEST(WorldCells, SphereAtALandblockCornerTouchesFourLandblocks) {
  const World w = World::from_scene(two_by_two_flat());
  World::CellQuery q;
  // Cell (7, 7) of (169, 180) is 0x40; its neighbours across the corner are
  // cell (0, 7) = 0x08 of (170, 180), (7, 0) = 0x39 of (169, 181) and (0, 0)
  // of (170, 181).
  EXPECT_THAT(cells_of(w, kBlock | 0x40, {191.8f, 191.8f, 1}, 0.48f, &q),
              ::testing::ElementsAre(0xA9B40040u, 0xA9B50039u, 0xAAB40008u, 0xAAB50001u));
  EXPECT_EQ(q.current, 0xA9B40040u);
}

TEST(WorldCells, UnloadedNeighboursAreLeftOut) {
  SceneDesc one = two_by_two_flat();
  one.landblocks.resize(1);  // only (169, 180)
  const World w = World::from_scene(one);
  EXPECT_THAT(cells_of(w, kBlock | 0x40, {191.8f, 191.8f, 1}, 0.48f),
              ::testing::ElementsAre(0xA9B40040u));
}

TEST(WorldCells, ResolveGlobalFindsTheRoomOrTheOutdoorCell) {
  const World w = World::from_scene(house_scene());
  EXPECT_EQ(w.resolve_global(kBlockOrigin + Vec3(42, 42, 1))->objcell_id, kRoom);
  // x = 30 is column 1, y = 42 row 1: cell 1 * 8 + 1 + 1 = 0x0A.
  const auto outside = w.resolve_global(kBlockOrigin + Vec3(30, 42, 1));
  EXPECT_EQ(outside->objcell_id, kBlock | 0x0A);
  EXPECT_EQ(outside->frame.origin, Vec3(30, 42, 1));
  EXPECT_FALSE(w.resolve_global(Vec3(-5, 0, 0)));
  EXPECT_FALSE(w.resolve_global(Vec3(100 * 192.0f, 0, 0)));  // landblock not loaded
}

TEST(WorldCells, PointsOnTheDoorwayAndOutside) {
  const World w = World::from_scene(house_scene());
  EXPECT_TRUE(w.point_in_cell(kRoom, {42, 42, 1}));
  EXPECT_TRUE(w.point_in_cell(kRoom, {40.0f, 42, 1}));   // on the doorway plane
  EXPECT_FALSE(w.point_in_cell(kRoom, {39.9f, 42, 1}));  // just outside it
  EXPECT_FALSE(w.point_in_cell(kRoom, {42, 42, 3.5f}));  // above the ceiling
}

TEST(WorldCells, SphereInTheDoorwayFromOutsideFindsTheRoom) {
  const World w = World::from_scene(house_scene());
  World::CellQuery q;
  // Centre 0.2 m outside the doorway, radius 0.48: it reaches into the room.
  EXPECT_THAT(cells_of(w, kBlock | 0x0A, {39.8f, 42, 1}, 0.48f, &q),
              ::testing::ElementsAre(kBlock | 0x0A, kRoom));
  EXPECT_EQ(q.current, kBlock | 0x0A);
  EXPECT_TRUE(q.hits_interior);
  // Once the centre has crossed the doorway the room is the current cell.
  cells_of(w, kBlock | 0x0A, {40.2f, 42, 1}, 0.48f, &q);
  EXPECT_EQ(q.current, kRoom);
}

TEST(WorldCells, SphereInsideTheRoomSeesOutsideOnlyAtTheDoor) {
  const World w = World::from_scene(house_scene());
  World::CellQuery q;
  EXPECT_THAT(cells_of(w, kRoom, {42, 42, 1}, 0.48f, &q), ::testing::ElementsAre(kRoom));
  EXPECT_EQ(q.current, kRoom);
  // 0.3 m inside the doorway the sphere overlaps its plane: outside is added.
  EXPECT_THAT(cells_of(w, kRoom, {40.3f, 42, 1}, 0.48f, &q),
              ::testing::ElementsAre(kBlock | 0x0A, kRoom));
  EXPECT_EQ(q.current, kRoom);
}

TEST(WorldShadows, ObjectSpanningFourCellsIsInAllFour) {
  SceneDesc s = two_by_two_flat();
  ObjectDesc rock;
  rock.id = 7;
  rock.name = "rock";
  rock.position.cell = kBlock | 0x0A;
  rock.position.local = {47, 47, 0};
  rock.shapes.push_back({ShapeDesc::Type::Sphere, {0, 0, 1}, {}, 2.0f, 0.0f, {}});
  s.objects.push_back(rock);
  World w = World::from_scene(s);
  // The sphere around (47, 47) with radius 2 crosses x = 48 and y = 48:
  // cells (1,1) 0x0A, (1,2) 0x0B, (2,1) 0x12, (2,2) 0x13.
  for (CellId c : {0x0Au, 0x0Bu, 0x12u, 0x13u})
    EXPECT_THAT(w.shadows(kBlock | c), ::testing::ElementsAre(0u)) << std::hex << c;
  EXPECT_TRUE(w.shadows(kBlock | 0x01).empty());
  EXPECT_EQ(w.shadow_cells(0).size(), 4u);

  w.move_object(0, Position{kBlock | 0x01, Frame{{10, 10, 0}, {}}});
  EXPECT_TRUE(w.shadows(kBlock | 0x0A).empty());
  EXPECT_THAT(w.shadows(kBlock | 0x01), ::testing::ElementsAre(0u));
  EXPECT_EQ(w.shadow_cells(0).size(), 1u);
}

// A box mesh 1.28 x 3.06 x 1.54 m whose bounding sphere (radius 1.8)
// reaches across x = 72 into the next cell while the box itself stops at
// x = 71.9 (shared/fidelity obj_box_corner). Retail registers an object with
// a physics BSP under its parts' bounding box (CPhysicsObj::find_bbox_cell_list),
// so it is in its own cell only; a mover reaching across the line finds it
// through that cell. Turned a quarter, the box itself crosses x = 72.
TEST(WorldShadows, AMeshIsRegisteredUnderItsBoxNotItsSphere) {
  SceneDesc s = two_by_two_flat();
  ObjectDesc box;
  box.id = 7;
  box.name = "box";
  box.position.cell = kBlock | 0x13;
  box.position.local = {71.265625f, 67.25f, 0};
  ShapeDesc mesh;
  mesh.type = ShapeDesc::Type::Mesh;
  const float hx = 0.640625f, hy = 1.53125f, h = 1.544f;
  mesh.mesh.vertices = {{-hx, -hy, 0}, {hx, -hy, 0}, {hx, hy, 0}, {-hx, hy, 0},
                        {-hx, -hy, h}, {hx, -hy, h}, {hx, hy, h}, {-hx, hy, h}};
  mesh.mesh.polygons = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4},
                        {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};
  box.shapes.push_back(mesh);
  s.objects.push_back(box);
  World w = World::from_scene(s);
  EXPECT_GT(w.objects()[0].bounds().center.x + w.objects()[0].bounds().radius, 72.0f);
  EXPECT_THAT(w.shadow_cells(0), ::testing::ElementsAre(kBlock | 0x13));
  EXPECT_TRUE(w.shadows(kBlock | 0x1B).empty());

  // Heading 90 degrees: the box spans x 69.7 .. 72.8 and y 66.6 .. 67.9.
  const Quat quarter = glm::angleAxis(glm::radians(90.0f), kUnitZ);
  w.move_object(0, Position{kBlock | 0x13, Frame{{71.265625f, 67.25f, 0}, quarter}});
  std::vector<CellId> cells(w.shadow_cells(0).begin(), w.shadow_cells(0).end());
  std::sort(cells.begin(), cells.end());
  EXPECT_THAT(cells, ::testing::ElementsAre(kBlock | 0x13, kBlock | 0x1B));
}

TEST(WorldShadows, AddedObjectsRegisterAndRemovedOnesLeave) {
  World w = World::from_scene(two_by_two_flat());
  WorldObject crate;
  crate.id = 42;
  crate.name = "crate";
  crate.position = Position{kBlock | 0x13, Frame{{60, 60, 0}, {}}};
  crate.spheres.push_back({{0, 0, 0.5f}, 0.5f});
  crate.local_bounds = {{0, 0, 0.5f}, 0.5f};
  const ObjectId id = w.add_object(crate);
  EXPECT_EQ(w.object_by_id(42), &w.objects()[id.index]);
  EXPECT_THAT(w.shadows(kBlock | 0x13), ::testing::ElementsAre(id.index));
  EXPECT_TRUE(w.remove_object(id));
  EXPECT_TRUE(w.shadows(kBlock | 0x13).empty());
  EXPECT_EQ(w.object_by_id(42), nullptr);
  crate.position.objcell_id = 0x01010013;  // landblock (1, 1) is not loaded
  EXPECT_THROW(w.add_object(crate), InputError);
}

// An object scaled past any map's size is under the loaded cells, as far
// as a cell list holds them, and leaves them when removed. (A fuzzer's
// scale of 1e31 took a cell index past an int's range, undefined
// behaviour; its input is fuzz-regressions/c_api/huge-object-scale.)
TEST(WorldShadows, AnObjectOfAnyScaleIsUnderTheLoadedCellsOnly) {
  World w = World::from_scene(two_by_two_flat());
  WorldObject rock;
  rock.id = 43;
  rock.position = Position{kBlock | 0x13, Frame{{60, 60, 0}, {}}};
  rock.spheres.push_back({{0, 0, 0.5f}, 0.5f});
  rock.local_bounds = {{0, 0, 0.5f}, 0.5f};
  for (const float scale : {1e6f, 1e31f, 3e38f}) {
    rock.scale = scale;
    const ObjectId id = w.add_object(rock);
    EXPECT_THAT(w.shadows(kBlock | 0x13), ::testing::ElementsAre(id.index)) << scale;
    EXPECT_THAT(w.shadows(kBlock | 0x01), ::testing::ElementsAre(id.index)) << scale;
    EXPECT_TRUE(w.remove_object(id));
    EXPECT_TRUE(w.shadows(kBlock | 0x13).empty());
  }
}

// A 2 m square in the z = 0 plane with its corner at (x, 0, 0).
ShapeDesc square_mesh_at(float x) {
  ShapeDesc square;
  square.type = ShapeDesc::Type::Mesh;
  square.mesh.vertices = {{x, 0, 0}, {x + 2, 0, 0}, {x + 2, 2, 0}, {x, 2, 0}};
  square.mesh.polygons = {{0, 1, 2, 3}};
  return square;
}

TEST(WorldShadows, MeshBoundsEncloseEveryMeshAndFollowTheObject) {
  SceneDesc s = two_by_two_flat();
  ObjectDesc fence;
  fence.id = 9;
  fence.position.cell = kBlock | 0x13;
  fence.position.local = {60, 60, 0};
  fence.scale = 2.0f;
  fence.shapes = {square_mesh_at(0.0f), square_mesh_at(10.0f)};
  s.objects.push_back(fence);
  ObjectDesc pebble = fence;
  pebble.id = 10;
  pebble.shapes = {{ShapeDesc::Type::Sphere, {0, 0, 1}, {}, 1.0f, 0.0f, {}}};
  s.objects.push_back(pebble);
  World w = World::from_scene(s);

  // The squares span local x 0..12, y 0..2: the middle (6, 1, 0), doubled
  // by the scale, lies 12 m east and 2 m north of (60, 60).
  const Sphere square = w.objects()[0].meshes[0]->bounding_sphere();
  const Sphere at_start = w.mesh_bounds(0);
  EXPECT_NEAR(at_start.center.x, 72.0f, 1e-4f);
  EXPECT_NEAR(at_start.center.y, 62.0f, 1e-4f);
  EXPECT_NEAR(at_start.center.z, 0.0f,
              0.05f);  // the BSP's bounds of a flat square sit a few mm off it
  for (const Vec3 corner : {Vec3(60, 60, 0), Vec3(64, 64, 0), Vec3(80, 60, 0), Vec3(84, 64, 0)})
    EXPECT_LE(glm::length(corner - at_start.center), at_start.radius) << corner.x;
  EXPECT_GE(at_start.radius, 2.0f * (5.0f + square.radius));
  EXPECT_LT(w.mesh_bounds(1).radius, 0.0f);  // the pebble has no mesh

  // Facing east turns local +x to south: the middle ends 12 m south.
  Position east{kBlock | 0x0A, Frame{{30, 30, 0}, {}}};
  east.frame.set_heading(90.0f);
  w.move_object(0, east);
  EXPECT_NEAR(w.mesh_bounds(0).center.x, 32.0f, 1e-4f);
  EXPECT_NEAR(w.mesh_bounds(0).center.y, 18.0f, 1e-4f);
  EXPECT_EQ(w.mesh_bounds(0).radius, at_start.radius);
}

// Landblock-local (x, y) of (169, 180), on the ground, in its outdoor cell.
Position on_ground(float x, float y) {
  const auto cell =
      static_cast<CellId>(static_cast<int>(x / 24) * 8 + static_cast<int>(y / 24) + 1);
  return Position{kBlock | cell, Frame{{x, y, 0}, {}}};
}

// A crate of radius `r` at (x, y).
WorldObject crate_at(std::uint32_t id, float x, float y, float r) {
  WorldObject crate;
  crate.id = id;
  crate.position = on_ground(x, y);
  crate.spheres.push_back({{0, 0, r}, r});
  crate.local_bounds = {{0, 0, r}, r};
  return crate;
}

TEST(WorldShadows, MovingObjectsTogetherEndsAsMovingThemOneByOne) {
  World one_by_one = World::from_scene(two_by_two_flat());
  for (std::uint32_t i = 0; i < 6; ++i)
    one_by_one.add_object(
        crate_at(i + 1, 40.0f + 3.0f * static_cast<float>(i), 47.0f, i % 2 ? 2.0f : 0.5f));
  World together = one_by_one;
  const Position to[] = {on_ground(47, 47), on_ground(10, 10), on_ground(60, 60),
                         on_ground(47.5f, 40)};
  const std::size_t moved[] = {4, 1, 0, 3};  // in this order; 2 and 5 stay
  std::vector<World::ObjectMove> moves;
  for (std::size_t k = 0; k < 4; ++k) {
    const Position& at = to[k];
    one_by_one.move_object(moved[k], at);
    World::ObjectMove& move = moves.emplace_back();
    move.index = moved[k];
    move.position = at;
    CellList cells;
    together.shadow_cells_at(moved[k], at, cells);
    if (k != 1) move.keep_cells(cells);  // the second is left for move_objects to find
  }
  together.move_objects(moves);

  for (CellId block : {kBlock, 0xAAB40000u, 0xA9B50000u, 0xAAB50000u})
    for (CellId cell = 1; cell <= 64; ++cell) {
      const std::span<const std::uint32_t> a = one_by_one.shadows(block | cell);
      const std::span<const std::uint32_t> b = together.shadows(block | cell);
      EXPECT_TRUE(std::ranges::equal(a, b)) << std::hex << (block | cell);
    }
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(one_by_one.objects()[i].position, together.objects()[i].position);
    EXPECT_TRUE(std::ranges::equal(one_by_one.shadow_cells(i), together.shadow_cells(i)));
  }
  // The crates that stayed come first in a list, the moved ones after them
  // in the order they moved.
  EXPECT_THAT(together.shadows(kBlock | 0x0A), ::testing::ElementsAre(2u, 4u, 3u));
}

TEST(WorldBuild, WarnsAboutUnreachableCellsAndOpenMeshes) {
  SceneDesc s = house_scene();
  s.objects.clear();  // no building: the room has only its doorway
  CellDesc closet;
  closet.id = kRoom + 1;
  closet.origin = {100, 100, 0};
  closet.mesh = room_with_door();
  closet.mesh.polygons.pop_back();  // no doorway polygon: the room is open
  s.cells.push_back(closet);
  std::vector<std::string> warnings;
  const World w = World::from_scene(s, &warnings);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_THAT(warnings[0], ::testing::HasSubstr("cell 0xA9B40101: mesh is not closed"));
  EXPECT_THAT(warnings[1], ::testing::HasSubstr("cell 0xA9B40101: unreachable"));
}

}  // namespace
}  // namespace transit
