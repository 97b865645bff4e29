#include "geom/bsp_spatial_builder.hpp"

#include <algorithm>
#include <cmath>

namespace transit {

namespace {

struct Box {
  Vec3 lo{INFINITY};
  Vec3 hi{-INFINITY};
  void add(const Vec3& v) {
    lo = glm::min(lo, v);
    hi = glm::max(hi, v);
  }
  bool empty() const { return lo.x > hi.x; }
};

// Leaf bounds reach this far past their region, for rounding.
constexpr float kBoundsMargin = 4.0f * kEpsilon;
constexpr int kMaxDepth = 64;

class SpatialBuilder {
 public:
  SpatialBuilder(std::span<const Polygon> polygons, std::size_t max_leaf)
      : polygons_(polygons), max_leaf_(max_leaf) {
    boxes_.resize(polygons.size());
    for (std::size_t i = 0; i < polygons.size(); ++i)
      for (const Vec3& v : polygons[i].vertices()) boxes_[i].add(v);
  }

  SpatialBspNodes run() {
    std::vector<std::uint32_t> all(polygons_.size());
    Box region;
    for (std::uint32_t i = 0; i < all.size(); ++i) {
      all[i] = i;
      region.add(boxes_[i].lo);
      region.add(boxes_[i].hi);
    }
    if (!all.empty()) build(std::move(all), region, 1);
    return std::move(out_);
  }

 private:
  float centre(std::uint32_t i, int axis) const { return (boxes_[i].lo[axis] + boxes_[i].hi[axis]) * 0.5f; }

  static int longest_axis(const Box& b) {
    const Vec3 size = b.hi - b.lo;
    return size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2);
  }

  std::int32_t build(std::vector<std::uint32_t> items, const Box& region, int depth) {
    const auto index = static_cast<std::int32_t>(out_.nodes.size());
    out_.nodes.emplace_back();
    node_boxes_.emplace_back();
    out_.depth = std::max(out_.depth, depth);
    if (items.size() > max_leaf_ && depth < kMaxDepth && split(items, region, depth, index))
      return index;
    make_leaf(index, items, region);
    return index;
  }

  // Splits at the median centre along the centres' longest axis; false when
  // a side would keep every polygon or so many straddle the plane that the
  // sides together would not shrink.
  bool split(std::vector<std::uint32_t>& items, const Box& region, int depth, std::int32_t index) {
    Box centres;
    for (std::uint32_t i : items)
      centres.add((boxes_[i].lo + boxes_[i].hi) * 0.5f);
    const int axis = longest_axis(centres);
    if (centres.hi[axis] <= centres.lo[axis]) return false;
    const auto mid = items.begin() + static_cast<std::ptrdiff_t>(items.size() / 2);
    std::nth_element(items.begin(), mid, items.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return centre(a, axis) < centre(b, axis); });
    // On the edge of the median polygon's box nearer its centre: on a mesh
    // of shared edges (a grid) no polygon then crosses the plane.
    const float c = centre(*mid, axis), lo = boxes_[*mid].lo[axis], hi = boxes_[*mid].hi[axis];
    const float at = c - lo <= hi - c ? lo : hi;

    // A polygon touching the plane from one side stays on that side: a
    // sphere sent to the other side only (its centre at least radius -
    // kEpsilon away) reaches it at most at the distance every sphere test
    // (radius - kEpsilon) treats as a touch.
    std::vector<std::uint32_t> front, back;
    for (std::uint32_t i : items) {
      if (boxes_[i].hi[axis] > at) front.push_back(i);
      if (boxes_[i].lo[axis] < at) back.push_back(i);
    }
    if (front.size() == items.size() || back.size() == items.size() ||
        2 * (front.size() + back.size()) > 3 * items.size())
      return false;
    items.clear();
    items.shrink_to_fit();

    Box front_region = region, back_region = region;
    front_region.lo[axis] = at;
    back_region.hi[axis] = at;
    const std::int32_t pos = build(std::move(front), front_region, depth + 1);
    const std::int32_t neg = build(std::move(back), back_region, depth + 1);
    BspNode& node = out_.nodes[index];
    node.plane.normal = Vec3(0.0f);
    node.plane.normal[axis] = 1.0f;
    node.plane.d = -at;
    node.pos = pos;
    node.neg = neg;
    Box& box = node_boxes_[index];
    for (std::int32_t child : {pos, neg})
      if (!node_boxes_[child].empty()) {
        box.add(node_boxes_[child].lo);
        box.add(node_boxes_[child].hi);
      }
    node.bounds = sphere_around(box);
    return true;
  }

  // The leaf's bounds enclose its polygons' boxes cut to its region (plus
  // a margin for rounding), which holds every part of them a query reaches.
  void make_leaf(std::int32_t index, std::vector<std::uint32_t>& items, const Box& region) {
    std::sort(items.begin(), items.end());
    Box used;
    for (std::uint32_t i : items) {
      used.add(boxes_[i].lo);
      used.add(boxes_[i].hi);
    }
    BspNode& leaf = out_.nodes[index];
    leaf.first_ref = static_cast<std::uint32_t>(out_.refs.size());
    leaf.num_refs = static_cast<std::uint32_t>(items.size());
    out_.refs.insert(out_.refs.end(), items.begin(), items.end());
    if (used.empty()) return;
    Box& box = node_boxes_[index];
    box.lo = glm::max(used.lo, region.lo - kBoundsMargin);
    box.hi = glm::min(used.hi, region.hi + kBoundsMargin);
    leaf.bounds = sphere_around(box);
  }

  // Internal nodes' spheres come from boxes too, not from their children's
  // spheres, which would grow by up to sqrt(3) a level.
  static Sphere sphere_around(const Box& box) {
    if (box.empty()) return Sphere{};
    return Sphere{(box.lo + box.hi) * 0.5f, glm::length(box.hi - box.lo) * 0.5f + kEpsilon};
  }

  std::span<const Polygon> polygons_;
  std::size_t max_leaf_;
  std::vector<Box> boxes_;
  std::vector<Box> node_boxes_;  // what of its polygons' boxes lies in each node's region
  SpatialBspNodes out_;
};

}  // namespace

SpatialBspNodes build_spatial_bsp_nodes(std::span<const Polygon> polygons, std::size_t max_leaf) {
  return SpatialBuilder(polygons, max_leaf).run();
}

}  // namespace transit
