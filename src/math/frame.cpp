#include "transit/math/frame.hpp"

#include <cmath>

#include "transit/math/constants.hpp"
#include "transit/math/same_bits.hpp"

namespace transit {

Frame Frame::from_heading(const Vec3& origin, float heading_deg) {
  Frame f;
  f.origin = origin;
  f.set_heading(heading_deg);
  return f;
}

Plane Frame::local_to_global(const Plane& plane) const {
  const Vec3 normal = local_to_global_vec(plane.normal);
  const Vec3 point = local_to_global(plane.normal * -plane.d);
  return Plane{normal, -glm::dot(normal, point)};
}

Plane Frame::global_to_local(const Plane& plane) const {
  const Vec3 normal = global_to_local_vec(plane.normal);
  const Vec3 point = global_to_local(plane.normal * -plane.d);
  return Plane{normal, -glm::dot(normal, point)};
}

// ACE: AFrame.InterpolateRotation
void Frame::interpolate_rotation(const Frame& from, const Frame& to, float t) {
  const Quat& a = from.orientation;
  // Blending the identity with itself gives back its very bits (for t in
  // [0, 1], (1 - t) + t rounds to exactly 1): skip the square root.
  if (t >= 0.0f && t <= 1.0f && same_bits(a, to.orientation) && is_identity_rotation(a)) {
    orientation = a;
    return;
  }
  Quat b = to.orientation;
  if (glm::dot(a, b) < 0.0f) b = -b;
  const float s = 1.0f - t;
  Quat q(a.w * s + b.w * t, a.x * s + b.x * t, a.y * s + b.y * t, a.z * s + b.z * t);
  const float len = std::sqrt(glm::dot(q, q));
  orientation = len > 0.0f ? q * (1.0f / len) : a;
}

float Frame::heading() const {
  const Vec3 forward = local_to_global_vec(Vec3(0.0f, 1.0f, 0.0f));
  if (std::fabs(forward.x) < kEpsilon && std::fabs(forward.y) < kEpsilon) return 0.0f;
  float deg = std::atan2(forward.x, forward.y) * kDegreesPerRadian;
  if (deg < 0.0f) deg += 360.0f;
  return deg;
}

void Frame::set_heading(float heading_deg) {
  const float half = -heading_deg * (3.14159265358979f / 180.0f) * 0.5f;
  orientation = Quat(std::cos(half), 0.0f, 0.0f, std::sin(half));
}

bool Frame::is_valid() const {
  if (!is_finite(origin)) return false;
  const float n = glm::dot(orientation, orientation);
  return std::isfinite(n) && std::fabs(n - 1.0f) < 1e-3f;
}

}  // namespace transit
