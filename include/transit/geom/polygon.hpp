#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "transit/math/plane.hpp"
#include "transit/math/ray.hpp"
#include "transit/math/sphere.hpp"

namespace transit {

/// Which faces of a polygon a ray may hit (retail CullMode). Sphere collision
/// ignores this: a polygon blocks spheres moving into its front face.
enum class PolygonSides { Single, Double, Landblock };

/// A convex planar polygon; vertices counter-clockwise seen from the front,
/// the plane's normal pointing out of the solid (retail CPolygon).
class Polygon {
 public:
  Polygon() = default;
  /// Builds the polygon and its plane; the vertices must already be valid
  /// (see validate_polygon).
  explicit Polygon(std::span<const Vec3> vertices, PolygonSides sides = PolygonSides::Single);
  Polygon(std::initializer_list<Vec3> vertices, PolygonSides sides = PolygonSides::Single)
      : Polygon(std::span<const Vec3>(vertices.begin(), vertices.size()), sides) {}
  /// A polygon stored with the plane make_plane gave it (a baked world):
  /// the same polygon without computing the plane again.
  static Polygon with_plane(std::span<const Vec3> vertices, const Plane& plane,
                            PolygonSides sides = PolygonSides::Single);
  /// As with_plane, with the radius bound_radius() gave when it was made
  /// (baked worlds keep it, so loading does not compute it again).
  static Polygon with_plane_and_bound(std::span<const Vec3> vertices, const Plane& plane,
                                      PolygonSides sides, float bound_radius);
  Polygon(const Polygon& other) { *this = other; }
  Polygon& operator=(const Polygon& other);
  Polygon(Polygon&&) noexcept = default;
  Polygon& operator=(Polygon&&) noexcept = default;

  std::span<const Vec3> vertices() const { return {heap_ ? heap_.get() : inline_.data(), count_}; }
  const Plane& plane() const { return plane_; }
  /// Radius about the centroid that holds the polygon, widened for rounding.
  float bound_radius() const { return bound_radius_; }
  PolygonSides sides() const { return static_cast<PolygonSides>(sides_); }

  /// ACE: Polygon.make_plane (seed 000 section 8: calc_normal, 0x00539110)
  static Plane make_plane(std::span<const Vec3> vertices);

  /// ACE: Polygon.polygon_hits_sphere (seed: sphere_intersects_poly, 0x00539500)
  bool polygon_hits_sphere(const Sphere& sphere, Vec3& contact_point) const;
  /// ACE: Polygon.polygon_hits_sphere_precise
  bool polygon_hits_sphere_precise(const Sphere& sphere, Vec3& contact_point) const;
  /// ACE: Polygon.hits_sphere
  bool hits_sphere(const Sphere& sphere) const;
  /// Sets hit_poly whenever the sphere touches the polygon, but reports a hit
  /// only when `movement` goes into the front face. ACE: Polygon.pos_hits_sphere
  bool pos_hits_sphere(const Sphere& sphere, const Vec3& movement, Vec3& contact_point,
                       const Polygon*& hit_poly) const;
  /// ACE: Polygon.walkable_hits_sphere (seed: hits_walkable, 0x0053a230)
  bool walkable_hits_sphere(float walkable_allowance, const Sphere& sphere, const Vec3& up) const;
  /// ACE: Polygon.check_walkable / check_small_walkable
  bool check_walkable(const Sphere& sphere, const Vec3& up, bool small = false) const;
  /// Whether the sphere stands on this polygon as walkable ground seen along
  /// `up` (retail check_small_walkable).
  bool check_small_walkable(const Sphere& sphere, const Vec3& up) const {
    return check_walkable(sphere, up, true);
  }
  /// Moves `valid_pos` back along `movement` until it rests on the plane,
  /// shrinking walk_interp; false when that would not shorten the walk.
  /// ACE: Polygon.adjust_sphere_to_plane (seed: land_on_sphere, 0x00538f50)
  bool adjust_sphere_to_plane(float& walk_interp, Sphere& valid_pos, const Vec3& movement) const;
  /// Fraction of `movement` from curr_pos at which the sphere touches the plane.
  /// ACE: Polygon.adjust_sphere_to_poly (seed: parametric slide_sphere, 0x00538eb0)
  float adjust_sphere_to_poly(const Sphere& check_pos, const Vec3& curr_pos,
                              const Vec3& movement) const;
  /// ACE: Polygon.adjust_to_placement_poly
  void adjust_to_placement_poly(Sphere& hit_sphere, Sphere* other_sphere, float radius,
                                bool center_solid, bool solid_check) const;
  /// Unit normal, pointing back into the polygon (cross(plane normal, edge)), of
  /// the first edge in vertex order that the sphere's centre, dropped along `up`
  /// onto the plane, lies outside of.
  /// ACE: Polygon.find_crossed_edge (seed: find_walkable_collision, 0x0053a040)
  bool find_crossed_edge(const Sphere& sphere, const Vec3& up, Vec3& normal) const;
  /// ACE: Polygon.point_in_polygon (point assumed on the plane)
  bool point_in_polygon(const Vec3& point) const;
  /// ACE: Polygon.polygon_hits_ray
  bool polygon_hits_ray(const Ray& ray, float& time) const;

 private:
  // Triangles and quads (nearly every polygon) keep their vertices inline:
  // no allocation each, and a query reads plane and vertices together.
  static constexpr std::size_t kInlineVertices = 4;
  void set_bound();
  // Whether the circle of squared radius reach_sq about `point` (in the
  // plane) may reach the polygon; false only when it certainly does not.
  bool bound_reaches(const Vec3& point, float reach_sq) const {
    const float reach = bound_radius_ + std::sqrt(reach_sq);
    return length_sq(point - centroid()) <= reach * reach;
  }
  // A triangle keeps its centroid in its spare inline slot: the sphere
  // tests ask for it every time.
  Vec3 centroid() const { return count_ == 3 ? inline_[3] : centroid_of_vertices(); }
  Vec3 centroid_of_vertices() const;
  std::array<Vec3, kInlineVertices> inline_{};
  std::unique_ptr<Vec3[]> heap_;  ///< more than kInlineVertices vertices
  std::uint32_t count_ : 24 = 0;
  std::uint32_t sides_ : 8 = 0;
  // The radius about the centroid of a sphere holding the vertices, widened
  // so that float rounding never makes it reject what the exact edge tests
  // would accept: a sphere query that reaches a polygon's plane far from the
  // polygon (the neighbours in a dense mesh) ends without the edge loops.
  // The centre is not kept: 80 bytes a polygon.
  float bound_radius_ = 0.0f;
  Plane plane_;
};

/// The most vertices a polygon may have.
inline constexpr std::size_t kMaxPolygonVertices = (1u << 24) - 1;

/// Planarity tolerance of scene polygons, metres.
inline constexpr float kPolygonPlanarTolerance = 0.001f;

/// Why these vertices cannot form a polygon (fewer than 3, NaN/inf, repeated
/// vertices, collinear, non-planar beyond 1 mm, not convex), or nothing.
std::optional<std::string> validate_polygon(std::span<const Vec3> vertices);

}  // namespace transit
