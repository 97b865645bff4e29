#include "geom/box_trace.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace transit {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
// Below this a speed along an axis (metres per unit of time) counts as none.
constexpr float kNoSpeed = 1e-9f;
// Cross products of nearly parallel unit vectors are skipped as axes; the
// sweep can then only report contact earlier, never later.
constexpr float kMinAxisLength = 1e-5f;

// The times in which a moving point lies inside one convex piece.
struct Span {
  float enter = -kInf;
  float exit = kInf;
  Vec3 normal{0.0f};
  bool empty() const { return enter > exit; }
  void clear() {
    enter = kInf;
    exit = -kInf;
  }
};

// lo <= dot(axis, p + d t) <= hi.
void clip_slab(Span& s, const Vec3& axis, float lo, float hi, const Vec3& p, const Vec3& d) {
  const float x = glm::dot(axis, p);
  const float v = glm::dot(axis, d);
  if (std::fabs(v) < kNoSpeed) {
    if (x < lo || x > hi) s.clear();
    return;
  }
  float t0 = (lo - x) / v;
  float t1 = (hi - x) / v;
  Vec3 n = -axis;
  if (v < 0.0f) {
    std::swap(t0, t1);
    n = axis;
  }
  if (t0 > s.enter) {
    s.enter = t0;
    s.normal = n;
  }
  s.exit = std::min(s.exit, t1);
}

// |p + d t| <= radius after removing the components along `axis` (unit), or
// with no axis (zero vector) in full 3-D.
void clip_round(Span& s, const Vec3& axis, const Vec3& p, const Vec3& d, float radius) {
  const Vec3 pp = p - axis * glm::dot(p, axis);
  const Vec3 dp = d - axis * glm::dot(d, axis);
  const float a = glm::dot(dp, dp);
  const float c = glm::dot(pp, pp) - radius * radius;
  if (a < kNoSpeed * kNoSpeed) {
    if (c > 0.0f) s.clear();
    return;
  }
  const float b = glm::dot(pp, dp);
  const float disc = b * b - a * c;
  if (disc < 0.0f) {
    s.clear();
    return;
  }
  const float root = std::sqrt(disc);
  const float t0 = (-b - root) / a;
  const float t1 = (-b + root) / a;
  if (t0 > s.enter) {
    s.enter = t0;
    s.normal = (pp + dp * t0) / radius;
  }
  s.exit = std::min(s.exit, t1);
}

// The union of convex pieces that make up one convex Minkowski sum.
struct Union {
  float enter = kInf;
  float exit = -kInf;
  Vec3 normal{0.0f};
  void add(const Span& s) {
    if (s.empty()) return;
    if (s.enter < enter) {
      enter = s.enter;
      normal = s.normal;
    }
    exit = std::max(exit, s.exit);
  }
  SweepContact contact() const {
    SweepContact c;
    c.touches = enter <= exit && enter <= 1.0f && exit >= 0.0f;
    c.enter = enter;
    c.exit = exit;
    c.normal = normal;
    return c;
  }
};

Span box_piece(const Vec3& p, const Vec3& d, const Vec3& lo, const Vec3& hi) {
  Span s;
  for (int i = 0; i < 3; ++i) {
    Vec3 axis(0.0f);
    axis[i] = 1.0f;
    clip_slab(s, axis, lo[i], hi[i], p, d);
  }
  return s;
}

Vec3 unit_axis(int i) {
  Vec3 a(0.0f);
  a[i] = 1.0f;
  return a;
}

// A finite cylinder along unit axis k through `base`, from base to base + len * axis.
Span cylinder_piece(const Vec3& p, const Vec3& d, const Vec3& base, const Vec3& axis, float len,
                    float radius) {
  Span s;
  const Vec3 rel = p - base;
  clip_slab(s, axis, 0.0f, len, rel, d);
  if (!s.empty()) clip_round(s, axis, rel, d, radius);
  return s;
}

Span sphere_piece(const Vec3& p, const Vec3& d, const Vec3& center, float radius) {
  Span s;
  clip_round(s, Vec3(0.0f), p - center, d, radius);
  return s;
}

Vec3 unit_or(const Vec3& v, const Vec3& fallback) {
  const float len = glm::length(v);
  return len > 1e-12f ? v / len : fallback;
}

// Overlap of [c - r, c + r] with [lo, hi] and the direction pushing the
// first interval out along `axis`.
float axis_overlap(float c, float r, float lo, float hi, const Vec3& axis, Vec3& push) {
  const float below = c + r - lo;
  const float above = hi - (c - r);
  push = below < above ? -axis : axis;
  return std::min(below, above);
}

// Inward unit normal of polygon edge i (pointing into the polygon, in its plane).
Vec3 edge_inward(const Polygon& poly, std::size_t i) {
  const auto& v = poly.vertices();
  const Vec3 e = v[(i + 1) % v.size()] - v[i];
  return unit_or(glm::cross(poly.plane().normal, e), Vec3(0.0f));
}

// One candidate separating axis of the box/polygon sweep.
struct AxisSweep {
  float enter = -kInf;
  float exit = kInf;
  Vec3 normal{0.0f};
  float depth = kInf;
  Vec3 push{0.0f};
  bool never = false;

