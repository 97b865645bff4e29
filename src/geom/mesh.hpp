#pragma once

#include <cstdint>
#include <vector>

#include "transit/math/vec.hpp"

namespace transit {

// An indexed polygon mesh as users give it (OBJ files, scene meshes).
struct Mesh {
  std::vector<Vec3> vertices;
  std::vector<std::vector<std::uint32_t>> polygons;

  void append(const Mesh& other);
};

// A closed axis-aligned box with outward-facing quads.
Mesh make_box(const Vec3& lo, const Vec3& hi);
// A closed torus around the Z axis with outward-facing triangles.
Mesh make_torus(const Vec3& center, float major_radius, float minor_radius, int rings,
                int sides);
// A closed staircase solid `width` wide (along X) rising along +Y from
// `origin`: `steps` treads `tread` deep, each `rise` higher than the last.
Mesh make_stairs(const Vec3& origin, float width, float tread, float rise, int steps);

}  // namespace transit
