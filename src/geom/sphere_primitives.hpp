#pragma once
// Sphere-level primitives of the retail collision code (CSphere helpers).

#include "transit/math/ray.hpp"
#include "transit/math/sphere.hpp"

namespace transit {

// Time along `ray` (in units of its direction's length) at which it enters
// `sphere`. A ray starting inside the sphere never hits; a sphere behind the
// ray's start can give a negative time, as in retail.
// ACE: Sphere.SphereIntersectsRay (seed 000 section 8, 0x005384e0)
bool sphere_intersects_ray(const Sphere& sphere, const Ray& ray, float& time);

// Fraction of `movement` at which a moving sphere first touches a fixed one
// when their radii sum to rad_sum; `sphere_pos` is the moving sphere's centre
// relative to the fixed sphere's (ACE's caller passes GlobalCurrCenter minus the
// other centre). -1 when they never touch, move apart or already overlap; may
// exceed 1 when the contact lies beyond `movement`.
// ACE: Sphere.FindTimeOfCollision (seed 000 section 8: find_time_of_collision)
float find_time_of_collision(const Vec3& movement, const Vec3& sphere_pos, float rad_sum);

// True when an offset between two centres is within rad_sum (touching counts).
// ACE: Sphere.CollidesWithSphere
inline bool collides_with_sphere(const Vec3& offset, float rad_sum) {
  return length_sq(offset) <= rad_sum * rad_sum;
}

}  // namespace transit
