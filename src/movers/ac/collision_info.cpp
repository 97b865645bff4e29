#include "transit/movers/ac/collision_info.hpp"

#include <algorithm>

namespace transit::ac {

// ACE: CollisionInfo.SetContactPlane
void CollisionInfo::set_contact_plane(const Plane& plane, bool is_water) {
  contact_plane_valid = true;
  contact_plane = plane;
  contact_plane_is_water = is_water;
}

// Retail stores the normalised vector and zero when it is too short to
// normalise; ACE keeps the caller's vector un-normalised.
// ACE: CollisionInfo.SetCollisionNormal
void CollisionInfo::set_collision_normal(const Vec3& normal) {
  collision_normal_valid = true;
  collision_normal = normal;
  if (!normalize_checked(collision_normal)) collision_normal = Vec3(0.0f);
}

// The horizontal part of a normal, normalised so that adjust_offset removes
// exactly the movement into it. ACE: CollisionInfo.SetSlidingNormal
void CollisionInfo::set_sliding_normal(const Vec3& normal) {
  sliding_normal_valid = true;
  sliding_normal = Vec3(normal.x, normal.y, 0.0f);
  if (!normalize_checked(sliding_normal)) sliding_normal = Vec3(0.0f);
}

// ACE: CollisionInfo.AddObject
void CollisionInfo::add_object(std::uint32_t object, bool collided) {
  if (std::find(collide_objects.begin(), collide_objects.end(), object) != collide_objects.end())
    return;
  collide_objects.push_back(object);
  if (collided) last_collided_object = object;
}

}  // namespace transit::ac
