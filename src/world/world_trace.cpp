#include "transit/world/world_trace.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <span>
#include <tuple>
#include <vector>

#include "geom/box_trace.hpp"
#include "geom/brush_clip.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// The shape being traced, in the trace frame.
struct Mover {
  bool sphere = false;
  Vec3 center{0.0f};  // at the start
  Vec3 half{0.0f};    // box half extents
  float radius = 0.0f;
  Vec3 motion{0.0f};
  // Boxes as Quake 2 traces them: origin-relative corners, start and end.
  Vec3 mins{0.0f};
  Vec3 maxs{0.0f};
  Vec3 start{0.0f};
  Vec3 end{0.0f};
};

// A rigid frame with uniform scale, placed in the trace frame.
struct Placement {
  Quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
  Vec3 origin{0.0f};
  float scale = 1.0f;
  Vec3 point_in(const Vec3& p) const { return (glm::conjugate(rotation) * (p - origin)) / scale; }
  Vec3 vector_in(const Vec3& v) const { return (glm::conjugate(rotation) * v) / scale; }
  Vec3 point_out(const Vec3& p) const { return origin + rotation * (p * scale); }
  Vec3 direction_out(const Vec3& v) const { return rotation * v; }
};

// Orders hits: earliest first, then terrain, rooms, objects, by id and part.
struct HitKey {
  float time = kInf;
  TraceHitKind kind = TraceHitKind::None;
  std::uint32_t id = 0;
  std::uint32_t shape = 0;
  std::uint32_t polygon = 0;
  bool operator<(const HitKey& o) const {
    return std::tie(time, kind, id, shape, polygon) <
           std::tie(o.time, o.kind, o.id, o.shape, o.polygon);
  }
};

// A polygon's brush in the trace frame: the axial planes of its bounds
// (-x, +x, -y, +y, -z, +z, the order Quake 2's map compiler gives a brush's
// bevels), then its plane and the reversed plane unless they are one of those.
std::size_t polygon_brush(const TraceFace& face, std::array<BrushPlane, 8>& planes) {
  std::size_t count = 0;
  for (int axis = 0; axis < 3; ++axis) {
    Vec3 normal(0.0f);
    normal[axis] = -1.0f;
    planes[count++] = BrushPlane{normal, -face.lo[axis]};
    normal[axis] = 1.0f;
    planes[count++] = BrushPlane{normal, face.hi[axis]};
  }
  const auto add = [&](const Vec3& normal, float dist) {
    for (std::size_t i = 0; i < 6; ++i)
      if (planes[i].normal == normal && planes[i].dist == dist) return;
    planes[count++] = BrushPlane{normal, dist};
  };
  add(face.normal, face.dist);
  add(-face.normal, -face.dist);
  return count;
}

float sphere_aabb_gap(const Sphere& s, const Vec3& lo, const Vec3& hi) {
  const Vec3 closest = glm::clamp(s.center, lo, hi);
  return glm::length(s.center - closest) - s.radius;
}

class Tracer {
 public:
  Tracer(const World& world, CellId frame, const Mover& mover, const TraceOptions& options,
         bool penetration_only)
      : world_(world),
        frame_(landblock_of(frame)),
        mover_(mover),
        options_(options),
        penetration_only_(penetration_only),
        brushes_(!mover.sphere && !penetration_only && options.model == TraceModel::Quake2Brushes),
        position_test_(brushes_ && mover.start == mover.end) {
    // Brush traces stop within the padding of a plane the box ends short of.
    const float pad = brushes_ ? 2.0f * options.epsilon : options.epsilon;
    const Vec3 reach = (mover.sphere ? Vec3(mover.radius) : mover.half) + pad;
    const Vec3 end = mover.center + mover.motion;
    lo_ = glm::min(mover.center, end) - reach;
    hi_ = glm::max(mover.center, end) + reach;
  }

  void run() {
    visit_terrain();
    visit_rooms();
    if (options_.objects) visit_objects();
  }

