#include "support/profile_room.hpp"

#include <algorithm>

namespace transit::test {

namespace {

class MeshWriter {
 public:
  // Adds a polygon with its own copies of the points; returns its index.
  std::uint32_t add(const std::vector<Vec3>& points) {
    std::vector<std::uint32_t> indices;
    for (const Vec3& p : points) {
      mesh_.vertices.push_back(p);
      indices.push_back(static_cast<std::uint32_t>(mesh_.vertices.size() - 1));
    }
    mesh_.polygons.push_back(indices);
    return static_cast<std::uint32_t>(mesh_.polygons.size() - 1);
  }
  MeshDesc take() { return std::move(mesh_); }

 private:
  MeshDesc mesh_;
};

void add_floors_and_risers(const std::vector<FloorSegment>& s, float width, MeshWriter& out) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    out.add({{s[i].x0, 0, s[i].z}, {s[i].x1, 0, s[i].z}, {s[i].x1, width, s[i].z},
             {s[i].x0, width, s[i].z}});
    if (i + 1 == s.size() || s[i + 1].z == s[i].z) continue;
    const float x = s[i].x1, lo = std::min(s[i].z, s[i + 1].z), hi = std::max(s[i].z, s[i + 1].z);
    if (s[i + 1].z > s[i].z)  // rising: the riser faces -x
      out.add({{x, 0, lo}, {x, 0, hi}, {x, width, hi}, {x, width, lo}});
    else  // falling: faces +x
      out.add({{x, width, lo}, {x, width, hi}, {x, 0, hi}, {x, 0, lo}});
  }
}

// The y = 0 side wall piece of segment i as (x, z) points, counter-clockwise
// seen from +y; it carries a vertex where a higher neighbouring floor meets it.
std::vector<std::pair<float, float>> side_outline(const std::vector<FloorSegment>& s,
                                                  std::size_t i, float height) {
  std::vector<std::pair<float, float>> outline{{s[i].x0, s[i].z}};
  if (i > 0 && s[i - 1].z > s[i].z) outline.push_back({s[i].x0, s[i - 1].z});
  outline.push_back({s[i].x0, height});
  outline.push_back({s[i].x1, height});
  if (i + 1 < s.size() && s[i + 1].z > s[i].z) outline.push_back({s[i].x1, s[i + 1].z});
  outline.push_back({s[i].x1, s[i].z});
  return outline;
}

void add_side_walls(const std::vector<FloorSegment>& s, float width, float height,
                    MeshWriter& out) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto outline = side_outline(s, i, height);
    std::vector<Vec3> near_wall, far_wall;
    for (const auto& [x, z] : outline) near_wall.emplace_back(x, 0.0f, z);
    for (auto it = outline.rbegin(); it != outline.rend(); ++it)
      far_wall.emplace_back(it->first, width, it->second);
    out.add(near_wall);
    out.add(far_wall);
  }
}

void add_ceiling(const std::vector<FloorSegment>& s, float width, float height, MeshWriter& out) {
  std::vector<float> xs;
  for (const FloorSegment& seg : s) xs.push_back(seg.x0);
  xs.push_back(s.back().x1);
  // Normal -z: the outline along y = 0 then back along y = width, reversed.
  std::vector<Vec3> ceiling;
  for (float x : xs) ceiling.emplace_back(x, 0.0f, height);
  for (auto it = xs.rbegin(); it != xs.rend(); ++it) ceiling.emplace_back(*it, width, height);
  out.add(std::vector<Vec3>(ceiling.rbegin(), ceiling.rend()));
}

}  // namespace

ProfileRoom profile_room(const std::vector<FloorSegment>& s, float width, float height) {
  MeshWriter out;
  add_floors_and_risers(s, width, out);
  add_side_walls(s, width, height, out);
  ProfileRoom room;
  const float first_x = s.front().x0, last_x = s.back().x1;
  const float first_z = s.front().z, last_z = s.back().z;
  room.first_wall = out.add({{first_x, width, first_z}, {first_x, width, height},
                             {first_x, 0, height}, {first_x, 0, first_z}});
  room.last_wall = out.add(
      {{last_x, 0, last_z}, {last_x, 0, height}, {last_x, width, height}, {last_x, width, last_z}});
  add_ceiling(s, width, height, out);
  room.mesh = out.take();
  return room;
}

MeshDesc prism_room(const std::vector<Vec3>& outline, float height) {
  MeshWriter out;
  std::vector<Vec3> floor, ceiling;
  for (const Vec3& p : outline) floor.emplace_back(p.x, p.y, 0.0f);
  for (auto it = outline.rbegin(); it != outline.rend(); ++it)
    ceiling.emplace_back(it->x, it->y, height);
  out.add(floor);
  out.add(ceiling);
  for (std::size_t i = 0; i < outline.size(); ++i) {
    const Vec3& a = outline[i];
    const Vec3& b = outline[(i + 1) % outline.size()];
    // b low, a low, a high, b high: the normal points left of a->b, into the room.
    out.add({{b.x, b.y, 0.0f}, {a.x, a.y, 0.0f}, {a.x, a.y, height}, {b.x, b.y, height}});
  }
  return out.take();
}

}  // namespace transit::test
