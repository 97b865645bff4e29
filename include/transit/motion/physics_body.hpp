#pragma once
// A moving body's physical state and retail's integration of it over one
// quantum (CPhysicsObj: UpdatePhysicsInternal, calc_acceleration,
// calc_friction, set_velocity, set_on_walkable).

#include <cstdint>
#include <optional>
#include <vector>

#include "transit/math/position.hpp"
#include "transit/movers/ac/ac_mover.hpp"

namespace transit {

/// A moving body's physical state (retail CPhysicsObj): shape, position,
/// velocity (m/s), acceleration, contact state; integrated by update_object.
class PhysicsBody {
 public:
  PhysicsBody() = default;
  PhysicsBody(const ac::AcBody& shape, const Position& position);

  /// --- state (retail CPhysicsObj members) -----------------------------------
  ac::AcBody shape;         ///< spheres, step heights, flags (gravity, edge_slide...)
  Position position;        ///< cell + frame local to its landblock
  Vec3 velocity{0.0f};      ///< global, m/s
  Vec3 acceleration{0.0f};  ///< global, m/s^2
  Vec3 omega{0.0f};         ///< global, rad/s
  float friction = kDefaultFriction;
  float elasticity = kDefaultElasticity;
  bool inelastic = false;  ///< stops dead on any collision

  /// Transient state: standing on contact_plane, and it is walkable.
  bool contact = false;
  bool on_walkable = false;
  bool water_contact = false;
  std::optional<ac::CellPlane> contact_plane;
  std::optional<Vec3> sliding_normal;  ///< set while sliding along a wall
  int frames_stationary_fall = 0;
  bool colliding_with_environment = false;
  bool blocked = false;                          ///< the last transition was cut short by a surface
  std::vector<std::uint32_t> colliding_objects;  ///< ids hit by the last transition
  /// Displacement over the last quantum divided by it (retail CachedVelocity).
  Vec3 cached_velocity{0.0f};
  /// Seconds of frame time not yet integrated (retail update_time lag).
  double pending_time = 0.0;

  bool has_gravity() const { return (shape.flags & kFlagGravity) != 0; }
  /// Gravity when not standing on walkable ground. ACE: PhysicsObj.calc_acceleration
  void calc_acceleration();
  /// Ground friction: the velocity loses its part into the contact plane and
  /// decays by (1 - friction)^quantum. ACE: PhysicsObj.calc_friction
  void calc_friction(float quantum, float velocity_mag2);
  /// Advances `frame` by v q + a q^2 / 2, then v by a q, after the MaxVelocity
  /// clamp, friction and the small-velocity stop.
  /// ACE: PhysicsObj.UpdatePhysicsInternal
  void integrate(float quantum, Frame& frame);
  /// Sets the global velocity, clamped to MaxVelocity. ACE: PhysicsObj.set_velocity
  void set_velocity(const Vec3& v);
  /// Sets the velocity from body-local axes. ACE: PhysicsObj.set_local_velocity
  void set_local_velocity(const Vec3& v);
  /// The contact state the next transition starts from (a body moving away
  /// from its contact plane is not in contact with it). ACE:
  /// PhysicsObj.get_object_info, check_contact
  ac::AcContact transition_contact() const;
};

}  // namespace transit
