#include "support/penetration.hpp"

#include <algorithm>
#include <cmath>

namespace transit::test {

float distance_to_polygon(const Polygon& polygon, const Vec3& point) {
  const Plane& plane = polygon.plane();
  const Vec3 on_plane = point - plane.normal * plane.distance(point);
  if (polygon.point_in_polygon(on_plane)) return std::fabs(plane.distance(point));
  float best = INFINITY;
  const auto& v = polygon.vertices();
  for (std::size_t i = 0, prev = v.size() - 1; i < v.size(); prev = i++) {
    const Vec3 edge = v[i] - v[prev];
    const float t = std::clamp(glm::dot(point - v[prev], edge) / length_sq(edge), 0.0f, 1.0f);
    best = std::min(best, glm::length(point - (v[prev] + edge * t)));
  }
  return best;
}

float sphere_depth(const Polygon& polygon, const Sphere& sphere) {
  const Plane& plane = polygon.plane();
  const float d = plane.distance(sphere.center);
  const Vec3 on_plane = sphere.center - plane.normal * d;
  if (polygon.point_in_polygon(on_plane)) return sphere.radius - d;
  return sphere.radius - distance_to_polygon(polygon, sphere.center);
}

namespace {

float depth_in_tree(const BspTree& tree, const Sphere& local, float scale) {
  // A centre inside a closed mesh is as deep as its way out plus its radius.
  if (tree.solid_available() && tree.point_intersects_solid(local.center)) {
    float nearest = INFINITY;
    for (const Polygon& p : tree.polygons())
      nearest = std::min(nearest, distance_to_polygon(p, local.center));
    return (local.radius + nearest) * scale;
  }
  float deepest = -INFINITY;
  for (const Polygon& p : tree.polygons()) {
    if (distance_to_polygon(p, local.center) > local.radius) continue;
    deepest = std::max(deepest, sphere_depth(p, local) * scale);
  }
  return deepest;
}

float depth_in_cylsphere(const CylSphere& cyl, const Sphere& s) {
  const Vec3 axis_point(cyl.low_point.x, cyl.low_point.y, 0.0f);
  Vec3 flat(s.center.x - axis_point.x, s.center.y - axis_point.y, 0.0f);
  const float radial = glm::length(flat);
  const float lo = cyl.low_point.z, hi = cyl.low_point.z + cyl.height;
  const bool inside = radial < cyl.radius && s.center.z > lo && s.center.z < hi;
  if (inside)
    return s.radius + std::min({cyl.radius - radial, s.center.z - lo, hi - s.center.z});
  if (radial > cyl.radius) flat *= cyl.radius / radial;
  const Vec3 nearest(axis_point.x + flat.x, axis_point.y + flat.y, std::clamp(s.center.z, lo, hi));
  return s.radius - glm::length(s.center - nearest);
}

float depth_in_object(const WorldObject& o, const Sphere& s) {
  // The sphere in the object's own, unscaled space.
  const Sphere local{o.position.frame.global_to_local(s.center) * (1.0f / o.scale),
                     s.radius / o.scale};
  float deepest = -INFINITY;
  for (const Sphere& part : o.spheres)
    deepest = std::max(deepest, (local.radius + part.radius - glm::length(local.center - part.center)) * o.scale);
  for (const CylSphere& cyl : o.cylspheres)
    deepest = std::max(deepest, depth_in_cylsphere(cyl, local) * o.scale);
  for (const auto& mesh : o.meshes) deepest = std::max(deepest, depth_in_tree(*mesh, local, o.scale));
  return deepest;
}

float depth_in_cell(const World& world, CellId cell, const Sphere& s) {
  if (is_indoor(cell)) {
    const EnvCell* env = world.env_cell(cell);
    return depth_in_tree(env->geometry().physics,
                         Sphere{env->frame().global_to_local(s.center), s.radius}, 1.0f);
  }
  // Terrain is a height field: retail keeps each sphere's lowest point on or
  // above the surface under it (less the water depth), and lets a sphere lean
  // into a steep hillside beside it. So the depth is measured straight down.
  const LandCell* land = world.land_cell(cell);
  const Vec3 low = s.center - Vec3(0.0f, 0.0f, s.radius);
  const Polygon* under = land->find_terrain_poly(low);
  if (!under) return -INFINITY;
  Vec3 surface = low;
  under->plane().set_height(surface);
  return surface.z - low.z - land->get_water_depth(low);
}

}  // namespace

float deepest_penetration(const World& world, const ac::AcBody& body, const Position& pos,
                          const std::set<std::uint32_t>& pass_through) {
  float deepest = -INFINITY;
  for (const Sphere& local : body.spheres) {
    const Sphere s{pos.frame.local_to_global(local.center * body.scale), local.radius * body.scale};
    CellList cells;
    world.find_cell_list(pos, std::span<const Sphere>(&s, 1), cells);
    for (CellId cell : cells) {
      const Sphere in_cell{s.center - get_block_offset(pos.objcell_id, cell), s.radius};
      deepest = std::max(deepest, depth_in_cell(world, cell, in_cell));
      for (std::uint32_t index : world.shadows(cell)) {
        const WorldObject& o = world.objects()[index];
        if (o.has(kFlagEthereal) || pass_through.count(o.id)) continue;
        const Sphere in_block{s.center - get_block_offset(pos.objcell_id, o.position.objcell_id), s.radius};
        deepest = std::max(deepest, depth_in_object(o, in_block));
      }
    }
  }
  return deepest;
}

}  // namespace transit::test
