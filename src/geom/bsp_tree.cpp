#include "transit/geom/bsp_tree.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "transit/math/input_error.hpp"

namespace transit {

namespace {

// Which children a sphere reaches: retail sends it to one side only when its
// centre is at least radius - kEpsilon away from the splitting plane.
enum class Reach { Pos, Neg, Both };

Reach reach_of(const Plane& plane, const Vec3& center, float radius, float& dist) {
  dist = plane.distance(center);
  const float reach = radius - kEpsilon;
  if (dist >= reach) return Reach::Pos;
  if (dist <= -reach) return Reach::Neg;
  return Reach::Both;
}

bool segment_hits_sphere(const Vec3& start, const Vec3& dir, float length, const Sphere& s) {
  const float t = std::clamp(glm::dot(s.center - start, dir), 0.0f, length);
  return length_sq(start + dir * t - s.center) <= s.radius * s.radius;
}

}  // namespace

BspTree BspTree::assemble(BspRole role, std::vector<Polygon> polygons, std::vector<BspNode> nodes,
                          std::vector<std::uint32_t> refs, bool solid_available,
                          const BspStats& stats, const SphereBox* box) {
  const auto node_count = static_cast<std::int64_t>(nodes.size());
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    const BspNode& node = nodes[n];
    // Children come after their parent (the builders' pre-order), which
    // also rules out cycles.
    const auto is_child = [&](std::int32_t c) {
      return c > static_cast<std::int64_t>(n) && c < node_count;
    };
    if (node.is_leaf() ? node.neg >= 0 : !is_child(node.pos) || !is_child(node.neg))
      throw InputError(fmt::format("BSP node {} has children {} and {} of {} nodes", n, node.pos,
                                   node.neg, nodes.size()));
    if (node.is_leaf() && static_cast<std::uint64_t>(node.first_ref) + node.num_refs > refs.size())
      throw InputError(fmt::format("BSP leaf {} refers to polygons {}..{} of {} references", n,
                                   node.first_ref, node.first_ref + node.num_refs, refs.size()));
  }
  for (std::uint32_t r : refs)
    if (r >= polygons.size())
      throw InputError(fmt::format("BSP leaf refers to polygon {} of {}", r, polygons.size()));
  BspTree tree;
  tree.role_ = role;
  tree.polygons_ = std::move(polygons);
  tree.nodes_ = std::move(nodes);
  tree.refs_ = std::move(refs);
  tree.solid_available_ = solid_available;
  tree.stats_ = stats;
  if (box)
    tree.box_ = *box;
  else
    tree.set_bounding_box();
  return tree;
}

void BspTree::set_bounding_box() {
  box_ = SphereBox{};
  for (const Polygon& polygon : polygons_)
    for (const Vec3& vertex : polygon.vertices()) box_.add(vertex, 0.0f);
}

std::int32_t BspTree::descend(const Sphere& s, float radius) const {
  const float reach = radius - kEpsilon;
  std::int32_t n = 0;
  for (;;) {
    const BspNode& node = nodes_[n];
    if (node.is_leaf()) return n;
    if (!node.bounds.intersects(s)) return -1;
    const float dist = node.plane.distance(s.center);
    const bool pos = dist >= reach;
    const bool neg = dist <= -reach;
    if (!pos && !neg) return n;
    n = pos ? node.pos : node.neg;
  }
}

bool BspTree::sphere_intersects_poly(const Sphere& check_pos, const Vec3& movement,
                                     const Polygon*& hit_poly, Vec3& contact_point) const {
  if (nodes_.empty()) return false;
  const std::int32_t n = descend(check_pos, check_pos.radius);
  return n >= 0 && intersects_poly(n, check_pos, movement, hit_poly, contact_point);
}

