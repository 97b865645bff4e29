#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "transit/desc/scene_desc.hpp"
#include "transit/geom/bsp_tree.hpp"
#include "transit/math/position.hpp"
#include "transit/world/env_cell.hpp"

namespace transit {

/// A static or movable thing in the world that characters collide with:
/// spheres, cylspheres (creatures) and meshes (physics BSPs), all in the
/// object's own frame and scaled by `scale` (retail CPhysicsObj parts).
/// The fields every transition reads of every object in the cells it
/// crosses (id, flags, building or not, position) come first, on one cache
/// line.
struct WorldObject {
  std::uint32_t id = 0;
  std::uint32_t flags = 0;  ///< EntityFlag bits
  /// A building's portals: polygons of its meshes (numbered across its mesh
  /// shapes in order) leading into indoor cells.
  std::vector<CellPortal> building_portals;
  Position position;  ///< cell + frame local to that cell's landblock
  float scale = 1.0f;
  std::vector<Sphere> spheres;
  std::vector<CylSphere> cylspheres;
  std::vector<std::shared_ptr<const BspTree>> meshes;
  Sphere local_bounds;  ///< encloses every shape, in the object's frame, unscaled (shape_bounds)
  std::string name;

  /// A sphere enclosing every shape, in the object's frame, unscaled; retail's
  /// dummy sphere for an object without shapes. What World::add_object
  /// keeps in local_bounds.
  Sphere shape_bounds() const;
  /// The axis-aligned box around every shape (mesh vertices, spheres,
  /// cylspheres), in the object's frame, unscaled; empty without shapes.
  SphereBox shape_box() const;
  bool is_building() const { return !building_portals.empty(); }
  bool has(std::uint32_t flag) const { return (flags & flag) != 0; }
  /// The bounding sphere in the coordinates of the object's landblock.
  Sphere bounds() const { return bounds_at(position); }
  /// The same, were the object at `at`.
  Sphere bounds_at(const Position& at) const {
    return {at.frame.local_to_global(local_bounds.center * scale), local_bounds.radius * scale};
  }
  /// Encloses the bounding sphere of every mesh, in the coordinates of the
  /// object's landblock; radius -1 when the object has no mesh. Found from
  /// the meshes themselves, whatever local_bounds says.
  Sphere mesh_bounds() const;
};

}  // namespace transit
