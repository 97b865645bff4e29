#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "transit/geom/bsp_tree.hpp"

namespace transit {

// The nodes and leaf references of a tree over large open meshes (no solid
// leaves to find): axis-aligned planes through the median of the polygons'
// box centres, each polygon referenced whole by every leaf its box reaches,
// until a leaf holds at most `max_leaf` polygons. Building is O(n log n) in
// time with no per-polygon allocation, unlike the autopartition's clipping.
struct SpatialBspNodes {
  std::vector<BspNode> nodes;
  std::vector<std::uint32_t> refs;
  int depth = 0;
};

SpatialBspNodes build_spatial_bsp_nodes(std::span<const Polygon> polygons, std::size_t max_leaf);

}  // namespace transit
