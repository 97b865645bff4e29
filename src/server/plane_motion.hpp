#pragma once
// How a velocity meets the plane a body touches, at retail's frictionless
// speed (calc_friction leaves a velocity leaving its walkable plane that
// fast whole; one falling into it that fast has not landed yet).

#include <optional>

#include <glm/geometric.hpp>

#include "transit/math/constants.hpp"
#include "transit/movers/ac/ac_mover.hpp"

namespace transit {

// Whether `velocity` leaves `plane` at kFrictionlessSpeed or more.
inline bool leaves_plane(const Vec3& velocity, const std::optional<ac::CellPlane>& plane) {
  return plane && glm::dot(velocity, plane->plane.normal) >= kFrictionlessSpeed;
}

// Whether `velocity` falls into `plane` at kFrictionlessSpeed or more.
inline bool falls_into_plane(const Vec3& velocity, const std::optional<ac::CellPlane>& plane) {
  return plane && glm::dot(velocity, plane->plane.normal) <= -kFrictionlessSpeed;
}

}  // namespace transit
