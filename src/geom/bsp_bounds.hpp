#pragma once

#include <algorithm>
#include <cmath>

#include "transit/math/sphere.hpp"

namespace transit {

// A sphere around two node bounds (an empty bound, radius 0, adds nothing):
// the centre of their boxes, with kEpsilon to spare.
inline Sphere enclose_bounds(const Sphere& a, const Sphere& b) {
  if (a.radius <= 0.0f) return b;
  if (b.radius <= 0.0f) return a;
  const Vec3 lo = glm::min(a.center - a.radius, b.center - b.radius);
  const Vec3 hi = glm::max(a.center + a.radius, b.center + b.radius);
  const Vec3 center = (lo + hi) * 0.5f;
  const float radius = std::max(glm::length(a.center - center) + a.radius,
                                glm::length(b.center - center) + b.radius);
  return Sphere{center, radius + kEpsilon};
}

}  // namespace transit
