#include "transit/motion/physics_body.hpp"

#include <cmath>

namespace transit {

PhysicsBody::PhysicsBody(const ac::AcBody& body_shape, const Position& at)
    : shape(body_shape), position(at) {
  calc_acceleration();
}

// ACE: PhysicsObj.calc_acceleration
void PhysicsBody::calc_acceleration() {
  if (contact && on_walkable) {
    acceleration = Vec3(0.0f);
    omega = Vec3(0.0f);
  } else {
    acceleration = has_gravity() ? Vec3(0.0f, 0.0f, kGravity) : Vec3(0.0f);
  }
}

// ACE: PhysicsObj.calc_friction (retail 0x0050EE70; sledding omitted)
void PhysicsBody::calc_friction(float quantum, float /*velocity_mag2*/) {
  if (!on_walkable || !contact_plane) return;
  const Vec3& n = contact_plane->plane.normal;
  const float angle = glm::dot(velocity, n);
  if (angle >= kFrictionlessSpeed) return;
  velocity -= n * angle;
  velocity *= std::pow(1.0f - friction, quantum);
}

// ACE: PhysicsObj.UpdatePhysicsInternal (retail 0x00510700)
void PhysicsBody::integrate(float quantum, Frame& frame) {
  float velocity_mag2 = length_sq(velocity);
  if (velocity_mag2 > 0.0f) {
    if (velocity_mag2 > kMaxVelocitySq) {
      velocity = glm::normalize(velocity) * kMaxVelocity;
      velocity_mag2 = kMaxVelocitySq;
    }
    calc_friction(quantum, velocity_mag2);
    if (velocity_mag2 - kSmallVelocitySq < kEpsilon) velocity = Vec3(0.0f);
    frame.origin += acceleration * 0.5f * quantum * quantum + velocity * quantum;
  }
  velocity += acceleration * quantum;
  if (omega != Vec3(0.0f)) {
    const Vec3 turn = omega * quantum;
    const float angle = glm::length(turn);
    frame.orientation = glm::normalize(glm::angleAxis(angle, turn / angle) * frame.orientation);
  }
}

// ACE: PhysicsObj.set_velocity
void PhysicsBody::set_velocity(const Vec3& v) {
  velocity = v;
  if (length_sq(velocity) > kMaxVelocitySq) velocity = glm::normalize(velocity) * kMaxVelocity;
}

// ACE: PhysicsObj.set_local_velocity
void PhysicsBody::set_local_velocity(const Vec3& v) {
  set_velocity(position.frame.local_to_global_vec(v));
}

// ACE: PhysicsObj.get_object_info, check_contact
ac::AcContact PhysicsBody::transition_contact() const {
  ac::AcContact c;
  if (contact && contact_plane) {
    c.contact_plane = contact_plane;
    const bool moving_away = glm::dot(velocity, contact_plane->plane.normal) > kEpsilon;
    c.contact = !moving_away;
    c.on_walkable = !moving_away && on_walkable;
  }
  c.sliding_normal = sliding_normal;
  c.frames_stationary_fall = frames_stationary_fall;
  return c;
}

}  // namespace transit
