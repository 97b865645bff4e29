#include "world/world_object.hpp"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace transit {

Sphere WorldObject::mesh_bounds() const {
  if (meshes.empty()) return Sphere{position.frame.origin, -1.0f};
  Vec3 lo(INFINITY), hi(-INFINITY);
  for (const auto& mesh : meshes) {
    const Sphere b = mesh->bounding_sphere();
    lo = glm::min(lo, b.center - b.radius);
    hi = glm::max(hi, b.center + b.radius);
  }
  const Vec3 center = (lo + hi) * 0.5f;
  // Rounding of the box's corners can leave a mesh's sphere poking out by a
  // few ulps; the transitions' 5 cm clearance margin covers far more.
  return {position.local_to_global(center * scale), glm::length(hi - lo) * 0.5f * scale};
}

}  // namespace transit
