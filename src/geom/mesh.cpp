#include "geom/mesh.hpp"

#include <algorithm>
#include <cmath>

namespace transit {

void Mesh::append(const Mesh& other) {
  const auto base = static_cast<std::uint32_t>(vertices.size());
  vertices.insert(vertices.end(), other.vertices.begin(), other.vertices.end());
  for (const auto& poly : other.polygons) {
    auto& added = polygons.emplace_back();
    for (std::uint32_t v : poly) added.push_back(base + v);
  }
}

Mesh make_box(const Vec3& lo, const Vec3& hi) {
  Mesh m;
  for (int i = 0; i < 8; ++i)
    m.vertices.emplace_back(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z);
  // Counter-clockwise seen from outside.
  m.polygons = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  return m;
}

Mesh make_torus(const Vec3& center, float major_radius, float minor_radius, int rings,
                int sides) {
  Mesh m;
  const float two_pi = 6.28318530717958f;
  for (int r = 0; r < rings; ++r) {
    const float u = two_pi * static_cast<float>(r) / static_cast<float>(rings);
    for (int s = 0; s < sides; ++s) {
      const float v = two_pi * static_cast<float>(s) / static_cast<float>(sides);
      const float ring = major_radius + minor_radius * std::cos(v);
      m.vertices.push_back(center +
                           Vec3(ring * std::cos(u), ring * std::sin(u), minor_radius * std::sin(v)));
    }
  }
  auto at = [&](int r, int s) {
    return static_cast<std::uint32_t>(((r + rings) % rings) * sides + (s + sides) % sides);
  };
  for (int r = 0; r < rings; ++r)
    for (int s = 0; s < sides; ++s) {
      m.polygons.push_back({at(r, s), at(r + 1, s), at(r + 1, s + 1)});
      m.polygons.push_back({at(r, s), at(r + 1, s + 1), at(r, s + 1)});
    }
  return m;
}

namespace {

// Appends a convex face, wound so that its normal points along `outward`.
void add_face(Mesh& m, std::vector<Vec3> points, const Vec3& outward) {
  Vec3 normal(0.0f);
  for (std::size_t i = 1; i + 1 < points.size(); ++i)
    normal += glm::cross(points[i] - points[0], points[i + 1] - points[0]);
  if (glm::dot(normal, outward) < 0.0f) std::reverse(points.begin(), points.end());
  auto& poly = m.polygons.emplace_back();
  for (const Vec3& p : points) {
    poly.push_back(static_cast<std::uint32_t>(m.vertices.size()));
    m.vertices.push_back(p);
  }
}

}  // namespace

// One closed solid: every edge is shared by exactly two faces, so the side
// walls are split per step and carry the vertex where the next riser starts.
Mesh make_stairs(const Vec3& origin, float width, float tread, float rise, int steps) {
  Mesh m;
  auto at = [&](float x, float y, float z) { return origin + Vec3(x, y, z); };
  const auto f = [](int i) { return static_cast<float>(i); };
  for (int i = 0; i < steps; ++i) {
    const float y0 = tread * f(i), y1 = tread * f(i + 1);
    const float z0 = rise * f(i), z1 = rise * f(i + 1);
    add_face(m, {at(0, y0, z1), at(width, y0, z1), at(width, y1, z1), at(0, y1, z1)}, kUnitZ);
    add_face(m, {at(0, y0, z0), at(width, y0, z0), at(width, y0, z1), at(0, y0, z1)},
             Vec3(0, -1, 0));
    add_face(m, {at(0, y0, 0), at(width, y0, 0), at(width, y1, 0), at(0, y1, 0)}, -kUnitZ);
    for (float x : {0.0f, width}) {
      std::vector<Vec3> side{at(x, y0, 0)};
      if (i > 0) side.push_back(at(x, y0, z0));
      side.insert(side.end(), {at(x, y0, z1), at(x, y1, z1), at(x, y1, 0)});
      add_face(m, side, Vec3(x == 0.0f ? -1.0f : 1.0f, 0, 0));
    }
  }
  const float back = tread * f(steps), top = rise * f(steps);
  add_face(m, {at(0, back, 0), at(width, back, 0), at(width, back, top), at(0, back, top)},
           Vec3(0, 1, 0));
  return m;
}

}  // namespace transit
