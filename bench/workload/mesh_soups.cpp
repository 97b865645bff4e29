#include "workload/mesh_soups.hpp"

#include <cmath>

namespace transit::perf {

MeshDesc tiled_floor(int n) {
  MeshDesc m;
  for (int x = 0; x < n; ++x)
    for (int y = 0; y < n; ++y) {
      const auto base = static_cast<std::uint32_t>(m.vertices.size());
      const float fx = static_cast<float>(x), fy = static_cast<float>(y);
      m.vertices.insert(m.vertices.end(), {{fx, fy, 0}, {fx + 1, fy, 0}, {fx + 1, fy + 1, 0}, {fx, fy + 1, 0}});
      m.polygons.push_back({base, base + 1, base + 2, base + 3});
    }
  return m;
}

MeshDesc bumpy_grid(int n, float spacing) {
  MeshDesc m;
  for (int x = 0; x <= n; ++x)
    for (int y = 0; y <= n; ++y) {
      const float fx = static_cast<float>(x) * spacing, fy = static_cast<float>(y) * spacing;
      m.vertices.emplace_back(fx, fy, 0.4f * std::sin(fx * 0.7f) * std::cos(fy * 0.55f));
    }
  const auto at = [n](int x, int y) { return static_cast<std::uint32_t>(x * (n + 1) + y); };
  for (int x = 0; x < n; ++x)
    for (int y = 0; y < n; ++y) {
      m.polygons.push_back({at(x, y), at(x + 1, y), at(x + 1, y + 1)});
      m.polygons.push_back({at(x, y), at(x + 1, y + 1), at(x, y + 1)});
    }
  return m;
}

}  // namespace transit::perf
