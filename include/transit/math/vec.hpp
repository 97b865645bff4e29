#pragma once
// Vector and quaternion types of transit: glm, float precision.

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

#include "transit/math/constants.hpp"

namespace transit {

/// Vectors and quaternions (glm, floats): x east, y north, z up.
using Vec3 = glm::vec3;
using Quat = glm::quat;  ///< (w, x, y, z)

/// Up.
inline constexpr Vec3 kUnitZ{0.0f, 0.0f, 1.0f};

/// Dot product of the horizontal (x, y) parts.
inline float dot2d(const Vec3& a, const Vec3& b) {
  return a.x * b.x + a.y * b.y;
}
/// The length of (x, y), correctly rounded: the bits of glibc's hypotf,
/// without its call, on any C library (each square is exact in a double).
inline float length2d(float x, float y) {
  if (!std::isfinite(x) || !std::isfinite(y)) return std::hypot(x, y);
  return static_cast<float>(std::sqrt(static_cast<double>(x) * x + static_cast<double>(y) * y));
}
float length2d(double, double) = delete;  // doubles have std::hypot
/// The length of the horizontal (x, y) part.
inline float length2d(const Vec3& v) {
  return length2d(v.x, v.y);
}
/// Squared length.
inline float length_sq(const Vec3& v) {
  return glm::dot(v, v);
}

/// Normalises v in place; returns false (leaving v unchanged) when its length is
/// below kEpsilon, as retail's normalize_check_small does.
inline bool normalize_checked(Vec3& v) {
  const float len = glm::length(v);
  if (len < kEpsilon) return false;
  v *= 1.0f / len;
  return true;
}

/// The identity rotation or its negation: w = +-1, x = y = z = +-0.
inline bool is_identity_rotation(const Quat& q) {
  return q.x == 0.0f && q.y == 0.0f && q.z == 0.0f && (q.w == 1.0f || q.w == -1.0f);
}

/// Every component finite (no NaN or infinity).
inline bool is_finite(const Vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

}  // namespace transit
