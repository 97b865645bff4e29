// Box and sphere traces through worlds: terrain, rooms and objects.
#include "transit/world/world_trace.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "movers/box_mover_scenes.hpp"

namespace transit {
namespace {

using namespace transit::test;

const Vec3 kMins{-0.4f, -0.4f, 0.0f};
const Vec3 kMaxs{0.4f, 0.4f, 1.8f};
constexpr float kEps = kDefaultTraceEpsilon;

TEST(WorldTrace, BoxFallsOntoFlatTerrain) {
  const World world = World::from_scene(two_by_two_flat());
  const TraceResult r = trace_box(world, kBlock, {30, 30, 5}, {30, 30, -5}, kMins, kMaxs);
  EXPECT_EQ(r.hit, TraceHitKind::Terrain);
  EXPECT_EQ(r.cell, outdoor_cell_from_local(kBlock, 30, 30));
  EXPECT_NEAR(r.fraction, 0.5f - kEps / 10.0f, 1e-6f);
  EXPECT_NEAR(r.end_position.z, kEps, 1e-5f);
  EXPECT_EQ(r.normal, Vec3(0, 0, 1));
  EXPECT_FALSE(r.start_solid);
}

TEST(WorldTrace, SphereMeetsASlopedLandblockAcrossItsEdge) {
  // Landblock heights rise 12 m per 24 m in x: the plane z = 0.5 x, normal
  // (-0.5, 0, 1) / 1.118. A unit sphere falling at x = 60 touches it when
  // its centre is 1.118 m above 30.
  SceneDesc scene = two_by_two_flat();
  std::array<float, 81> heights{};
  for (int vx = 0; vx < 9; ++vx)
    for (int vy = 0; vy < 9; ++vy) heights[static_cast<std::size_t>(vx * 9 + vy)] = vx * 12.0f;
  scene.landblocks[0].flat.reset();
  scene.landblocks[0].heights = heights;
  const World world = World::from_scene(scene);
  const float len = std::sqrt(1.25f);
  const TraceResult r = trace_sphere(world, kBlock, {60, 60, 50}, {60, 60, 0}, 1.0f);
  EXPECT_EQ(r.hit, TraceHitKind::Terrain);
  const float enter = (50.0f - 30.0f - len) / 50.0f;
  const float closing = 50.0f / len;
  EXPECT_NEAR(r.fraction, enter - kEps / closing, 2e-6f);
  EXPECT_NEAR(r.normal.x, -0.5f / len, 1e-5f);
  EXPECT_NEAR(r.normal.z, 1.0f / len, 1e-5f);
  // The same trace from the neighbouring landblock's frame (192 m east).
  const CellId east = make_landblock_id(170, 180);
  const TraceResult other =
      trace_sphere(world, east, {60 - 192.0f, 60, 50}, {60 - 192.0f, 60, 0}, 1.0f);
  EXPECT_NEAR(other.fraction, r.fraction, 1e-6f);
}

TEST(WorldTrace, BoxStopsShortOfARoomWall) {
  // house_scene's room spans x 40..44; its east wall faces -x.
  const World world = World::from_scene(house_scene());
  const TraceResult r = trace_box(world, kBlock, {42, 42, 0.5f}, {47, 42, 0.5f}, kMins, kMaxs);
  EXPECT_EQ(r.hit, TraceHitKind::Cell);
  EXPECT_EQ(r.cell, kRoom);
  EXPECT_NEAR(r.end_position.x, 43.6f - kEps, 1e-5f);
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-6f);
  // Sliding along the floor does not snag on it.
  const TraceResult along =
      trace_box(world, kBlock, {41, 41, 0.0005f}, {41, 43, 0.0005f}, kMins, kMaxs);
  EXPECT_EQ(along.fraction, 1.0f);
}

TEST(WorldTrace, BoxHitsWallEdgeAndCornerOfAnObject) {
  const World world = World::from_scene(flat_with({box_object(1, {50, 40, 0}, {51, 60, 3})}));
  // Head on.
  TraceResult r = trace_box(world, kBlock, {45, 50, 1}, {55, 50, 1}, kMins, kMaxs);
  EXPECT_EQ(r.hit, TraceHitKind::Object);
  EXPECT_EQ(r.object, 0u);
  EXPECT_NEAR(r.fraction, (49.6f - 45.0f) / 10.0f - kEps / 10.0f, 1e-5f);
  // Grazing the wall's end: the box's corner (y + 0.4) meets the edge y = 40.
  r = trace_box(world, kBlock, {45, 39.7f, 1}, {55, 39.7f, 1}, kMins, kMaxs);
  EXPECT_NEAR(r.normal.x, -1.0f, 1e-6f);
  EXPECT_NEAR(r.end_position.x, 49.6f - kEps, 1e-4f);
  // Diagonally past the corner (50, 40): the box overlaps the wall's x range
  // from t = 0.46 but its y range only from t = 0.51, so the south face stops it.
  r = trace_box(world, kBlock, {45, 34.5f, 1}, {55, 44.5f, 1}, kMins, kMaxs);
  EXPECT_NEAR(r.normal.y, -1.0f, 1e-6f);
  EXPECT_NEAR(r.fraction, 0.51f - kEps / 10.0f, 1e-5f);
}

TEST(WorldTrace, BoxWalksUpASlopeFace) {
  // A 45-degree ramp rising from x = 50 (z 0) to x = 60 (z 10).
  const World world = World::from_scene(flat_with({ramp_object(1, 50, 60, 40, 60, 0, 10)}));
  const TraceResult r = trace_box(world, kBlock, {45, 50, 0.5f}, {55, 50, 0.5f}, kMins, kMaxs);
  // The box's bottom front edge (x + 0.4, z 0.5) meets z = x - 50.
  const float s = std::sqrt(0.5f);
  EXPECT_NEAR(r.normal.x, -s, 1e-5f);
  EXPECT_NEAR(r.normal.z, s, 1e-5f);
  EXPECT_NEAR(r.fraction, (50.5f - 45.4f) / 10.0f - kEps / (10.0f * s), 1e-5f);
}

TEST(WorldTrace, SphereAndCylsphereObjects) {
  SceneDesc scene = two_by_two_flat();
  ObjectDesc ball;
  ball.id = 5;
  ball.position.cell = outdoor_cell_from_local(kBlock, 50, 50);
  ball.position.local = {50, 50, 0};
  ball.shapes.push_back({ShapeDesc::Type::Sphere, {0, 0, 1}, {}, 1.0f, 0.0f, {}});
  ball.shapes.push_back({ShapeDesc::Type::CylSphere, {}, {0, 10, 0}, 0.5f, 2.0f, {}});
  scene.objects.push_back(ball);
  const World world = World::from_scene(scene);
  TraceResult r = trace_sphere(world, kBlock, {45, 50, 1}, {55, 50, 1}, 0.5f);
  EXPECT_EQ(r.shape, 1u);  // cylspheres count before spheres
  EXPECT_NEAR(r.fraction, (48.5f - 45.0f) / 10.0f - kEps / 10.0f, 1e-5f);
  r = trace_box(world, kBlock, {45, 60, 0.2f}, {55, 60, 0.2f}, kMins, kMaxs);
  EXPECT_EQ(r.shape, 0u);
  EXPECT_NEAR(r.fraction, (49.1f - 45.0f) / 10.0f - kEps / 10.0f, 1e-5f);
}

TEST(WorldTrace, StartSolidAndAllSolid) {
  const World world = World::from_scene(flat_with({box_object(1, {50, 40, 0}, {51, 60, 3})}));
  // Half inside the wall's west face, moving out: start solid, free to go.
  TraceResult out = trace_box(world, kBlock, {49.8f, 50, 1}, {45, 50, 1}, kMins, kMaxs);
  EXPECT_TRUE(out.start_solid);
  EXPECT_FALSE(out.all_solid);
  EXPECT_EQ(out.fraction, 1.0f);
  // Moving further in: stuck.
  TraceResult in = trace_box(world, kBlock, {49.8f, 50, 1}, {55, 50, 1}, kMins, kMaxs);
  EXPECT_TRUE(in.start_solid);
  EXPECT_TRUE(in.all_solid);
  EXPECT_EQ(in.fraction, 0.0f);
  EXPECT_EQ(in.end_position, Vec3(49.8f, 50, 1));
  EXPECT_GT(box_penetration(world, kBlock, {49.8f, 50, 1}, kMins, kMaxs), 0.19f);
  // Resting a DIST_EPSILON off the face is contact, not solid.
  TraceResult rest = trace_box(world, kBlock, {49.6f - kEps, 50, 1}, {55, 50, 1}, kMins, kMaxs);
  EXPECT_FALSE(rest.start_solid);
  EXPECT_LT(rest.fraction, 1e-6f);  // the gap rounds to a hair over epsilon
  EXPECT_NEAR(rest.normal.x, -1.0f, 1e-6f);
}

TEST(WorldTrace, SameResultWhateverTheObjectOrder) {
  const ObjectDesc wall = box_object(11, {50, 40, 0}, {51, 60, 3});
  const ObjectDesc twin = box_object(12, {50, 40, 0}, {51, 60, 3});
  const ObjectDesc ramp = ramp_object(13, 46, 49, 40, 60, 0, 0.6f);
  const World a = World::from_scene(flat_with({wall, twin, ramp}));
  const World b = World::from_scene(flat_with({ramp, twin, wall}));
  for (float y : {45.0f, 50.0f, 59.9f}) {
    const TraceResult ra = trace_box(a, kBlock, {45, y, 1}, {55, y, 1}, kMins, kMaxs);
    const TraceResult rb = trace_box(b, kBlock, {45, y, 1}, {55, y, 1}, kMins, kMaxs);
    EXPECT_EQ(ra.fraction, rb.fraction);
    EXPECT_EQ(ra.normal, rb.normal);
    EXPECT_EQ(ra.end_position, rb.end_position);
    // The twin walls tie; the lower index wins in each world.
    EXPECT_EQ(ra.object, 0u);
    EXPECT_EQ(rb.object, 1u);
  }
}

}  // namespace
}  // namespace transit