bool BspTree::intersects_poly(std::int32_t n, const Sphere& s, const Vec3& movement,
                              const Polygon*& hit_poly, Vec3& contact) const {
  const BspNode& node = nodes_[n];
  if (node.is_leaf()) {
    if (node.num_refs == 0 || !node.bounds.intersects(s)) return false;
    for (std::uint32_t i = 0; i < node.num_refs; ++i)
      if (leaf_polygon(node, i).pos_hits_sphere(s, movement, contact, hit_poly)) return true;
    return false;
  }
  if (!node.bounds.intersects(s)) return false;
  float dist;
  switch (reach_of(node.plane, s.center, s.radius, dist)) {
    case Reach::Pos: return intersects_poly(node.pos, s, movement, hit_poly, contact);
    case Reach::Neg: return intersects_poly(node.neg, s, movement, hit_poly, contact);
    case Reach::Both: break;
  }
  return intersects_poly(node.pos, s, movement, hit_poly, contact) ||
         intersects_poly(node.neg, s, movement, hit_poly, contact);
}

bool BspTree::sphere_intersects_solid(const Sphere& check_pos, bool center_check) const {
  if (nodes_.empty()) return false;
  const std::int32_t n = descend(check_pos, check_pos.radius);
  return n >= 0 && intersects_solid(n, check_pos, center_check);
}

bool BspTree::intersects_solid(std::int32_t n, const Sphere& s, bool center_check) const {
  const BspNode& node = nodes_[n];
  if (node.is_leaf()) {
    if (node.num_refs == 0) return false;
    if (center_check && node.solid) return true;
    if (!node.bounds.intersects(s)) return false;
    for (std::uint32_t i = 0; i < node.num_refs; ++i)
      if (leaf_polygon(node, i).hits_sphere(s)) return true;
    return false;
  }
  if (!node.bounds.intersects(s)) return false;
  float dist;
  switch (reach_of(node.plane, s.center, s.radius, dist)) {
    case Reach::Pos: return intersects_solid(node.pos, s, center_check);
    case Reach::Neg: return intersects_solid(node.neg, s, center_check);
    case Reach::Both: break;
  }
  // Only the half holding the centre may report the centre as solid.
  if (dist < 0.0f)
    return intersects_solid(node.pos, s, false) || intersects_solid(node.neg, s, center_check);
  return intersects_solid(node.pos, s, center_check) || intersects_solid(node.neg, s, false);
}

bool BspTree::sphere_intersects_solid_poly(const Sphere& check_pos, float radius,
                                           bool& center_solid, const Polygon*& hit_poly,
                                           bool center_check) const {
  if (nodes_.empty()) return false;
  const std::int32_t n = descend(check_pos, radius);
  return n >= 0 && intersects_solid_poly(n, check_pos, radius, center_solid, hit_poly, center_check);
}

bool BspTree::intersects_solid_poly(std::int32_t n, const Sphere& s, float radius,
                                    bool& center_solid, const Polygon*& hit_poly,
                                    bool center_check) const {
  const BspNode& node = nodes_[n];
  if (node.is_leaf()) {
    if (node.num_refs == 0) return false;
    if (center_check && node.solid) center_solid = true;
    if (node.bounds.intersects(s)) {
      for (std::uint32_t i = 0; i < node.num_refs; ++i) {
        const Polygon& poly = leaf_polygon(node, i);
        if (poly.hits_sphere(s)) {
          hit_poly = &poly;
          return true;
        }
      }
    }
    return center_solid;
  }
  if (!node.bounds.intersects(s)) return false;
  float dist;
  switch (reach_of(node.plane, s.center, radius, dist)) {
    case Reach::Pos:
      return intersects_solid_poly(node.pos, s, radius, center_solid, hit_poly, center_check);
    case Reach::Neg:
      return intersects_solid_poly(node.neg, s, radius, center_solid, hit_poly, center_check);
    case Reach::Both: break;
  }
  // Retail (BSPNODE::sphere_intersects_solid_poly, 0x0053CD50) answers
  // center_solid, not true, once the first half visited has hit a polygon.
  const std::int32_t first = dist < 0.0f ? node.neg : node.pos;
  const std::int32_t second = dist < 0.0f ? node.pos : node.neg;
  intersects_solid_poly(first, s, radius, center_solid, hit_poly, center_check);
  if (!hit_poly) return intersects_solid_poly(second, s, radius, center_solid, hit_poly, false);
  return center_solid;
}

