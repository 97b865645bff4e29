#include "transit/world/world_object.hpp"

namespace transit {

namespace {

// The box around an object's spheres and cylspheres.
SphereBox primitive_box(const WorldObject& o) {
  SphereBox box;
  for (const Sphere& s : o.spheres) box.add(s);
  for (const CylSphere& c : o.cylspheres) {
    box.add(c.low_point, c.radius);
    box.add(c.low_point + Vec3(0, 0, c.height), c.radius);
  }
  return box;
}

}  // namespace

Sphere WorldObject::shape_bounds() const {
  SphereBox box = primitive_box(*this);
  for (const auto& mesh : meshes) box.add(mesh->bounding_sphere());
  if (box.empty()) return Sphere{Vec3(0.0f), kDummySphereRadius};
  return box.enclosing();
}

SphereBox WorldObject::shape_box() const {
  SphereBox box = primitive_box(*this);
  for (const auto& mesh : meshes) {
    const SphereBox& m = mesh->bounding_box();
    if (m.empty()) continue;
    box.add(m.lo(), 0.0f);
    box.add(m.hi(), 0.0f);
  }
  return box;
}

Sphere WorldObject::mesh_bounds() const {
  if (meshes.empty()) return Sphere{position.frame.origin, -1.0f};
  SphereBox box;
  for (const auto& mesh : meshes) box.add(mesh->bounding_sphere());
  const Sphere local = box.enclosing();
  // Rounding of the box's corners can leave a mesh's sphere poking out by a
  // few ulps; the transitions' 5 cm clearance margin covers far more.
  return {position.local_to_global(local.center * scale), local.radius * scale};
}

}  // namespace transit
