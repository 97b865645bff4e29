// Swept box and sphere primitives against single obstacles, hand-checked.
#include "geom/box_trace.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "support/vec_matchers.hpp"

namespace transit {
namespace {

using test::kTol;

// A square in the plane x = 3 facing -x, spanning y0..y1, z0..z1.
Polygon wall_x3(float y0, float y1, float z0, float z1) {
  return Polygon({{3, y0, z0}, {3, y0, z1}, {3, y1, z1}, {3, y1, z0}});
}

SweptBox unit_box() {
  SweptBox box;
  box.half = {0.5f, 0.5f, 0.5f};
  return box;
}

void expect_vec(const Vec3& got, const Vec3& want, float tol = kTol) {
  EXPECT_NEAR(got.x, want.x, tol);
  EXPECT_NEAR(got.y, want.y, tol);
  EXPECT_NEAR(got.z, want.z, tol);
}

TEST(BoxTrace, BoxHitsWallFaceHeadOn) {
  const Polygon wall = wall_x3(-2, 2, -2, 2);
  ASSERT_NEAR(wall.plane().normal.x, -1.0f, kTol);
  const SweepContact c = sweep_box_polygon(unit_box(), {4, 0, 0}, wall);
  EXPECT_TRUE(c.touches);
  EXPECT_NEAR(c.enter, 2.5f / 4.0f, kTol);  // front face x = 0.5 reaches x = 3
  expect_vec(c.normal, {-1, 0, 0});
  EXPECT_NEAR(c.start_depth, -2.5f, kTol);
}

TEST(BoxTrace, BoxHitsSlopedFaceWithItsCorner) {
  // The plane x + y = 3 (a 45-degree wall); the box corner (0.5, 0.5) leads.
  const Polygon slope({{3, 0, -2}, {3, 0, 2}, {0, 3, 2}, {0, 3, -2}});
  const SweepContact c = sweep_box_polygon(unit_box(), {4, 0, 0}, slope);
  EXPECT_TRUE(c.touches);
  EXPECT_NEAR(c.enter, 0.5f, kTol);  // 1 + 4t = 3
  const float s = std::sqrt(0.5f);
  expect_vec(c.normal, {-s, -s, 0});
}

TEST(BoxTrace, BoxEdgeMeetsPolygonEdgeOnACrossProductAxis) {
  // A flat triangle at z = 0 whose edge (2, -1)-(4, 1) runs diagonally; the
  // box straddles its plane, and its vertical edge at (0.5, -0.5) meets that
  // edge when x - y = 1 + 4t reaches 3: the axis is z x edge.
  const Polygon floor_piece({{2, -1, 0}, {4, 1, 0}, {4, -1, 0}});
  const SweepContact c = sweep_box_polygon(unit_box(), {4, 0, 0}, floor_piece);
  EXPECT_TRUE(c.touches);
  EXPECT_NEAR(c.enter, 0.5f, kTol);
  const float s = std::sqrt(0.5f);
  expect_vec(c.normal, {-s, s, 0});
}

TEST(BoxTrace, BoxMissesPastThePolygonEdge) {
  SweptBox box = unit_box();
  box.center = {0, 2.6f, 0};  // the wall ends at y = 2
  EXPECT_FALSE(sweep_box_polygon(box, {4, 0, 0}, wall_x3(-2, 2, -2, 2)).touches);
}

TEST(BoxTrace, OrientedBoxUsesItsOwnAxes) {
  // The unit box turned 45 degrees about z reaches sqrt(0.5) along x.
  SweptBox box = unit_box();
  const float s = std::sqrt(0.5f);
  box.axes = {Vec3{s, s, 0}, Vec3{-s, s, 0}, Vec3{0, 0, 1}};
  const SweepContact c = sweep_box_polygon(box, {4, 0, 0}, wall_x3(-2, 2, -2, 2));
  EXPECT_NEAR(c.enter, (3.0f - s) / 4.0f, kTol);
}

TEST(BoxTrace, StartOverlapIsMeasured) {
  SweptBox box = unit_box();
  box.center = {2.8f, 0, 0};  // reaches 0.3 past the wall plane
  const SweepContact c = sweep_box_polygon(box, {-1, 0, 0}, wall_x3(-2, 2, -2, 2));
  EXPECT_NEAR(c.start_depth, 0.3f, kTol);
  expect_vec(c.start_normal, {-1, 0, 0});
  EXPECT_LT(c.enter, 0.0f);
}

TEST(BoxTrace, SphereHitsFaceEdgeAndVertex) {
  const Sphere ball{{0, 0, 0}, 0.5f};
  SweepContact face = sweep_sphere_polygon(ball, {4, 0, 0}, wall_x3(-2, 2, -2, 2));
  EXPECT_NEAR(face.enter, 2.5f / 4.0f, kTol);
  expect_vec(face.normal, {-1, 0, 0});
  // The wall's vertical edge at y = 0.3: contact at x = 3 - 0.4.
  SweepContact edge = sweep_sphere_polygon(ball, {4, 0, 0}, wall_x3(0.3f, 2, -2, 2));
  EXPECT_NEAR(edge.enter, 2.6f / 4.0f, kTol);
  expect_vec(edge.normal, {-0.8f, -0.6f, 0});
  // The corner (3, 0.24, 0.32): 0.3 short of the plane.
  SweepContact corner = sweep_sphere_polygon(ball, {4, 0, 0}, wall_x3(0.24f, 2, 0.32f, 2));
  EXPECT_NEAR(corner.enter, 2.7f / 4.0f, kTol);
  expect_vec(corner.normal, {-0.6f, -0.48f, -0.64f});
}

TEST(BoxTrace, BoxAgainstSphereFaceAndCorner) {
  SweepContact face = sweep_box_sphere(unit_box(), {4, 0, 0}, Sphere{{3, 0, 0}, 0.5f});
  EXPECT_NEAR(face.enter, 0.5f, kTol);
  expect_vec(face.normal, {-1, 0, 0});
  // Sphere beside the leading top corner (0.5, 0.5, 0.5): (2.5 - 4t)^2 + 0.18 = 0.25.
  SweepContact corner = sweep_box_sphere(unit_box(), {4, 0, 0}, Sphere{{3, 0.8f, 0.8f}, 0.5f});
  const float gap = std::sqrt(0.07f);
  EXPECT_NEAR(corner.enter, (2.5f - gap) / 4.0f, kTol);
  expect_vec(corner.normal, Vec3(-gap, -0.3f, -0.3f) / 0.5f, 1e-4f);
}

TEST(BoxTrace, CylindersAndSpheres) {
  const CylSphere cyl{{3, 0, -1}, 0.5f, 2.0f};
  SweepContact side = sweep_box_cylinder(unit_box(), {4, 0, 0}, cyl);
  EXPECT_NEAR(side.enter, 2.0f / 4.0f, kTol);
  expect_vec(side.normal, {-1, 0, 0});
  SweptBox above = unit_box();
  above.center = {3, 0, 3};
  SweepContact top = sweep_box_cylinder(above, {0, 0, -4}, cyl);
  EXPECT_NEAR(top.enter, 1.5f / 4.0f, kTol);  // bottom 2.5 meets the cap at 1
  expect_vec(top.normal, {0, 0, 1});
  const Sphere ball{{0, 0, 0}, 0.5f};
  EXPECT_NEAR(sweep_sphere_sphere(ball, {4, 0, 0}, Sphere{{3, 0, 0}, 1.0f}).enter, 1.5f / 4.0f,
              kTol);
  EXPECT_NEAR(sweep_sphere_cylinder(ball, {4, 0, 0}, cyl).enter, 2.0f / 4.0f, kTol);
}

}  // namespace
}  // namespace transit
