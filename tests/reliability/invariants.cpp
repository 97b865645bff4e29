#include "reliability/invariants.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "support/penetration.hpp"
#include "transit/world/land_defs.hpp"

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

std::optional<Violation> check_below_terrain(const World& world, const ac::AcBody& body,
                                             const Position& at) {
  if (!is_outdoor(at.objcell_id)) return std::nullopt;
  const LandCell* land = world.land_cell(at.objcell_id);
  const Vec3 low = at.frame.origin + Vec3(0.0f, 0.0f, lowest_offset(body));
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
  if (ac::cell_holds_body(world, body, at)) return std::nullopt;
  const auto resolved = world.resolve_global(local_to_global(cell, at.frame.origin));
  return Violation{
      kCell, fmt::format("cell 0x{:08X} does not hold origin {} (the world says 0x{:08X})", cell,
                         text(at.frame.origin), resolved ? resolved->objcell_id : 0u)};
}

namespace {

// Where a body ended, with what it may pass through.
struct Ending {
  const World& world;
  const ac::AcBody& body;
  const Position& at;
  bool settled;  // a position was found (a transition that failed leaves none)
  // May straddle a doorway wall of no thickness (overlap 1, for a body its
  // failed step-down let go in the air).
  bool may_straddle_thin_wall;
  float start_depth;
  const std::set<std::uint32_t>& pass_through;
};

// Nothing may end deeper than the limit or than the body started, but for
// the overlaps retail's transitions leave (support/retail_overlaps.hpp): a
// face beyond an edge passed within one sub-step, and, for a body let go in
// the air, a doorway wall of no thickness it straddles.
std::optional<Violation> check_penetration(const Ending& e) {
  const float allowed = std::max(kPenetrationLimit, e.start_depth + 0.001f);
  test::PenetrationOptions options;
  options.pass_through = e.pass_through;
  float depth = test::deepest_penetration(e.world, e.body, e.at, options);
  if (depth > allowed && e.settled) {
    options.allow_passed_edge = true;
    options.allow_thin_doorway_wall = e.may_straddle_thin_wall;
    depth = test::deepest_penetration(e.world, e.body, e.at, options);
  }
  if (depth <= allowed) return std::nullopt;
  return Violation{kPenetration,
                   fmt::format("{:.4f} m deep at {} in 0x{:08X} (start {:.4f})", depth,
                               text(e.at.frame.origin), e.at.objcell_id, e.start_depth)};
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

// After a transition on_walkable says whether the contact plane is
// walkable. Between transitions a jump clears on_walkable (retail's
// jump -> set_on_walkable(false)) while the body still touches the ground,
// and a body that then does not move keeps that state: so after a tick
// only "on_walkable needs walkable contact" holds.
enum class Walkable { IffWalkableContact, OnlyOnWalkableContact };

void check_contact(bool contact, bool on_walkable, const std::optional<ac::CellPlane>& plane,
                   Walkable rule, std::vector<Violation>& out) {
  if (contact != plane.has_value())
    out.push_back(
        {kContact, fmt::format("contact {} but {} contact plane", contact, plane ? "a" : "no")});
  const bool walkable = contact && plane && plane->plane.normal.z >= kFloorZ;
  const bool broken =
      rule == Walkable::IffWalkableContact ? on_walkable != walkable : on_walkable && !walkable;
  if (broken)
    out.push_back(
        {kWalkable, fmt::format("on_walkable {} with contact {} and normal z {}", on_walkable,
                                contact, plane ? plane->plane.normal.z : 0.0f)});
}

std::optional<std::string> non_finite_field(const PhysicsBody& b) {
  if (!finite(b.position.frame.origin)) return "position " + text(b.position.frame.origin);
  if (!finite(b.position.frame.orientation)) return std::string("orientation");
  if (!finite(b.velocity)) return "velocity " + text(b.velocity);
  if (!std::isfinite(b.pending_time)) return std::string("pending time");
  if (b.contact_plane &&
      (!finite(b.contact_plane->plane.normal) || !std::isfinite(b.contact_plane->plane.d)))
    return "contact plane normal " + text(b.contact_plane->plane.normal);
  if (b.sliding_normal && !finite(*b.sliding_normal))
    return "sliding normal " + text(*b.sliding_normal);
  return std::nullopt;
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
  const std::set<std::uint32_t> nothing;
  if (auto v = check_penetration(
          Ending{f.world, f.body, r.position, r.ok, !r.contact, f.start_depth, nothing}))
    out.push_back(*v);
  if (auto v = check_below_terrain(f.world, f.body, r.position)) out.push_back(*v);
  if (auto v = check_step_cap(f, r)) out.push_back(*v);
  if (r.ok)
    check_contact(r.contact, r.on_walkable, r.contact_plane, Walkable::IffWalkableContact, out);
  return out;
}

std::optional<Violation> check_turning(const Quat& before, float turn_deg_per_s, int quanta,
                                       const PhysicsBody& after) {
  if (turn_deg_per_s == 0.0f || quanta == 0 || !same_bits(before, after.position.frame.orientation))
    return std::nullopt;
  return Violation{kTurning, fmt::format("turning at {} deg/s for {} quanta, the heading stayed {} deg",
                                         turn_deg_per_s, quanta, after.position.frame.heading())};
}

static std::string where(const Position& p) {
  const Vec3& o = p.frame.origin;
  return fmt::format("({:.3f}, {:.3f}, {:.3f}) in 0x{:08X}", o.x, o.y, o.z, p.objcell_id);
}

Probe probe_move(const World& world, const PhysicsBody& body, const Vec3& offset) {
  const float want = glm::length(Vec3(offset.x, offset.y, 0.0f));
  if (want <= 0.0f) return {};
  Position end = body.position;
  end.frame.origin += Vec3(offset.x, offset.y, 0.0f);
  const ac::AcMoveResult r = ac::move_body(world, body.shape, body.position, end, body.transition_contact());
  if (!r.ok) return {};
  const Vec3 d = get_offset(body.position, r.position);
  const float moved = glm::length(Vec3(d.x, d.y, 0.0f));
  return Probe{moved, !r.collided_with_environment && r.collided_objects.empty() && moved > 0.99f * want};
}

std::optional<Violation> check_stalled(const TickIntent& intent, const PhysicsBody& body,
                                       float moved_in_tick) {
  if (intent.quanta == 0 || moved_in_tick > 0.0f || !intent.walkable_before || !body.on_walkable)
    return std::nullopt;
  if (intent.before == Vec3(0.0f) || intent.after == Vec3(0.0f) || intent.status != MoveStatus::Moved)
    return std::nullopt;
  return Violation{kStalled, fmt::format("told to move ({:.3f}, {:.3f}) a quantum, its move met nothing "
                                         "(moved) and it stayed at {}", intent.before.x, intent.before.y,
                                         where(body.position))};
}

std::optional<Violation> check_frozen(const World& world, const PhysicsBody& body,
                                      const TickIntent& intent, double still_seconds) {
  if (still_seconds < 2.0 || !body.on_walkable) return std::nullopt;
  if (intent.before == Vec3(0.0f) || intent.after == Vec3(0.0f)) return std::nullopt;
  const float before = probe_move(world, body, intent.before).moved;
  const float after = probe_move(world, body, intent.after).moved;
  if (before <= 0.05f || after <= 0.05f) return std::nullopt;
  return Violation{kFrozen, fmt::format("still for {:.1f} s told to move ({:.3f}, {:.3f}) a quantum, where a "
                                        "fresh move goes {:.2f} m, at {}", still_seconds, intent.after.x,
                                        intent.after.y, std::min(before, after), where(body.position))};
}

std::vector<Violation> check_tick(const TickFacts& f, const PhysicsBody& b) {
  std::vector<Violation> out;
  if (f.seconds > 2.0) out.push_back({kSlow, fmt::format("{:.2f} s", f.seconds)});
  if (const auto field = non_finite_field(b)) {
    out.push_back({kFinite, *field});
    return out;
  }
  if (auto v = check_cell(f.world, b.shape, b.position)) {
    out.push_back(*v);
    return out;
  }
  // A body without edge_slide let go in the air beside a thin doorway wall
  // lands there on a later quantum, still straddling it.
  const bool let_go = !b.contact || (b.shape.flags & kFlagEdgeSlide) == 0;
  if (auto v = check_penetration(
          Ending{f.world, b.shape, b.position, true, let_go, f.start_depth, f.pass_through}))
    out.push_back(*v);
  if (auto v = check_below_terrain(f.world, b.shape, b.position)) out.push_back(*v);
  check_contact(b.contact, b.on_walkable, b.contact_plane, Walkable::OnlyOnWalkableContact, out);
  return out;
}

std::string describe(const Violation& v) {
  return v.invariant + ": " + v.detail;
}

}  // namespace transit::reliability
