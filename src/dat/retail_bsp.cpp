#include "transit/dat/retail_bsp.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "transit/math/input_error.hpp"

namespace transit::dat {

namespace {

// Cell trees store no bounds; their queries do not read them.
const Sphere kUnbounded{Vec3(0.0f), 1e18f};

struct Converted {
  std::vector<Polygon> polygons;
  std::map<std::uint16_t, std::uint32_t> index_of;
};

Converted convert_polygons(const std::map<std::uint16_t, DatPolygon>& polygons,
                           const std::map<std::uint16_t, Vec3>& vertices, const std::string& label) {
  Converted out;
  for (const auto& [id, p] : polygons) {
    std::vector<Vec3> points;
    for (std::uint16_t v : p.vertex_ids) {
      const auto it = vertices.find(v);
      if (it == vertices.end())
        throw InputError(fmt::format("{}: polygon {} names vertex {}, which is not there", label, id, v));
      points.push_back(it->second);
    }
    if (points.size() < 3)
      throw InputError(fmt::format("{}: polygon {} has {} vertices", label, id, points.size()));
    const Plane plane = Polygon::make_plane(points);
    if (!std::isfinite(plane.normal.x) || !std::isfinite(plane.d))
      throw InputError(fmt::format("{}: polygon {} has no area", label, id));
    const PolygonSides sides = p.sides == 0 ? PolygonSides::Landblock
                               : p.sides == 3 ? PolygonSides::Single
                                              : PolygonSides::Double;
    out.index_of[id] = static_cast<std::uint32_t>(out.polygons.size());
    out.polygons.push_back(Polygon::with_plane(points, plane, sides));
  }
  return out;
}

// Pre-order, as BspTree::assemble wants it: a node, then its front
// subtree, then its back subtree.
class Builder {
 public:
  Builder(const DatBspTree& tree, const Converted& polys, BspRole role, const std::string& label)
      : tree_(tree), polys_(polys), role_(role), label_(label) {}

  BspTree build() {
    if (tree_.nodes.empty()) throw InputError(fmt::format("{}: an empty BSP tree", label_));
    BspStats stats;
    stats.depth = emit(0, 1);
    stats.nodes = static_cast<int>(nodes_.size());
    stats.polygons = static_cast<int>(polys_.polygons.size());
    stats.polygon_refs = static_cast<int>(refs_.size());
    for (const BspNode& n : nodes_) {
      if (!n.is_leaf()) continue;
      ++stats.leaves;
      stats.solid_leaves += n.solid;
      stats.max_leaf_polygons = std::max(stats.max_leaf_polygons, static_cast<int>(n.num_refs));
    }
    return BspTree::assemble(role_, polys_.polygons, std::move(nodes_), std::move(refs_),
                             role_ == BspRole::Physics, stats);
  }

 private:
  std::int32_t leaf(bool solid, const Sphere& bounds) {
    BspNode n;
    n.bounds = bounds;
    n.solid = solid;
    n.first_ref = static_cast<std::uint32_t>(refs_.size());
    nodes_.push_back(n);
    return static_cast<std::int32_t>(nodes_.size() - 1);
  }

  // Emits retail node `i` and what lies below it; returns the depth reached.
  int emit(std::int32_t i, int depth) {
    const DatBspNode& d = tree_.nodes.at(static_cast<std::size_t>(i));
    const bool cell = role_ == BspRole::Cell;
    if (d.is_leaf()) {
      const std::int32_t at = leaf(!cell && d.solid, cell ? kUnbounded : d.bounds);
      for (std::uint16_t id : d.polygons) {
        const auto it = polys_.index_of.find(id);
        if (it == polys_.index_of.end())
          throw InputError(fmt::format("{}: BSP leaf {} names polygon {}, which is not there", label_,
                                       d.leaf_index, id));
        refs_.push_back(it->second);
      }
      nodes_[static_cast<std::size_t>(at)].num_refs = static_cast<std::uint32_t>(d.polygons.size());
      return depth;
    }
    const auto at = nodes_.size();
    BspNode n;
    n.plane = d.plane;
    n.bounds = cell ? kUnbounded : d.bounds;
    nodes_.push_back(n);
    int reached = depth;
    const std::int32_t pos = d.pos >= 0 ? static_cast<std::int32_t>(nodes_.size()) : -1;
    if (d.pos >= 0)
      reached = std::max(reached, emit(d.pos, depth + 1));
    const std::int32_t front = pos >= 0 ? pos : leaf(false, Sphere{Vec3(0.0f), 0.0f});
    std::int32_t back;
    if (cell || d.neg < 0) {
      back = leaf(cell, cell ? kUnbounded : Sphere{Vec3(0.0f), 0.0f});
    } else {
      back = static_cast<std::int32_t>(nodes_.size());
      reached = std::max(reached, emit(d.neg, depth + 1));
    }
    nodes_[at].pos = front;
    nodes_[at].neg = back;
    return reached;
  }

  const DatBspTree& tree_;
  const Converted& polys_;
  BspRole role_;
  const std::string& label_;
  std::vector<BspNode> nodes_;
  std::vector<std::uint32_t> refs_;
};

}  // namespace

BspTree physics_bsp(const DatBspTree& tree, const std::map<std::uint16_t, DatPolygon>& polygons,
                    const std::map<std::uint16_t, Vec3>& vertices, const std::string& label) {
  const Converted polys = convert_polygons(polygons, vertices, label);
  return Builder(tree, polys, BspRole::Physics, label).build();
}

BspTree cell_bsp(const DatBspTree& tree, const std::map<std::uint16_t, DatPolygon>& polygons,
                 const std::map<std::uint16_t, Vec3>& vertices, const std::string& label) {
  const Converted polys = convert_polygons(polygons, vertices, label);
  return Builder(tree, polys, BspRole::Cell, label).build();
}

int polygon_position(const std::map<std::uint16_t, DatPolygon>& polygons, std::uint16_t id) {
  int i = 0;
  for (const auto& entry : polygons) {
    if (entry.first == id) return i;
    ++i;
  }
  return -1;
}

}  // namespace transit::dat