  // Collects the faces the trace would meet instead of tracing.
  void collect_faces(std::vector<TraceFace>& faces) { faces_ = &faces; }

  TraceResult result(const Vec3& start, const Vec3& end) const {
    if (brushes_) return brush_result(start, end);
    TraceResult r;
    r.start_solid = start_solid_;
    if (best_.kind == TraceHitKind::None) {
      r.end_position = end;
      return r;
    }
    r.fraction = best_.time;
    r.all_solid = best_solid_;
    r.end_position = r.fraction > 0.0f ? start + mover_.motion * r.fraction : start;
    r.normal = best_normal_;
    name_hit(r);
    return r;
  }

  float deepest() const { return deepest_; }

 private:
  TraceResult brush_result(const Vec3& start, const Vec3& end) const;
  // What the best hit was: its kind, cell or object, shape and polygon.
  void name_hit(TraceResult& r) const;
  void visit_brush(const Polygon& polygon, const Placement& place, const HitKey& key);
  void visit_terrain();
  void visit_rooms();
  void visit_objects();
  void visit_mesh(const BspTree& tree, const Placement& place, HitKey key);
  void visit_polygon(const Polygon& polygon, const Placement& place, const HitKey& key);
  void consider(const SweepContact& c, const Vec3* face, const HitKey& key);
  void offer(float time, const Vec3& normal, bool solid, HitKey key);
  bool near(const Sphere& bounds) const {
    return sphere_aabb_gap(bounds, lo_, hi_) <= 0.0f;
  }

  const World& world_;
  CellId frame_;
  Mover mover_;
  TraceOptions options_;
  bool penetration_only_;
  bool brushes_;
  bool position_test_;
  bool brushes_done_ = false;  // a brush left the fraction at 0: CM_TraceToLeaf stops
  BrushTrace brush_;
  std::vector<TraceFace>* faces_ = nullptr;
  Vec3 lo_;
  Vec3 hi_;
  HitKey best_;
  Vec3 best_normal_{0.0f};
  bool best_solid_ = false;  // some solid the shape starts in blocks it
  bool start_solid_ = false;
  float deepest_ = -kInf;
};

void Tracer::visit_terrain() {
  const int block_x = static_cast<int>(landblock_x(frame_));
  const int block_y = static_cast<int>(landblock_y(frame_));
  // Cells beyond the whole land, one cell either way, hold no terrain: the
  // clamp keeps a huge sweep's cell range an int and bounded (NaN: none).
  const int gx0 = cell_index_near_land(lo_.x);
  const int gx1 = cell_index_near_land(hi_.x);
  const int gy0 = cell_index_near_land(lo_.y);
  const int gy1 = cell_index_near_land(hi_.y);
  for (int gx = gx0; gx <= gx1; ++gx) {
    for (int gy = gy0; gy <= gy1; ++gy) {
      const int bx = gx >= 0 ? gx / kBlockSide : -((kBlockSide - 1 - gx) / kBlockSide);
      const int by = gy >= 0 ? gy / kBlockSide : -((kBlockSide - 1 - gy) / kBlockSide);
      const int x = block_x + bx;
      const int y = block_y + by;
      if (!is_valid_block_coord(static_cast<std::uint32_t>(x)) ||
          !is_valid_block_coord(static_cast<std::uint32_t>(y)) || x < 0 || y < 0)
        continue;
      const Landblock* block = world_.landscape().find_landblock(
          make_landblock_id(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)));
      if (!block) continue;
      const LandCell& cell = block->cell(gx - bx * kBlockSide, gy - by * kBlockSide);
      Placement place;
      place.origin = Vec3(static_cast<float>(bx) * kBlockLength,
                          static_cast<float>(by) * kBlockLength, 0.0f);
      for (std::uint32_t i = 0; i < 2; ++i)
        visit_polygon(cell.polygons()[i], place,
                      HitKey{0.0f, TraceHitKind::Terrain, cell.id(), 0, i});
    }
  }
}

