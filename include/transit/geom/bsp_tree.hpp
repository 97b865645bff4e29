#pragma once

#include <cstdint>
#include <vector>

#include "transit/geom/polygon.hpp"
#include "transit/math/sphere.hpp"

namespace transit {

/// What a tree is used for (retail BSPTreeType, without the drawing tree).
enum class BspRole {
  Physics,  ///< collision against the polygons; leaves behind them are solid
  Cell,     ///< containment of a room volume, portal polygons included
};

/// ACE: BSP.BoundingType
enum class BoundingType { Outside, PartiallyInside, EntirelyInside };

/// One node of a BSP tree: a splitting plane and two children, or a leaf
/// with its polygons and solid flag, and a bounding sphere (metres).
struct BspNode {
  Plane plane;      ///< splitting plane (internal nodes)
  Sphere bounds;    ///< encloses every polygon piece below this node
  std::int32_t pos = -1;  ///< child indices; both -1 for a leaf
  std::int32_t neg = -1;
  std::uint32_t first_ref = 0;  ///< leaf polygons: refs_[first_ref, first_ref + num_refs)
  std::uint32_t num_refs = 0;
  bool solid = false;  ///< leaf region lies inside the mesh
  bool is_leaf() const { return pos < 0; }
};

/// Size figures of a tree: nodes, leaves, depth, polygons per leaf.
struct BspStats {
  int nodes = 0;
  int leaves = 0;
  int solid_leaves = 0;
  int depth = 0;
  int polygons = 0;
  int polygons_split = 0;   ///< times the builder cut a polygon by a splitting plane
  int polygon_refs = 0;     ///< polygon entries over all leaves
  int max_leaf_polygons = 0;
};

/// A BSP tree over convex polygons with retail's traversals (BSPNODE/BSPLEAF).
/// Leaves refer to whole polygons, so every query answers exactly what a loop
/// over all polygons would, and a polygon's edges are its real edges.
class BspTree {
 public:
  BspTree() = default;

  const std::vector<Polygon>& polygons() const { return polygons_; }
  const std::vector<BspNode>& nodes() const { return nodes_; }
  /// The index in polygons() of a polygon of this tree.
  std::size_t polygon_index(const Polygon* p) const {
    return static_cast<std::size_t>(p - polygons_.data());
  }
  BspRole role() const { return role_; }
  /// False for a mesh that is not closed: solid leaves are then unknown, and
  /// the solid queries only test polygons.
  bool solid_available() const { return solid_available_; }
  Sphere bounding_sphere() const { return nodes_.empty() ? Sphere{} : nodes_[0].bounds; }
  /// The axis-aligned box around the polygons' vertices (empty without polygons).
  const SphereBox& bounding_box() const { return box_; }
  const BspStats& stats() const { return stats_; }
  /// Leaf polygon indices: leaf n holds leaf_refs()[first_ref, first_ref + num_refs).
  const std::vector<std::uint32_t>& leaf_refs() const { return refs_; }

  /// A tree from its parts as a built tree gives them (a baked world file);
  /// throws InputError naming what does not fit (a child or polygon index out
  /// of range, a child before its parent, a leaf's references past the end).
  /// `box`, when given, is the polygons' bounding box, already known.
  static BspTree assemble(BspRole role, std::vector<Polygon> polygons, std::vector<BspNode> nodes,
                          std::vector<std::uint32_t> refs, bool solid_available,
                          const BspStats& stats, const SphereBox* box = nullptr);

  /// First polygon the sphere hits while moving into its front face; hit_poly
  /// is also set for a touched polygon the sphere moves away from.
  /// ACE: BSPNode.sphere_intersects_poly
  bool sphere_intersects_poly(const Sphere& check_pos, const Vec3& movement,
                              const Polygon*& hit_poly, Vec3& contact_point) const;
  /// ACE: BSPNode.sphere_intersects_solid
  bool sphere_intersects_solid(const Sphere& check_pos, bool center_check) const;
  /// ACE: BSPNode.sphere_intersects_solid_poly
  bool sphere_intersects_solid_poly(const Sphere& check_pos, float radius, bool& center_solid,
                                    const Polygon*& hit_poly, bool center_check) const;
  /// ACE: BSPNode.point_intersects_solid
  bool point_intersects_solid(const Vec3& point) const;
  /// Lowers/raises valid_pos onto the walkable polygons it hits along
  /// `movement`. ACE: BSPNode.find_walkable
  void find_walkable(float walkable_allowance, float& walk_interp, Sphere& valid_pos,
                     const Polygon*& hit_poly, const Vec3& movement, const Vec3& up,
                     bool& changed) const;
  /// ACE: BSPNode.hits_walkable
  bool hits_walkable(float walkable_allowance, const Sphere& valid_pos, const Vec3& up) const;
  /// ACE: BSPNode.point_inside_cell_bsp
  bool point_inside_cell_bsp(const Vec3& point) const;
  /// ACE: BSPNode.sphere_intersects_cell_bsp
  BoundingType sphere_intersects_cell_bsp(const Sphere& sphere) const;
  /// Moves check_pos back along its path from cur_pos until it just touches
  /// hit_poly's plane without hitting anything. ACE: BSPTree.adjust_to_plane
  bool adjust_to_plane(Sphere& check_pos, const Vec3& cur_pos, const Polygon* hit_poly,
                       Vec3& contact_point) const;

  /// Nearest polygon the ray hits within its length (front faces of
  /// single-sided polygons only from the front side for Landblock polygons).
  struct RayHit {
    float time = 0.0f;
    const Polygon* polygon = nullptr;
  };
  /// The first polygon the ray hits from its front side; false when none
  /// within ray.length.
  bool trace_ray(const Ray& ray, RayHit& hit) const;

 private:
  friend class BspBuilder;

  // Where a walk from the root first looks at both children (the first node
  // the sphere straddles, or the leaf its one-sided path ends in), or -1
  // when a node's bounds miss it on the way. The recursive walks take the
  // same path; here each step's side is a select, not a branch that is
  // mispredicted half the time.
  std::int32_t descend(const Sphere& s, float radius) const;
  bool intersects_poly(std::int32_t n, const Sphere& s, const Vec3& movement,
                       const Polygon*& hit_poly, Vec3& contact) const;
  bool intersects_solid(std::int32_t n, const Sphere& s, bool center_check) const;
  bool intersects_solid_poly(std::int32_t n, const Sphere& s, float radius, bool& center_solid,
                             const Polygon*& hit_poly, bool center_check) const;
  void walkable(std::int32_t n, float allowance, float& walk_interp, Sphere& valid_pos,
                const Polygon*& hit_poly, const Vec3& movement, const Vec3& up,
                bool& changed) const;
  bool walkable_hit(std::int32_t n, float allowance, const Sphere& valid_pos,
                    const Vec3& up) const;
  BoundingType cell_bounding(std::int32_t n, const Sphere& s) const;
  void trace(std::int32_t n, const Ray& ray, RayHit& hit) const;
  const Polygon& leaf_polygon(const BspNode& leaf, std::uint32_t i) const {
    return polygons_[refs_[leaf.first_ref + i]];
  }
  void set_bounding_box();

  std::vector<Polygon> polygons_;
  std::vector<BspNode> nodes_;        ///< nodes_[0] is the root
  std::vector<std::uint32_t> refs_;   ///< leaf polygon indices
  BspRole role_ = BspRole::Physics;
  bool solid_available_ = false;
  BspStats stats_;
  SphereBox box_;
};

}  // namespace transit
