#include "transit/server/claim_crowd.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "server/claim_replay.hpp"
#include "transit/math/input_error.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

// Metres beyond the reach of its path (the claim's step, the speed it
// carried) within which another character may have changed a claim: the
// replays' turns and bounces stay well inside it.
constexpr float kNearMargin = 2.0f;

// A character as an object of the crowd's world, as Simulation makes its
// characters' objects: its spheres and flags, never static.
WorldObject character_object(const ac::AcBody& body, std::size_t member, const Position& at) {
  WorldObject object;
  object.id = kCharacterObjectIdBase + static_cast<std::uint32_t>(member);
  object.position = at;
  object.flags = body.flags & ~kFlagStatic;
  object.scale = body.scale;
  object.spheres = body.spheres;
  return object;
}

bool same_shape(const WorldObject& object, const ac::AcBody& body) {
  return object.spheres == body.spheres && object.scale == body.scale &&
         object.flags == (body.flags & ~kFlagStatic);
}

// The radius of a sphere about the body's origin enclosing all its spheres.
float reach_of(const ac::AcBody& body) {
  float r = 0.0f;
  for (const Sphere& s : body.spheres) r = std::max(r, glm::length(s.center) + s.radius);
  return r * body.scale;
}

// The distance from `p` to the segment from the origin to `d`.
float distance_to_segment(const Vec3& p, const Vec3& d) {
  const float dd = glm::dot(d, d);
  const float t = dd > 0.0f ? std::clamp(glm::dot(p, d) / dd, 0.0f, 1.0f) : 0.0f;
  return glm::length(p - d * t);
}

// The least distance between the segments from a to a + u and from b to b + v.
float segments_apart(const Vec3& a, const Vec3& u, const Vec3& b, const Vec3& v) {
  float best = std::min({distance_to_segment(b - a, u), distance_to_segment(b + v - a, u),
                         distance_to_segment(a - b, v), distance_to_segment(a + u - b, v)});
  const Vec3 w = a - b;
  const float uu = glm::dot(u, u), uv = glm::dot(u, v), vv = glm::dot(v, v), uw = glm::dot(u, w), vw = glm::dot(v, w);
  const float d = uu * vv - uv * uv;
  if (d > 1e-9f) {
    const float s = (uv * vw - vv * uw) / d, t = (uu * vw - uv * uw) / d;
    if (s > 0.0f && s < 1.0f && t > 0.0f && t < 1.0f) best = std::min(best, glm::length(w + u * s - v * t));
  }
  return best;
}

// Metres from another character within which a body still in the air may
// be held there by it: retail stands a body its moves are refused for on a
// floor of its own, and it hangs on once the other has gone (a ball wedged
// against a runner was left 0.9 m from it at the next claim).
constexpr float kHoldMargin = 1.0f;

// Metres between the spheres of another character and a body's way within
// which the other may have turned its fall, on this step or the one before,
// whose velocity the check carries on; farther off, a steep slope's floor
// under a fall holds. In the soak, bodies falling down steep slopes at 15 to
// 30 m/s met another, which then lay 5 to 7.8 m off their next step's way
// (less what it may have roamed or bent), and a 6 m hover beside a steep
// slope, 9.4 m from the nearest, was a cheat.
constexpr float kTurnReach = 8.5f;

// Metres the way a character went between two claims may bend off the
// straight line between them (a body it held was 1.4 m farther from that
// line than the hold's metre).
constexpr float kWayBend = 1.0f;

// The straight way a claim's character went since its last claim.
Vec3 way_of(const CrowdClaim& c) { return get_offset(c.last.position, c.claim.position); }

bool stays(const AcceptedMovement& last, const MovementClaim& claim) {
  return glm::length(get_offset(last.position, claim.position)) < kSamePlace;
}

// A claim accepted in the air with nothing of the world holding it up:
// another character may (a ball riding on a large body's head, a body
// held still beside another), and its arc starts again from there.
bool unheld_in_air(const ClaimCheck& check) {
  return check.accepted() && !check.next.supported && !check.next.hanging;
}

// A claim accepted by a replay that spent some of the replay tolerance:
// among the others, one may come nearer (a body struck by another, which
// the world alone has end 1.8 m off).
bool spent_tolerance(const ClaimCheck& check, const AcceptedMovement& last) {
  return check.accepted() && check.next.replay_leeway < last.replay_leeway;
}

}  // namespace

