#include "transit/server/movement_check.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "transit/math/constants.hpp"
#include "transit/math/input_error.hpp"
#include "transit/movers/ac/ac_checks.hpp"
#include "transit/movers/ac/object_info.hpp"
#include "transit/motion/motion_interpreter.hpp"
#include "transit/sim/sim_character.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

constexpr float kG = -kGravity;

// Retail's state velocity of a claimed motion (m/s, horizontal): what the
// client's own physics would move the character at while it holds it.
float motion_speed(const CharacterSettings& s, const ClaimedMotion& m) {
  MotionInterpreter motion;
  motion.set_skills(s.skills);
  apply_forward_input(motion, m.forward);
  motion.set_sidestep(sidestep_command(m.strafe));
  const Vec3 v = motion.state_velocity();
  return std::hypot(v.x, v.y);
}

float horizontal(const Vec3& v) { return std::hypot(v.x, v.y); }

// The fastest a character may move (m/s) by its motion or its momentum.
float top_speed(const CharacterSettings& s, const AcceptedMovement& last, const ClaimedMotion& claimed) {
  return std::max({motion_speed(s, last.motion), motion_speed(s, claimed), glm::length(last.velocity)});
}

// The upward speed (m/s) a character may leave its support with: all of
// its speed, since a slope it met between two claims may have turned it
// upwards, and a jump's on top.
float departure_vz(const CharacterSettings& s, const AcceptedMovement& last, const ClaimedMotion& claimed) {
  const float speed = top_speed(s, last, claimed);
  if (!claimed.jumped) return speed;
  MotionInterpreter motion;
  motion.set_skills(s.skills);
  const float up = motion.jump_v_z(claimed.jump_extent);
  return std::sqrt(speed * speed + up * up);
}

Vec3 offset(const Position& from, const Position& to) { return get_offset(from, to); }

ac::AcContact contact_of(const AcceptedMovement& s) {
  ac::AcContact c;
  c.contact = s.supported && s.contact_plane.has_value();
  c.on_walkable = c.contact && s.on_walkable;
  c.contact_plane = s.contact_plane;
  return c;
}

// The point `p` with its landblock-local origin moved by `by`.
Position moved(const Position& p, const Vec3& by) {
  Position out = p;
  out.frame.origin += by;
  return out;
}

// The terrain's height under an outdoor claim, if the world has dry terrain
// there (characters wade below the surface of water).
std::optional<float> terrain_height(const World& world, const Position& p) {
  if (!is_outdoor(p.objcell_id)) return std::nullopt;
  const auto plane = ac::surface_under(world, p.objcell_id, p.frame.origin);
  if (!plane || plane->water || std::abs(plane->plane.normal.z) < 1e-6f) return std::nullopt;
  const Vec3& n = plane->plane.normal;
  const Vec3& o = p.frame.origin;
  return -(n.x * o.x + n.y * o.y + plane->plane.d) / n.z;
}

// Where the transitions from the last accepted position towards the claim
// end: straight, then (for a jump up onto something or a drop off a ledge,
// whose arcs pass above the straight line) up then across or across then
// down, then once more from where the straight one stopped.
struct Reach {
  ac::AcMoveResult result;  // of the path that reached, else of the straight one
  bool reached = false;
};

class Paths {
 public:
  Paths(const World& world, const ac::AcBody& body, const AcceptedMovement& last, const Position& claim,
        float tolerance)
      : world_(world), body_(body), last_(last), claim_(claim), tolerance_(tolerance) {}

  Reach find() {
    Reach r;
    ac::move_body(world_, body_, last_.position, claim_, contact_of(last_), {}, r.result);
    if ((r.reached = reaches(r.result))) return r;
    const Vec3 d = offset(last_.position, claim_);
    if (d.z > 0.0f && via(moved(last_.position, {0.0f, 0.0f, d.z + 0.05f}))) return taken();
    if (d.z < 0.0f && via(moved(last_.position, {d.x, d.y, 0.0f}))) return taken();
    if (r.result.ok && again(r.result)) return taken();
    return r;
  }

 private:
  bool reaches(const ac::AcMoveResult& m) const {
    return m.ok && glm::length(offset(m.position, claim_)) <= tolerance_;
  }

  // Two legs: to `corner`, then on to the claim.
  bool via(const Position& corner) {
    ac::move_body(world_, body_, last_.position, corner, ac::AcContact{}, {}, leg_);
    if (!leg_.ok) return false;
    return again(leg_);
  }

