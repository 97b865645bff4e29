#include "geom/bsp_builder.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "geom/bsp_spatial_builder.hpp"
#include "transit/math/input_error.hpp"

namespace transit {

// Builder friend of BspTree: everything it needs to fill a tree.
class BspBuilder {
 public:
  BspBuilder(BspTree& tree, int candidates) : tree_(tree), candidates_(candidates) {}

  static BspBuildResult run(std::span<const Vec3> vertices,
                            std::span<const std::vector<std::uint32_t>> polygons,
                            const BspBuildOptions& options);

  // A part of a polygon inside the region of the node being built.
  struct Piece {
    std::vector<Vec3> points;
    std::uint32_t poly = 0;
    bool used = false;    // lies on a splitting plane above this node
    std::int8_t vote = 0; // +1: the region is in front of the polygon, -1: behind
  };

  void build(std::vector<Piece> pieces) {
    tree_.nodes_.clear();
    tree_.refs_.clear();
    const Hull box = box_hull(pieces);
    build_node(std::move(pieces), box, 1, false);
  }

 private:
  static constexpr float kSideTolerance = 1e-4f;
  // Leaves of more pieces than this, all on earlier splitting planes, are
  // cut spatially (spatial_split), down to this depth.
  static constexpr std::size_t kMaxLeafPieces = 16;
  static constexpr int kMaxSpatialDepth = 64;
  // Open meshes of more polygons than this, which have no solid leaves to
  // find, take the spatial tree (bsp_spatial_builder.hpp): it builds a
  // million triangles in under a second where the autopartition took 15.
  static constexpr std::size_t kSpatialMeshPolygons = 4096;
  static constexpr std::size_t kSpatialLeafPolygons = 4;
  // A convex region as its faces; used only to bound solid leaves.
  using Hull = std::vector<std::vector<Vec3>>;

  std::int32_t build_node(std::vector<Piece> pieces, const Hull& region, int depth,
                          bool behind_parent) {
    const auto index = static_cast<std::int32_t>(tree_.nodes_.size());
    tree_.nodes_.emplace_back();
    tree_.stats_.depth = std::max(tree_.stats_.depth, depth);

    const std::optional<Split> split = choose_split(pieces, depth);
    if (!split) {
      make_leaf(index, pieces, region, behind_parent);
      return index;
    }
    const Plane plane = split->plane;
    std::vector<Piece> front, back;
    for (Piece& piece : pieces) partition(std::move(piece), plane, split->poly, front, back);
    pieces.clear();
    pieces.shrink_to_fit();

    const std::int32_t pos = build_node(std::move(front), clip_hull(region, plane, 1.0f), depth + 1, false);
    const std::int32_t neg = build_node(std::move(back), clip_hull(region, plane, -1.0f), depth + 1, true);
    BspNode& node = tree_.nodes_[index];
    node.plane = plane;
    node.pos = pos;
    node.neg = neg;
    node.bounds = enclose(tree_.nodes_[pos].bounds, tree_.nodes_[neg].bounds);
    return index;
  }

  template <typename Points>
  static Sphere bounds_of(const Points& each_point_set) {
    Vec3 lo(INFINITY), hi(-INFINITY);
    bool any = false;
    for (const auto& set : each_point_set)
      for (const Vec3& v : set) {
        lo = glm::min(lo, v);
        hi = glm::max(hi, v);
        any = true;
      }
    if (!any) return Sphere{};
    const Vec3 center = (lo + hi) * 0.5f;
    float radius_sq = 0.0f;
    for (const auto& set : each_point_set)
      for (const Vec3& v : set) radius_sq = std::max(radius_sq, length_sq(v - center));
    return Sphere{center, std::sqrt(radius_sq) + kEpsilon};
  }

  static Sphere enclose(const Sphere& a, const Sphere& b) {
    if (a.radius <= 0.0f) return b;
    if (b.radius <= 0.0f) return a;
    const Vec3 lo = glm::min(a.center - a.radius, b.center - b.radius);
    const Vec3 hi = glm::max(a.center + a.radius, b.center + b.radius);
    const Vec3 center = (lo + hi) * 0.5f;
    const float radius = std::max(glm::length(a.center - center) + a.radius,
                                  glm::length(b.center - center) + b.radius);
    return Sphere{center, radius + kEpsilon};
  }