CrowdBystander bystander_since(const ac::AcBody& body, const AcceptedMovement& last, double now) {
  const float dt = static_cast<float>(std::max(0.0, now - last.t));
  const Vec3& v = last.velocity_now;
  const float roamed = glm::length(v) * dt;
  if (!std::isfinite(roamed)) return {&body, last.position, false, 0.0f, 0.0f};
  const float up = std::max(0.0f, v.z) + length2d(v) + kMaxElasticity * std::max(0.0f, -v.z);
  return {&body, last.position, false, roamed, std::min(roamed, up * dt)};
}

ClaimCrowd::ClaimCrowd(const World& world) : plain_(&world), world_(world) {}

void ClaimCrowd::place(std::span<const Member> members) {
  moves_.clear();
  for (std::size_t k = 0; k < members.size(); ++k) {
    const Member& m = members[k];
    if (k < slots_.size() && !same_shape(world_.objects()[slots_[k]], *m.body)) {
      world_.remove_object(world_.handle(slots_[k]));
      slots_[k] = world_.add_object(character_object(*m.body, k, m.position)).index;
    } else if (k == slots_.size()) {
      slots_.push_back(world_.add_object(character_object(*m.body, k, m.position)).index);
    }
    World::ObjectMove move;
    move.index = slots_[k];
    move.position = m.position;
    moves_.push_back(move);
  }
  for (std::size_t k = members.size(); k < slots_.size(); ++k)
    world_.remove_object(world_.handle(slots_[k]));
  slots_.resize(members.size());
  // Every member leaves and joins its cells again, in member order: the
  // shadow lists (whose order collisions follow) are the same whatever
  // the batches before left there.
  world_.move_objects(moves_);
}

bool ClaimCrowd::someone_near(const ac::AcBody& body, std::optional<std::size_t> self,
                              const AcceptedMovement& last, const MovementClaim& claim) const {
  const Vec3 path = get_offset(last.position, claim.position);
  const float dt = static_cast<float>(claim.t - last.t);
  const float reach = reach_of(body) + glm::length(last.velocity_now) * dt + kNearMargin;
  for (std::size_t k = 0; k < members_.size(); ++k) {
    if (k == self) continue;
    const WorldObject& o = world_.objects()[slots_[k]];
    const Sphere bounds = o.bounds();
    const Vec3 centre =
        get_offset(last.position, o.position) + (bounds.center - o.position.frame.origin);
    // As far as someone_within's hold reaches: along the way it went, or
    // as far as it may have roamed.
    const Member& m = members_[k];
    const Vec3 way = m.from ? get_offset(*m.from, o.position) : Vec3(0.0f);
    const float spread = m.from ? kWayBend : m.roamed;
    if (segments_apart(Vec3(0.0f), path, centre - way, way) <= reach + bounds.radius + spread) return true;
  }
  return false;
}

bool ClaimCrowd::someone_within(const ac::AcBody& body, std::optional<std::size_t> self, const Position& at,
                                float margin, bool on_the_way, const Vec3& path, bool holding) const {
  for (std::size_t k = 0; k < members_.size(); ++k) {
    if (k == self) continue;
    const WorldObject& o = world_.objects()[slots_[k]];
    const Vec3 off = get_offset(at, o.position);
    const bool went = on_the_way && members_[k].from;
    const Vec3 way = went ? get_offset(*members_[k].from, o.position) : Vec3(0.0f);
    const bool roams = on_the_way && !went;
    const float reach = margin + (!on_the_way ? 0.0f : went ? kWayBend : members_[k].roamed);
    for (const Sphere& mine : body.spheres)
      for (const Sphere& theirs : o.spheres) {
        const Vec3 a = at.frame.orientation * (mine.center * body.scale);
        const Vec3 b = off + o.position.frame.orientation * (theirs.center * o.scale);
        if (holding && std::min(b.z, b.z - way.z) - reach >= std::max(a.z, a.z + path.z)) continue;
        // Roaming, it rose no more than its rose to hold it (a bystander
        // falling at 40 m/s roamed 10 m, and held a fall 7 m above it); what
        // it turned on the step before, it may have fallen away from since.
        if (holding && roams && std::min(a.z, a.z + path.z) - mine.radius * body.scale >
                         b.z + members_[k].rose + theirs.radius * o.scale + margin)
          continue;
        if (segments_apart(a, path, b - way, way) <= mine.radius * body.scale + theirs.radius * o.scale + reach)
          return true;
      }
  }
  return false;
}

