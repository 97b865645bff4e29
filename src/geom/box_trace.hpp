#pragma once
// Swept-shape primitives for traces (Quake's trace_t, Tribes' Translate): the
// exact time at which a box or a sphere moving in a straight line first
// touches one convex obstacle. Nothing here knows about cells or worlds; see
// world/world_trace.hpp for tracing through a World.
//
// Times are fractions of `motion` (0 = start, 1 = end). Every primitive is
// exact: boxes against polygons by a separating-axis sweep (the polygon's
// normal, the box's axes, and the cross products of box axes and polygon
// edges), everything else by the entry time of a moving point into the
// Minkowski sum of the two shapes (slabs, cylinders and spheres).

#include <array>

#include "transit/geom/polygon.hpp"
#include "transit/math/sphere.hpp"
#include "transit/math/vec.hpp"

namespace transit {

// A box with orthonormal axes: an axis-aligned box when `axes` are the unit
// axes, an oriented one in the frame of a rotated mesh.
struct SweptBox {
  Vec3 center{0.0f};
  std::array<Vec3, 3> axes{Vec3{1.0f, 0.0f, 0.0f}, Vec3{0.0f, 1.0f, 0.0f},
                           Vec3{0.0f, 0.0f, 1.0f}};
  Vec3 half{0.0f};  // half extents along the axes
};

// How a moving shape meets one obstacle.
struct SweepContact {
  bool touches = false;  // the shapes overlap at some time in [0, 1]
  float enter = 0.0f;    // first time of overlap; negative when they overlap at the start
  float exit = 0.0f;     // last time of overlap (of the unbounded line)
  Vec3 normal{0.0f};     // unit, from the obstacle towards the mover, at `enter`
  // Penetration at time 0 (> 0 overlapping, < 0 a gap, along the best axis)
  // and the direction that would push the mover out of it.
  float start_depth = 0.0f;
  Vec3 start_normal{0.0f};
};

// A box against a convex polygon (both sides: the caller decides which
// faces block).
SweepContact sweep_box_polygon(const SweptBox& box, const Vec3& motion, const Polygon& polygon);
// An axis-aligned box against a sphere.
SweepContact sweep_box_sphere(const SweptBox& box, const Vec3& motion, const Sphere& sphere);
// An axis-aligned box against a vertical flat-ended cylinder (a retail
// cylsphere: `height` up from `low_point`).
SweepContact sweep_box_cylinder(const SweptBox& box, const Vec3& motion, const CylSphere& cyl);

// A sphere against a convex polygon.
SweepContact sweep_sphere_polygon(const Sphere& sphere, const Vec3& motion, const Polygon& polygon);
SweepContact sweep_sphere_sphere(const Sphere& sphere, const Vec3& motion, const Sphere& other);
// A sphere against a cylsphere grown by the sphere's radius on every side
// (retail's own test, CCylSphere::intersects_sphere): a flat-ended cylinder
// that encloses the exact rounded shape, so the sweep stops at or before it.
SweepContact sweep_sphere_cylinder(const Sphere& sphere, const Vec3& motion, const CylSphere& cyl);

// Distance from a point to the closest point of a convex polygon, and that
// closest point.
float point_polygon_distance(const Polygon& polygon, const Vec3& point, Vec3& closest);

}  // namespace transit
