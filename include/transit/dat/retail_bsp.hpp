#pragma once
// A stored retail BSP tree made into transit's BspTree, node for node in
// retail's order, so that queries visit polygons as retail does. A child
// retail leaves out becomes a leaf: empty space in a physics tree; in a
// cell tree a missing front child is inside and every back side is
// outside (retail's point_inside_cell_bsp never follows a back child).

#include <cstdint>
#include <map>
#include <string>

#include "transit/dat/environment.hpp"
#include "transit/geom/bsp_tree.hpp"

namespace transit::dat {

/// The physics tree over `polygons` (by id); leaves refer to them by id.
/// Throws InputError naming `label` for a leaf naming a polygon that is not
/// there or a polygon with a missing vertex or no area.
BspTree physics_bsp(const DatBspTree& tree, const std::map<std::uint16_t, DatPolygon>& polygons,
                    const std::map<std::uint16_t, Vec3>& vertices, const std::string& label);

/// The cell (containment) tree, holding `polygons` in id order: a portal's
/// polygon is found at the position of its id among them.
BspTree cell_bsp(const DatBspTree& tree, const std::map<std::uint16_t, DatPolygon>& polygons,
                 const std::map<std::uint16_t, Vec3>& vertices, const std::string& label);

/// Where polygon `id` stands among `polygons` (id order), or -1.
int polygon_position(const std::map<std::uint16_t, DatPolygon>& polygons, std::uint16_t id);

}  // namespace transit::dat
