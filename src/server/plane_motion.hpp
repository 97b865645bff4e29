#pragma once
// How a velocity meets the plane a body touches, at retail's frictionless
// speed (calc_friction leaves a velocity leaving its walkable plane that
// fast whole; one falling into it that fast has not landed yet).

#include <algorithm>
#include <cmath>
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

// The sine of the slope of a plane whose normal has z `nz`: the share of
// a speed along it that goes upwards.
inline float slope_sine(float nz) { return std::sqrt(std::max(0.0f, 1.0f - nz * nz)); }

}  // namespace transit