void Tracer::visit_rooms() {
  for (const EnvCell& cell : world_.env_cells()) {
    Placement place;
    place.rotation = cell.frame().orientation;
    place.origin = cell.frame().origin + get_block_offset(frame_, cell.id());
    visit_mesh(cell.geometry().physics, place, HitKey{0.0f, TraceHitKind::Cell, cell.id(), 0, 0});
  }
}

void Tracer::visit_objects() {
  const auto& objects = world_.objects();
  for (std::size_t index = 0; index < objects.size(); ++index) {
    const WorldObject& o = objects[index];
    if (options_.ignore_object == index || o.has(kFlagEthereal) || o.has(kFlagIgnoreCollisions))
      continue;
    const Vec3 offset = get_block_offset(frame_, o.position.objcell_id);
    Sphere bounds = o.bounds();
    bounds.center += offset;
    if (!near(bounds)) continue;
    Placement place;
    place.rotation = o.position.frame.orientation;
    place.origin = o.position.frame.origin + offset;
    place.scale = o.scale;
    HitKey key{0.0f, TraceHitKind::Object, static_cast<std::uint32_t>(index), 0, 0};
    for (const auto& mesh : o.meshes) {
      visit_mesh(*mesh, place, key);
      ++key.shape;
    }
    for (const CylSphere& c : o.cylspheres) {
      const CylSphere placed{place.point_out(c.low_point), c.radius * o.scale, c.height * o.scale};
      SweptBox box;
      box.center = mover_.center;
      box.half = mover_.half;
      const Sphere ball{mover_.center, mover_.radius};
      consider(mover_.sphere ? sweep_sphere_cylinder(ball, mover_.motion, placed)
                             : sweep_box_cylinder(box, mover_.motion, placed),
               nullptr, key);
      ++key.shape;
    }
    for (const Sphere& s : o.spheres) {
      const Sphere placed{place.point_out(s.center), s.radius * o.scale};
      SweptBox box;
      box.center = mover_.center;
      box.half = mover_.half;
      const Sphere ball{mover_.center, mover_.radius};
      consider(mover_.sphere ? sweep_sphere_sphere(ball, mover_.motion, placed)
                             : sweep_box_sphere(box, mover_.motion, placed),
               nullptr, key);
      ++key.shape;
    }
  }
}

void Tracer::visit_mesh(const BspTree& tree, const Placement& place, HitKey key) {
  if (tree.polygons().empty()) return;
  Sphere bounds = tree.bounding_sphere();
  bounds.center = place.point_out(bounds.center);
  bounds.radius *= place.scale;
  if (!near(bounds)) return;
  for (std::size_t i = 0; i < tree.polygons().size(); ++i) {
    key.polygon = static_cast<std::uint32_t>(i);
    visit_polygon(tree.polygons()[i], place, key);
  }
}

TraceResult Tracer::brush_result(const Vec3& start, const Vec3& end) const {
  TraceResult r;
  r.fraction = brush_.fraction;
  r.start_solid = brush_.start_solid;
  r.all_solid = brush_.all_solid;
  r.normal = brush_.normal;
  r.end_position = r.fraction == 1.0f ? end : start + mover_.motion * r.fraction;
  if (best_.kind != TraceHitKind::None) name_hit(r);
  return r;
}

void Tracer::name_hit(TraceResult& r) const {
  r.hit = best_.kind;
  if (best_.kind == TraceHitKind::Object) {
    r.object = best_.id;
  } else {
    r.cell = best_.id;
  }
  r.shape = best_.shape;
  r.polygon = best_.polygon;
}

