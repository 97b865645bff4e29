#include "transit/geom/polygon.hpp"

#include <cmath>
#include <optional>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "support/vec_matchers.hpp"

namespace transit {
namespace {

using test::kTol;
const Vec3 kUp{0, 0, 1};

// The floor square [0,4] x [0,4] at z = 0, counter-clockwise from above: normal +Z, d = 0.
// Edges in loop order: v3->v0 (x = 0), v0->v1 (y = 0), v1->v2 (x = 4), v2->v3 (y = 4).
Polygon floor_square(PolygonSides sides = PolygonSides::Single) {
  return Polygon({{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {0, 4, 0}}, sides);
}

// A ramp rising 0.75 m per metre of +y: normal (0,-0.6,0.8), d = 0, x in [-2,2], y in [0,4].
Polygon ramp() {
  return Polygon({{-2, 0, 0}, {2, 0, 0}, {2, 4, 3}, {-2, 4, 3}});
}

// A wall in the plane y = 0: cross((0,0,4), (4,0,4)) = (0,16,0), so it faces +Y.
Polygon wall() {
  return Polygon({{0, 0, 0}, {0, 0, 4}, {4, 0, 4}, {4, 0, 0}});
}

float step_ulps(float v, int n) {
  for (int i = 0; i < std::abs(n); ++i) v = std::nextafter(v, n > 0 ? 10.0f : -10.0f);
  return v;
}

// A triangle (-5,0,0), (5,0,0), (0, 10a, 10b) whose plane normal is (0,-b,a) normalised,
// with a, b nudged by a few ulps until make_plane's rounding gives normal.z == nz exactly.
std::optional<Polygon> ramp_with_normal_z(float nz) {
  const float a0 = nz;
  const float b0 = std::sqrt(1.0f - nz * nz);
  for (int i = -16; i <= 16; ++i) {
    for (int j = -16; j <= 16; ++j) {
      const float a = step_ulps(a0, i);
      const float b = step_ulps(b0, j);
      Polygon p({{-5, 0, 0}, {5, 0, 0}, {0, 10 * a, 10 * b}});
      if (p.plane().normal.z == nz) return p;
    }
  }
  return std::nullopt;
}

// A unit sphere sunk 0.5 m into `poly` above the centroid of its first three vertices.
Sphere sphere_sunk_into(const Polygon& poly) {
  const auto& v = poly.vertices();
  const Vec3 centroid = (v[0] + v[1] + v[2]) / 3.0f;
  return Sphere{centroid + poly.plane().normal * 0.5f, 1.0f};
}

// ---------------------------------------------------------------------------------------------
// make_plane

TEST(Polygon, MakePlaneOfFloorSquare) {
  // cross((1,0,0)*4, (4,4,0)) + cross((4,4,0), (0,4,0)) = (0,0,16) + (0,0,16) -> (0,0,1).
  const Plane plane = Polygon::make_plane(floor_square().vertices());
  EXPECT_VEC3_NEAR(plane.normal, Vec3(0, 0, 1), 0.0f);
  EXPECT_FLOAT_EQ(plane.d, 0.0f);
}

TEST(Polygon, MakePlaneFollowsWindingAndHeight) {
  // Clockwise from above at z = 1: normal -Z, d = -(sum of -1) / 4 = +1.
  const std::vector<Vec3> cw{{0, 0, 1}, {0, 4, 1}, {4, 4, 1}, {4, 0, 1}};
  const Plane plane = Polygon::make_plane(cw);
  EXPECT_VEC3_NEAR(plane.normal, Vec3(0, 0, -1), 0.0f);
  EXPECT_FLOAT_EQ(plane.d, 1.0f);
}

TEST(Polygon, MakePlaneOfTiltedTriangle) {
  // e1 = (4,0,0), e2 = (0,4,3): cross = (0,-12,16), /20 = (0,-0.6,0.8).
  // n . v = 0.8 * 5 = 4 for (0,0,5), (4,0,5) and -2.4 + 6.4 = 4 for (0,4,8): d = -4.
  const std::vector<Vec3> tri{{0, 0, 5}, {4, 0, 5}, {0, 4, 8}};
  const Plane plane = Polygon::make_plane(tri);
  EXPECT_VEC3_NEAR(plane.normal, Vec3(0, -0.6f, 0.8f), kTol);
  EXPECT_NEAR(plane.d, -4.0f, kTol);
}

TEST(Polygon, MakePlaneAveragesVertexDistances) {
  // Quad with (0,2) lifted 4 mm: normal sum (0.008,-0.008,8) -> n ~ (0.001,-0.001,1);
  // n . v = 0, 0.002, 0, 0.002 -> d = -(0.004 / 4) = -0.001 (not -0 from vertex 0 alone).
  const std::vector<Vec3> quad{{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0.004f}};
  const Plane plane = Polygon::make_plane(quad);
  EXPECT_VEC3_NEAR(plane.normal, Vec3(0.001f, -0.001f, 1.0f), 1e-5f);
  EXPECT_NEAR(plane.d, -0.001f, 1e-6f);
}

TEST(Polygon, ConstructorStoresVerticesPlaneAndSides) {
  const Polygon poly = floor_square(PolygonSides::Landblock);
  EXPECT_EQ(poly.vertices().size(), 4u);
  EXPECT_EQ(poly.sides(), PolygonSides::Landblock);
  EXPECT_EQ(poly.plane(), Polygon::make_plane(poly.vertices()));
  EXPECT_EQ(ramp().sides(), PolygonSides::Single);
}

// ---------------------------------------------------------------------------------------------
// polygon_hits_sphere / polygon_hits_sphere_precise / hits_sphere.
// All three must agree on these cases; the radius is shrunk by kEpsilon to 0.9998.

struct SphereCase {
  const char* name;
  Vec3 center;
  bool hit;
};

void expect_all_sphere_tests(const Polygon& poly, const SphereCase& c) {
  SCOPED_TRACE(c.name);
  const Sphere sphere{c.center, 1.0f};
  Vec3 contact(-99.0f);
  EXPECT_EQ(poly.polygon_hits_sphere(sphere, contact), c.hit) << "polygon_hits_sphere";
  Vec3 contact_precise(-99.0f);
  EXPECT_EQ(poly.polygon_hits_sphere_precise(sphere, contact_precise), c.hit) << "precise";
  EXPECT_EQ(poly.hits_sphere(sphere), c.hit) << "hits_sphere";
}

TEST(PolygonHitsSphere, SphereWellAboveMisses) {
  // dist 1.5 > 0.9998.
  expect_all_sphere_tests(floor_square(), {"above", {2, 2, 1.5f}, false});
}

TEST(PolygonHitsSphere, ExactlyTouchingSphereMisses) {
  // dist 1.0 > 1 - 0.0002 = 0.9998: resting contact is not a hit.
  expect_all_sphere_tests(floor_square(), {"touching", {2, 2, 1.0f}, false});
  // dist 0.9999 is still outside the shrunk radius.
  expect_all_sphere_tests(floor_square(), {"within epsilon", {2, 2, 0.9999f}, false});
}

TEST(PolygonHitsSphere, SpherePenetratingByMoreThanEpsilonHits) {
  // dist 0.9997 <= 0.9998.
  expect_all_sphere_tests(floor_square(), {"just penetrating", {2, 2, 0.9997f}, true});
  expect_all_sphere_tests(floor_square(), {"half sunk", {2, 2, 0.5f}, true});
  // Both faces: the centre 0.5 m behind the plane still overlaps it.
  expect_all_sphere_tests(floor_square(), {"from behind", {2, 2, -0.5f}, true});
  expect_all_sphere_tests(floor_square(), {"far behind", {2, 2, -1.0f}, false});
}

TEST(PolygonHitsSphere, ContactPointIsCentreProjectedOntoPlane) {
  Vec3 contact(0.0f);
  ASSERT_TRUE(floor_square().polygon_hits_sphere_precise({{1, 3, 0.5f}, 1.0f}, contact));
  EXPECT_VEC3_NEAR(contact, Vec3(1, 3, 0), 0.0f);  // (1,3,0.5) - (0,0,1) * 0.5
  ASSERT_TRUE(floor_square().polygon_hits_sphere({{1, 3, -0.25f}, 1.0f}, contact));
  EXPECT_VEC3_NEAR(contact, Vec3(1, 3, 0), 0.0f);  // (1,3,-0.25) - (0,0,1) * -0.25
}

TEST(PolygonHitsSphere, NearEdgeHitAndJustMiss) {
  // Centre in the plane, beyond the edge x = 4: reach 0.9998.
  // x = 4.9997: edge v1->v2, inward (-4,0,0), dp = -3.9988, dp^2 = 15.9904
  //   <= |inward|^2 * reach^2 = 16 * 0.99960004 = 15.9936, along = 8 in [0,16]: hit.
  expect_all_sphere_tests(floor_square(), {"edge hit", {4.9997f, 2, 0}, true});
  // x = 4.9999: dp = -3.9996, dp^2 = 15.9968 > 15.9936: miss.
  expect_all_sphere_tests(floor_square(), {"edge miss", {4.9999f, 2, 0}, false});
}

TEST(PolygonHitsSphere, NearEdgeWithCentreAbovePlane) {
  // dist 0.5: circle of reach sqrt(0.99960004 - 0.25) = 0.86579 in the plane.
  expect_all_sphere_tests(floor_square(), {"0.86 from edge", {4.86f, 2, 0.5f}, true});
  expect_all_sphere_tests(floor_square(), {"0.87 from edge", {4.87f, 2, 0.5f}, false});
}

TEST(PolygonHitsSphere, NearVertexHitAndJustMiss) {
  // Diagonally off corner (4,4): each edge line is only `a` away (< 0.9998), so only the
  // vertex test decides. a = 0.7069: |disp|^2 = 2 * 0.49970761 = 0.99941522 <= 0.99960004.
  expect_all_sphere_tests(floor_square(), {"vertex hit", {4.7069f, 4.7069f, 0}, true});
  // a = 0.7071: |disp|^2 = 2 * 0.49999041 = 0.99998082 > 0.99960004.
  expect_all_sphere_tests(floor_square(), {"vertex miss", {4.7071f, 4.7071f, 0}, false});
}

TEST(PolygonHitsSphere, UsesPerpendicularDistanceOnSlope) {
  // Above ramp point (0,2,1.5): z = 2.7 is 1.2 m up but 0.8 * 1.2 = 0.96 m away: hit.
  expect_all_sphere_tests(ramp(), {"ramp 0.96", {0, 2, 2.7f}, true});
  // z = 2.8: 0.8 * 1.3 = 1.04 m away: miss.
  expect_all_sphere_tests(ramp(), {"ramp 1.04", {0, 2, 2.8f}, false});

  Vec3 contact(0.0f);
  ASSERT_TRUE(ramp().polygon_hits_sphere_precise({{0, 2, 2.7f}, 1.0f}, contact));
  // (0,2,2.7) - (0,-0.6,0.8) * 0.96 = (0, 2.576, 1.932).
  EXPECT_VEC3_NEAR(contact, Vec3(0, 2.576f, 1.932f), kTol);
}

// The precise test first asks whether the sphere's circle in the plane can
// reach a sphere around the vertices at all. A long thin triangle and a
// skewed quad far from the origin (where a float's step is 6e-5 m), and
// spheres that reach a vertex or an edge's middle by 0.5 mm from every side
// in and out of the plane, must all still hit: a bound that left out any
// part of the polygon would miss some of them.
TEST(PolygonHitsSphere, GrazingSpheresFarFromTheOriginHitEveryVertexAndEdge) {
  const Vec3 far{700.0f, -650.0f, 120.0f};
  const std::vector<std::vector<Vec3>> shapes = {
      {far + Vec3(0, 0, 0), far + Vec3(30, 0.2f, 0.1f), far + Vec3(0.1f, 0.3f, 0)},
      {far + Vec3(0, 0, 0), far + Vec3(2, 0, 0.5f), far + Vec3(9, 3, 2.55f), far + Vec3(-1, 1, -0.15f)},
  };
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  const float radius = 0.48f;
  int tried = 0;
  for (const auto& vertices : shapes) {
    ASSERT_EQ(validate_polygon(vertices), std::nullopt);
    const Polygon poly(vertices);
    for (std::size_t i = 0; i < vertices.size(); ++i) {
      const Vec3 mid = (vertices[i] + vertices[(i + 1) % vertices.size()]) * 0.5f;
      for (const Vec3& target : {vertices[i], mid}) {
        for (int k = 0; k < 200; ++k) {
          const Vec3 dir = glm::normalize(Vec3(unit(rng), unit(rng), unit(rng) * 0.2f));
          const Sphere sphere{target + dir * (radius - kEpsilon - 0.0005f), radius};
          Vec3 contact(0.0f);
          EXPECT_TRUE(poly.polygon_hits_sphere_precise(sphere, contact))
              << "sphere at " << sphere.center.x << " " << sphere.center.y << " " << sphere.center.z;
          ++tried;
        }
      }
    }
  }
  EXPECT_EQ(tried, 2800);
}

// ---------------------------------------------------------------------------------------------
// pos_hits_sphere

TEST(PolygonPosHitsSphere, MovingIntoFrontFaceHits) {
  const Polygon poly = floor_square();
  const Polygon* hit_poly = nullptr;
  Vec3 contact(0.0f);
  EXPECT_TRUE(poly.pos_hits_sphere({{2, 2, 0.5f}, 1.0f}, {0, 0, -1}, contact, hit_poly));
  EXPECT_EQ(hit_poly, &poly);
  EXPECT_VEC3_NEAR(contact, Vec3(2, 2, 0), 0.0f);
}

TEST(PolygonPosHitsSphere, MovingAwayReturnsFalseButSetsHitPoly) {
  const Polygon poly = floor_square();
  const Polygon* hit_poly = nullptr;
  Vec3 contact(0.0f);
  // movement . normal = 1 >= 0.
  EXPECT_FALSE(poly.pos_hits_sphere({{2, 2, 0.5f}, 1.0f}, {0, 0, 1}, contact, hit_poly));
  EXPECT_EQ(hit_poly, &poly);
  EXPECT_VEC3_NEAR(contact, Vec3(2, 2, 0), 0.0f);
}

TEST(PolygonPosHitsSphere, MovingAlongFaceReturnsFalseButSetsHitPoly) {
  const Polygon poly = floor_square();
  const Polygon* hit_poly = nullptr;
  Vec3 contact(0.0f);
  // movement . normal = 0, and 0 >= 0 counts as not approaching.
  EXPECT_FALSE(poly.pos_hits_sphere({{2, 2, 0.5f}, 1.0f}, {1, 0, 0}, contact, hit_poly));
  EXPECT_EQ(hit_poly, &poly);
}

TEST(PolygonPosHitsSphere, MissLeavesHitPolyUntouched) {
  const Polygon poly = floor_square();
  const Polygon other = ramp();
  const Polygon* hit_poly = &other;
  Vec3 contact(0.0f);
  EXPECT_FALSE(poly.pos_hits_sphere({{2, 2, 3}, 1.0f}, {0, 0, -1}, contact, hit_poly));
  EXPECT_EQ(hit_poly, &other);
}

TEST(PolygonPosHitsSphere, BackFaceApproachIsNotAHit) {
  const Polygon poly = floor_square();
  const Polygon* hit_poly = nullptr;
  Vec3 contact(0.0f);
  // Sphere below the floor moving up: movement . normal = 1, so no hit, but it touched.
  EXPECT_FALSE(poly.pos_hits_sphere({{2, 2, -0.5f}, 1.0f}, {0, 0, 1}, contact, hit_poly));
  EXPECT_EQ(hit_poly, &poly);
}

// ---------------------------------------------------------------------------------------------
// walkable_hits_sphere, check_walkable, check_small_walkable

TEST(PolygonWalkable, RampsWithExactNormalZCanBeBuilt) {
  // Guard for the helpers below: the constants must be reachable exactly.
  for (float nz : {kLandingZ, kFloorZ, std::nextafter(kFloorZ, 1.0f)}) {
    const std::optional<Polygon> p = ramp_with_normal_z(nz);
    ASSERT_TRUE(p.has_value()) << nz;
    EXPECT_EQ(p->plane().normal.z, nz);
    EXPECT_NEAR(glm::length(p->plane().normal), 1.0f, 1e-6f);
  }
}

TEST(PolygonWalkable, NormalZExactlyFloorZIsNotAboveFloorAllowance) {
  const std::optional<Polygon> steep = ramp_with_normal_z(kFloorZ);
  ASSERT_TRUE(steep.has_value());
  const Sphere sphere = sphere_sunk_into(*steep);
  // up . normal = 0 * nx + 0 * ny + 1 * nz = kFloorZ exactly; kFloorZ <= kFloorZ rejects.
  EXPECT_FALSE(steep->walkable_hits_sphere(kFloorZ, sphere, kUp));
  // One ulp lower allowance: kFloorZ > allowance, and the sphere does touch.
  EXPECT_TRUE(steep->walkable_hits_sphere(std::nextafter(kFloorZ, 0.0f), sphere, kUp));
  // For landing (allowance LandingZ = 0.087) this slope is fine.
  EXPECT_TRUE(steep->walkable_hits_sphere(kLandingZ, sphere, kUp));
}

TEST(PolygonWalkable, NormalZJustAboveFloorZIsWalkable) {
  const std::optional<Polygon> walkable = ramp_with_normal_z(std::nextafter(kFloorZ, 1.0f));
  ASSERT_TRUE(walkable.has_value());
  EXPECT_TRUE(walkable->walkable_hits_sphere(kFloorZ, sphere_sunk_into(*walkable), kUp));
}

TEST(PolygonWalkable, NormalZExactlyLandingZIsNotAboveLandingAllowance) {
  const std::optional<Polygon> cliff = ramp_with_normal_z(kLandingZ);
  ASSERT_TRUE(cliff.has_value());
  const Sphere sphere = sphere_sunk_into(*cliff);
  EXPECT_FALSE(cliff->walkable_hits_sphere(kLandingZ, sphere, kUp));  // 0.0871557 <= itself
  EXPECT_TRUE(cliff->walkable_hits_sphere(std::nextafter(kLandingZ, 0.0f), sphere, kUp));
  EXPECT_FALSE(cliff->walkable_hits_sphere(kFloorZ, sphere, kUp));  // 0.087 <= 0.664
}

TEST(PolygonWalkable, WalkableFloorStillNeedsSphereContact) {
  const Polygon floor = floor_square();
  EXPECT_TRUE(floor.walkable_hits_sphere(kFloorZ, {{2, 2, 0.5f}, 1.0f}, kUp));      // 1 > 0.66
  EXPECT_FALSE(floor.walkable_hits_sphere(kFloorZ, {{2, 2, 1.0f}, 1.0f}, kUp));     // touching
  EXPECT_FALSE(floor.walkable_hits_sphere(kFloorZ, {{6, 2, 0.5f}, 1.0f}, kUp));     // off the edge
  EXPECT_FALSE(wall().walkable_hits_sphere(kLandingZ, {{2, 0.5f, 2}, 1.0f}, kUp));  // 0 <= 0.087
}

TEST(PolygonWalkable, CheckWalkableIgnoresSlopeAboveEpsilonAndHeight) {
  // check_walkable only asks whether the sphere, dropped along `up`, is over the polygon.
  const std::optional<Polygon> cliff = ramp_with_normal_z(kLandingZ);
  ASSERT_TRUE(cliff.has_value());
  const auto& v = cliff->vertices();
  const Vec3 centroid = (v[0] + v[1] + v[2]) / 3.0f;  // on the plane, inside the triangle
  EXPECT_TRUE(cliff->check_walkable({centroid + Vec3(0, 0, 0.3f), 1.0f}, kUp));
  EXPECT_TRUE(floor_square().check_walkable({{2, 2, 5}, 1.0f}, kUp));  // 5 m above
}

TEST(PolygonWalkable, CheckWalkableRejectsWallsAndDownwardUp) {
  EXPECT_FALSE(wall().check_walkable({{2, -0.5f, 2}, 1.0f}, kUp));  // angle_up 0 < eps
  EXPECT_FALSE(floor_square().check_walkable({{2, 2, 0.5f}, 1.0f}, {0, 0, -1}));  // -1 < eps
  // angle_up 0.00019 < 0.0002.
  EXPECT_FALSE(floor_square().check_walkable({{2, 2, 0.5f}, 1.0f}, {1, 0, 0.00019f}));
}

TEST(PolygonWalkable, CheckWalkableNearEdgeUsesFullRadius) {
  const Polygon floor = floor_square();
  // Dropped centre (4.9,2,0): edge x = 4, dp = -4 * 0.9 = -3.6, 12.96 <= 16 * 1: over the edge.
  EXPECT_TRUE(floor.check_walkable({{4.9f, 2, 0.5f}, 1.0f}, kUp));
  // (5.1,2,0): dp = -4.4, 19.36 > 16: off.
  EXPECT_FALSE(floor.check_walkable({{5.1f, 2, 0.5f}, 1.0f}, kUp));
}

TEST(PolygonWalkable, CheckWalkableOffCornerIgnoresTheVertex) {
  const Polygon floor = floor_square();
  // Dropped centre (4.5,4.5): edge v1->v2 has dp = -4 * 0.5 = -2 (4 <= 16) but
  // along = (0.5,4.5,0) . (0,4,0) = 18 > 16, which ends the test with false, although the
  // corner (4,4) is only 0.707 away, inside the radius.
  EXPECT_FALSE(floor.check_walkable({{4.5f, 4.5f, 0.5f}, 1.0f}, kUp));
  EXPECT_TRUE(floor.hits_sphere({{4.5f, 4.5f, 0.0f}, 1.0f}));  // the sphere test does see it
  // (4.5,3.9): along = 3.9 * 4 = 15.6 <= 16: over the edge.
  EXPECT_TRUE(floor.check_walkable({{4.5f, 3.9f, 0.5f}, 1.0f}, kUp));
}

TEST(PolygonWalkable, CheckWalkableVertexTestCanAcceptBeforeALaterEdgeRejects) {
  // Triangle (0,0) (4,0) (0,1), loop starts with edge v2->v0. Dropped centre (0.1,1.5):
  // edge v2->v0 inward (1,0,0), dp = 0.1 >= 0, and |c - v2|^2 = 0.01 + 0.25 = 0.26 <= 1: true.
  // (Edge v1->v2 alone would reject it: inward (-1,-4,0), disp (-3.9,1.5,0), dp = -2.1,
  // along = 15.6 + 1.5 = 17.1 > |edge|^2 = 17.)
  const Polygon tri({{0, 0, 0}, {4, 0, 0}, {0, 1, 0}});
  EXPECT_TRUE(tri.check_walkable({{0.1f, 1.5f, 0.5f}, 1.0f}, kUp));
}

TEST(PolygonWalkable, CheckSmallWalkableUsesHalfRadius) {
  const Polygon floor = floor_square();
  // reach^2 = 1 * 0.25. (4.4,2): dp = -1.6, 2.56 <= 16 * 0.25 = 4: on.
  EXPECT_TRUE(floor.check_small_walkable({{4.4f, 2, 0.5f}, 1.0f}, kUp));
  // (4.6,2): dp = -2.4, 5.76 > 4: off, although the full radius would still reach.
  EXPECT_FALSE(floor.check_small_walkable({{4.6f, 2, 0.5f}, 1.0f}, kUp));
  EXPECT_TRUE(floor.check_walkable({{4.6f, 2, 0.5f}, 1.0f}, kUp));
}

TEST(PolygonWalkable, CheckWalkableProjectsAlongUpNotNormal) {
  const Polygon slope = ramp();
  // (0,3.5,10): plane dist -2.1 + 8 = 5.9, dropped by 5.9 / 0.8 = 7.375 to (0,3.5,2.625),
  // inside y < 4 (the perpendicular foot would be at y = 3.5 + 0.6 * 5.9 = 7.04, outside).
  EXPECT_TRUE(slope.check_walkable({{0, 3.5f, 10}, 0.1f}, kUp));
  // (0,4.5,10) drops to (0,4.5,3.375): past edge y = 4 by 0.5 > 0.1.
  EXPECT_FALSE(slope.check_walkable({{0, 4.5f, 10}, 0.1f}, kUp));
}

// ---------------------------------------------------------------------------------------------
// adjust_sphere_to_plane

TEST(PolygonAdjustSphereToPlane, BacksSphereUpOntoPlaneAndShrinksWalkInterp) {
  const Polygon floor = floor_square();
  float walk_interp = 1.0f;
  Sphere pos{{2, 2, 0.5f}, 1.0f};
  // dp_pos 0.5, dp_move -1: dist = 0.5 - 1 = -0.5, i = 0.5, interp = (1 - 0.5) * 1 = 0.5.
  ASSERT_TRUE(floor.adjust_sphere_to_plane(walk_interp, pos, {0, 0, -1}));
  EXPECT_FLOAT_EQ(walk_interp, 0.5f);
  EXPECT_VEC3_NEAR(pos.center, Vec3(2, 2, 1), 0.0f);  // 0.5 - (-1) * 0.5 = 1: resting
  EXPECT_FLOAT_EQ(pos.radius, 1.0f);
}

TEST(PolygonAdjustSphereToPlane, ScalesExistingWalkInterp) {
  const Polygon floor = floor_square();
  float walk_interp = 0.8f;
  Sphere pos{{2, 2, 0.5f}, 1.0f};
  ASSERT_TRUE(floor.adjust_sphere_to_plane(walk_interp, pos, {0, 0, -1}));
  EXPECT_FLOAT_EQ(walk_interp, 0.4f);  // (1 - 0.5) * 0.8
}

TEST(PolygonAdjustSphereToPlane, ObliqueMovementBacksUpAlongMovement) {
  const Polygon floor = floor_square();
  float walk_interp = 1.0f;
  Sphere pos{{2, 2, 0.75f}, 1.0f};
  // dp_move -0.5: dist = 0.75 - 1 = -0.25, i = 0.5, interp 0.5;
  // centre (2,2,0.75) - (2,0,-0.5) * 0.5 = (1,2,1).
  ASSERT_TRUE(floor.adjust_sphere_to_plane(walk_interp, pos, {2, 0, -0.5f}));
  EXPECT_FLOAT_EQ(walk_interp, 0.5f);
  EXPECT_VEC3_NEAR(pos.center, Vec3(1, 2, 1), kTol);
}

TEST(PolygonAdjustSphereToPlane, RejectedWhenItWouldNotShorten) {
  const Polygon floor = floor_square();
  float walk_interp = 1.0f;
  Sphere above{{2, 2, 1.5f}, 1.0f};
  // dist = 1.5 - 1 = 0.5, i = -0.5, interp 1.5 >= 1.
  EXPECT_FALSE(floor.adjust_sphere_to_plane(walk_interp, above, {0, 0, -1}));
  Sphere resting{{2, 2, 1.0f}, 1.0f};
  // dist 0, i = 0, interp 1 >= 1: nothing to shorten.
  EXPECT_FALSE(floor.adjust_sphere_to_plane(walk_interp, resting, {0, 0, -1}));
  EXPECT_FLOAT_EQ(walk_interp, 1.0f);
  EXPECT_VEC3_NEAR(above.center, Vec3(2, 2, 1.5f), 0.0f);
  EXPECT_VEC3_NEAR(resting.center, Vec3(2, 2, 1.0f), 0.0f);
}

TEST(PolygonAdjustSphereToPlane, RejectedWhenWalkInterpAlreadyZero) {
  float walk_interp = 0.0f;
  Sphere pos{{2, 2, 0.5f}, 1.0f};
  // interp = (1 - 0.5) * 0 = 0 >= 0.
  EXPECT_FALSE(floor_square().adjust_sphere_to_plane(walk_interp, pos, {0, 0, -1}));
}

TEST(PolygonAdjustSphereToPlane, MovingAlongNormalIsRejected) {
  float walk_interp = 1.0f;
  Sphere pos{{2, 2, -0.5f}, 1.0f};
  // dp_move 1 > eps: dist = -1 - (-0.5) = -0.5, i = -0.5, interp 1.5 >= 1.
  EXPECT_FALSE(floor_square().adjust_sphere_to_plane(walk_interp, pos, {0, 0, 1}));
  EXPECT_VEC3_NEAR(pos.center, Vec3(2, 2, -0.5f), 0.0f);
}

TEST(PolygonAdjustSphereToPlane, MovementWithinEpsilonOfParallelIsRejected) {
  const Polygon floor = floor_square();
  float walk_interp = 1.0f;
  Sphere pos{{2, 2, 0.9999f}, 1.0f};
  // dp_move = -0.0002: not < -kEpsilon.
  EXPECT_FALSE(floor.adjust_sphere_to_plane(walk_interp, pos, {1, 0, -kEpsilon}));
  // dp_move = -0.0003: dist = -0.0001, i = 1/3, interp 2/3, centre z 0.9999 + 0.0001 = 1.
  ASSERT_TRUE(floor.adjust_sphere_to_plane(walk_interp, pos, {0, 0, -0.0003f}));
  EXPECT_NEAR(walk_interp, 0.6667f, 1e-3f);
  EXPECT_NEAR(pos.center.z, 1.0f, 1e-5f);
}

TEST(PolygonAdjustSphereToPlane, InterpDownToMinusHalfIsAccepted) {
  float walk_interp = 1.0f;
  Sphere pos{{2, 2, -0.5f}, 1.0f};
  // dist = -0.5 - 1 = -1.5, i = 1.5, interp = (1 - 1.5) * 1 = -0.5: not < -0.5.
  ASSERT_TRUE(floor_square().adjust_sphere_to_plane(walk_interp, pos, {0, 0, -1}));
  EXPECT_FLOAT_EQ(walk_interp, -0.5f);
  EXPECT_VEC3_NEAR(pos.center, Vec3(2, 2, 1), 0.0f);  // -0.5 + 1.5
}

TEST(PolygonAdjustSphereToPlane, InterpBelowMinusHalfIsRejected) {
  float walk_interp = 1.0f;
  Sphere pos{{2, 2, -1.0f}, 1.0f};
  // dist = -2, i = 2, interp = -1 < -0.5.
  EXPECT_FALSE(floor_square().adjust_sphere_to_plane(walk_interp, pos, {0, 0, -1}));
  EXPECT_FLOAT_EQ(walk_interp, 1.0f);
}

TEST(PolygonAdjustSphereToPlane, MinusHalfLimitIsAbsoluteNotScaled) {
  float walk_interp = 0.5f;
  Sphere deep{{2, 2, -0.9f}, 1.0f};
  // i = 1.9, interp = (1 - 1.9) * 0.5 = -0.45 >= -0.5: accepted.
  ASSERT_TRUE(floor_square().adjust_sphere_to_plane(walk_interp, deep, {0, 0, -1}));
  EXPECT_NEAR(walk_interp, -0.45f, 1e-6f);

  walk_interp = 0.5f;
  Sphere deeper{{2, 2, -1.1f}, 1.0f};
  // i = 2.1, interp = -1.1 * 0.5 = -0.55 < -0.5: rejected.
  EXPECT_FALSE(floor_square().adjust_sphere_to_plane(walk_interp, deeper, {0, 0, -1}));
}

// ---------------------------------------------------------------------------------------------
// adjust_sphere_to_poly

TEST(PolygonAdjustSphereToPoly, StartAlreadyTouchingPlaneReturnsOne) {
  const Sphere check{{2, 2, 0}, 1.0f};
  EXPECT_FLOAT_EQ(floor_square().adjust_sphere_to_poly(check, {2, 2, 0.5f}, {0, 0, -1}), 1.0f);
  EXPECT_FLOAT_EQ(floor_square().adjust_sphere_to_poly(check, {2, 2, 0.9999f}, {0, 0, -1}), 1.0f);
}

TEST(PolygonAdjustSphereToPoly, FractionAtWhichSphereTouches) {
  const Sphere check{{2, 2, -1}, 1.0f};
  // |m|^2 = 16 > 1: dist = +1; (1 - 3) / -4 = 0.5: z = 3 - 2 = 1.
  EXPECT_FLOAT_EQ(floor_square().adjust_sphere_to_poly(check, {2, 2, 3}, {0, 0, -4}), 0.5f);
  // Start exactly one radius away: |dp_pos| < r is false, (1 - 1) / -2 = 0.
  EXPECT_FLOAT_EQ(floor_square().adjust_sphere_to_poly(check, {2, 2, 1}, {0, 0, -2}), 0.0f);
}

TEST(PolygonAdjustSphereToPoly, ShortMovementUsesFarSideOfPlane) {
  const Sphere check{{2, 2, 2}, 1.0f};
  // |m|^2 = 1 <= r^2 = 1: dist = -1; (-1 - 3) / -1 = 4.
  EXPECT_FLOAT_EQ(floor_square().adjust_sphere_to_poly(check, {2, 2, 3}, {0, 0, -1}), 4.0f);
  // |m|^2 = 1.002001 > 1: dist = +1; (1 - 3) / -1.001 = 1.998.
  EXPECT_NEAR(floor_square().adjust_sphere_to_poly(check, {2, 2, 3}, {0, 0, -1.001f}), 1.998f,
              1e-3f);
}

TEST(PolygonAdjustSphereToPoly, ParallelMovementReturnsZero) {
  const Sphere check{{3, 2, 3}, 1.0f};
  EXPECT_FLOAT_EQ(floor_square().adjust_sphere_to_poly(check, {2, 2, 3}, {1, 0, 0}), 0.0f);
  // |dp_move| = 0.0001 < eps.
  EXPECT_FLOAT_EQ(floor_square().adjust_sphere_to_poly(check, {2, 2, 3}, {1, 0, -0.0001f}), 0.0f);
}

// ---------------------------------------------------------------------------------------------
// adjust_to_placement_poly

TEST(PolygonAdjustToPlacementPoly, PushesOutOfFrontFace) {
  Sphere hit{{2, 2, 0.3f}, 1.0f};
  Sphere other{{2, 2, 1.3f}, 1.0f};
  // dp 0.3: adjust = n * (1 - 0.3) = (0,0,0.7).
  floor_square().adjust_to_placement_poly(hit, &other, 1.0f, false, true);
  EXPECT_VEC3_NEAR(hit.center, Vec3(2, 2, 1), kTol);
  EXPECT_VEC3_NEAR(other.center, Vec3(2, 2, 2), kTol);  // moved by the same (0,0,0.7)
}

TEST(PolygonAdjustToPlacementPoly, SolidCheckPushesBehindWhenCentreBehind) {
  Sphere hit{{2, 2, -0.3f}, 1.0f};
  // dp -0.3 <= 0: radius -1, adjust = n * (-1 + 0.3) = (0,0,-0.7).
  floor_square().adjust_to_placement_poly(hit, nullptr, 1.0f, false, true);
  EXPECT_VEC3_NEAR(hit.center, Vec3(2, 2, -1), kTol);

  Sphere on_plane{{2, 2, 0}, 1.0f};
  // dp 0 <= 0 also counts as behind: (0,0,-1).
  floor_square().adjust_to_placement_poly(on_plane, nullptr, 1.0f, false, true);
  EXPECT_VEC3_NEAR(on_plane.center, Vec3(2, 2, -1), 0.0f);
}

TEST(PolygonAdjustToPlacementPoly, WithoutSolidCheckAlwaysPushesToFront) {
  Sphere hit{{2, 2, -0.3f}, 1.0f};
  // adjust = n * (1 + 0.3) = (0,0,1.3).
  floor_square().adjust_to_placement_poly(hit, nullptr, 1.0f, true, false);
  EXPECT_VEC3_NEAR(hit.center, Vec3(2, 2, 1), kTol);
}

TEST(PolygonAdjustToPlacementPoly, SolidCentrePushesBehindEvenFromFront) {
  Sphere hit{{2, 2, 0.3f}, 1.0f};
  // radius -1: adjust = n * (-1 - 0.3) = (0,0,-1.3).
  floor_square().adjust_to_placement_poly(hit, nullptr, 1.0f, true, true);
  EXPECT_VEC3_NEAR(hit.center, Vec3(2, 2, -1), kTol);
}

TEST(PolygonAdjustToPlacementPoly, UsesGivenRadiusAndPlaneNormal) {
  Sphere hit{{2, 2, 0.3f}, 1.0f};
  floor_square().adjust_to_placement_poly(hit, nullptr, 0.5f, false, false);
  EXPECT_VEC3_NEAR(hit.center, Vec3(2, 2, 0.5f), kTol);  // 0.3 + (0.5 - 0.3)

  Sphere on_ramp{{0, 2, 1.5f}, 1.0f};
  // dp 0: moved 1 along (0,-0.6,0.8) to (0, 1.4, 2.3).
  ramp().adjust_to_placement_poly(on_ramp, nullptr, 1.0f, false, false);
  EXPECT_VEC3_NEAR(on_ramp.center, Vec3(0, 1.4f, 2.3f), kTol);
}

// ---------------------------------------------------------------------------------------------
// find_crossed_edge

TEST(PolygonFindCrossedEdge, InsideCrossesNoEdge) {
  Vec3 normal(-9.0f);
  EXPECT_FALSE(floor_square().find_crossed_edge({{2, 2, 1}, 1.0f}, kUp, normal));
  EXPECT_VEC3_NEAR(normal, Vec3(-9.0f), 0.0f);
}

TEST(PolygonFindCrossedEdge, ReturnsUnitNormalOfCrossedEdgePointingBackInside) {
  Vec3 normal(0.0f);
  // Past x = 4: edge v1->v2 = (0,4,0), cross((0,0,1), (0,4,0)) = (-4,0,0) -> (-1,0,0).
  ASSERT_TRUE(floor_square().find_crossed_edge({{5, 2, 1}, 1.0f}, kUp, normal));
  EXPECT_VEC3_NEAR(normal, Vec3(-1, 0, 0), 0.0f);
  // Past y = 0: edge v0->v1 = (4,0,0), cross((0,0,1), (4,0,0)) = (0,4,0) -> (0,1,0).
  ASSERT_TRUE(floor_square().find_crossed_edge({{2, -0.5f, 1}, 1.0f}, kUp, normal));
  EXPECT_VEC3_NEAR(normal, Vec3(0, 1, 0), 0.0f);
}

TEST(PolygonFindCrossedEdge, FirstEdgeInLoopOrderWinsAtCorner) {
  Vec3 normal(0.0f);
  // Past both x = 4 (edge 2) and y = 4 (edge 3): edge v1->v2 is tested first.
  ASSERT_TRUE(floor_square().find_crossed_edge({{5, 5, 1}, 1.0f}, kUp, normal));
  EXPECT_VEC3_NEAR(normal, Vec3(-1, 0, 0), 0.0f);
}

TEST(PolygonFindCrossedEdge, DropsCentreAlongUpOntoSlope) {
  Vec3 normal(0.0f);
  // (0,4.5,10) drops to (0,4.5,3.375), past the top edge v2->v3 = (-4,0,0):
  // cross((0,-0.6,0.8), (-4,0,0)) = (0,-3.2,-2.4), length 4 -> (0,-0.8,-0.6).
  ASSERT_TRUE(ramp().find_crossed_edge({{0, 4.5f, 10}, 0.1f}, kUp, normal));
  EXPECT_VEC3_NEAR(normal, Vec3(0, -0.8f, -0.6f), kTol);
  // (0,3.5,10) drops to (0,3.5,2.625): inside.
  EXPECT_FALSE(ramp().find_crossed_edge({{0, 3.5f, 10}, 0.1f}, kUp, normal));
}

TEST(PolygonFindCrossedEdge, WorksWithDownwardUpButNotParallelUp) {
  Vec3 normal(0.0f);
  // |angle_up| = 1: the sign of up does not matter.
  ASSERT_TRUE(floor_square().find_crossed_edge({{5, 2, 1}, 1.0f}, {0, 0, -1}, normal));
  EXPECT_VEC3_NEAR(normal, Vec3(-1, 0, 0), 0.0f);
  // A wall seen with up = +Z: angle_up 0 < eps.
  EXPECT_FALSE(wall().find_crossed_edge({{2, -1, 9}, 1.0f}, kUp, normal));
}

// ---------------------------------------------------------------------------------------------
// point_in_polygon

TEST(PolygonPointInPolygon, InsideOutsideAndBoundary) {
  const Polygon floor = floor_square();
  EXPECT_TRUE(floor.point_in_polygon({2, 2, 0}));
  EXPECT_TRUE(floor.point_in_polygon({4, 2, 0}));         // on edge x = 4: dp = 0 is not < 0
  EXPECT_TRUE(floor.point_in_polygon({4, 4, 0}));         // on a vertex
  EXPECT_FALSE(floor.point_in_polygon({4.001f, 2, 0}));   // dp = -4 * 0.001 < 0
  EXPECT_FALSE(floor.point_in_polygon({2, -0.001f, 0}));  // outside y = 0
}

TEST(PolygonPointInPolygon, TriangleHypotenuse) {
  const Polygon tri({{0, 0, 0}, {2, 0, 0}, {0, 2, 0}});
  EXPECT_TRUE(tri.point_in_polygon({0.9f, 0.9f, 0}));   // x + y = 1.8 < 2
  EXPECT_FALSE(tri.point_in_polygon({1.1f, 1.1f, 0}));  // x + y = 2.2 > 2
}

// ---------------------------------------------------------------------------------------------
// polygon_hits_ray

TEST(PolygonHitsRay, RayFromAboveHitsInside) {
  float time = -1.0f;
  ASSERT_TRUE(floor_square().polygon_hits_ray(Ray{{2, 2, 5}, {0, 0, -1}, 10}, time));
  EXPECT_FLOAT_EQ(time, 5.0f);  // 5 m down to z = 0
}

TEST(PolygonHitsRay, ObliqueRay) {
  float time = -1.0f;
  // From (0,2,3) along (0.6,0,-0.8): 3 / 0.8 = 3.75, hitting (2.25,2,0).
  ASSERT_TRUE(floor_square().polygon_hits_ray(Ray{{0, 2, 3}, {0.6f, 0, -0.8f}, 10}, time));
  EXPECT_NEAR(time, 3.75f, kTol);
  // Same direction from (3,2,3) lands at (5.25,2,0), outside.
  EXPECT_FALSE(floor_square().polygon_hits_ray(Ray{{3, 2, 3}, {0.6f, 0, -0.8f}, 10}, time));
}

TEST(PolygonHitsRay, MissesOutsideOrPointingAwayOrParallel) {
  float time = -1.0f;
  EXPECT_FALSE(floor_square().polygon_hits_ray(Ray{{5, 2, 5}, {0, 0, -1}, 10}, time));
  EXPECT_FALSE(floor_square().polygon_hits_ray(Ray{{2, 2, 5}, {0, 0, 1}, 10}, time));
  EXPECT_FALSE(floor_square().polygon_hits_ray(Ray{{2, 2, 5}, {1, 0, 0}, 10}, time));
}

TEST(PolygonHitsRay, IgnoresRayLength) {
  float time = -1.0f;
  // The crossing is 5 m along a 1 m ray: reported anyway; the caller compares with length.
  ASSERT_TRUE(floor_square().polygon_hits_ray(Ray{{2, 2, 5}, {0, 0, -1}, 1}, time));
  EXPECT_FLOAT_EQ(time, 5.0f);
}

TEST(PolygonHitsRay, RayFromBelowHitsSingleAndDoubleSided) {
  const Ray up_ray{{2, 2, -5}, {0, 0, 1}, 10};
  float time = -1.0f;
  ASSERT_TRUE(floor_square(PolygonSides::Single).polygon_hits_ray(up_ray, time));
  EXPECT_FLOAT_EQ(time, 5.0f);  // -5 * (-1 / 1)
  ASSERT_TRUE(floor_square(PolygonSides::Double).polygon_hits_ray(up_ray, time));
  EXPECT_FLOAT_EQ(time, 5.0f);
}

TEST(PolygonHitsRay, LandblockCullsRaysFromBelow) {
  const Polygon terrain = floor_square(PolygonSides::Landblock);
  float time = -1.0f;
  // normal . dir = 1 > 0: culled.
  EXPECT_FALSE(terrain.polygon_hits_ray(Ray{{2, 2, -5}, {0, 0, 1}, 10}, time));
  // Oblique from below: normal . dir = 0.6 > 0, culled, although a single-sided polygon is
  // hit 1.5 / 0.6 = 2.5 along, at (-1 + 2, 2, 0) = (1,2,0).
  const Ray oblique{{-1, 2, -1.5f}, {0.8f, 0, 0.6f}, 10};
  EXPECT_FALSE(terrain.polygon_hits_ray(oblique, time));
  ASSERT_TRUE(floor_square(PolygonSides::Single).polygon_hits_ray(oblique, time));
  EXPECT_NEAR(time, 2.5f, kTol);
  // From above it is hit as usual.
  ASSERT_TRUE(terrain.polygon_hits_ray(Ray{{2, 2, 5}, {0, 0, -1}, 10}, time));
  EXPECT_FLOAT_EQ(time, 5.0f);
}

}  // namespace
}  // namespace transit
