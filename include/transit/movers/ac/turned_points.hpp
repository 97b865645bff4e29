#pragma once

#include <array>
#include <span>

#include "transit/math/sphere.hpp"
#include "transit/math/vec.hpp"

namespace transit::ac {

/// An object's local sphere centres and low point turned by an orientation,
/// kept for the last two orientations asked for (a path's current and check
/// positions): the global and local-space caches reuse them, and so does the
/// next move of a body whose points and orientation are still the same.
class TurnedPoints {
 public:
  /// The points turned by one orientation.
  struct Turned {
    bool filled = false;
    Quat orientation{1.0f, 0.0f, 0.0f, 0.0f};
    std::array<Vec3, 2> centers{};
    Vec3 low_point{0.0f};
  };

  /// The points turned from now on; what was turned from other points is
  /// forgotten.
  void use_points(std::span<const Sphere> local_spheres, const Vec3& local_low_point);
  const Turned& turned_by(const Quat& orientation);

 private:
  /// Compared bytewise (no padding): the same bits turn to the same points.
  struct Points {
    int count = 0;
    std::array<Vec3, 2> centers{};
    Vec3 low_point{0.0f};
  };
  static_assert(sizeof(Points) == sizeof(int) + 3 * sizeof(Vec3));

  Points points_;
  std::array<Turned, 2> turned_{};
  int next_ = 0;
};

}  // namespace transit::ac
