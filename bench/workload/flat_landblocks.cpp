#include "workload/flat_landblocks.hpp"

namespace transit::perf {

SceneDesc flat_landblocks(int x0, int y0, int nx, int ny) {
  SceneDesc s;
  for (int x = x0; x < x0 + nx; ++x)
    for (int y = y0; y < y0 + ny; ++y) {
      LandblockDesc lb;
      lb.x = x;
      lb.y = y;
      lb.flat = 0.0f;
      s.landblocks.push_back(lb);
    }
  return s;
}

}  // namespace transit::perf
