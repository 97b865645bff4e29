#pragma once

#include "transit/math/ray.hpp"
#include "transit/math/vec.hpp"

namespace transit {

enum class Side { Front, Behind, Close };

/// The plane dot(normal, p) + d = 0, normal of unit length.
struct Plane {
  Vec3 normal{0.0f, 0.0f, 1.0f};
  float d = 0.0f;

  float distance(const Vec3& p) const { return glm::dot(normal, p) + d; }

  /// Front/Behind beyond kEpsilon, Close within it (retail Plane::which_side).
  Side side(const Vec3& p, float bias = 0.0f) const;

  /// Sets offset.z so that the offset lies in the plane (retail snap_to_plane);
  /// a vertical plane leaves the offset unchanged.
  void snap_to_plane(Vec3& offset) const;

  /// Sets v.z onto the plane above/below (v.x, v.y); false for a vertical plane.
  bool set_height(Vec3& v) const;

  /// Time along `ray` at which it crosses the plane; false when the ray is
  /// parallel or the crossing is behind its start (ray_plane_intersect).
  bool compute_time_of_intersection(const Ray& ray, float& time) const;

  bool operator==(const Plane&) const = default;
};

}  // namespace transit