bool BspTree::point_intersects_solid(const Vec3& point) const {
  if (nodes_.empty()) return false;
  std::int32_t n = 0;
  while (!nodes_[n].is_leaf())
    n = nodes_[n].plane.distance(point) > 0.0f ? nodes_[n].pos : nodes_[n].neg;
  // Retail answers "the leaf has polygons": its trees list polygons only in
  // solid leaves. transit's leaves also list the polygons bounding empty
  // space, so the leaf's solid flag carries that meaning here.
  return nodes_[n].solid;
}

void BspTree::find_walkable(float walkable_allowance, float& walk_interp, Sphere& valid_pos,
                            const Polygon*& hit_poly, const Vec3& movement, const Vec3& up,
                            bool& changed) const {
  if (nodes_.empty()) return;
  const std::int32_t n = descend(valid_pos, valid_pos.radius);
  if (n >= 0) walkable(n, walkable_allowance, walk_interp, valid_pos, hit_poly, movement, up, changed);
}

void BspTree::walkable(std::int32_t n, float allowance, float& walk_interp, Sphere& valid_pos,
                       const Polygon*& hit_poly, const Vec3& movement, const Vec3& up,
                       bool& changed) const {
  const BspNode& node = nodes_[n];
  if (!node.bounds.intersects(valid_pos)) return;
  if (node.is_leaf()) {
    for (std::uint32_t i = 0; i < node.num_refs; ++i) {
      const Polygon& poly = leaf_polygon(node, i);
      if (poly.walkable_hits_sphere(allowance, valid_pos, up) &&
          poly.adjust_sphere_to_plane(walk_interp, valid_pos, movement)) {
        changed = true;
        hit_poly = &poly;
      }
    }
    return;
  }
  float dist;
  switch (reach_of(node.plane, valid_pos.center, valid_pos.radius, dist)) {
    case Reach::Pos:
      return walkable(node.pos, allowance, walk_interp, valid_pos, hit_poly, movement, up, changed);
    case Reach::Neg:
      return walkable(node.neg, allowance, walk_interp, valid_pos, hit_poly, movement, up, changed);
    case Reach::Both: break;
  }
  walkable(node.pos, allowance, walk_interp, valid_pos, hit_poly, movement, up, changed);
  walkable(node.neg, allowance, walk_interp, valid_pos, hit_poly, movement, up, changed);
}

bool BspTree::hits_walkable(float walkable_allowance, const Sphere& valid_pos,
                            const Vec3& up) const {
  if (nodes_.empty()) return false;
  const std::int32_t n = descend(valid_pos, valid_pos.radius);
  return n >= 0 && walkable_hit(n, walkable_allowance, valid_pos, up);
}

bool BspTree::walkable_hit(std::int32_t n, float allowance, const Sphere& valid_pos,
                           const Vec3& up) const {
  const BspNode& node = nodes_[n];
  if (!node.bounds.intersects(valid_pos)) return false;
  if (node.is_leaf()) {
    for (std::uint32_t i = 0; i < node.num_refs; ++i) {
      const Polygon& poly = leaf_polygon(node, i);
      if (poly.walkable_hits_sphere(allowance, valid_pos, up) &&
          poly.check_small_walkable(valid_pos, up))
        return true;
    }
    return false;
  }
  float dist;
  switch (reach_of(node.plane, valid_pos.center, valid_pos.radius, dist)) {
    case Reach::Pos: return walkable_hit(node.pos, allowance, valid_pos, up);
    case Reach::Neg: return walkable_hit(node.neg, allowance, valid_pos, up);
    case Reach::Both: break;
  }
  return walkable_hit(node.pos, allowance, valid_pos, up) ||
         walkable_hit(node.neg, allowance, valid_pos, up);
}

bool BspTree::point_inside_cell_bsp(const Vec3& point) const {
  if (nodes_.empty()) return false;
  std::int32_t n = 0;
  // Points within kEpsilon of a wall count as inside, as in retail.
  while (!nodes_[n].is_leaf())
    n = nodes_[n].plane.side(point) == Side::Behind ? nodes_[n].neg : nodes_[n].pos;
  return !nodes_[n].solid;
}

