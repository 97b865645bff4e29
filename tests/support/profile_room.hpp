#pragma once
// Closed room meshes made in code, the C++ port of scripts/make-scenarios'
// profile_room plus a prism room with acute corners. Faces point into the
// room (the open side), every edge is shared by exactly two polygons.

#include <cstdint>
#include <vector>

#include "transit/desc/scene_desc.hpp"

namespace transit::test {

// One flat piece of a profile room's floor: x0..x1 at height z (room-local).
struct FloorSegment {
  float x0 = 0.0f;
  float x1 = 0.0f;
  float z = 0.0f;
};

// A room whose floor is a row of flat segments along x, back to back, with
// risers between them, side walls at y = 0 and y = width, end walls at the
// first and last x, and a flat ceiling at `height`.
struct ProfileRoom {
  MeshDesc mesh;
  std::uint32_t first_wall = 0;  // the end wall at segments.front().x0
  std::uint32_t last_wall = 0;   // the end wall at segments.back().x1
};
ProfileRoom profile_room(const std::vector<FloorSegment>& segments, float width, float height);

// A room whose floor is the convex polygon `outline` (x, y, counter-clockwise
// seen from above) at z = 0, with vertical walls up to `height`.
MeshDesc prism_room(const std::vector<Vec3>& outline, float height);

}  // namespace transit::test
