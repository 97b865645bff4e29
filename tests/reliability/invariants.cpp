#include "reliability/invariants.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "support/penetration.hpp"
#include "world/land_defs.hpp"

namespace transit::reliability {

namespace {

bool finite(const Vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}
bool finite(const Quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}
std::string text(const Vec3& v) {
  return fmt::format("({}, {}, {})", v.x, v.y, v.z);
}

std::optional<std::string> non_finite_field(const ac::AcMoveResult& r) {
  if (!finite(r.position.frame.origin)) return "position " + text(r.position.frame.origin);
  if (!finite(r.position.frame.orientation)) return std::string("orientation");
  if (r.contact_plane &&
      (!finite(r.contact_plane->plane.normal) || !std::isfinite(r.contact_plane->plane.d)))
    return "contact plane normal " + text(r.contact_plane->plane.normal);
  if (r.collision_normal && !finite(*r.collision_normal))
    return "collision normal " + text(*r.collision_normal);
  if (r.sliding_normal && !finite(*r.sliding_normal))
    return "sliding normal " + text(*r.sliding_normal);
  return std::nullopt;
}

// The lowest point of the body's spheres below its origin (<= 0 for feet at the origin).
float lowest_offset(const ac::AcBody& body) {
  float lowest = INFINITY;
  for (const Sphere& s : body.spheres)
    lowest = std::min(lowest, (s.center.z - s.radius) * body.scale);
  return body.spheres.empty() ? 0.0f : lowest;
}

std::optional<Violation> check_below_terrain(const TransitionFacts& f, const Position& at) {
  if (!is_outdoor(at.objcell_id)) return std::nullopt;
  const LandCell* land = f.world.land_cell(at.objcell_id);
  const Vec3 low = at.frame.origin + Vec3(0.0f, 0.0f, lowest_offset(f.body));
  const Polygon* under = land ? land->find_terrain_poly(low) : nullptr;
  if (!under) return std::nullopt;  // the cell check reports a body outside its cell
  Vec3 surface = low;
  under->plane().set_height(surface);
  const float depth = surface.z - low.z - land->get_water_depth(low);
  if (depth <= kPenetrationLimit) return std::nullopt;
  return Violation{kBelowTerrain, fmt::format("lowest point {:.4f} m under the terrain", depth)};
}

}  // namespace

std::optional<Violation> check_cell(const World& world, const ac::AcBody& body,
                                    const Position& at) {
  const CellId cell = at.objcell_id;
  if (!world.has_cell(cell))
    return Violation{kCell, fmt::format("cell 0x{:08X} is not in the world", cell)};
  const Vec3 foot = body.spheres.empty()
                        ? at.frame.origin
                        : at.frame.local_to_global(body.spheres[0].center * body.scale);
  if (world.point_in_cell(cell, at.frame.origin) || world.point_in_cell(cell, foot))
    return std::nullopt;
  const auto resolved = world.resolve_global(local_to_global(cell, at.frame.origin));
  return Violation{
      kCell, fmt::format("cell 0x{:08X} does not hold origin {} (the world says 0x{:08X})", cell,
                         text(at.frame.origin), resolved ? resolved->objcell_id : 0u)};
}

namespace {

// Nothing may end deeper than the limit or than the body started, but for
// the overlaps retail's transitions leave (support/retail_overlaps.hpp): a
// face beyond an edge passed within one sub-step, and, for a body let go in
// the air, a doorway wall of no thickness it straddles.
std::optional<Violation> check_penetration(const TransitionFacts& f, const ac::AcMoveResult& r) {
  const float allowed = std::max(kPenetrationLimit, f.start_depth + 0.001f);
  float depth = test::deepest_penetration(f.world, f.body, r.position);
  if (depth > allowed && r.ok) {
    test::PenetrationOptions retail;
    retail.allow_passed_edge = true;
    retail.allow_thin_doorway_wall = !r.contact;
    depth = test::deepest_penetration(f.world, f.body, r.position, retail);
  }
  if (depth <= allowed) return std::nullopt;
  return Violation{kPenetration, fmt::format("{:.4f} m deep at {} in 0x{:08X} (start {:.4f})",
                                             depth, text(r.position.frame.origin),
                                             r.position.objcell_id, f.start_depth)};
}

std::optional<Violation> check_step_cap(const TransitionFacts& f, const ac::AcMoveResult& r) {
  if (r.steps > f.max_steps)
    return Violation{kStepCap, fmt::format("{} steps, cap {}", r.steps, f.max_steps)};
  if (f.body.spheres.empty() || !r.ok) return std::nullopt;
  const float radius = f.body.spheres[0].radius * f.body.scale;
  const Vec3 offset = local_to_global(f.to.objcell_id, f.to.frame.origin) -
                      local_to_global(f.from.objcell_id, f.from.frame.origin);
  const float needed = glm::length(offset) / radius;
  if (needed <= static_cast<float>(f.max_steps) + 1.0f) return std::nullopt;
  return Violation{kStepCap,
                   fmt::format("ok with a move of {:.1f} radii, cap {}", needed, f.max_steps)};
}

void check_contact(const ac::AcMoveResult& r, std::vector<Violation>& out) {
  if (!r.ok) return;  // a game keeps its old state after a failed transition
  if (r.contact != r.contact_plane.has_value())
    out.push_back({kContact, fmt::format("contact {} but {} contact plane", r.contact,
                                         r.contact_plane ? "a" : "no")});
  const bool walkable = r.contact && r.contact_plane && r.contact_plane->plane.normal.z >= kFloorZ;
  if (r.on_walkable != walkable)
    out.push_back(
        {kWalkable,
         fmt::format("on_walkable {} with contact {} and normal z {}", r.on_walkable, r.contact,
                     r.contact_plane ? r.contact_plane->plane.normal.z : 0.0f)});
}

}  // namespace

std::vector<Violation> check_transition(const TransitionFacts& f, const ac::AcMoveResult& r) {
  std::vector<Violation> out;
  if (f.seconds > 2.0) out.push_back({kSlow, fmt::format("{:.2f} s", f.seconds)});
  if (const auto field = non_finite_field(r)) {
    out.push_back({kFinite, *field});
    return out;  // nothing else can be measured
  }
  if (!r.ok && r.position != f.from)
    out.push_back({kFailedStays, "moved to " + text(r.position.frame.origin)});
  if (auto v = check_cell(f.world, f.body, r.position)) {
    out.push_back(*v);
    return out;  // the geometry checks need a cell that holds the body
  }
  if (auto v = check_penetration(f, r)) out.push_back(*v);
  if (auto v = check_below_terrain(f, r.position)) out.push_back(*v);
  if (auto v = check_step_cap(f, r)) out.push_back(*v);
  check_contact(r, out);
  return out;
}

std::string describe(const Violation& v) {
  return v.invariant + ": " + v.detail;
}

}  // namespace transit::reliability
