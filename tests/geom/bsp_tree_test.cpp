// BSP queries on a 2 m box, with answers worked out by hand.
#include <algorithm>
#include <cmath>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "geom/bsp_builder.hpp"
#include "geom/mesh.hpp"
#include "transit/math/input_error.hpp"

namespace transit {
namespace {

using ::testing::HasSubstr;

BspTree build(const Mesh& m, BspRole role = BspRole::Physics) {
  BspBuildOptions options;
  options.role = role;
  return build_bsp(m.vertices, m.polygons, options).tree;
}

// The box [0,2]^3; its top face is z = 2 with normal +Z.
class BoxBsp : public ::testing::Test {
 protected:
  BspTree tree = build(make_box({0, 0, 0}, {2, 2, 2}));
};

TEST_F(BoxBsp, IsClosedWithSixPolygons) {
  EXPECT_TRUE(tree.solid_available());
  EXPECT_EQ(tree.polygons().size(), 6u);
  EXPECT_GE(tree.stats().solid_leaves, 1);
}

TEST_F(BoxBsp, SphereMovingIntoTopFaceHitsIt) {
  // Centre 0.4 above the top face, radius 0.5: 0.4 < 0.5 - kEpsilon.
  const Sphere s{{1, 1, 2.4f}, 0.5f};
  const Polygon* hit = nullptr;
  Vec3 contact(0.0f);
  ASSERT_TRUE(tree.sphere_intersects_poly(s, {0, 0, -0.1f}, hit, contact));
  EXPECT_EQ(hit->plane().normal, Vec3(0, 0, 1));
  EXPECT_EQ(contact, Vec3(1, 1, 2));  // centre dropped onto the plane
}

TEST_F(BoxBsp, SphereMovingAwayReportsTouchedPolygonButNoHit) {
  const Sphere s{{1, 1, 2.4f}, 0.5f};
  const Polygon* hit = nullptr;
  Vec3 contact(0.0f);
  EXPECT_FALSE(tree.sphere_intersects_poly(s, {0, 0, 0.1f}, hit, contact));
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->plane().normal, Vec3(0, 0, 1));
}

TEST_F(BoxBsp, SphereJustClearOfTheFaceMisses) {
  // 0.4999 > 0.5 - 0.0002: the kEpsilon shrink lets a touching sphere pass.
  const Polygon* hit = nullptr;
  Vec3 contact(0.0f);
  EXPECT_FALSE(tree.sphere_intersects_poly({{1, 1, 2.4999f}, 0.5f}, {0, 0, -1}, hit, contact));
  EXPECT_EQ(hit, nullptr);
  EXPECT_TRUE(tree.sphere_intersects_poly({{1, 1, 2.4997f}, 0.5f}, {0, 0, -1}, hit, contact));
}

TEST_F(BoxBsp, SphereNearTheTopEdge) {
  // Distance from (2.3, 1, 2.3) to the edge x = 2, z = 2 is sqrt(0.18) = 0.424.
  const Polygon* hit = nullptr;
  Vec3 contact(0.0f);
  EXPECT_TRUE(tree.sphere_intersects_poly({{2.3f, 1, 2.3f}, 0.5f}, {-1, 0, -1}, hit, contact));
  // From (2.36, 1, 2.36) it is sqrt(0.2592) = 0.509 > 0.4998.
  hit = nullptr;
  EXPECT_FALSE(tree.sphere_intersects_poly({{2.36f, 1, 2.36f}, 0.5f}, {-1, 0, -1}, hit, contact));
  EXPECT_EQ(hit, nullptr);
}

TEST_F(BoxBsp, SolidQueriesSeeTheInterior) {
  const Sphere inside{{1, 1, 1}, 0.1f};
  EXPECT_TRUE(tree.sphere_intersects_solid(inside, true));
  EXPECT_FALSE(tree.sphere_intersects_solid(inside, false));  // touches no face
  EXPECT_TRUE(tree.point_intersects_solid({1, 1, 1}));
  EXPECT_FALSE(tree.point_intersects_solid({3, 1, 1}));
  EXPECT_FALSE(tree.sphere_intersects_solid({{3, 1, 1}, 0.5f}, true));
  EXPECT_TRUE(tree.sphere_intersects_solid({{2.3f, 1, 1}, 0.5f}, true));  // overlaps x = 2

  bool centre_solid = false;
  const Polygon* hit = nullptr;
  EXPECT_TRUE(tree.sphere_intersects_solid_poly(inside, 0.1f, centre_solid, hit, true));
  EXPECT_TRUE(centre_solid);
  EXPECT_EQ(hit, nullptr);
}

TEST_F(BoxBsp, FindWalkableLiftsSphereOntoTheTop) {
  // Centre 0.45 above the top, radius 0.5, probing 0.6 down: the sphere is
  // 0.05 too low, which is 0.05 / 0.6 = 0.0833 of the probe, so walk_interp
  // drops to 1 - 0.0833 = 0.9167 and the centre rises to z = 2.5.
  Sphere pos{{1, 1, 2.45f}, 0.5f};
  float walk_interp = 1.0f;
  const Polygon* hit = nullptr;
  bool changed = false;
  tree.find_walkable(kLandingZ, walk_interp, pos, hit, {0, 0, -0.6f}, kUnitZ, changed);
  ASSERT_TRUE(changed);
  EXPECT_EQ(hit->plane().normal, Vec3(0, 0, 1));
  EXPECT_NEAR(pos.center.z, 2.5f, 1e-6f);
  EXPECT_NEAR(walk_interp, 0.916667f, 1e-6f);
}

TEST_F(BoxBsp, HitsWalkableOnlyOnTheTop) {
  EXPECT_TRUE(tree.hits_walkable(kFloorZ, {{1, 1, 2.45f}, 0.5f}, kUnitZ));
  EXPECT_FALSE(tree.hits_walkable(kFloorZ, {{2.45f, 1, 1}, 0.5f}, kUnitZ));  // wall
}

TEST_F(BoxBsp, TraceRayFindsTheNearestFace) {
  BspTree::RayHit hit;
  ASSERT_TRUE(tree.trace_ray(Ray::between({1, 1, 5}, {1, 1, -5}), hit));
  EXPECT_FLOAT_EQ(hit.time, 3.0f);  // from z = 5 down to the top at z = 2
  EXPECT_EQ(hit.polygon->plane().normal, Vec3(0, 0, 1));
  ASSERT_TRUE(tree.trace_ray(Ray::between({5, 1, 1}, {-5, 1, 1}), hit));
  EXPECT_FLOAT_EQ(hit.time, 3.0f);
  EXPECT_EQ(hit.polygon->plane().normal, Vec3(1, 0, 0));
  EXPECT_FALSE(tree.trace_ray(Ray::between({5, 1, 1}, {2.5f, 1, 1}), hit));  // too short
}

TEST_F(BoxBsp, AdjustToPlaneBacksTheSphereOffTheFace) {
  // From z = 3 down to 2.3: the touch time is (0.5 - 1.0) / -0.7 = 0.714,
  // where the centre is at z = 2.5 and hits nothing; bisection keeps it.
  Sphere check{{1, 1, 2.3f}, 0.5f};
  const Vec3 cur(1, 1, 3);
  const Polygon* top = nullptr;
  Vec3 contact(0.0f);
  ASSERT_TRUE(tree.sphere_intersects_poly(check, check.center - cur, top, contact));
  ASSERT_TRUE(tree.adjust_to_plane(check, cur, top, contact));
  EXPECT_NEAR(check.center.z, 2.5f, 1e-5f);
}

TEST(CellBsp, ContainmentOfARoom) {
  // A 4 x 4 x 3 room: the box with its faces turned inwards.
  Mesh room = make_box({0, 0, 0}, {4, 4, 3});
  for (auto& poly : room.polygons) std::reverse(poly.begin(), poly.end());
  const BspTree tree = build(room, BspRole::Cell);
  EXPECT_TRUE(tree.point_inside_cell_bsp({2, 2, 1}));
  EXPECT_FALSE(tree.point_inside_cell_bsp({5, 2, 1}));
  EXPECT_TRUE(tree.point_inside_cell_bsp({4.0001f, 2, 1}));  // within kEpsilon of a wall
  // Distances to the nearest wall against radius + 0.01 = 0.51:
  EXPECT_EQ(tree.sphere_intersects_cell_bsp({{2, 2, 1.5f}, 0.5f}), BoundingType::EntirelyInside);
  EXPECT_EQ(tree.sphere_intersects_cell_bsp({{3.6f, 2, 1.5f}, 0.5f}),  // 0.4 from x = 4
            BoundingType::PartiallyInside);
  EXPECT_EQ(tree.sphere_intersects_cell_bsp({{4.6f, 2, 1.5f}, 0.5f}),  // 0.6 outside
            BoundingType::Outside);
}

TEST(CellBsp, NonConvexRoomUsesNegativeChildren) {
  // An L-shaped floor plan made of two rooms joined into one closed volume:
  // the union of [0,4]x[0,2] and [0,2]x[0,4], 3 m high, faces inwards.
  Mesh l;
  l.vertices = {{0, 0, 0}, {4, 0, 0}, {4, 2, 0}, {2, 2, 0}, {2, 4, 0}, {0, 4, 0},
                {0, 0, 3}, {4, 0, 3}, {4, 2, 3}, {2, 2, 3}, {2, 4, 3}, {0, 4, 3}};
  // Floor and ceiling split into two convex parts along x = 2 / y = 2.
  l.polygons = {{0, 1, 2, 3}, {0, 3, 4, 5}, {6, 9, 8, 7}, {6, 11, 10, 9}};
  for (std::uint32_t i = 0; i < 6; ++i) {
    const std::uint32_t j = (i + 1) % 6;
    l.polygons.push_back({i, i + 6, j + 6, j});
  }
  // The shared edge 0-3 / 6-9 is interior; floor halves meet there.
  const BspBuildResult r = build_bsp(l.vertices, l.polygons, {BspRole::Cell});
  ASSERT_TRUE(r.tree.solid_available()) << (r.warnings.empty() ? "" : r.warnings[0]);
  EXPECT_TRUE(r.tree.point_inside_cell_bsp({1, 1, 1}));
  EXPECT_TRUE(r.tree.point_inside_cell_bsp({3, 1, 1}));
  EXPECT_TRUE(r.tree.point_inside_cell_bsp({1, 3, 1}));
  EXPECT_FALSE(r.tree.point_inside_cell_bsp({3, 3, 1}));  // the missing corner
  EXPECT_FALSE(r.tree.point_inside_cell_bsp({1, 1, 4}));
}

TEST(BspBuild, RejectsDegeneratePolygonNamingIt) {
  Mesh m = make_box({0, 0, 0}, {1, 1, 1});
  m.vertices.push_back({5, 5, 5});
  m.vertices.push_back({6, 6, 6});
  m.vertices.push_back({7, 7, 7});
  m.polygons.push_back({8, 9, 10});  // collinear
  BspBuildOptions options;
  options.name = "rock.obj";
  try {
    build_bsp(m.vertices, m.polygons, options);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("rock.obj: polygon 6 is degenerate"));
  }
}

