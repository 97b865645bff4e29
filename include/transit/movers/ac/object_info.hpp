#pragma once

#include <cstdint>

#include "transit/math/vec.hpp"

namespace transit::ac {

/// ObjectInfoState flags (seed 000 section 9).
enum ObjectInfoState : std::uint32_t {
  kContact = 0x001,
  kOnWalkable = 0x002,
  kIsViewer = 0x004,
  kPathClipped = 0x008,
  kFreeRotate = 0x010,
  kPerfectClip = 0x040,
  kIsImpenetrable = 0x080,
  kIsPlayer = 0x100,
  kEdgeSlide = 0x200,
  kIgnoreCreatures = 0x400,
  kIsPk = 0x800,
  kIsPkLite = 0x1000,
};

/// The moving object as the transition sees it (retail OBJECTINFO).
struct ObjectInfo {
  std::uint32_t state = 0;
  float scale = 1.0f;
  float step_up_height = 0.0f;
  float step_down_height = 0.0f;
  bool ethereal = false;
  bool step_down = true;  ///< false for missiles
  bool gravity = false;   ///< the object's PhysicsState has Gravity
  bool missile = false;
  /// The world object (index in World::objects()) that is moving, never
  /// collided with; -1 for a body that is no world object.
  std::int64_t self_object = -1;
  /// A missile's target (retail targetID): WorldObject::id, 0 for none.
  std::uint32_t target_id = 0;
  /// Set when retail would zero the object's velocity (StopVelocity).
  bool velocity_stopped = false;

  bool has(std::uint32_t flag) const { return (state & flag) != 0; }
  /// ACE: PhysicsObj.get_walkable_z
  float walkable_z() const { return kFloorZ; }
  /// ACE: PhysicsObj.is_valid_walkable
  static bool is_valid_walkable(const Vec3& normal) { return normal.z >= kFloorZ; }
  /// ACE: ObjectInfo.StopVelocity
  void stop_velocity() { velocity_stopped = true; }
};

}  // namespace transit::ac