  // The mesh's bounding box, 1 cm larger, as a six-faced hull.
  static Hull box_hull(const std::vector<Piece>& pieces) {
    Vec3 lo(INFINITY), hi(-INFINITY);
    for (const Piece& p : pieces)
      for (const Vec3& v : p.points) {
        lo = glm::min(lo, v);
        hi = glm::max(hi, v);
      }
    if (pieces.empty()) return {};
    lo -= 0.01f;
    hi += 0.01f;
    auto c = [&](int i) { return Vec3(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z); };
    return {{c(0), c(2), c(3), c(1)}, {c(4), c(5), c(7), c(6)}, {c(0), c(1), c(5), c(4)},
            {c(2), c(6), c(7), c(3)}, {c(0), c(4), c(6), c(2)}, {c(1), c(3), c(7), c(5)}};
  }

  // The part of a convex hull on one side of a plane, closed by a cap face.
  static Hull clip_hull(const Hull& hull, const Plane& plane, float sign) {
    Hull out;
    std::vector<Vec3> cap;
    for (const auto& face : hull) {
      std::vector<Vec3> kept;
      const std::size_t n = face.size();
      for (std::size_t i = 0, prev = n - 1; i < n; prev = i++) {
        const float da = sign * plane.distance(face[prev]);
        const float db = sign * plane.distance(face[i]);
        if ((da >= 0.0f) != (db >= 0.0f)) {
          const Vec3 cut = face[prev] + (face[i] - face[prev]) * (da / (da - db));
          kept.push_back(cut);
          cap.push_back(cut);
        }
        if (db >= 0.0f) kept.push_back(face[i]);
      }
      if (kept.size() >= 3) out.push_back(std::move(kept));
    }
    if (cap.size() >= 3) out.push_back(order_around(cap, plane.normal));
    return out;
  }

  static std::vector<Vec3> order_around(std::vector<Vec3> points, const Vec3& normal) {
    Vec3 mid(0.0f);
    for (const Vec3& p : points) mid += p;
    mid *= 1.0f / static_cast<float>(points.size());
    const Vec3 u = glm::normalize(std::fabs(normal.x) < 0.9f ? glm::cross(normal, Vec3(1, 0, 0))
                                                             : glm::cross(normal, Vec3(0, 1, 0)));
    const Vec3 v = glm::cross(normal, u);
    // Each point's angle once, not once per comparison: the same order.
    std::vector<std::pair<float, Vec3>> by_angle;
    by_angle.reserve(points.size());
    for (const Vec3& p : points)
      by_angle.emplace_back(std::atan2(glm::dot(p - mid, v), glm::dot(p - mid, u)), p);
    std::sort(by_angle.begin(), by_angle.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < points.size(); ++i) points[i] = by_angle[i].second;
    return points;
  }

  struct Split {
    Plane plane;
    std::int64_t poly = -1;  // the polygon whose plane this is, or -1
  };
  struct Tally {
    long front = 0, back = 0, split = 0;
    long score() const { return 8 * split + std::labs(front - back); }
  };

  Tally tally(const std::vector<Piece>& pieces, const std::vector<std::int32_t>& unused,
              const Plane& plane, std::int64_t poly) const {
    Tally t;
    for (std::int32_t i : unused) {
      if (pieces[i].poly == poly) continue;
      float lo, hi;
      extent(pieces[i].points, plane, lo, hi);
      if (hi > kSideTolerance && lo < -kSideTolerance)
        ++t.split;
      else if (hi > kSideTolerance)
        ++t.front;
      else if (lo < -kSideTolerance)
        ++t.back;
    }
    return t;
  }

