#pragma once

#include "transit/math/vec.hpp"

namespace transit {

/// A ray from `point` along the unit vector `dir`, `length` long.
struct Ray {
  Vec3 point{0.0f};
  Vec3 dir{0.0f};
  float length = 0.0f;

  /// The ray from `start` to `end`; a zero ray when they are within kEpsilon.
  static Ray between(const Vec3& start, const Vec3& end);
};

}  // namespace transit
