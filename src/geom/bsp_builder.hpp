#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "transit/geom/bsp_tree.hpp"

namespace transit {

struct BspBuildOptions {
  BspRole role = BspRole::Physics;
  PolygonSides sides = PolygonSides::Single;
  std::string name = "mesh";  // used in error and warning messages
  int candidate_planes = 16;  // splitting planes scored per node
};

struct BspBuildResult {
  BspTree tree;
  std::vector<std::string> warnings;
};

// Builds a BSP tree over a polygon soup given as vertex indices. Throws
// InputError naming the polygon and the reason when a polygon is invalid
// (see validate_polygon) or refers to a missing vertex. A mesh that is not
// closed still builds a usable tree; a warning then says that solid queries
// only test polygons.
BspBuildResult build_bsp(std::span<const Vec3> vertices,
                         std::span<const std::vector<std::uint32_t>> polygons,
                         const BspBuildOptions& options = {});

// The first edge used other than exactly once in each direction, as a
// message, or an empty string for a closed (watertight, consistently wound)
// mesh. Vertices at the same position count as one.
std::string find_open_edge(std::span<const Vec3> vertices,
                           std::span<const std::vector<std::uint32_t>> polygons);

}  // namespace transit
