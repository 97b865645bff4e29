// 100,000 random traces: none ends inside geometry.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>

#include "movers/box_mover_scenes.hpp"
#include "transit/world/world_trace.hpp"

namespace transit {
namespace {

using namespace transit::test;

// Bumpy terrain, and closed solids standing on it: boxes (one turned and
// scaled), a ramp, a sphere and a cylsphere; plus a closed room with a pillar.
SceneDesc property_scene() {
  SceneDesc s = two_by_two_flat();
  std::array<float, 81> heights{};
  for (int vx = 0; vx < 9; ++vx)
    for (int vy = 0; vy < 9; ++vy)
      heights[static_cast<std::size_t>(vx * 9 + vy)] = static_cast<float>((vx * 7 + vy * 3) % 5);
  s.landblocks[0].flat.reset();
  s.landblocks[0].heights = heights;
  s.objects.push_back(box_object(1, {60, 60, -1}, {64, 61, 8}));
  s.objects.push_back(mesh_object(2, {80, 70, 2}, mesh_desc(make_box({-2, -1, -3}, {2, 1, 3})),
                                  30.0f, 1.5f));
  s.objects.push_back(ramp_object(3, 66, 76, 80, 86, 1, 6));
  ObjectDesc round;
  round.id = 4;
  round.position.cell = outdoor_cell_from_local(kBlock, 90, 90);
  round.position.local = {90, 90, 2};
  round.shapes.push_back({ShapeDesc::Type::Sphere, {0, 0, 1}, {}, 2.0f, 0.0f, {}});
  round.shapes.push_back({ShapeDesc::Type::CylSphere, {}, {6, 0, -2}, 1.0f, 5.0f, {}});
  s.objects.push_back(round);
  CellDesc room;
  room.id = kRoom;
  room.origin = {20, 150, 10};
  Mesh inside = make_box({0, 0, 0}, {6, 6, 4});
  for (auto& p : inside.polygons) std::reverse(p.begin(), p.end());  // faces inward
  room.mesh = mesh_desc(inside);
  s.cells.push_back(room);
  s.objects.push_back(box_object(5, {22.5f, 152.5f, 9}, {23.5f, 153.5f, 15}));
  return s;
}

struct Walker {
  Vec3 lo;
  Vec3 hi;
  Vec3 start;
  Vec3 at;
};

TEST(TraceProperty, NoTraceEndsInsideGeometry) {
  const World world = World::from_scene(property_scene());
  std::mt19937 rng(12345);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  const Vec3 mins{-0.4f, -0.4f, 0.0f};
  const Vec3 maxs{0.4f, 0.4f, 1.8f};
  // Outdoors and in the room, one walker per shape (boxes and spheres).
  const Walker outdoors{{50, 50, 0}, {100, 100, 12}, {55, 55, 8}, {}};
  const Walker indoors{{20.5f, 150.5f, 10.1f}, {25.5f, 155.5f, 13.5f}, {21, 151, 10.5f}, {}};
  std::array<Walker, 4> walkers{outdoors, indoors, outdoors, indoors};
  for (Walker& w : walkers) w.at = w.start;
  float deepest = -1.0f;
  int hits = 0;
  int start_solid = 0;
  for (int i = 0; i < 100000; ++i) {
    Walker& w = walkers[static_cast<std::size_t>(i % 4)];
    const bool sphere = i % 4 >= 2;
    const Vec3 target = w.lo + (w.hi - w.lo) * Vec3(unit(rng), unit(rng), unit(rng));
    TraceResult r;
    float depth;
    if (sphere) {
      const Vec3 centre(0, 0, 0.5f);
      r = trace_sphere(world, kBlock, w.at + centre, target + centre, 0.5f);
      depth = sphere_penetration(world, kBlock, r.end_position, 0.5f);
      r.end_position -= centre;
    } else {
      r = trace_box(world, kBlock, w.at, target, mins, maxs);
      depth = box_penetration(world, kBlock, r.end_position, mins, maxs);
    }
    hits += r.hit_something() ? 1 : 0;
    start_solid += r.start_solid ? 1 : 0;
    deepest = std::max(deepest, depth);
    ASSERT_LE(depth, 1e-4f) << "trace " << i << " from (" << w.at.x << ", " << w.at.y << ", "
                            << w.at.z << ") to (" << target.x << ", " << target.y << ", "
                            << target.z << ")";
    w.at = r.end_position;
  }
  EXPECT_EQ(start_solid, 0);
  EXPECT_GT(hits, 20000);  // the walkers spend much of their time against things
  RecordProperty("deepest_mm", std::to_string(deepest * 1000.0f));
  RecordProperty("hits", hits);
}

}  // namespace
}  // namespace transit
