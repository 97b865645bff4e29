#include "transit/math/ray.hpp"

#include <cmath>

namespace transit {

Ray Ray::between(const Vec3& start, const Vec3& end) {
  const Vec3 offset = end - start;
  if (std::fabs(offset.x) <= kEpsilon && std::fabs(offset.y) <= kEpsilon &&
      std::fabs(offset.z) <= kEpsilon)
    return Ray{start, Vec3(0.0f), 0.0f};
  const float len = glm::length(offset);
  return Ray{start, offset * (1.0f / len), len};
}

}  // namespace transit
