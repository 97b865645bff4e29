#pragma once
// A scene of flat terrain for benchmarks and tests to put things on.

#include "transit/desc/scene_desc.hpp"

namespace transit::perf {

// nx x ny landblocks from (x0, y0), all at height 0.
SceneDesc flat_landblocks(int x0, int y0, int nx, int ny);

}  // namespace transit::perf
