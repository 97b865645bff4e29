#pragma once
// Scenes for the trace, Quake and Tribes tests: flat terrain (the 2 x 2
// landblocks of test_scenes at height 0) with walls, steps, ramps and V's
// as mesh objects, all in landblock kBlock's coordinates.

#include <cmath>
#include <initializer_list>
#include <vector>

#include "transit/desc/scene_desc.hpp"
#include "geom/mesh.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::test {

inline MeshDesc mesh_desc(const Mesh& mesh) {
  MeshDesc d;
  d.vertices = mesh.vertices;
  d.polygons = mesh.polygons;
  return d;
}

// A static object made of one mesh given in its own frame at `origin`.
inline ObjectDesc mesh_object(std::uint32_t id, const Vec3& origin, const MeshDesc& mesh,
                              float heading_deg = 0.0f, float scale = 1.0f) {
  ObjectDesc o;
  o.id = id;
  o.name = "object " + std::to_string(id);
  o.position.cell = outdoor_cell_from_local(kBlock, origin.x, origin.y);
  o.position.local = origin;
  if (heading_deg != 0.0f) o.orientation.heading_deg = heading_deg;
  o.scale = scale;
  ShapeDesc shape;
  shape.type = ShapeDesc::Type::Mesh;
  shape.mesh = mesh;
  o.shapes.push_back(shape);
  o.flags = kFlagStatic;
  return o;
}

// An axis-aligned solid box object, lo..hi in landblock coordinates.
inline ObjectDesc box_object(std::uint32_t id, const Vec3& lo, const Vec3& hi) {
  const Vec3 origin = (lo + hi) * 0.5f;
  return mesh_object(id, origin, mesh_desc(make_box(lo - origin, hi - origin)));
}

// A closed wedge over x0..x1, y0..y1 whose top rises linearly from z0 at x0
// to z1 at x1, with its bottom at `bottom`; in landblock coordinates.
inline ObjectDesc ramp_object(std::uint32_t id, float x0, float x1, float y0, float y1, float z0,
                              float z1, float bottom = -0.5f) {
  const Vec3 origin((x0 + x1) * 0.5f, (y0 + y1) * 0.5f, 0.0f);
  Mesh m;
  const auto at = [&](float x, float y, float z) { return Vec3(x, y, z) - origin; };
  m.vertices = {at(x0, y0, bottom), at(x1, y0, bottom), at(x1, y1, bottom), at(x0, y1, bottom),
                at(x0, y0, z0),     at(x1, y0, z1),     at(x1, y1, z1),     at(x0, y1, z0)};
  m.polygons = {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 4, 7, 3}, {1, 2, 6, 5}};
  return mesh_object(id, origin, mesh_desc(m));
}

// One quad facing `front`, as an open mesh object.
inline ObjectDesc quad_object(std::uint32_t id, std::vector<Vec3> corners, const Vec3& front) {
  const Vec3 n = glm::cross(corners[1] - corners[0], corners[2] - corners[0]);
  if (glm::dot(n, front) < 0.0f) std::swap(corners[1], corners[3]);
  Vec3 origin(0.0f);
  for (const Vec3& c : corners) origin += c * 0.25f;
  Mesh m;
  for (const Vec3& c : corners) m.vertices.push_back(c - origin);
  m.polygons = {{0, 1, 2, 3}};
  return mesh_object(id, origin, mesh_desc(m));
}

inline SceneDesc flat_with(std::initializer_list<ObjectDesc> objects) {
  SceneDesc s = two_by_two_flat();
  for (const ObjectDesc& o : objects) s.objects.push_back(o);
  return s;
}

}  // namespace transit::test
