#pragma once
// Environment (client_portal.dat, id 0x0D......): the room shapes indoor
// cells are made of. Each CellStruct holds vertices, the drawn polygons
// (portals among them), the cell BSP tree that tells inside from outside,
// the physics polygons and the physics BSP tree that collision walks, all
// as retail stores them (docs/retail-data.md).

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "transit/math/plane.hpp"
#include "transit/math/sphere.hpp"
#include "transit/math/vec.hpp"

namespace transit::dat {

/// A polygon as stored: its vertex ids into the CellStruct's vertices.
struct DatPolygon {
  std::uint8_t stippling = 0;
  std::int32_t sides = 0;  ///< retail CullMode: 0 landblock, 1 none, 2 clockwise, 3 counter-clockwise
  std::int16_t pos_surface = 0, neg_surface = 0;
  std::vector<std::uint16_t> vertex_ids;
};

/// A node of a stored BSP tree, in pre-order (a node's children follow it).
struct DatBspNode {
  std::uint32_t tag = 0;  ///< 'BPIN', 'BPIn', 'BpIN', 'BPnN', 'LEAF', 'PORT' ... as the u32 stored
  Plane plane;            ///< internal nodes
  std::int32_t pos = -1, neg = -1;  ///< child indices, -1 where the tag has none
  Sphere bounds;          ///< physics and drawing trees
  std::int32_t leaf_index = 0;
  bool solid = false;     ///< physics leaves
  std::vector<std::uint16_t> polygons;  ///< polygon ids (physics leaves, drawing nodes)
  bool is_leaf() const;
};

enum class BspKind { Drawing, Physics, Cell };

struct DatBspTree {
  std::vector<DatBspNode> nodes;  ///< nodes[0] is the root
};

struct CellStruct {
  std::map<std::uint16_t, Vec3> vertices;
  std::map<std::uint16_t, DatPolygon> polygons;
  std::vector<std::uint16_t> portals;  ///< polygon ids that are portals
  DatBspTree cell_bsp;
  std::map<std::uint16_t, DatPolygon> physics_polygons;
  DatBspTree physics_bsp;
};

struct Environment {
  std::uint32_t id = 0;
  std::map<std::uint32_t, CellStruct> cells;  ///< by cell-structure index
};

/// The u32 a node tag is stored as: its four characters, first in the
/// highest byte ('LEAF' is 0x4C454146).
constexpr std::uint32_t bsp_tag(const char (&t)[5]) {
  return (static_cast<std::uint32_t>(t[0]) << 24) | (static_cast<std::uint32_t>(t[1]) << 16) |
         (static_cast<std::uint32_t>(t[2]) << 8) | static_cast<std::uint32_t>(t[3]);
}

/// Parses an Environment's bytes; `label` names the file in errors.
Environment parse_environment(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
