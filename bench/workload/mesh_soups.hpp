#pragma once
// Large meshes as users bring them, for the large-mesh benchmarks and tests:
// a tiled floor and a bumpy terrain grid.

#include "transit/desc/scene_desc.hpp"

namespace transit::perf {

// n x n one-metre quads at z 0, each its own four vertices.
MeshDesc tiled_floor(int n);

// An (n+1) x (n+1) height grid of rolling bumps (+-0.4 m) `spacing` metres
// apart, two triangles a square: 2 n^2 triangles.
MeshDesc bumpy_grid(int n, float spacing);

}  // namespace transit::perf
