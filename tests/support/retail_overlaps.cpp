#include "support/retail_overlaps.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

namespace transit::test {

namespace {

constexpr float kSame = 1e-3f;  // metres, and the cosine's distance from 1

bool same_plane(const Plane& a, const Plane& b) {
  return glm::dot(a.normal, b.normal) > 1.0f - kSame && std::fabs(a.d - b.d) < kSame;
}

// The neighbour has a polygon in `plane` (landblock coordinates) facing the
// other way.
bool has_back_copy(const EnvCell& neighbour, const Plane& plane) {
  const Plane flipped = neighbour.frame().global_to_local(Plane{-plane.normal, -plane.d});
  const auto& polygons = neighbour.geometry().physics.polygons();
  return std::any_of(polygons.begin(), polygons.end(),
                     [&](const Polygon& p) { return same_plane(p.plane(), flipped); });
}

// The edge `face` shares with `other` (two common vertices), if any.
std::optional<std::pair<Vec3, Vec3>> shared_edge(const Polygon& face, const Polygon& other) {
  std::vector<Vec3> common;
  for (const Vec3& u : face.vertices())
    for (const Vec3& v : other.vertices())
      if (length_sq(u - v) < kSame * kSame) common.push_back(u);
  if (common.size() != 2) return std::nullopt;
  return std::pair{common[0], common[1]};
}

float distance_to_line(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 along = glm::normalize(b - a);
  const Vec3 off = p - a;
  return glm::length(off - along * glm::dot(off, along));
}

}  // namespace

bool straddles_thin_doorway_wall(const World& world, const EnvCell& room, const Polygon& wall,
                                 const Sphere& local) {
  const float d = wall.plane().distance(local.center);
  if (d < 0.0f || d >= local.radius) return false;
  for (const CellPortal& portal : room.portals()) {
    if (!same_plane(room.portal_polygon(portal).plane(), wall.plane())) continue;
    const EnvCell* neighbour = portal.leads_outside() ? nullptr : world.env_cell(portal.other);
    if (neighbour && has_back_copy(*neighbour, room.frame().local_to_global(wall.plane())))
      return true;
  }
  return false;
}

bool passed_over_edge(std::span<const Polygon> polygons, const Polygon& face, const Sphere& local) {
  const float r = local.radius;
  const float d = face.plane().distance(local.center);
  if (d < 0.0f || d >= r) return false;
  const Vec3 over = local.center - face.plane().normal * d;
  if (!face.point_in_polygon(over)) return false;
  const float w = std::sqrt(r * r - d * d);
  return std::any_of(polygons.begin(), polygons.end(), [&](const Polygon& crossed) {
    if (&crossed == &face || crossed.plane().distance(local.center) >= 0.0f) return false;
    const auto edge = shared_edge(face, crossed);
    if (!edge) return false;
    const float x = distance_to_line(over, edge->first, edge->second);
    return x >= w - kSame && x <= r - w + kSame;
  });
}

}  // namespace transit::test