// CM_TraceToLeaf / CM_TestInLeaf for one polygon's brush.
void Tracer::visit_brush(const Polygon& polygon, const Placement& place, const HitKey& key) {
  if (brushes_done_) return;
  TraceFace face{key.kind, key.id, key.shape, key.polygon};
  const auto vertices = polygon.vertices();
  face.lo = face.hi = place.point_out(vertices[0]);
  for (const Vec3& v : vertices) {
    const Vec3 p = place.point_out(v);
    face.lo = glm::min(face.lo, p);
    face.hi = glm::max(face.hi, p);
  }
  for (int axis = 0; axis < 3; ++axis)
    if (face.lo[axis] > hi_[axis] || face.hi[axis] < lo_[axis]) return;
  face.normal = place.direction_out(polygon.plane().normal);
  face.dist = glm::dot(face.normal, place.point_out(vertices[0]));
  if (faces_) {
    faces_->push_back(face);
    return;
  }
  std::array<BrushPlane, 8> planes;
  const std::span<const BrushPlane> brush(planes.data(), polygon_brush(face, planes));
  if (position_test_) {
    if (!box_in_brush(mover_.mins, mover_.maxs, mover_.start, brush)) return;
    brush_.start_solid = brush_.all_solid = true;
    brush_.fraction = 0.0f;
    best_ = key;
    brushes_done_ = true;
    return;
  }
  if (clip_box_to_brush(mover_.mins, mover_.maxs, mover_.start, mover_.end, brush,
                        static_cast<double>(options_.epsilon), brush_))
    best_ = key;
  brushes_done_ = brush_.fraction == 0.0f;
}

void Tracer::visit_polygon(const Polygon& polygon, const Placement& place, const HitKey& key) {
  if (brushes_ || faces_) {
    visit_brush(polygon, place, key);
    return;
  }
  // Everything in the polygon's own frame from here on.
  SweptBox box;
  box.center = place.point_in(mover_.center);
  for (int i = 0; i < 3; ++i) {
    Vec3 axis(0.0f);
    axis[i] = 1.0f;
    box.axes[static_cast<std::size_t>(i)] = glm::conjugate(place.rotation) * axis;
  }
  box.half = mover_.half / place.scale;
  const float radius = mover_.radius / place.scale;
  const float eps = options_.epsilon / place.scale;
  const Vec3 motion = place.vector_in(mover_.motion);
  const Vec3& n = polygon.plane().normal;

  float reach = radius;
  Vec3 extent(radius);
  if (!mover_.sphere) {
    reach = 0.0f;
    extent = Vec3(0.0f);
    for (std::size_t i = 0; i < 3; ++i) {
      reach += box.half[static_cast<int>(i)] * std::fabs(glm::dot(box.axes[i], n));
      extent += glm::abs(box.axes[i]) * box.half[static_cast<int>(i)];
    }
  }
  const float d0 = polygon.plane().distance(box.center);
  const float d1 = polygon.plane().distance(box.center + motion);
  if (std::min(d0, d1) > reach + eps || std::max(d0, d1) < -reach - eps) return;
  const Vec3 lo = glm::min(box.center, box.center + motion) - extent - eps;
  const Vec3 hi = glm::max(box.center, box.center + motion) + extent + eps;
  for (int axis = 0; axis < 3; ++axis) {
    float pmin = kInf;
    float pmax = -kInf;
    for (const Vec3& v : polygon.vertices()) {
      pmin = std::min(pmin, v[axis]);
      pmax = std::max(pmax, v[axis]);
    }
    if (pmin > hi[axis] || pmax < lo[axis]) return;
  }

  const bool into_face = glm::dot(motion, n) < 0.0f;
  const Vec3 still(0.0f);
  const Vec3& used = penetration_only_ || into_face ? motion : still;
  if (!penetration_only_ && !into_face && std::fabs(d0) >= reach) return;
  SweepContact c = mover_.sphere ? sweep_sphere_polygon(Sphere{box.center, radius}, used, polygon)
                                 : sweep_box_polygon(box, used, polygon);
  c.normal = place.direction_out(c.normal);
  c.start_normal = place.direction_out(c.start_normal);
  c.start_depth *= place.scale;
  if (!penetration_only_ && !into_face) {
    // Moving along or away from the face: it can only make the start solid.
    deepest_ = std::max(deepest_, c.start_depth);
    if (c.start_depth > kTraceSolidTolerance) start_solid_ = true;
    return;
  }
  const Vec3 face = place.direction_out(n);
  consider(c, &face, key);
}

