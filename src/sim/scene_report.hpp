#pragma once

#include <string>
#include <vector>

#include "transit/desc/scene_desc.hpp"
#include "transit/world/world.hpp"

namespace transit {

// A readable account of a scene and the world built from it: landblocks,
// indoor cells and their portals, objects, characters, BSP statistics
// (depth, leaves, polygons split) and the warnings found while building.
// This is what `transit inspect` prints.
std::string scene_report(const SceneDesc& scene, const World& world,
                         const std::vector<std::string>& warnings);

}  // namespace transit