BoundingType BspTree::sphere_intersects_cell_bsp(const Sphere& sphere) const {
  return nodes_.empty() ? BoundingType::Outside : cell_bounding(0, sphere);
}

// Retail cell trees are a chain of positive children (a convex room); a
// negative child is followed here so that non-convex rooms work as well.
BoundingType BspTree::cell_bounding(std::int32_t n, const Sphere& s) const {
  const BspNode& node = nodes_[n];
  if (node.is_leaf()) return node.solid ? BoundingType::Outside : BoundingType::EntirelyInside;
  const float dist = node.plane.distance(s.center);
  const float check = s.radius + kCellBspEpsilon;
  if (dist <= -check) return cell_bounding(node.neg, s);
  if (dist >= check) return cell_bounding(node.pos, s);
  const BoundingType front = cell_bounding(node.pos, s);
  const BoundingType back = cell_bounding(node.neg, s);
  if (front == BoundingType::Outside && back == BoundingType::Outside) return BoundingType::Outside;
  if (front == BoundingType::EntirelyInside && back == BoundingType::EntirelyInside)
    return BoundingType::EntirelyInside;
  return BoundingType::PartiallyInside;
}

// BSPTREE::adjust_to_plane (0x00539BF0). ACE's port enters the search only
// when the first touch time is 1 and then reports failure; retail searches.
bool BspTree::adjust_to_plane(Sphere& check_pos, const Vec3& cur_pos, const Polygon* hit_poly,
                              Vec3& contact_point) const {
  const Vec3 movement = check_pos.center - cur_pos;
  float lower = 0.0f;
  float upper = 1.0f;
  int i = 0;
  for (;; ++i) {
    if (i >= kAdjustToPlaneIterations) return false;
    const float touch = hit_poly->adjust_sphere_to_poly(check_pos, cur_pos, movement);
    if (touch == 1.0f) break;
    check_pos.center = cur_pos + movement * touch;
    if (!sphere_intersects_poly(check_pos, movement, hit_poly, contact_point)) {
      lower = touch;
      break;
    }
    upper = touch;
  }
  for (; i < kAdjustToPlaneIterations; ++i) {
    const float mid = (lower + upper) * 0.5f;
    check_pos.center = cur_pos + movement * mid;
    if (sphere_intersects_poly(check_pos, movement, hit_poly, contact_point))
      upper = mid;
    else
      lower = mid;
    if (upper - lower < 0.02f) break;
  }
  check_pos.center = cur_pos + movement * lower;
  return true;
}

bool BspTree::trace_ray(const Ray& ray, RayHit& hit) const {
  hit = RayHit{};
  if (nodes_.empty() || ray.length <= 0.0f) return false;
  trace(0, ray, hit);
  return hit.polygon != nullptr;
}

void BspTree::trace(std::int32_t n, const Ray& ray, RayHit& hit) const {
  const BspNode& node = nodes_[n];
  const float limit = hit.polygon ? hit.time : ray.length;
  if (!segment_hits_sphere(ray.point, ray.dir, limit, node.bounds)) return;
  if (node.is_leaf()) {
    for (std::uint32_t i = 0; i < node.num_refs; ++i) {
      const Polygon& poly = leaf_polygon(node, i);
      float t = 0.0f;
      if (poly.polygon_hits_ray(ray, t) && t <= ray.length && (!hit.polygon || t < hit.time))
        hit = RayHit{t, &poly};
    }
    return;
  }
  const float d0 = node.plane.distance(ray.point);
  const float d1 = node.plane.distance(ray.point + ray.dir * limit);
  if (d0 > 0.0f && d1 > 0.0f) return trace(node.pos, ray, hit);
  if (d0 < 0.0f && d1 < 0.0f) return trace(node.neg, ray, hit);
  const bool start_in_front = d0 >= 0.0f;
  trace(start_in_front ? node.pos : node.neg, ray, hit);
  trace(start_in_front ? node.neg : node.pos, ray, hit);
}

}  // namespace transit
