#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "transit/geom/bsp_tree.hpp"

namespace transit {

// The nodes and leaf references of a tree over large open meshes (no solid
// leaves to find): axis-aligned planes on the box edge of the median
// polygon (by box centre) along the longest axis, each polygon referenced
// whole by every leaf its box crosses into, until a leaf holds at most
// `max_leaf` polygons. On a mesh of shared edges no polygon crosses a plane
// and each is listed once. Building is O(n log n) in time with no
// per-polygon allocation, unlike the autopartition's clipping.
struct SpatialBspNodes {
  std::vector<BspNode> nodes;
  std::vector<std::uint32_t> refs;
  int depth = 0;
};

SpatialBspNodes build_spatial_bsp_nodes(std::span<const Polygon> polygons, std::size_t max_leaf);

}  // namespace transit