  // The splitting plane that cuts fewest polygons and balances best: one of
  // the unused pieces' planes (an autopartition, which ends with leaves that
  // no polygon crosses) or, while many pieces remain, an axis-aligned plane
  // through their median, which keeps convex surfaces from peeling off one
  // polygon per level. Nothing when every piece lies on an earlier plane.
  std::optional<Split> choose_split(const std::vector<Piece>& pieces, int depth) const {
    std::vector<std::int32_t> unused;
    for (std::size_t i = 0; i < pieces.size(); ++i)
      if (!pieces[i].used) unused.push_back(static_cast<std::int32_t>(i));
    if (unused.empty()) return spatial_split(pieces, depth);

    std::optional<Split> best;
    long best_score = 0;
    auto consider = [&](const Split& candidate, const Tally& t) {
      if (!best || t.score() < best_score) {
        best = candidate;
        best_score = t.score();
      }
    };
    const std::size_t count = std::min<std::size_t>(unused.size(), candidates_);
    for (std::size_t c = 0; c < count; ++c) {
      const std::uint32_t poly = pieces[unused[c * unused.size() / count]].poly;
      const Plane& plane = tree_.polygons_[poly].plane();
      consider(Split{plane, poly}, tally(pieces, unused, plane, poly));
    }
    if (unused.size() < 8 || depth > 48) return best;
    for (int axis = 0; axis < 3; ++axis)
      if (const auto median = median_split(pieces, unused, axis)) consider(median->first, median->second);
    return best;
  }

  // The axis-aligned plane through the median of the pieces' centres, with
  // its tally, when both sides lose pieces (or the split would not shrink
  // the work). Pieces lying in the plane go to both sides: with
  // `count_coplanar` they count against both, so that a plane every piece
  // lies in is never taken.
  std::optional<std::pair<Split, Tally>> median_split(const std::vector<Piece>& pieces,
                                                      const std::vector<std::int32_t>& among,
                                                      int axis, bool count_coplanar = false) const {
    const auto n = static_cast<long>(among.size());
    std::vector<float> mids;
    for (std::int32_t i : among) {
      float sum = 0.0f;
      for (const Vec3& v : pieces[i].points) sum += v[axis];
      mids.push_back(sum / static_cast<float>(pieces[i].points.size()));
    }
    std::nth_element(mids.begin(), mids.begin() + n / 2, mids.end());
    Plane plane{Vec3(0.0f), -mids[n / 2]};
    plane.normal[axis] = 1.0f;
    const Tally t = tally(pieces, among, plane, -1);
    const long on = count_coplanar ? n - t.front - t.back - t.split : 0;
    if (t.front + t.split + on >= n || t.back + t.split + on >= n) return std::nullopt;
    return std::pair{Split{plane, -1}, t};
  }

  // Every piece lies on a plane above this node, so no polygon plane is left
  // to split by; but a leaf of thousands of coplanar polygons (a tiled floor)
  // would make every query test them all. Such a node is cut by axis-aligned
  // planes through the pieces' median until its leaves are small; smaller
  // nodes end as leaves, as every tree under kMaxLeafPieces always did.
  std::optional<Split> spatial_split(const std::vector<Piece>& pieces, int depth) const {
    if (pieces.size() <= kMaxLeafPieces || depth > kMaxSpatialDepth) return std::nullopt;
    std::vector<std::int32_t> all(pieces.size());
    for (std::size_t i = 0; i < pieces.size(); ++i) all[i] = static_cast<std::int32_t>(i);
    std::optional<std::pair<Split, Tally>> best;
    for (int axis = 0; axis < 3; ++axis) {
      const auto median = median_split(pieces, all, axis, true);
      if (median && (!best || median->second.score() < best->second.score())) best = median;
    }
    if (!best) return std::nullopt;
    return best->first;
  }

  static void extent(const std::vector<Vec3>& points, const Plane& plane, float& lo, float& hi) {
    lo = INFINITY;
    hi = -INFINITY;
    for (const Vec3& v : points) {
      const float d = plane.distance(v);
      lo = std::min(lo, d);
      hi = std::max(hi, d);
    }
  }

