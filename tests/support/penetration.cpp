#include "support/penetration.hpp"

#include <algorithm>
#include <cmath>

#include "support/retail_overlaps.hpp"

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

float depth_in_tree(const BspTree& tree, const Sphere& local, float scale, bool allow_passed_edge) {
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
    if (allow_passed_edge && passed_over_edge(tree.polygons(), p, local)) continue;
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
  if (inside) return s.radius + std::min({cyl.radius - radial, s.center.z - lo, hi - s.center.z});
  if (radial > cyl.radius) flat *= cyl.radius / radial;
  const Vec3 nearest(axis_point.x + flat.x, axis_point.y + flat.y, std::clamp(s.center.z, lo, hi));
  return s.radius - glm::length(s.center - nearest);
}

float depth_in_object(const WorldObject& o, const Sphere& s, bool allow_passed_edge) {
  // The sphere in the object's own, unscaled space.
  const Sphere local{o.position.frame.global_to_local(s.center) * (1.0f / o.scale),
                     s.radius / o.scale};
  float deepest = -INFINITY;
  for (const Sphere& part : o.spheres)
    deepest = std::max(
        deepest, (local.radius + part.radius - glm::length(local.center - part.center)) * o.scale);
  for (const CylSphere& cyl : o.cylspheres)
    deepest = std::max(deepest, depth_in_cylsphere(cyl, local) * o.scale);
  for (const auto& mesh : o.meshes)
    deepest = std::max(deepest, depth_in_tree(*mesh, local, o.scale, allow_passed_edge));
  return deepest;
}

// The cell whose open space holds `centre` (in `from`'s landblock): a room
// of `cells` whose volume holds it, else any room of the world that does,
// else the outdoor cell when the centre is above its terrain; 0 in solid.
CellId open_cell_at(const World& world, const CellList& cells, CellId from, const Vec3& centre) {
  for (CellId cell : cells)
    if (is_indoor(cell) && world.point_in_cell(cell, centre - get_block_offset(from, cell)))
      return cell;
  const auto at = world.resolve_global(local_to_global(from, centre));
  if (!at) return 0;
  if (is_indoor(at->objcell_id)) return at->objcell_id;
  const LandCell* land = world.land_cell(at->objcell_id);
  const Polygon* under = land ? land->find_terrain_poly(at->frame.origin) : nullptr;
  return under && under->plane().distance(at->frame.origin) >= 0.0f ? at->objcell_id : 0;
}

// A sphere (room-local) against a room's walls and floors: all of them when
// its centre is in this room, those it is in front of when it is in
// another cell's open space.
float depth_in_room(const World& world, const EnvCell& env, const Sphere& local, bool centre_here,
                    const PenetrationOptions& options) {
  const std::vector<Polygon>& polygons = env.geometry().physics.polygons();
  float deepest = -INFINITY;
  for (const Polygon& p : polygons) {
    if (!centre_here && p.plane().distance(local.center) < 0.0f) continue;
    if (distance_to_polygon(p, local.center) > local.radius) continue;
    if (options.allow_thin_doorway_wall && straddles_thin_doorway_wall(world, env, p, local))
      continue;
    if (options.allow_passed_edge && passed_over_edge(polygons, p, local)) continue;
    deepest = std::max(deepest, sphere_depth(p, local));
  }
  return deepest;
}

// Terrain is a height field: retail keeps each sphere's lowest point on or
// above the surface under it (less the water depth), and lets a sphere lean
// into a steep hillside beside it. So the depth is measured straight down.
float depth_in_terrain(const LandCell& land, const Sphere& s) {
  const Vec3 low = s.center - Vec3(0.0f, 0.0f, s.radius);
  const Polygon* under = land.find_terrain_poly(low);
  if (!under) return -INFINITY;
  Vec3 surface = low;
  under->plane().set_height(surface);
  return surface.z - low.z - land.get_water_depth(low);
}

// A centre inside solid: its radius plus the way out through the nearest
// polygon of the rooms the sphere touches.
float depth_in_solid(const World& world, const CellList& cells, CellId from, const Sphere& s) {
  float nearest = INFINITY;
  for (CellId cell : cells) {
    if (!is_indoor(cell)) continue;
    const EnvCell* env = world.env_cell(cell);
    const Vec3 local = env->frame().global_to_local(s.center - get_block_offset(from, cell));
    for (const Polygon& p : env->geometry().physics.polygons())
      nearest = std::min(nearest, distance_to_polygon(p, local));
  }
  return s.radius + nearest;
}

float depth_in_cells(const World& world, const CellList& cells, CellId from, const Sphere& s,
                     const PenetrationOptions& options) {
  const CellId open = open_cell_at(world, cells, from, s.center);
  float deepest = -INFINITY;
  bool in_room = false;
  for (CellId cell : cells) {
    const Sphere in_cell{s.center - get_block_offset(from, cell), s.radius};
    if (!is_indoor(cell)) {
      deepest = std::max(deepest, depth_in_terrain(*world.land_cell(cell), in_cell));
      continue;
    }
    in_room = true;
    const EnvCell& env = *world.env_cell(cell);
    const Sphere local{env.frame().global_to_local(in_cell.center), s.radius};
    if (open != 0)
      deepest = std::max(deepest, depth_in_room(world, env, local, open == cell, options));
  }
  if (open == 0 && in_room) deepest = std::max(deepest, depth_in_solid(world, cells, from, s));
  return deepest;
}

float depth_in_shadows(const World& world, const CellList& cells, CellId from, const Sphere& s,
                       const PenetrationOptions& options) {
  float deepest = -INFINITY;
  for (CellId cell : cells)
    for (std::uint32_t index : world.shadows(cell)) {
      const WorldObject& o = world.objects()[index];
      if (o.has(kFlagEthereal) || o.has(kFlagIgnoreCollisions) || options.pass_through.count(o.id))
        continue;
      const Sphere in_block{s.center - get_block_offset(from, o.position.objcell_id), s.radius};
      deepest = std::max(deepest, depth_in_object(o, in_block, options.allow_passed_edge));
    }
  return deepest;
}

}  // namespace

float deepest_penetration(const World& world, const ac::AcBody& body, const Position& pos,
                          const PenetrationOptions& options) {
  float deepest = -INFINITY;
  for (const Sphere& local : body.spheres) {
    const Sphere s{pos.frame.local_to_global(local.center * body.scale), local.radius * body.scale};
    CellList cells;
    world.find_cell_list(pos, std::span<const Sphere>(&s, 1), cells);
    deepest = std::max(deepest, depth_in_cells(world, cells, pos.objcell_id, s, options));
    deepest = std::max(deepest, depth_in_shadows(world, cells, pos.objcell_id, s, options));
  }
  return deepest;
}

float deepest_penetration(const World& world, const ac::AcBody& body, const Position& pos,
                          const std::set<std::uint32_t>& pass_through) {
  PenetrationOptions options;
  options.pass_through = pass_through;
  return deepest_penetration(world, body, pos, options);
}

}  // namespace transit::test
