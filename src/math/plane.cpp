#include "transit/math/plane.hpp"

#include <cmath>

namespace transit {

Side Plane::side(const Vec3& p, float bias) const {
  const float dist = distance(p) + bias;
  if (dist > kEpsilon) return Side::Front;
  if (dist < -kEpsilon) return Side::Behind;
  return Side::Close;
}

// ACE: PlaneExtensions.SnapToPlane
void Plane::snap_to_plane(Vec3& offset) const {
  if (std::fabs(normal.z) <= kEpsilon) return;
  const float inv_z = 1.0f / normal.z;
  offset.z = -(dot2d(offset, normal) + d) * inv_z - inv_z * -d;
}

// ACE: PlaneExtensions.set_height
bool Plane::set_height(Vec3& v) const {
  if (std::fabs(normal.z) <= kEpsilon) return false;
  v.z = -((v.y * normal.y + v.x * normal.x + d) / normal.z);
  return true;
}

// ACE: PlaneExtensions.compute_time_of_intersection (retail ray_plane_intersect, 0x00539060)
bool Plane::compute_time_of_intersection(const Ray& ray, float& time) const {
  const float angle = glm::dot(ray.dir, normal);
  if (std::fabs(angle) < kEpsilon) return false;
  time = distance(ray.point) * (-1.0f / angle);
  return time >= 0.0f;
}

}  // namespace transit
