#include "transit/geom/polygon.hpp"

#include <cmath>

#include <fmt/format.h>

namespace transit {

static_assert(sizeof(Polygon) == 80, "a world holds millions of polygons: keep them small");

Polygon::Polygon(std::span<const Vec3> vertices, PolygonSides sides)
    : Polygon(with_plane(vertices, make_plane(vertices), sides)) {}

Polygon Polygon::with_plane(std::span<const Vec3> vertices, const Plane& plane, PolygonSides sides) {
  Polygon p = with_plane_and_bound(vertices, plane, sides, 0.0f);
  p.set_bound();
  return p;
}

Polygon Polygon::with_plane_and_bound(std::span<const Vec3> vertices, const Plane& plane, PolygonSides sides,
                                      float bound_radius) {
  Polygon p;
  p.count_ = static_cast<std::uint32_t>(vertices.size());
  p.sides_ = static_cast<std::uint32_t>(sides);
  p.plane_ = plane;
  Vec3* out = p.inline_.data();
  if (vertices.size() > kInlineVertices) {
    p.heap_ = std::make_unique<Vec3[]>(vertices.size());
    out = p.heap_.get();
  }
  std::copy(vertices.begin(), vertices.end(), out);
  if (vertices.size() == 3) p.inline_[3] = p.centroid_of_vertices();
  p.bound_radius_ = bound_radius;
  return p;
}

void Polygon::set_bound() {
  const auto v = vertices();
  if (v.empty()) return;
  const Vec3 center = centroid();
  float reach_sq = 0.0f, off_plane = 0.0f;
  for (const Vec3& p : v) {
    reach_sq = std::max(reach_sq, length_sq(p - center));
    off_plane = std::max(off_plane, std::fabs(plane_.distance(p)));
  }
  const float reach = std::sqrt(reach_sq);
  // The edge tests measure across an edge in the plane, so a vertex off the
  // plane (up to kPolygonPlanarTolerance in a scene) widens what they accept
  // by as much; 1e-4 relative covers the rounding of coordinates anywhere in
  // a landblock or an object's own space.
  bound_radius_ = reach + off_plane + 1e-4f * (reach + glm::length(center) + 1.0f);
}

Vec3 Polygon::centroid_of_vertices() const {
  const auto v = vertices();
  Vec3 sum = v[0];
  for (std::size_t i = 1; i < v.size(); ++i) sum += v[i];
  return sum * (1.0f / static_cast<float>(v.size()));
}

Polygon& Polygon::operator=(const Polygon& other) {
  if (this == &other) return *this;
  inline_ = other.inline_;
  heap_.reset();
  if (other.heap_) {
    heap_ = std::make_unique<Vec3[]>(other.count_);
    std::copy(other.heap_.get(), other.heap_.get() + other.count_, heap_.get());
  }
  count_ = other.count_;
  sides_ = other.sides_;
  plane_ = other.plane_;
  bound_radius_ = other.bound_radius_;
  return *this;
}

Plane Polygon::make_plane(std::span<const Vec3> v) {
  Vec3 normal(0.0f);
  for (std::size_t i = 1; i + 1 < v.size(); ++i)
    normal += glm::cross(v[i] - v[0], v[i + 1] - v[0]);
  normal = glm::normalize(normal);
  float dist_sum = 0.0f;
  for (const Vec3& p : v) dist_sum += glm::dot(normal, p);
  return Plane{normal, -(dist_sum / static_cast<float>(v.size()))};
}

bool Polygon::polygon_hits_sphere(const Sphere& sphere, Vec3& contact_point) const {
  const float dp_pos = plane_.distance(sphere.center);
  const float rad = sphere.radius - kEpsilon;
  if (std::fabs(dp_pos) > rad) return false;

  // reach_sq: squared radius of the circle the sphere cuts out of the plane.
  const float reach_sq = rad * rad - dp_pos * dp_pos;
  contact_point = sphere.center - plane_.normal * dp_pos;
  bool inside = true;
  const std::size_t n = vertices().size();
  for (std::size_t i = 0, prev = n - 1; i < n; prev = i++) {
    const Vec3 edge = vertices()[i] - vertices()[prev];
    const Vec3 disp = contact_point - vertices()[prev];
    const Vec3 inward = glm::cross(plane_.normal, edge);
    const float dp = glm::dot(disp, inward);
    if (dp < 0.0f) {
      if (length_sq(inward) * reach_sq < dp * dp) return false;
      const float along = glm::dot(disp, edge);
      if (along >= 0.0f && along <= length_sq(edge)) return true;
      inside = false;
    }
    if (length_sq(disp) <= reach_sq) return true;
  }
  return inside;
}

bool Polygon::polygon_hits_sphere_precise(const Sphere& sphere, Vec3& contact_point) const {
  if (vertices().empty()) return true;
  const float dp_pos = plane_.distance(sphere.center);
  const float rad = sphere.radius - kEpsilon;
  if (std::fabs(dp_pos) > rad) return false;

  const float reach_sq = rad * rad - dp_pos * dp_pos;
  contact_point = sphere.center - plane_.normal * dp_pos;
  if (!bound_reaches(contact_point, reach_sq)) return false;
  const std::size_t n = vertices().size();

  bool centre_inside = true;
  for (std::size_t i = 0, prev = n - 1; i < n && centre_inside; prev = i++) {
    const Vec3 inward = glm::cross(plane_.normal, vertices()[i] - vertices()[prev]);
    centre_inside = glm::dot(contact_point - vertices()[prev], inward) >= 0.0f;
  }
  if (centre_inside) return true;

  // The projected centre is outside: the circle must reach an edge or vertex.
  for (std::size_t i = 0, prev = n - 1; i < n; prev = i++) {
    const Vec3 edge = vertices()[i] - vertices()[prev];
    const Vec3 disp = contact_point - vertices()[prev];
    const Vec3 inward = glm::cross(plane_.normal, edge);
    const float dp = glm::dot(disp, inward);
    if (dp < 0.0f) {
      if (length_sq(inward) * reach_sq < dp * dp) return false;
      const float along = glm::dot(disp, edge);
      if (along >= 0.0f && along <= length_sq(edge)) return true;
    }
    if (length_sq(disp) <= reach_sq) return true;
  }
  return false;
}

bool Polygon::hits_sphere(const Sphere& sphere) const {
  Vec3 contact_point(0.0f);
  return polygon_hits_sphere_precise(sphere, contact_point);
}

bool Polygon::pos_hits_sphere(const Sphere& sphere, const Vec3& movement, Vec3& contact_point,
                              const Polygon*& hit_poly) const {
  const bool hit = polygon_hits_sphere_precise(sphere, contact_point);
  if (hit) hit_poly = this;
  if (glm::dot(movement, plane_.normal) >= 0.0f) return false;
  return hit;
}

bool Polygon::walkable_hits_sphere(float walkable_allowance, const Sphere& sphere,
                                   const Vec3& up) const {
  if (glm::dot(up, plane_.normal) <= walkable_allowance) return false;
  Vec3 contact_point(0.0f);
  return polygon_hits_sphere_precise(sphere, contact_point);
}

bool Polygon::check_walkable(const Sphere& sphere, const Vec3& up, bool small) const {
  const float angle_up = glm::dot(plane_.normal, up);
  if (angle_up < kEpsilon) return false;

  const Vec3 center = sphere.center - up * (plane_.distance(sphere.center) / angle_up);
  float reach_sq = sphere.radius * sphere.radius;
  if (small) reach_sq *= 0.25f;

  const std::size_t n = vertices().size();
  for (std::size_t i = 0, prev = n - 1; i < n; prev = i++) {
    const Vec3 edge = vertices()[i] - vertices()[prev];
    const Vec3 disp = center - vertices()[prev];
    const Vec3 inward = glm::cross(plane_.normal, edge);
    const float dp = glm::dot(disp, inward);
    if (dp < 0.0f) {
      if (length_sq(inward) * reach_sq < dp * dp) return false;
      const float along = glm::dot(disp, edge);
      return along >= 0.0f && along <= length_sq(edge);
    }
    if (length_sq(disp) <= reach_sq) return true;
  }
  return true;
}

bool Polygon::adjust_sphere_to_plane(float& walk_interp, Sphere& valid_pos,
                                     const Vec3& movement) const {
  const float dp_pos = plane_.distance(valid_pos.center);
  const float dp_move = glm::dot(movement, plane_.normal);
  float dist;
  if (dp_move > kEpsilon)
    dist = -valid_pos.radius - dp_pos;
  else if (dp_move < -kEpsilon)
    dist = dp_pos - valid_pos.radius;
  else
    return false;

  const float i_dist = dist / dp_move;
  const float interp = (1.0f - i_dist) * walk_interp;
  if (interp >= walk_interp || interp < -0.5f) return false;

  valid_pos.center -= movement * i_dist;
  walk_interp = interp;
  return true;
}

float Polygon::adjust_sphere_to_poly(const Sphere& check_pos, const Vec3& curr_pos,
                                     const Vec3& movement) const {
  const float dp_pos = plane_.distance(curr_pos);
  if (std::fabs(dp_pos) < check_pos.radius) return 1.0f;

  const float dp_move = glm::dot(movement, plane_.normal);
  if (std::fabs(dp_move) < kEpsilon) return 0.0f;

  float dist = check_pos.radius;
  if (length_sq(movement) <= dist * dist) dist = -dist;
  return (dist - dp_pos) / dp_move;
}

void Polygon::adjust_to_placement_poly(Sphere& hit_sphere, Sphere* other_sphere, float radius,
                                       bool center_solid, bool solid_check) const {
  const float dp = plane_.distance(hit_sphere.center);
  if (solid_check && (center_solid || dp <= 0.0f)) radius = -radius;
  const Vec3 adjust = plane_.normal * (radius - dp);
  hit_sphere.center += adjust;
  if (other_sphere) other_sphere->center += adjust;
}

bool Polygon::find_crossed_edge(const Sphere& sphere, const Vec3& up, Vec3& normal) const {
  const float angle_up = glm::dot(plane_.normal, up);
  if (std::fabs(angle_up) < kEpsilon) return false;

  const Vec3 center = sphere.center - up * (plane_.distance(sphere.center) / angle_up);
  const std::size_t n = vertices().size();
  for (std::size_t i = 0, prev = n - 1; i < n; prev = i++) {
    const Vec3 edge = vertices()[i] - vertices()[prev];
    const Vec3 inward = glm::cross(plane_.normal, edge);
    if (glm::dot(center - vertices()[prev], inward) < 0.0f) {
      normal = inward * (1.0f / glm::length(inward));
      return true;
    }
  }
  return false;
}

bool Polygon::point_in_polygon(const Vec3& point) const {
  const std::size_t n = vertices().size();
  for (std::size_t i = 0, prev = n - 1; i < n; prev = i++) {
    const Vec3 inward = glm::cross(plane_.normal, vertices()[i] - vertices()[prev]);
    if (glm::dot(inward, point - vertices()[prev]) < 0.0f) return false;
  }
  return true;
}

bool Polygon::polygon_hits_ray(const Ray& ray, float& time) const {
  if (sides() == PolygonSides::Landblock && glm::dot(plane_.normal, ray.dir) > 0.0f) return false;
  if (!plane_.compute_time_of_intersection(ray, time)) return false;
  return point_in_polygon(ray.point + ray.dir * time);
}

std::optional<std::string> validate_polygon(std::span<const Vec3> v) {
  const std::size_t n = v.size();
  if (n < 3) return fmt::format("has {} vertices; a polygon needs at least 3", n);
  if (n > kMaxPolygonVertices)
    return fmt::format("has {} vertices; a polygon may have at most {}", n, kMaxPolygonVertices);
  for (std::size_t i = 0; i < n; ++i)
    if (!is_finite(v[i]))
      return fmt::format("vertex {} is not finite ({}, {}, {})", i, v[i].x, v[i].y, v[i].z);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (length_sq(v[i] - v[j]) <= 1e-10f)
        return fmt::format("vertices {} and {} are the same point", i, j);

  // Area and plane in double so that validation does not depend on rounding.
  glm::dvec3 area(0.0);
  const glm::dvec3 v0(v[0]);
  for (std::size_t i = 1; i + 1 < n; ++i)
    area += glm::cross(glm::dvec3(v[i]) - v0, glm::dvec3(v[i + 1]) - v0);
  const double twice_area = glm::length(area);
  if (twice_area < 1e-8) return std::string("is degenerate: its vertices are collinear");

  const glm::dvec3 normal = area / twice_area;
  double d = 0.0;
  for (const Vec3& p : v) d -= glm::dot(normal, glm::dvec3(p));
  d /= static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double off = std::fabs(glm::dot(normal, glm::dvec3(v[i])) + d);
    if (off > kPolygonPlanarTolerance)
      return fmt::format("is not planar: vertex {} is {:.1f} mm off its plane (limit 1 mm)", i,
                         off * 1000.0);
  }
  for (std::size_t i = 0, prev = n - 1; i < n; prev = i++) {
    const glm::dvec3 inward = glm::cross(normal, glm::dvec3(v[i]) - glm::dvec3(v[prev]));
    const double len = glm::length(inward);
    for (std::size_t k = 0; k < n; ++k)
      if (glm::dot(inward, glm::dvec3(v[k]) - glm::dvec3(v[prev])) < -1e-5 * len)
        return fmt::format("is not convex: vertex {} lies outside edge {}-{}", k, prev, i);
  }
  return std::nullopt;
}

}  // namespace transit