ClaimCheck ClaimCrowd::check_among(const MovementChecker& checker, std::optional<std::size_t> self,
                                   const AcceptedMovement& last, const MovementClaim& claim,
                                   bool inside_reachable, bool beside, bool near) const {
  return checker
      .in_world(world_, self ? std::optional<std::size_t>(slots_[*self]) : std::nullopt,
                inside_reachable ? plain_ : nullptr, beside, near)
      .check(last, claim);
}

void check_claims(ClaimCrowd& crowd, std::span<const CrowdClaim> claims,
                  std::span<const CrowdBystander> bystanders, std::span<ClaimCheck> out,
                  ParallelFor* pool) {
  if (out.size() < claims.size())
    throw InputError(
        fmt::format("check_claims: {} answers for {} claims", out.size(), claims.size()));
  for (const CrowdClaim& c : claims)
    if (!c.checker || &c.checker->world() != crowd.plain_)
      throw InputError("check_claims: every claim's checker must check in the crowd's world");
  for (std::size_t k = 0; k < bystanders.size(); ++k) {
    const CrowdBystander& b = bystanders[k];
    if (!b.body) throw InputError("check_claims: a bystander without a body");
    if (!std::isfinite(b.roamed) || b.roamed < 0.0f)
      throw InputError(fmt::format("check_claims: bystanders[{}].roamed: {} m; give a finite distance, 0 or more",
                                   k, b.roamed));
    if (std::isnan(b.rose) || b.rose < 0.0f)
      throw InputError(fmt::format("check_claims: bystanders[{}].rose: {} m; give 0 or more (infinity: any of "
                                   "roamed)",
                                   k, b.rose));
  }
  const auto body_of = [&](std::size_t i) -> const ac::AcBody& {
    return claims[i].checker->settings().body;
  };
  using Member = ClaimCrowd::Member;
  std::vector<Member>& members = crowd.members_;

  // The still bystanders are in the way from the start, of the claims near them.
  std::vector<std::uint8_t>& among_still = crowd.among_still_;
  std::vector<std::uint8_t>& still_in_way = crowd.still_in_way_;
  among_still.assign(claims.size(), 0);
  still_in_way.assign(claims.size(), 0);
  members.clear();
  for (const CrowdBystander& b : bystanders)
    if (b.still) members.push_back({b.body, b.position});
  if (!members.empty()) {
    crowd.place(members);
    for (std::size_t i = 0; i < claims.size(); ++i) {
      among_still[i] = crowd.someone_near(body_of(i), std::nullopt, claims[i].last, claims[i].claim);
      still_in_way[i] = among_still[i] && crowd.someone_within(body_of(i), std::nullopt, claims[i].last.position,
                                                               kHoldMargin, true, way_of(claims[i]));
    }
  }
  for_each_index(pool, claims.size(), [&](std::size_t i) {
    out[i] = among_still[i]
                 ? crowd.check_among(*claims[i].checker, std::nullopt, claims[i].last, claims[i].claim)
                 : claims[i].checker->check(claims[i].last, claims[i].claim);
  });

  // Then every character where the server last accepted it, then the
  // claims' characters where this batch put them.
  std::vector<std::size_t>& retry = crowd.retry_;
  const std::size_t first_claim = bystanders.size();  // the members: bystanders, then claims
  for (int round = 0; round < 2; ++round) {
    retry.clear();
    for (std::size_t i = 0; i < claims.size(); ++i)
      if (replay_may_explain(out[i].verdict) || unheld_in_air(out[i]) || spent_tolerance(out[i], claims[i].last))
        retry.push_back(i);
    if (retry.empty()) return;
    members.clear();
    for (const CrowdBystander& b : bystanders)
      members.push_back({b.body, b.position, std::nullopt, b.still ? 0.0f : b.roamed, b.still ? 0.0f : b.rose});
    for (std::size_t i = 0; i < claims.size(); ++i)
      members.push_back(round == 0 ? Member{&body_of(i), claims[i].last.position}
                                   : Member{&body_of(i), out[i].next.position, claims[i].last.position});
    crowd.place(members);
    std::erase_if(retry, [&](std::size_t i) {
      return !crowd.someone_near(body_of(i), first_claim + i, claims[i].last, claims[i].claim);
    });
    for_each_index(pool, retry.size(), [&](std::size_t k) {
      const std::size_t i = retry[k];
      const bool beside =
          crowd.someone_within(body_of(i), first_claim + i, claims[i].claim.position, kHoldMargin, true);
      // Still in the air beside another, beside the way one of the claims'
      // characters went since its last claim, or where a bystander may have
      // roamed to, and lower, it may have been held there by it.
      AcceptedMovement last = claims[i].last;
      if (beside && stays(last, claims[i].claim) &&
          crowd.someone_within(body_of(i), first_claim + i, claims[i].claim.position, kHoldMargin, true, Vec3(0.0f),
                               true))
        last.hanging = true;
      // Lying in another (none the server held still within a metre of its
      // way), it may have been walked into since: a replay's end near it
      // reaches it through them (a body falling at 20 m/s stopped 2.4 m
      // above where the other had been, a still one 5 m off its way).
      const bool inside = beside && !still_in_way[i] &&
                          crowd.someone_within(body_of(i), first_claim + i, claims[i].claim.position, 0.0f);
      // Met on its way there (another within a metre of it anywhere along
      // it), it may have been slowed or stopped, and fallen on from there.
      const Vec3 way = way_of(claims[i]);
      const bool met_on_the_way =
          crowd.someone_within(body_of(i), first_claim + i, last.position, kHoldMargin, true, way, true);
      // Near enough its way, another may have turned its fall (a steep
      // slope's floor under it does not hold).
      const bool near = crowd.someone_within(body_of(i), first_claim + i, last.position, kTurnReach, true, way);
      ClaimCheck c =
          crowd.check_among(*claims[i].checker, first_claim + i, last, claims[i].claim, inside, met_on_the_way, near);
      // Held up by another, its arc starts again there; not if it jumped,
      // rising past what the probe finds below it.
      const bool held_up = c.next.hanging || (c.next.supported && !c.next.motion.jumped);
      // Met another in the air, where the world alone has it meet nothing:
      // it may have stopped it dead, or turned it.
      const bool met_one = !c.next.supported && c.next.air_t == claims[i].claim.t &&
                           out[i].next.air_t != claims[i].claim.t && !c.next.motion.jumped;
      // Jumped off another, where the world alone has no ground to jump from.
      const bool jumped_off_one = c.next.motion.jumped && !out[i].next.motion.jumped;
      // Met by another on its way, it may have bounced off it.
      const bool bounced = c.next.met_character && !out[i].next.met_character;
      // Stepped up onto another and off it, it left the ground with its
      // motion's velocity.
      const bool left_off_one = !c.next.supported && c.next.energy_z > out[i].next.energy_z;
      // Its replay among the others came nearer.
      const bool nearer = c.next.replay_leeway > out[i].next.replay_leeway;
      const bool held_in_air = c.accepted() && c.next.held_in_air;
      if (c.accepted() &&
          (!out[i].accepted() || held_up || met_one || jumped_off_one || bounced || left_off_one || nearer))
        out[i] = std::move(c);
      // Met another in the air, which may hold it there from now on (what
      // the world alone made of the step stays).
      if (held_in_air && out[i].accepted()) out[i].next.held_in_air = true;
      // In the air beside another, it may have been turned by it, all its
      // speed sent across; no more, so that a replay still flies it across
      // as fast as it flew (a human knocked off a slope at 8.6 m/s).
      if (unheld_in_air(out[i]) &&
          (beside || crowd.someone_within(body_of(i), first_claim + i, claims[i].last.position, kHoldMargin))) {
        AcceptedMovement& next = out[i].next;
        next.air_across = std::max({next.air_across, glm::length(next.velocity_now), glm::length(next.velocity)});
        next.turned = true;
        next.turned_speed = std::numeric_limits<float>::infinity();
      }
    });
  }
}

}  // namespace transit