  bool again(const ac::AcMoveResult& from) {
    ac::AcContact c;
    c.contact = from.contact;
    c.on_walkable = from.on_walkable;
    c.contact_plane = from.contact_plane;
    ac::move_body(world_, body_, from.position, claim_, c, {}, last_leg_);
    return reaches(last_leg_);
  }

  Reach taken() { return Reach{last_leg_, true}; }

  const World& world_;
  const ac::AcBody& body_;
  const AcceptedMovement& last_;
  const Position& claim_;
  float tolerance_;
  ac::AcMoveResult leg_, last_leg_;
};

// Whether something lies within `depth` below `at` (a body sliding on a
// slope is off it for a moment now and then): a short fall from there.
void support_below(const World& world, const ac::AcBody& body, const Position& at, float depth,
                   AcceptedMovement& state) {
  const ac::AcMoveResult fall = ac::move_body(world, body, at, moved(at, {0.0f, 0.0f, -depth}), ac::AcContact{});
  if (!fall.ok || !fall.contact_plane) return;
  state.supported = true;
  state.on_walkable = ac::ObjectInfo::is_valid_walkable(fall.contact_plane->plane.normal);
  state.contact_plane = fall.contact_plane;
}

ClaimCheck reject(ClaimVerdict verdict, std::string reason, const AcceptedMovement& last,
                  const Position& forced, double t) {
  ClaimCheck c;
  c.verdict = verdict;
  c.reason = std::move(reason);
  c.forced = forced;
  c.next = last;
  c.next.t = t;
  c.next.position = forced;
  c.next.velocity = Vec3(0.0f);
  return c;
}

std::string where(const Position& p) {
  return fmt::format("0x{:08X} [{:.3f}, {:.3f}, {:.3f}]", p.objcell_id, p.frame.origin.x, p.frame.origin.y,
                     p.frame.origin.z);
}

}  // namespace

const char* to_string(ClaimVerdict verdict) {
  switch (verdict) {
    case ClaimVerdict::Accepted:
      return "accepted";
    case ClaimVerdict::TooFast:
      return "too_fast";
    case ClaimVerdict::ThroughWall:
      return "through_wall";
    case ClaimVerdict::UnreachableCell:
      return "unreachable_cell";
    case ClaimVerdict::Flying:
      return "flying";
    case ClaimVerdict::UnderTerrain:
      return "under_terrain";
    case ClaimVerdict::Invalid:
      return "invalid";
  }
  return "?";
}

MovementChecker::MovementChecker(const World& world, const CharacterSettings& settings,
                                 const ClaimCheckOptions& options)
    : world_(&world), settings_(settings), options_(options) {
  if (settings.mover != MoverKind::Ac)
    throw InputError("movement checks: only AC characters are checked (the mover is not \"ac\")");
  if (auto problem = ac::check_body(settings.body)) throw InputError("movement checks: " + *problem);
}

AcceptedMovement MovementChecker::start(const Position& position, double t) const {
  AcceptedMovement s;
  s.t = t;
  s.position = position;
  s.contact_plane = ac::surface_under(*world_, position.objcell_id, position.frame.origin);
  s.supported = s.contact_plane.has_value();
  s.on_walkable = s.supported && ac::ObjectInfo::is_valid_walkable(s.contact_plane->plane.normal);
  s.budget = motion_speed(settings_, ClaimedMotion{ForwardInput::Run, StrafeInput::Stop, false, 1.0f}) *
             options_.burst_seconds;
  s.air_t = t;
  s.air_z = s.anchor_z = position.frame.origin.z;
  return s;
}

