#pragma once
// Sphere-level primitives of the retail collision code (CSphere helpers).

#include "math/ray.hpp"
#include "math/sphere.hpp"

namespace transit {

// Time along `ray` (in units of its direction's length) at which it enters
// `sphere`. A ray starting inside the sphere never hits; a sphere behind the
// ray's start can give a negative time, as in retail.
// ACE: Sphere.SphereIntersectsRay (seed 000 section 8, 0x005384e0)
bool sphere_intersects_ray(const Sphere& sphere, const Ray& ray, float& time);

// Fraction of `movement` at which a sphere at the origin moving by `movement`
// first touches a sphere at `sphere_pos` when their radii sum to rad_sum;
// -1 when they never touch or already overlap.
// ACE: Sphere.FindTimeOfCollision (seed 000 section 8: find_time_of_collision)
float find_time_of_collision(const Vec3& movement, const Vec3& sphere_pos, float rad_sum);

// True when an offset between two centres is within rad_sum (touching counts).
// ACE: Sphere.CollidesWithSphere
inline bool collides_with_sphere(const Vec3& offset, float rad_sum) {
  return length_sq(offset) <= rad_sum * rad_sum;
}

}  // namespace transit