void Tracer::consider(const SweepContact& c, const Vec3* face, const HitKey& key) {
  deepest_ = std::max(deepest_, c.start_depth);
  if (penetration_only_ || !c.touches) return;
  const Vec3& motion = mover_.motion;
  if (c.start_depth > kTraceSolidTolerance) {
    start_solid_ = true;
    const Vec3& out = face ? *face : c.start_normal;
    if (glm::dot(motion, out) < 0.0f) offer(0.0f, out, true, key);
    return;
  }
  if (c.start_depth >= 0.0f || c.enter < 0.0f) {
    if (glm::dot(motion, c.start_normal) < 0.0f) offer(0.0f, c.start_normal, false, key);
    return;
  }
  const float closing = -glm::dot(motion, c.normal);
  if (closing <= 0.0f) return;
  offer(std::max(0.0f, c.enter - options_.epsilon / closing), c.normal, false, key);
}

void Tracer::offer(float time, const Vec3& normal, bool solid, HitKey key) {
  key.time = time;
  if (brushes_) {
    if (solid) brush_.start_solid = brush_.all_solid = true;
    if (brushes_done_ || !(time < brush_.fraction)) return;
    brush_.fraction = time;
    brush_.normal = normal;
    best_ = key;
    brushes_done_ = time == 0.0f;
    return;
  }
  if (solid) best_solid_ = true;
  if (!(key < best_)) return;
  best_ = key;
  best_normal_ = normal;
}

TraceResult run_trace(const World& world, CellId frame, const Vec3& start, const Vec3& end,
                      Mover mover, const TraceOptions& options) {
  mover.motion = end - start;
  mover.end = end;
  Tracer tracer(world, frame, mover, options, false);
  tracer.run();
  return tracer.result(start, end);
}

float run_penetration(const World& world, CellId frame, const Mover& mover,
                      const TraceOptions& options) {
  Tracer tracer(world, frame, mover, options, true);
  tracer.run();
  return tracer.deepest();
}

Mover box_mover(const Vec3& position, const Vec3& mins, const Vec3& maxs) {
  Mover m;
  m.mins = mins;
  m.maxs = maxs;
  m.start = position;
  m.center = position + (mins + maxs) * 0.5f;
  m.half = (maxs - mins) * 0.5f;
  return m;
}

Mover sphere_mover(const Vec3& position, float radius) {
  Mover m;
  m.sphere = true;
  m.center = position;
  m.radius = radius;
  return m;
}

}  // namespace

TraceResult trace_box(const World& world, CellId frame, const Vec3& start, const Vec3& end,
                      const Vec3& mins, const Vec3& maxs, const TraceOptions& options) {
  return run_trace(world, frame, start, end, box_mover(start, mins, maxs), options);
}

TraceResult trace_sphere(const World& world, CellId frame, const Vec3& start, const Vec3& end,
                         float radius, const TraceOptions& options) {
  return run_trace(world, frame, start, end, sphere_mover(start, radius), options);
}

std::vector<TraceFace> trace_faces(const World& world, CellId frame, const Vec3& lo,
                                   const Vec3& hi, const TraceOptions& options) {
  Mover box = box_mover(Vec3(0.0f), lo, hi);
  box.end = box.start;
  TraceOptions exact = options;
  exact.model = TraceModel::Exact;
  exact.epsilon = 0.0f;
  Tracer tracer(world, frame, box, exact, false);
  std::vector<TraceFace> faces;
  tracer.collect_faces(faces);
  tracer.run();
  return faces;
}

float box_penetration(const World& world, CellId frame, const Vec3& position, const Vec3& mins,
                      const Vec3& maxs, const TraceOptions& options) {
  return run_penetration(world, frame, box_mover(position, mins, maxs), options);
}

float sphere_penetration(const World& world, CellId frame, const Vec3& position, float radius,
                         const TraceOptions& options) {
  return run_penetration(world, frame, sphere_mover(position, radius), options);
}

}  // namespace transit
