#pragma once

#include "math/vec.hpp"

namespace transit {

struct Sphere {
  Vec3 center{0.0f};
  float radius = 0.0f;

  // True when the two spheres overlap (touching does not count).
  bool intersects(const Sphere& other) const {
    const float rad_sum = radius + other.radius;
    return length_sq(other.center - center) < rad_sum * rad_sum;
  }

  bool operator==(const Sphere&) const = default;
};

// A vertical capsule-like cylinder with spherical caps used for creatures
// (retail CCylSphere): its bottom at low_point, `height` tall.
struct CylSphere {
  Vec3 low_point{0.0f};
  float radius = 0.0f;
  float height = 0.0f;

  bool operator==(const CylSphere&) const = default;
};

}  // namespace transit