TEST(BspBuild, RejectsMissingVertexAndNaN) {
  Mesh m = make_box({0, 0, 0}, {1, 1, 1});
  m.polygons[2] = {0, 1, 42};
  EXPECT_THROW(build_bsp(m.vertices, m.polygons), InputError);
  try {
    build_bsp(m.vertices, m.polygons);
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("polygon 2 refers to vertex 42, but there are only 8"));
  }
  Mesh n = make_box({0, 0, 0}, {1, 1, 1});
  n.vertices[3].y = NAN;
  try {
    build_bsp(n.vertices, n.polygons);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("polygon 0 vertex 2 is not finite"));
  }
}

TEST(BspBuild, OpenMeshBuildsButSaysSolidQueriesAreUnavailable) {
  Mesh m = make_box({0, 0, 0}, {2, 2, 2});
  m.polygons.pop_back();  // remove the x = 2 face
  const BspBuildResult r = build_bsp(m.vertices, m.polygons);
  EXPECT_FALSE(r.tree.solid_available());
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_THAT(r.warnings[0], HasSubstr("mesh is not closed"));
  EXPECT_THAT(r.warnings[0], HasSubstr("solid queries are unavailable"));
  // Polygon queries still work; the interior is no longer reported.
  const Polygon* hit = nullptr;
  Vec3 contact(0.0f);
  EXPECT_TRUE(r.tree.sphere_intersects_poly({{1, 1, 2.4f}, 0.5f}, {0, 0, -1}, hit, contact));
  EXPECT_FALSE(r.tree.sphere_intersects_solid({{1, 1, 1}, 0.1f}, true));
}