  void test(const Vec3& axis, const SweptBox& box, const Vec3& motion, const Polygon& poly) {
    float pmin = kInf;
    float pmax = -kInf;
    for (const Vec3& v : poly.vertices()) {
      const float x = glm::dot(axis, v);
      pmin = std::min(pmin, x);
      pmax = std::max(pmax, x);
    }
    const float c = glm::dot(axis, box.center);
    float r = 0.0f;
    for (int i = 0; i < 3; ++i) r += box.half[i] * std::fabs(glm::dot(box.axes[i], axis));
    Vec3 push_here;
    const float overlap = axis_overlap(c, r, pmin, pmax, axis, push_here);
    if (overlap < depth) {
      depth = overlap;
      push = push_here;
    }
    const float s = glm::dot(axis, motion);
    if (std::fabs(s) < kNoSpeed) {
      if (overlap < 0.0f) never = true;
      return;
    }
    float t0 = (pmin - c - r) / s;
    float t1 = (pmax - c + r) / s;
    Vec3 n = -axis;
    if (s < 0.0f) {
      std::swap(t0, t1);
      n = axis;
    }
    if (t0 > enter) {
      enter = t0;
      normal = n;
    }
    exit = std::min(exit, t1);
  }
};

}  // namespace

SweepContact sweep_box_polygon(const SweptBox& box, const Vec3& motion, const Polygon& polygon) {
  AxisSweep sweep;
  const Vec3& n = polygon.plane().normal;
  sweep.test(n, box, motion, polygon);
  for (const Vec3& a : box.axes) sweep.test(a, box, motion, polygon);
  const auto& v = polygon.vertices();
  for (std::size_t j = 0; j < v.size(); ++j) {
    const Vec3 edge = unit_or(v[(j + 1) % v.size()] - v[j], Vec3(0.0f));
    for (const Vec3& a : box.axes) {
      const Vec3 cross = glm::cross(a, edge);
      const float len = glm::length(cross);
      if (len < kMinAxisLength) continue;
      sweep.test(cross / len, box, motion, polygon);
    }
  }
  SweepContact c;
  c.enter = sweep.enter;
  c.exit = sweep.exit;
  c.normal = sweep.enter == -kInf ? n : sweep.normal;
  c.start_depth = sweep.depth;
  c.start_normal = sweep.push;
  c.touches = !sweep.never && c.enter <= c.exit && c.enter <= 1.0f && c.exit >= 0.0f;
  return c;
}

SweepContact sweep_box_sphere(const SweptBox& box, const Vec3& motion, const Sphere& sphere) {
  const Vec3 p = box.center - sphere.center;
  const Vec3& h = box.half;
  const float r = sphere.radius;
  Union u;
  for (int i = 0; i < 3; ++i) {
    const Vec3 grow = h + unit_axis(i) * r;
    u.add(box_piece(p, motion, -grow, grow));
  }
  for (int k = 0; k < 3; ++k) {
    const int a = (k + 1) % 3;
    const int b = (k + 2) % 3;
    for (int corner = 0; corner < 4; ++corner) {
      Vec3 base(0.0f);
      base[a] = corner & 1 ? h[a] : -h[a];
      base[b] = corner & 2 ? h[b] : -h[b];
      base[k] = -h[k];
      u.add(cylinder_piece(p, motion, base, unit_axis(k), 2.0f * h[k], r));
    }
  }
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3 at(corner & 1 ? h.x : -h.x, corner & 2 ? h.y : -h.y, corner & 4 ? h.z : -h.z);
    u.add(sphere_piece(p, motion, at, r));
  }
  SweepContact c = u.contact();
  const Vec3 closest = glm::clamp(sphere.center, box.center - h, box.center + h);
  const Vec3 out = closest - sphere.center;
  if (length_sq(out) > 0.0f) {
    const float dist = glm::length(out);
    c.start_depth = r - dist;
    c.start_normal = out / dist;
  } else {
    c.start_depth = kInf;
    for (int i = 0; i < 3; ++i) {
      Vec3 push;
      const float o = axis_overlap(box.center[i], h[i], sphere.center[i], sphere.center[i],
                                   unit_axis(i), push);
      if (o + r < c.start_depth) {
        c.start_depth = o + r;
        c.start_normal = push;
      }
    }
  }
  return c;
}

