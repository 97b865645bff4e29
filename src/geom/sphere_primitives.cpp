#include "geom/sphere_primitives.hpp"

#include <cmath>

namespace transit {

bool sphere_intersects_ray(const Sphere& sphere, const Ray& ray, float& time) {
  time = 0.0f;
  const float dir_sq = length_sq(ray.dir);
  if (dir_sq < kEpsilon) return false;

  const Vec3 delta = ray.point - sphere.center;
  const float c = length_sq(delta) - sphere.radius * sphere.radius;
  if (c <= 0.0f) return false;

  const float b = -glm::dot(delta, ray.dir);
  const float disc = b * b - c * dir_sq;
  if (disc < 0.0f) return false;

  const float root = std::sqrt(disc);
  time = (b <= root ? b + root : b - root) / dir_sq;
  return true;
}

float find_time_of_collision(const Vec3& movement, const Vec3& sphere_pos, float rad_sum) {
  const float move_sq = length_sq(movement);
  if (move_sq < kEpsilon) return -1.0f;

  const float gap = length_sq(sphere_pos) - rad_sum * rad_sum;
  if (gap < kEpsilon) return -1.0f;

  const float similar = -glm::dot(sphere_pos, movement);
  const float disc = similar * similar - gap * move_sq;
  if (disc < 0.0f) return -1.0f;

  // Both roots share a sign (their product is gap / move_sq > 0): negative
  // means the spheres move apart. ACE negates the result, which would make
  // every approach look like a miss to collide_with_point.
  const float first = (similar - std::sqrt(disc)) / move_sq;
  return first >= 0.0f ? first : -1.0f;
}

}  // namespace transit