ClaimCheck MovementChecker::check(const AcceptedMovement& last, const MovementClaim& claim) const {
  const World& world = *world_;
  const Position& to = claim.position;
  const double dt_d = claim.t - last.t;
  if (!std::isfinite(claim.t) || !(dt_d > 0.0))
    return reject(ClaimVerdict::Invalid,
                  fmt::format("claim time {} s is not after the last accepted, {} s", claim.t, last.t), last,
                  last.position, std::max(last.t, std::isfinite(claim.t) ? claim.t : last.t));
  if (auto problem = ac::check_position(world, to, "claim"))
    return reject(ClaimVerdict::Invalid, *problem, last, last.position, claim.t);
  if (!world.point_in_cell(to.objcell_id, to.frame.origin))
    return reject(ClaimVerdict::Invalid, fmt::format("cell 0x{:08X} does not hold the claimed point", to.objcell_id),
                  last, last.position, claim.t);
  const float dt = static_cast<float>(dt_d);

  if (auto ground = terrain_height(world, to); ground && to.frame.origin.z < *ground - options_.below_terrain)
    return reject(ClaimVerdict::UnderTerrain,
                  fmt::format("{} is {:.2f} m under the terrain", where(to), *ground - to.frame.origin.z), last,
                  last.position, claim.t);

  // Horizontal travel: a budget that grows at the fastest legal speed.
  const Vec3 step = offset(last.position, to);
  const float speed = std::max({motion_speed(settings_, last.motion), motion_speed(settings_, claim.motion),
                                horizontal(last.velocity)}) *
                      (1.0f + options_.speed_margin);
  const float accel = last.supported && last.on_walkable ? 0.0f : kG;
  const float allowance = speed * dt + 0.5f * accel * dt * dt;
  const float budget = std::min(last.budget + allowance, speed * options_.burst_seconds + allowance) -
                       horizontal(step);
  if (budget < -options_.distance_slack)
    return reject(ClaimVerdict::TooFast,
                  fmt::format("{:.2f} m in {:.3f} s; at most {:.2f} m (speed {:.2f} m/s)", horizontal(step), dt,
                              horizontal(step) + budget + options_.distance_slack, speed),
                  last, last.position, claim.t);

  // The path: retail's transition from the last position must reach the claim.
  Reach reach = Paths(world, settings_.body, last, to, options_.reach_tolerance).find();
  if (!reach.reached) {
    const Position& end = reach.result.ok ? reach.result.position : last.position;
    if (!is_outdoor(to.objcell_id) && end.objcell_id != to.objcell_id)
      return reject(ClaimVerdict::UnreachableCell,
                    fmt::format("the path from {} ends in 0x{:08X}, not in 0x{:08X}", where(last.position),
                                end.objcell_id, to.objcell_id),
                    last, end, claim.t);
    return reject(ClaimVerdict::ThroughWall,
                  fmt::format("the path from {} stops at {}, {:.2f} m short of {}", where(last.position), where(end),
                              glm::length(offset(end, to)), where(to)),
                  last, end, claim.t);
  }

  ClaimCheck c;
  AcceptedMovement& next = c.next;
  next = last;
  next.t = claim.t;
  next.position = to;
  next.motion = claim.motion;
  next.velocity = step / dt;
  next.budget = budget;
  next.supported = reach.result.contact;
  next.on_walkable = reach.result.on_walkable;
  next.contact_plane = reach.result.contact_plane;
  if (!next.supported) support_below(world, settings_.body, to, options_.height_slack, next);
  if (last.supported && last.on_walkable) {
    next.anchor_z = last.position.frame.origin.z;
    next.anchor_speed = departure_vz(settings_, last, claim.motion);
  }
  if (claim.motion.jumped || last.supported) {
    // Left its support in this step (or jumped again): the arc starts here.
    next.air_t = last.t;
    next.air_z = last.position.frame.origin.z;
    next.air_vz = departure_vz(settings_, last, claim.motion);
  }
  if (!next.supported) {
    // In the air: no higher than the arc from where it left its support, nor
    // than its speed on the last walkable ground could lift it.
    const float tau = static_cast<float>(claim.t - next.air_t);
    const float rise = next.air_vz * tau - 0.5f * kG * tau * tau;
    const float lift = 0.5f * next.anchor_speed * next.anchor_speed / kG;
    const float limit = std::min(next.air_z + rise, next.anchor_z + lift) + options_.height_slack;
    const float z = to.frame.origin.z;
    if (z > limit)
      return reject(ClaimVerdict::Flying,
                    fmt::format("{} is in the air {:.2f} m above the highest it can be {:.2f} s after leaving "
                                "the ground at z {:.2f}",
                                where(to), z - limit + options_.height_slack, tau, next.air_z),
                    last, last.position, claim.t);
  }
  return c;
}

void check_claims(const MovementChecker& checker, std::span<const AcceptedMovement> last,
                  std::span<const MovementClaim> claims, std::span<ClaimCheck> out, ParallelFor* pool) {
  const std::size_t n = std::min({last.size(), claims.size(), out.size()});
  auto body = [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) out[i] = checker.check(last[i], claims[i]);
  };
  if (pool)
    pool->run(n, body);
  else
    body(0, n, 0);
}

}  // namespace transit