  // Sends a piece to the side it lies on; a piece lying in the plane goes to
  // both and is marked used; a straddling piece is cut in two.
  void partition(Piece piece, const Plane& plane, std::int64_t split_poly,
                 std::vector<Piece>& front, std::vector<Piece>& back) {
    float lo, hi;
    extent(piece.points, plane, lo, hi);
    if (piece.poly == split_poly || (lo >= -kSideTolerance && hi <= kSideTolerance)) {
      if (!piece.used) {
        piece.used = true;
        const float facing = glm::dot(tree_.polygons_[piece.poly].plane().normal, plane.normal);
        piece.vote = facing > 0.0f ? 1 : -1;
      }
      Piece behind = piece;
      behind.vote = static_cast<std::int8_t>(-piece.vote);
      front.push_back(std::move(piece));
      back.push_back(std::move(behind));
    } else if (lo >= -kSideTolerance) {
      front.push_back(std::move(piece));
    } else if (hi <= kSideTolerance) {
      back.push_back(std::move(piece));
    } else {
      ++tree_.stats_.polygons_split;
      Piece behind = piece;
      behind.points = clip(piece.points, plane, -1.0f);
      piece.points = clip(piece.points, plane, 1.0f);
      if (behind.points.size() >= 3) back.push_back(std::move(behind));
      if (piece.points.size() >= 3) front.push_back(std::move(piece));
    }
  }

  // The part of a convex polygon with sign * distance >= 0.
  static std::vector<Vec3> clip(const std::vector<Vec3>& points, const Plane& plane, float sign) {
    std::vector<Vec3> out;
    const std::size_t n = points.size();
    for (std::size_t i = 0, prev = n - 1; i < n; prev = i++) {
      const float da = sign * plane.distance(points[prev]);
      const float db = sign * plane.distance(points[i]);
      if ((da >= 0.0f) != (db >= 0.0f))
        out.push_back(points[prev] + (points[i] - points[prev]) * (da / (da - db)));
      if (db >= 0.0f) out.push_back(points[i]);
    }
    return out;
  }

  void make_leaf(std::int32_t index, const std::vector<Piece>& pieces, const Hull& region,
                 bool behind_parent) {
    std::vector<std::uint32_t> polys;
    std::vector<std::vector<Vec3>> points;
    int votes = 0;
    for (const Piece& p : pieces) {
      polys.push_back(p.poly);
      points.push_back(p.points);
      votes += p.vote;
    }
    std::sort(polys.begin(), polys.end());
    polys.erase(std::unique(polys.begin(), polys.end()), polys.end());

    BspNode& leaf = tree_.nodes_[index];
    leaf.first_ref = static_cast<std::uint32_t>(tree_.refs_.size());
    leaf.num_refs = static_cast<std::uint32_t>(polys.size());
    leaf.solid = votes < 0 || (votes == 0 && behind_parent);
    // A solid leaf must be found from anywhere in its region, not only near
    // its polygons: retail checks node bounds before the leaf's solid flag.
    if (leaf.solid) points.insert(points.end(), region.begin(), region.end());
    leaf.bounds = bounds_of(points);
    tree_.refs_.insert(tree_.refs_.end(), polys.begin(), polys.end());
  }

