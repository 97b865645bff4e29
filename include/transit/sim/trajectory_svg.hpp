#pragma once
// A picture of a simulation run: a top-down map of the world (terrain
// height shading, slopes too steep to walk, water, buildings, walls and
// other objects) with each character's path, and beside it the elevation
// profile of each path.

#include <string>

#include "transit/sim/trajectory.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// A complete SVG document.
std::string trajectory_svg(const World& world, const Trajectory& trajectory);

}  // namespace transit
