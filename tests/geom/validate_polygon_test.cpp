#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "transit/geom/polygon.hpp"

namespace transit {
namespace {

using ::testing::HasSubstr;

std::optional<std::string> validate(const std::vector<Vec3>& v) {
  return validate_polygon(v);
}

TEST(ValidatePolygon, AcceptsConvexPlanarPolygons) {
  EXPECT_EQ(validate({{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {0, 4, 0}}), std::nullopt);
  EXPECT_EQ(validate({{0, 0, 5}, {4, 0, 5}, {0, 4, 8}}), std::nullopt);  // tilted triangle
}

TEST(ValidatePolygon, AcceptsEitherWinding) {
  // The normal comes from the area vector, so clockwise just flips it.
  EXPECT_EQ(validate({{0, 0, 0}, {0, 4, 0}, {4, 4, 0}, {4, 0, 0}}), std::nullopt);
}

TEST(ValidatePolygon, AcceptsVertexInMiddleOfStraightEdge) {
  // (1,0,0) lies on edge (0,0)-(2,0): every convexity dot product is >= 0.
  EXPECT_EQ(validate({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}}), std::nullopt);
}

TEST(ValidatePolygon, RejectsFewerThanThreeVertices) {
  EXPECT_EQ(validate({{0, 0, 0}, {1, 0, 0}}), "has 2 vertices; a polygon needs at least 3");
  EXPECT_EQ(validate({}), "has 0 vertices; a polygon needs at least 3");
}

TEST(ValidatePolygon, RejectsNanAndInfinityNamingTheVertex) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const auto nan_error = validate({{0, 0, 0}, {1, 0, 0}, {1, nan, 0}, {0, 1, 0}});
  ASSERT_TRUE(nan_error.has_value());
  EXPECT_THAT(*nan_error, HasSubstr("vertex 2 is not finite"));
  const auto inf_error = validate({{-inf, 0, 0}, {1, 0, 0}, {0, 1, 0}});
  ASSERT_TRUE(inf_error.has_value());
  EXPECT_THAT(*inf_error, HasSubstr("vertex 0 is not finite"));
}

TEST(ValidatePolygon, RejectsRepeatedVertexNamingBoth) {
  EXPECT_EQ(validate({{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {4, 0, 0}}),
            "vertices 1 and 3 are the same point");
  EXPECT_EQ(validate({{0, 0, 0}, {0, 0, 0}, {4, 4, 0}}), "vertices 0 and 1 are the same point");
  // 5e-6 apart: squared distance 2.5e-11 <= 1e-10 counts as the same point.
  EXPECT_EQ(validate({{1, 0, 0}, {1.000005f, 0, 0}, {0, 1, 0}}),
            "vertices 0 and 1 are the same point");
}

TEST(ValidatePolygon, RejectsCollinearVertices) {
  EXPECT_EQ(validate({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}),
            "is degenerate: its vertices are collinear");
  EXPECT_EQ(validate({{0, 0, 0}, {1, 1, 1}, {3, 3, 3}, {2, 2, 2}}),
            "is degenerate: its vertices are collinear");
}

TEST(ValidatePolygon, TwistedQuadWithinOneMillimetreIsAccepted) {
  // Lifting (1,1) of the unit square by h gives area (-h,-h,2), fitted d = h / (2L), L ~ 2,
  // and every vertex h / 4 off the plane: h = 3.6 mm -> 0.9 mm <= 1 mm.
  EXPECT_EQ(validate({{0, 0, 0}, {1, 0, 0}, {1, 1, 0.0036f}, {0, 1, 0}}), std::nullopt);
}

TEST(ValidatePolygon, TwistedQuadBeyondOneMillimetreIsRejected) {
  // h = 4.4 mm -> every vertex 1.1 mm off; vertex 0 is reported first.
  EXPECT_EQ(validate({{0, 0, 0}, {1, 0, 0}, {1, 1, 0.0044f}, {0, 1, 0}}),
            "is not planar: vertex 0 is 1.1 mm off its plane (limit 1 mm)");
}

TEST(ValidatePolygon, NonPlanarMessageNamesTheOffendingVertex) {
  // House pentagon (0,0) (2,0) (2,2) (1,3) (0,2) with the apex lifted by h:
  // area (0,-2h,10) -> n ~ (0,-0.2h,1); n . v = 0, 0, -0.4h, 0.4h, -0.4h; d = 0.08h.
  // Offsets: 0.08h, 0.08h, 0.32h, 0.48h, 0.32h. h = 2.5 mm: only vertex 3 (1.2 mm) > 1 mm.
  EXPECT_EQ(validate({{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {1, 3, 0.0025f}, {0, 2, 0}}),
            "is not planar: vertex 3 is 1.2 mm off its plane (limit 1 mm)");
  // h = 1.875 mm: the apex is 0.48 * 1.875 = 0.9 mm off: accepted.
  EXPECT_EQ(validate({{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {1, 3, 0.001875f}, {0, 2, 0}}),
            std::nullopt);
}

TEST(ValidatePolygon, RejectsNonConvexNamingVertexAndEdge) {
  // Dent at (1,1): edge 1-2 = (4,0)->(1,1), inward cross((0,0,1), (-3,1,0)) = (-1,-3,0);
  // vertex 3 (0,4): (-4,4,0) . (-1,-3,0) = 4 - 12 = -8 < 0.
  EXPECT_EQ(validate({{0, 0, 0}, {4, 0, 0}, {1, 1, 0}, {0, 4, 0}}),
            "is not convex: vertex 3 lies outside edge 1-2");
}

TEST(ValidatePolygon, RejectsOneCentimetreDent) {
  // (2,3.99) dents the top edge of the 4 m square by 1 cm. Edge 2-3 = (4,4)->(2,3.99):
  // inward cross((0,0,1), (-2,-0.01,0)) = (0.01,-2,0), length 2.000025;
  // vertex 4 (0,4): (-4,0,0) . (0.01,-2,0) = -0.04 < -1e-5 * 2.000025.
  EXPECT_EQ(validate({{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {2, 3.99f, 0}, {0, 4, 0}}),
            "is not convex: vertex 4 lies outside edge 2-3");
}

TEST(ValidatePolygon, ToleratesMicrometreDent) {
  // A 1 um dent: (-4,0,0) . (1e-6,-2,0) = -4e-6 >= -1e-5 * 2 = -2e-5.
  EXPECT_EQ(validate({{0, 0, 0}, {4, 0, 0}, {4, 4, 0}, {2, 3.999999f, 0}, {0, 4, 0}}),
            std::nullopt);
}

TEST(ValidatePolygon, RejectsNonConvexClockwise) {
  // The same dart wound clockwise: area (0,0,-8), normal -Z. Edges 3-0 and 0-1 pass;
  // edge 1-2 = (0,4)->(1,1) has inward cross((0,0,-1), (1,-3,0)) = (-3,-1,0), and
  // vertex 3 (4,0): (4,-4,0) . (-3,-1,0) = -12 + 4 = -8 < 0.
  EXPECT_EQ(validate({{0, 0, 0}, {0, 4, 0}, {1, 1, 0}, {4, 0, 0}}),
            "is not convex: vertex 3 lies outside edge 1-2");
}

}  // namespace
}  // namespace transit
