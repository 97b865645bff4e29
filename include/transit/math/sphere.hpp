#pragma once

#include <glm/common.hpp>

#include "transit/math/vec.hpp"

namespace transit {

/// A sphere: centre and radius, metres.
struct Sphere {
  Vec3 center{0.0f};
  float radius = 0.0f;

  /// True when the two spheres overlap (touching does not count).
  bool intersects(const Sphere& other) const {
    const float rad_sum = radius + other.radius;
    return length_sq(other.center - center) < rad_sum * rad_sum;
  }

  bool operator==(const Sphere&) const = default;
};

/// The axis-aligned box around spheres added to it, and the sphere through
/// its corners, which encloses every one of them.
class SphereBox {
 public:
  /// Grows the box to hold the sphere.
  void add(const Vec3& center, float radius) {
    lo_ = glm::min(lo_, center - radius);
    hi_ = glm::max(hi_, center + radius);
  }
  void add(const Sphere& s) { add(s.center, s.radius); }
  bool empty() const { return lo_.x > hi_.x; }
  const Vec3& lo() const { return lo_; }
  const Vec3& hi() const { return hi_; }
  Sphere enclosing() const { return {(lo_ + hi_) * 0.5f, glm::length(hi_ - lo_) * 0.5f}; }

 private:
  Vec3 lo_{INFINITY};
  Vec3 hi_{-INFINITY};
};

/// A vertical capsule-like cylinder with spherical caps used for creatures
/// (retail CCylSphere): its bottom at low_point, `height` tall.
struct CylSphere {
  Vec3 low_point{0.0f};
  float radius = 0.0f;
  float height = 0.0f;

  bool operator==(const CylSphere&) const = default;
};

}  // namespace transit
