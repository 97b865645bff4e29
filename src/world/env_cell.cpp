#include "transit/world/env_cell.hpp"

#include <algorithm>

namespace transit {

EnvCell::EnvCell(CellId id, const Frame& frame, std::shared_ptr<const CellGeometry> geometry,
                 std::vector<CellPortal> portals, bool seen_outside)
    : id_(id),
      frame_(frame),
      geometry_(std::move(geometry)),
      portals_(std::move(portals)),
      seen_outside_(seen_outside) {}

bool EnvCell::sees(CellId id) const {
  return std::find(visible_.begin(), visible_.end(), id) != visible_.end();
}

bool EnvCell::point_in_cell(const Vec3& landblock_point) const {
  return geometry_->cell.point_inside_cell_bsp(frame_.global_to_local(landblock_point));
}

BoundingType EnvCell::sphere_intersects_cell(const Sphere& landblock_sphere) const {
  const Sphere local{frame_.global_to_local(landblock_sphere.center), landblock_sphere.radius};
  return geometry_->cell.sphere_intersects_cell_bsp(local);
}

}  // namespace transit
