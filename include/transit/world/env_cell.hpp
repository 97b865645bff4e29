#pragma once

#include <memory>
#include <vector>

#include "transit/geom/bsp_tree.hpp"
#include "transit/math/frame.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

/// A portal of an indoor cell: one of its mesh polygons, leading to another
/// cell of the same landblock or outside.
struct CellPortal {
  std::uint32_t polygon = 0;
  CellId other = 0;  ///< full cell id; 0 for "outside"
  bool leads_outside() const { return other == 0; }
};

/// The geometry of a room, shared by every cell built from the same mesh.
struct CellGeometry {
  BspTree physics;  ///< the room's surfaces without its portals (collision)
  BspTree cell;     ///< the closed room volume, portals included (containment)
};

/// An indoor cell (retail CEnvCell): a room placed in its landblock by a frame.
class EnvCell {
 public:
  EnvCell(CellId id, const Frame& frame, std::shared_ptr<const CellGeometry> geometry,
          std::vector<CellPortal> portals, bool seen_outside);

  CellId id() const { return id_; }
  const Frame& frame() const { return frame_; }
  const CellGeometry& geometry() const { return *geometry_; }
  const std::shared_ptr<const CellGeometry>& shared_geometry() const { return geometry_; }
  const std::vector<CellPortal>& portals() const { return portals_; }
  bool seen_outside() const { return seen_outside_; }
  /// Cells seen from this one (retail's stab list): those of its building.
  const std::vector<CellId>& visible_cells() const { return visible_; }
  void set_visible_cells(std::vector<CellId> cells) { visible_ = std::move(cells); }
  /// Whether the cell is among those this cell sees (its visible cells).
  bool sees(CellId id) const;

  /// A point in its landblock's coordinates. ACE: EnvCell.point_in_cell
  bool point_in_cell(const Vec3& landblock_point) const;
  /// A sphere in its landblock's coordinates. ACE: CellStruct.sphere_intersects_cell
  BoundingType sphere_intersects_cell(const Sphere& landblock_sphere) const;
  const Polygon& portal_polygon(const CellPortal& portal) const {
    return geometry_->cell.polygons()[portal.polygon];
  }

 private:
  CellId id_;
  Frame frame_;
  std::shared_ptr<const CellGeometry> geometry_;
  std::vector<CellPortal> portals_;
  bool seen_outside_;
  std::vector<CellId> visible_;
};

}  // namespace transit