  BspTree& tree_;
  std::size_t candidates_;
};

namespace {

std::vector<Polygon> make_polygons(std::span<const Vec3> vertices,
                                   std::span<const std::vector<std::uint32_t>> polygons,
                                   const BspBuildOptions& options) {
  std::vector<Polygon> out;
  out.reserve(polygons.size());
  std::vector<Vec3> points;
  for (std::size_t p = 0; p < polygons.size(); ++p) {
    points.clear();
    for (std::uint32_t v : polygons[p]) {
      if (v >= vertices.size())
        throw InputError(fmt::format("{}: polygon {} refers to vertex {}, but there are only {}",
                                     options.name, p, v, vertices.size()));
      points.push_back(vertices[v]);
    }
    if (auto why = validate_polygon(points))
      throw InputError(fmt::format("{}: polygon {} {}", options.name, p, *why));
    out.emplace_back(points, options.sides);
  }
  return out;
}

}  // namespace

std::string find_open_edge(std::span<const Vec3> vertices,
                           std::span<const std::vector<std::uint32_t>> polygons) {
  // Weld vertices by exact position so duplicated corners still connect: each
  // vertex maps to the first vertex at its position. Sorting (not a map) keeps
  // a million-triangle mesh to a few bytes a vertex and edge.
  auto key_of = [&](std::uint32_t i) {
    std::array<std::uint32_t, 3> k;
    std::memcpy(k.data(), &vertices[i], sizeof(k));
    return k;
  };
  std::vector<std::uint32_t> order(vertices.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const auto ka = key_of(a), kb = key_of(b);
    return ka != kb ? ka < kb : a < b;
  });
  std::vector<std::uint32_t> canon(vertices.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    canon[order[i]] = i > 0 && key_of(order[i]) == key_of(order[i - 1]) ? canon[order[i - 1]] : order[i];
  order = {};

  // Each edge use as (low vertex, high vertex, 1 if it runs high->low).
  struct Use {
    std::uint32_t low, high;
    bool reversed;
    auto operator<=>(const Use&) const = default;
  };
  std::vector<Use> uses;
  for (const auto& poly : polygons)
    for (std::size_t i = 0, prev = poly.size() - 1; i < poly.size(); prev = i++) {
      const std::uint32_t a = canon[poly[prev]], b = canon[poly[i]];
      uses.push_back({std::min(a, b), std::max(a, b), a > b});
    }
  std::sort(uses.begin(), uses.end());
  for (std::size_t i = 0; i < uses.size();) {
    std::size_t j = i;
    int forward = 0, backward = 0;
    for (; j < uses.size() && uses[j].low == uses[i].low && uses[j].high == uses[i].high; ++j)
      (uses[j].reversed ? backward : forward) += 1;
    if (forward != 1 || backward != 1)
      return fmt::format("the edge between vertices {} and {} is used {} time(s) one way and {} "
                         "the other (a closed mesh uses each edge once each way)",
                         uses[i].low, uses[i].high, forward, backward);
    i = j;
  }
  return {};
}

BspBuildResult BspBuilder::run(std::span<const Vec3> vertices,
                               std::span<const std::vector<std::uint32_t>> polygons,
                               const BspBuildOptions& options) {
  BspBuildResult result;
  BspTree& tree = result.tree;
  tree.role_ = options.role;
  tree.polygons_ = make_polygons(vertices, polygons, options);
  tree.stats_ = BspStats{};
  tree.stats_.polygons = static_cast<int>(tree.polygons_.size());
  tree.set_bounding_box();

  const std::string open = polygons.empty() ? "it has no polygons" : find_open_edge(vertices, polygons);
  tree.solid_available_ = open.empty();
  if (!tree.solid_available_ && tree.polygons_.size() > kSpatialMeshPolygons) {
    SpatialBspNodes spatial = build_spatial_bsp_nodes(tree.polygons_, kSpatialLeafPolygons);
    tree.nodes_ = std::move(spatial.nodes);
    tree.refs_ = std::move(spatial.refs);
    tree.stats_.depth = spatial.depth;
  } else {
    std::vector<Piece> pieces;
    pieces.reserve(tree.polygons_.size());
    for (std::size_t p = 0; p < tree.polygons_.size(); ++p)
      {
      const auto v = tree.polygons_[p].vertices();
      pieces.push_back({std::vector<Vec3>(v.begin(), v.end()), static_cast<std::uint32_t>(p), false, 0});
    }
    BspBuilder(tree, options.candidate_planes).build(std::move(pieces));
  }
  if (!tree.solid_available_) {
    for (BspNode& node : tree.nodes_) node.solid = false;
    result.warnings.push_back(fmt::format(
        "{}: mesh is not closed ({}); {}", options.name, open,
        options.role == BspRole::Cell
            ? "cell containment is unavailable: every point counts as inside"
            : "solid queries are unavailable: they test polygons only"));
  }
  for (const BspNode& node : tree.nodes_) {
    tree.stats_.nodes += 1;
    if (!node.is_leaf()) continue;
    tree.stats_.leaves += 1;
    tree.stats_.solid_leaves += node.solid ? 1 : 0;
    tree.stats_.polygon_refs += static_cast<int>(node.num_refs);
    tree.stats_.max_leaf_polygons = std::max<int>(tree.stats_.max_leaf_polygons, node.num_refs);
  }
  return result;
}

BspBuildResult build_bsp(std::span<const Vec3> vertices,
                         std::span<const std::vector<std::uint32_t>> polygons,
                         const BspBuildOptions& options) {
  return BspBuilder::run(vertices, polygons, options);
}

}  // namespace transit