TEST(BspBuild, EmptyMeshGivesAnEmptyTree) {
  const BspBuildResult r = build_bsp({}, {});
  EXPECT_FALSE(r.tree.solid_available());
  const Polygon* hit = nullptr;
  Vec3 contact(0.0f);
  EXPECT_FALSE(r.tree.sphere_intersects_poly({{0, 0, 0}, 1.0f}, {0, 0, -1}, hit, contact));
  EXPECT_FALSE(r.tree.sphere_intersects_solid({{0, 0, 0}, 1.0f}, true));
}

TEST(MeshShapes, StairsAndTorusAreClosed) {
  const Mesh stairs = make_stairs({0, 0, 0}, 2.0f, 0.3f, 0.25f, 8);
  EXPECT_EQ(find_open_edge(stairs.vertices, stairs.polygons), "");
  const Mesh torus = make_torus({0, 0, 0}, 5.0f, 1.0f, 12, 8);
  EXPECT_EQ(find_open_edge(torus.vertices, torus.polygons), "");
  const BspTree tree = build(stairs);
  // Inside the third step (z up to 0.75 between y = 0.6 and 0.9).
  EXPECT_TRUE(tree.point_intersects_solid({1.0f, 0.75f, 0.5f}));
  EXPECT_FALSE(tree.point_intersects_solid({1.0f, 0.75f, 0.8f}));
}

}  // namespace
}  // namespace transit