SweepContact sweep_box_cylinder(const SweptBox& box, const Vec3& motion, const CylSphere& cyl) {
  const Vec3 p = box.center - cyl.low_point;
  const Vec3& h = box.half;
  const float r = cyl.radius;
  const float zlo = -h.z;
  const float zhi = cyl.height + h.z;
  Union u;
  u.add(box_piece(p, motion, {-h.x - r, -h.y, zlo}, {h.x + r, h.y, zhi}));
  u.add(box_piece(p, motion, {-h.x, -h.y - r, zlo}, {h.x, h.y + r, zhi}));
  for (int corner = 0; corner < 4; ++corner) {
    const Vec3 base(corner & 1 ? h.x : -h.x, corner & 2 ? h.y : -h.y, zlo);
    u.add(cylinder_piece(p, motion, base, kUnitZ, zhi - zlo, r));
  }
  SweepContact c = u.contact();
  // Start: the worse of the horizontal and the vertical overlap.
  const Vec3 axis_point(cyl.low_point.x, cyl.low_point.y, box.center.z);
  const Vec3 closest = glm::clamp(axis_point, box.center - h, box.center + h);
  Vec3 out = closest - axis_point;
  out.z = 0.0f;
  float depth_xy;
  Vec3 push_xy;
  if (length_sq(out) > 0.0f) {
    const float dist = glm::length(out);
    depth_xy = r - dist;
    push_xy = out / dist;
  } else {
    Vec3 push_x;
    Vec3 push_y;
    const float ox = axis_overlap(box.center.x, h.x, axis_point.x, axis_point.x,
                                  unit_axis(0), push_x);
    const float oy = axis_overlap(box.center.y, h.y, axis_point.y, axis_point.y,
                                  unit_axis(1), push_y);
    depth_xy = std::min(ox, oy) + r;
    push_xy = ox < oy ? push_x : push_y;
  }
  Vec3 push_z;
  const float depth_z = axis_overlap(box.center.z, h.z, cyl.low_point.z,
                                     cyl.low_point.z + cyl.height, kUnitZ, push_z);
  c.start_depth = std::min(depth_xy, depth_z);
  c.start_normal = depth_xy < depth_z ? push_xy : push_z;
  return c;
}

float point_polygon_distance(const Polygon& polygon, const Vec3& point, Vec3& closest) {
  const Plane& plane = polygon.plane();
  const float dist = plane.distance(point);
  const Vec3 on_plane = point - plane.normal * dist;
  const auto& v = polygon.vertices();
  bool inside = true;
  for (std::size_t i = 0; i < v.size() && inside; ++i)
    inside = glm::dot(edge_inward(polygon, i), on_plane - v[i]) >= 0.0f;
  if (inside) {
    closest = on_plane;
    return std::fabs(dist);
  }
  float best = kInf;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Vec3 a = v[i];
    const Vec3 e = v[(i + 1) % v.size()] - a;
    const float t = std::clamp(glm::dot(point - a, e) / glm::dot(e, e), 0.0f, 1.0f);
    const Vec3 q = a + e * t;
    const float d = glm::length(point - q);
    if (d < best) {
      best = d;
      closest = q;
    }
  }
  return best;
}

SweepContact sweep_sphere_polygon(const Sphere& sphere, const Vec3& motion,
                                  const Polygon& polygon) {
  const Plane& plane = polygon.plane();
  const auto& v = polygon.vertices();
  const float r = sphere.radius;
  const Vec3& p = sphere.center;
  Union u;
  Span prism;
  clip_slab(prism, plane.normal, -plane.d - r, -plane.d + r, p, motion);
  for (std::size_t i = 0; i < v.size() && !prism.empty(); ++i) {
    const Vec3 m = edge_inward(polygon, i);
    clip_slab(prism, m, glm::dot(m, v[i]), kInf, p, motion);
  }
  u.add(prism);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Vec3 e = v[(i + 1) % v.size()] - v[i];
    const float len = glm::length(e);
    u.add(cylinder_piece(p, motion, v[i], e / len, len, r));
    u.add(sphere_piece(p, motion, v[i], r));
  }
  SweepContact c = u.contact();
  Vec3 closest;
  const float dist = point_polygon_distance(polygon, p, closest);
  c.start_depth = r - dist;
  const Vec3 side = plane.distance(p) < 0.0f ? -plane.normal : plane.normal;
  c.start_normal = unit_or(p - closest, side);
  return c;
}

SweepContact sweep_sphere_sphere(const Sphere& sphere, const Vec3& motion, const Sphere& other) {
  Union u;
  const float r = sphere.radius + other.radius;
  u.add(sphere_piece(sphere.center, motion, other.center, r));
  SweepContact c = u.contact();
  const Vec3 rel = sphere.center - other.center;
  c.start_depth = r - glm::length(rel);
  c.start_normal = unit_or(rel, kUnitZ);
  return c;
}

SweepContact sweep_sphere_cylinder(const Sphere& sphere, const Vec3& motion,
                                   const CylSphere& cyl) {
  const float r = cyl.radius + sphere.radius;
  const Vec3 base = cyl.low_point - kUnitZ * sphere.radius;
  const float len = cyl.height + 2.0f * sphere.radius;
  Union u;
  u.add(cylinder_piece(sphere.center, motion, base, kUnitZ, len, r));
  SweepContact c = u.contact();
  Vec3 rel = sphere.center - base;
  const float along = rel.z;
  rel.z = 0.0f;
  const float depth_xy = r - glm::length(rel);
  Vec3 push_z;
  const float depth_z = axis_overlap(along, 0.0f, 0.0f, len, kUnitZ, push_z);
  c.start_depth = std::min(depth_xy, depth_z);
  c.start_normal = depth_xy < depth_z ? unit_or(rel, kUnitZ) : push_z;
  return c;
}

}  // namespace transit
