#pragma once

#include "transit/math/plane.hpp"
#include "transit/math/vec.hpp"

namespace transit {

/// A rigid placement: origin plus a unit-quaternion orientation (retail AFrame).
struct Frame {
  Vec3 origin{0.0f};
  Quat orientation{1.0f, 0.0f, 0.0f, 0.0f};

  /// A frame at `origin` facing `heading_deg` (0 = north/+y, clockwise).
  static Frame from_heading(const Vec3& origin, float heading_deg);

  Vec3 local_to_global(const Vec3& point) const { return origin + orientation * point; }
  /// A point in the frame's parent coordinates as seen in the frame.
  Vec3 global_to_local(const Vec3& point) const {
    return glm::conjugate(orientation) * (point - origin);
  }
  Vec3 local_to_global_vec(const Vec3& v) const { return orientation * v; }
  Vec3 global_to_local_vec(const Vec3& v) const { return glm::conjugate(orientation) * v; }
  /// A plane carried out of and into the frame.
  Plane local_to_global(const Plane& plane) const;
  Plane global_to_local(const Plane& plane) const;

  /// Orientation between `from` (t = 0) and `to` (t = 1) along the shorter arc,
  /// normalised linear blend as retail AFrame::interpolate_rotation does.
  void interpolate_rotation(const Frame& from, const Frame& to, float t);

  /// Compass heading in degrees: 0 = +Y (north), 90 = +X (east), clockwise.
  float heading() const;
  /// Turns the frame to face `heading_deg` (degrees, clockwise from north).
  void set_heading(float heading_deg);

  /// Finite origin and a unit quaternion.
  bool is_valid() const;
  bool operator==(const Frame&) const = default;
};

}  // namespace transit
