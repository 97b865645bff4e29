#include "transit/server/movement_check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "server/claim_energy.hpp"
#include "server/claim_replay.hpp"
#include "server/motion_schedule.hpp"
#include "server/plane_motion.hpp"
#include "transit/math/constants.hpp"
#include "transit/math/input_error.hpp"
#include "transit/movers/ac/ac_checks.hpp"
#include "transit/movers/ac/object_info.hpp"
#include "transit/motion/motion_interpreter.hpp"
#include "transit/sim/sim_character.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

// Metres walkable ground rises over a metre across, at its steepest
// (normal.z = FloorZ).
const float kClimbPerMetre = std::sqrt(1.0f - kFloorZ * kFloorZ) / kFloorZ;
// Seconds ground friction takes to leave a body under 1 % of the velocity
// it landed with (retail's 0.95 a second: 0.05^1.5 = 1.1 %).
constexpr double kMomentumSeconds = 1.5;
// Seconds after it left its support (or met something, or jumped) within
// which a body in the air may stay still and fall from there: retail moves
// one from rest only from its second quantum on, and a frame shorter than
// its least quantum moves nothing.
constexpr double kRestLag = 0.3;
// Farther than this from the last accepted position (metres) is never a
// move: retail's top speed, 50 m/s, for 10 s.
constexpr float kFarthestClaim = 500.0f;
// Longer than this between two claims (seconds, about 11.6 days) is not a
// step: its arcs and bounds would overflow a float.
constexpr double kLongestClaimGap = 1.0e6;

// The horizontal speed (m/s) of a claimed motion: with ground velocities,
// what the client's own physics moves the character at on the ground while
// it holds it; with state velocities, what it leaves the ground with.
float motion_speed(const StateVelocities& velocities, const ClaimedMotion& m) {
  const Vec3& v = state_velocity(velocities, m.forward, m.strafe);
  return length2d(v);
}

// The point `p` with its landblock-local origin moved by `by`.
Position moved(const Position& p, const Vec3& by) {
  Position out = p;
  out.frame.origin += by;
  return out;
}

// How much the claims' velocity across may change from step to step in a
// flight that met nothing: a share and m/s (positions' rounding).
constexpr float kSameFlight = 0.01f;
constexpr float kSameFlightSlack = 0.05f;
// Metres from a flight's straight path within which something may have
// turned it.
constexpr float kNearPath = 0.5f;
// Metres within which something may hold a body still in the air.
constexpr float kHeldMargin = 0.3f;
// How far below where a fall met a steep slope the deepest it may fall may
// end for that height to bound the claim (metres).
constexpr float kSlideWindow = 3.0f;
// How far below where a fall met something its probe must have stopped to
// have slid (metres, over the search's resolution).
constexpr float kSlidAtLeast = 0.05f;

// Retail's steps without moving after which a body stuck in a fall stands on
// a floor of its own (CollisionInfo.FramesStationaryFall).
constexpr int kStuckSteps = 3;

// Steps off floors of its own a stuck body's path to a claim may take.
constexpr int kCreepSteps = 4;
// The most legs a claim's way is split into, as frames of a client's.
constexpr int kFrameLegs = 32;

// No cap on the momentum the claims show (anchor_speed).
constexpr float kUncapped = std::numeric_limits<float>::infinity();
// Metres above the plane under it within which a claim lies on it.
constexpr float kOnPlane = 0.03f;

// The faster of the last claim's and this claim's motion (m/s, as
// motion_speed): with state velocities, the speed either leaves the ground
// with (retail's state velocity, a creature's too).
float faster_motion_speed(const StateVelocities& velocities, const AcceptedMovement& last,
                          const ClaimedMotion& claimed) {
  return std::max(motion_speed(velocities, last.motion), motion_speed(velocities, claimed));
}

// The fastest a character may move (m/s) across the ground, by its motion
// or its momentum (the last step's average or, if faster, the velocity it
// may have now, as a replay ended with it: a frame's physics may lag its
// time; no more than `momentum_cap`; in the air at the last claim, what its
// motion left the ground with): what a ramp or slope can turn upwards (its
// fall speed only ever turns downwards along a slope).
float top_speed(const StateVelocities& ground, const StateVelocities& leave, const AcceptedMovement& last,
                const ClaimedMotion& claimed, float momentum_cap) {
  const float flying = last.supported ? 0.0f : faster_motion_speed(leave, last, claimed);
  const float momentum = std::max(length2d(last.velocity), length2d(last.velocity_now));
  return std::max({motion_speed(ground, last.motion), motion_speed(ground, claimed),
                   std::min(momentum, momentum_cap), flying});
}

// The upward speed (m/s) of the jump a claim on its support reports, which
// its energy there holds (step_energy): 0 without one.
float reported_jump_up(const CharacterSettings& s, const AcceptedMovement& last) {
  return last.supported && last.motion.jumped ? jump_up_speed(s, last.motion) : 0.0f;
}

// The speed (m/s) a character moving at `ground_speed` may leave its support
// with, all of it upwards (a ramp or a slope met between two claims may have
// turned it), a jump's added: at least what its motion leaves the ground with.
float departure_speed(const CharacterSettings& s, const StateVelocities& leave, float ground_speed,
                      const AcceptedMovement& last, const ClaimedMotion& claimed) {
  ground_speed = std::max(ground_speed, faster_motion_speed(leave, last, claimed));
  // A jump reported with the last claim may have left the ground only after it.
  const ClaimedMotion* jump = claimed.jumped ? &claimed : last.motion.jumped ? &last.motion : nullptr;
  if (!jump) return ground_speed;
  const float up = jump_up_speed(s, *jump);
  return std::sqrt(ground_speed * ground_speed + up * up);
}

// Supported only by the probe below, or held where it was, a body may be
// on its way up still (over stairs, held a frame by a wall): the jump it
// reported stays with it until its path ends touching the ground.
void keep_jump(const AcceptedMovement& last, bool touched, AcceptedMovement& next) {
  if (!next.supported || touched || !last.motion.jumped || next.motion.jumped) return;
  next.motion.jumped = true;
  next.motion.jump_extent = last.motion.jump_extent;
}

// How far up retail steps onto what a body walks into: up to 1.5 step-up
// heights at once, its setup's scaled by its scale (ACE: ObjectInfo's
// StepUpHeight, as the transition takes it).
float step_up_reach(const ac::AcBody& body) { return 1.5f * body.step_up_height * body.scale; }

// The height (landblock z), `tau` seconds on, of an arc from height `z`
// rising at `vz` (m/s).
float arc_at(float z, float vz, float tau) { return z + vz * tau - 0.5f * kG * tau * tau; }

// The height (landblock z) of the arc a body in the air since `s.air_t`
// is on, at `t`.
float arc_height(const AcceptedMovement& s, double t) {
  return arc_at(s.air_z, s.air_vz, static_cast<float>(t - s.air_t));
}

// The top (landblock z) of an arc from height `z` rising at `vz` (m/s).
float arc_top(float z, float vz) { return z + 0.5f * vz * vz / kG; }

// The highest (landblock z) an arc from height `z` rising at `vz` (m/s)
// reaches within `tau` seconds.
float rise_within(float z, float vz, float tau) {
  if (vz <= 0.0f) return z;
  return vz >= kG * tau ? arc_at(z, vz, tau) : arc_top(z, vz);
}

// The speed it may have left its last support with, for the height bounds
// (its momentum as the claims show it: a body pushed up between slopes
// moves with no velocity of its own).
float anchor_speed(const CharacterSettings& settings, const StateVelocities& ground, const StateVelocities& leave,
                   const AcceptedMovement& last, const ClaimedMotion& claimed) {
  return departure_speed(settings, leave, top_speed(ground, leave, last, claimed, kUncapped), last, claimed);
}

}  // namespace

// What physics may have given a step from `last` in speed (claim_energy.hpp).
struct StepBounds {
  StepEnergy energy;
  float cap;         // its momentum across the ground, m/s
  float fall_cap;    // the speed gravity may give it in the step, m/s
  float energy_cap;  // its momentum by its energy alone, m/s
  float glide_z;     // AcceptedMovement::glide_z in the step
};

namespace {

StepBounds step_bounds(const CharacterSettings& settings, const StateVelocities& ground, const StateVelocities& leave,
                       const AcceptedMovement& last, const ClaimedMotion& claimed, const Position& to,
                       bool own_replays) {
  const float motion = faster_motion_speed(ground, last, claimed);
  const bool jumped = claimed.jumped || last.motion.jumped;
  const float leave_speed = departure_speed(settings, leave, motion, last, claimed);
  StepEnergy energy = step_energy(last, to, leave_speed, jumped, claimed.jumped,
                                  settings.body.step_down_height * settings.body.scale, own_replays);
  // A body whose motion is past the sub-step cap is held where it is, and
  // may leave its support at any time with the motion's velocity, which it
  // then keeps, held still (a ball running at 18 m/s left the ground it was
  // held on, and its claims showed it there for 1.8 s).
  if (last.supported && past_step_cap(leave_speed, first_radius(settings.body))) energy.leave();
  // In the air it moves across no faster than it left walkable ground; a
  // jump's upward speed takes it no faster across than its run.
  float across = last.supported ? kUncapped : last.air_across;
  if (walking(last) && jumped)
    across = std::max(faster_motion_speed(leave, last, claimed), ground_momentum_cap(energy, motion, last, to));
  float by_energy = momentum_cap(energy, motion, last, to);
  // On walkable ground, a motion slower than the last may leave it the
  // faster one's velocity (`left`), which it glides on
  // (AcceptedMovement::glide_z); none once the motion speeds up, and the
  // slower motion moves it on top only after the step it slowed in: a hack
  // reporting its run stopped, or a walk, every other claim must not run
  // on both.
  const float now = motion_speed(leave, claimed), before = motion_speed(leave, last.motion);
  const float glide = !walking(last) || now > before ? -kUncapped
                      : now < before                 ? std::max(last.glide_z, energy.left)
                                                     : last.glide_z;
  if (std::isfinite(glide)) {
    StepEnergy gliding = energy;
    gliding.carried = std::max(energy.carried, glide);
    const float on_top = now < before ? 0.0f : motion_speed(ground, claimed);
    by_energy = std::max(by_energy, ground_momentum_cap(gliding, on_top, last, to));
  }
  return {energy, std::min(by_energy, across), fall_speed_cap(energy, last, to), by_energy, glide};
}

// The glide left after a step that ends in `next` (friction slowing it
// over `friction_dt`); none after one that ends off walkable ground, whose
// energy its departure gives (a hack that stopped its run every fourth
// claim and put every other claim 0.6 m up flew with the glide, and the
// claims on the ground after fell from there, friction never taking it).
void keep_glide(const StepBounds& bounds, float friction_dt, AcceptedMovement& next) {
  next.glide_z = -kUncapped;
  if (!std::isfinite(bounds.glide_z) || !walking(next)) return;
  StepEnergy gliding = bounds.energy;
  gliding.carried = bounds.glide_z;
  gliding.may_leave = false;
  next.glide_z = energy_after(gliding, next, friction_dt);
}

// The speed across (m/s) a body flying across at up to `across` and at up
// to `fall` in all keeps landing on walkable ground whose normal has z `nz`:
// the bounce keeps the elasticity's share of its speed into the ground, and
// a slope turns some of its fall along it.
float landed_across(float across, float fall, float nz) {
  return std::min(fall, across + fall * (slope_sine(nz) + kDefaultElasticity));
}

// The share of a speed along the ground it left (`from`, and `below`, the
// plane under where it is now, if known) that goes upwards, at most: the
// steeper slope's sine (all of it with no plane known).
float rise_share(const std::optional<ac::CellPlane>& from, const std::optional<ac::CellPlane>& below) {
  if (!from) return 1.0f;
  float share = 0.0f;
  for (const std::optional<ac::CellPlane>& p : {from, below})
    if (p) share = std::max(share, slope_sine(p->plane.normal.z));
  return share;
}

// The upward speed (m/s) of the velocity it carried at `last`, within its
// energy (a ball wedged in a corner was thrown up at 7 m/s).
float own_rise(const AcceptedMovement& last, const StepEnergy& energy) {
  return std::min(std::max(0.0f, last.velocity_now.z), speed_at(energy.carried, last.position.frame.origin.z));
}

// What of a speed (m/s) may go across when `up` of it is a jump's upward
// speed: the energy at a claim that reports a jump holds it, and it takes
// the body no faster across.
float across_of(float speed, float up) { return std::sqrt(std::max(0.0f, speed * speed - up * up)); }

// What it may move across the ground with (m/s) in the air after a step
// from `last` to `to` that met nothing (AcceptedMovement::air_across).
// Leaving walkable ground (from the ground at `last`, or landing and leaving
// again in the air) retail sets its velocity to what its motion leaves with
// (a jump's too), or, standing still, keeps the velocity it had: on the
// ground its energy's, landed what it landed with.
float air_across_after(const StateVelocities& leave, const AcceptedMovement& last, const ClaimedMotion& claimed,
                       const StepEnergy& energy, const Position& to, double t, float jump_up) {
  // Off a steep slope or an object, gravity may have sped it up any way.
  if (last.supported && !walking(last)) return kUncapped;
  // (A jump too slight to lift it leaves it standing.) In the air, only
  // once its arc comes down may it have landed: still rising, it keeps
  // what it flew with (a hack reporting its run stopped every third claim
  // as it rose from a jump was lent the speed a landing of its whole
  // energy would have left it, 17 m/s, and ran 50 % over unrejected).
  const bool may_stand = std::min(motion_speed(leave, last.motion), motion_speed(leave, claimed)) == 0.0f &&
                         (last.supported || arc_speed(last, t) < 0.0f);
  const float low = std::min(last.position.frame.origin.z, to.frame.origin.z);
  const float standing = !may_stand        ? 0.0f
                         : last.supported ? across_of(speed_at(energy.carried, low), jump_up)
                                          : landed_across(last.air_across, speed_at(energy.departed, low), kFloorZ);
  float left = std::max(faster_motion_speed(leave, last, claimed), standing);
  // Its motion slowed on the ground, it may have been gliding on the faster
  // one's velocity, off the ground already (a runner over a rise, stopped
  // as it flew at 9.6 m/s, was held to its walk's 3.5).
  if (last.supported && std::isfinite(last.glide_z))
    left = std::max(left, across_of(speed_at(last.glide_z, last.position.frame.origin.z), jump_up));
  if (!last.supported) return std::max(last.air_across, left);
  // Still falling into the ground the probe stood it on, it had not landed
  // (retail's landing takes that fall): it flies on with what it carried,
  // within its energy (the claims' average is the client's to choose: a
  // hack bobbing 5 cm every other claim at 30 claims a second fell into the
  // ground at 1.5 m/s, and each hop flew on with its own excess). Not for
  // one merely above it, which a hack hopping and bobbing within the
  // probe's slack flew on with too.
  const bool landing = falls_into_plane(last.velocity_now, last.contact_plane);
  return landing ? std::max(left, std::min(length2d(last.velocity_now), speed_at(energy.carried, low))) : left;
}

// What of a fall its last step landed with the slope it landed on turns
// along it (m/s, as landed_across), where the claims show it land: a ball
// falling straight down onto a slope rolled off at 4 m/s, which a replay of
// other frames may end without.
float slid_off_landing(const AcceptedMovement& last) {
  if (!falls_into_plane(last.velocity, last.contact_plane)) return 0.0f;
  return landed_across(length2d(last.velocity), glm::length(last.velocity), last.contact_plane->plane.normal.z);
}

// The straight path from `from` to `to` of a body kNearPath wider, and
// whether it met something on the way.
ac::AcMoveResult wide_path(const World& world, const ac::AcBody& body, const Position& from, const Position& to) {
  ac::AcBody wide = body;
  for (Sphere& s : wide.spheres) s.radius += kNearPath / body.scale;
  return ac::move_body(world, wide, from, to, ac::AcContact{}, kReachOptions);
}
bool met_something(const ac::AcMoveResult& r) {
  return !r.collided_object_ids.empty() || r.collision_normal || r.contact_plane;
}

// Whether something a body flying from `from` to `to` may have met lies
// within kNearPath of its straight path: the path of a body as much wider
// meets something.
bool near_path(const World& world, const ac::AcBody& body, const Position& from, const Position& to) {
  const ac::AcMoveResult r = wide_path(world, body, from, to);
  return !r.ok || met_something(r);
}

// The fraction of a step of `dt` seconds that a body in the air at `last`
// flies on its arc before it may meet something (within kNearPath): a slope
// or ledge may turn its fall's speed across only from there.
float free_fraction(const World& world, const ac::AcBody& body, const AcceptedMovement& last, float dt) {
  const Vec3 chord = last.velocity_now * dt - Vec3(0.0f, 0.0f, 0.5f * kG * dt * dt);
  const float length = glm::length(chord);
  if (length < kSamePlace) return 0.0f;
  const ac::AcMoveResult r = wide_path(world, body, last.position, moved(last.position, chord));
  if (!r.ok) return 0.0f;
  if (!met_something(r)) return 1.0f;
  return std::clamp(glm::length(get_offset(last.position, r.position)) / length, 0.0f, 1.0f);
}

// Whether a body at `at` may have stood on something in the last `dt`
// seconds: a fall from there stops short of where gravity takes it in that
// time (and kNearPath more).
bool stood_below(const World& world, const ac::AcBody& body, const Position& at, float dt) {
  const float depth = kNearPath + 0.5f * kG * dt * dt;
  const ac::AcMoveResult fall =
      ac::move_body(world, body, at, moved(at, {0.0f, 0.0f, -depth}), ac::AcContact{}, kReachOptions);
  return !fall.ok || at.frame.origin.z - fall.position.frame.origin.z < depth - 0.01f;
}

// Whether a body in the air at `last` may have been turned on its step to
// `to`: the claims show it moving across otherwise than on its last step,
// and something lies near its path (which its arc or a slide may have met
// where the straight path passes by), or ground below the claim it may
// have landed on and left again.
bool turned_in_air(const World& world, const ac::AcBody& body, const AcceptedMovement& last, const Position& to,
                   float dt) {
  if (last.supported) return false;
  const Vec3 velocity = get_offset(last.position, to) / dt;
  const float change = length2d(velocity - last.velocity);
  if (change <= kSameFlight * std::max(length2d(velocity), length2d(last.velocity)) + kSameFlightSlack)
    return false;
  return stood_below(world, body, to, dt) || near_path(world, body, last.position, to);
}

// The step's energy where a replay of it that started on walkable ground
// ended off it: it left with its motion, or what it carried (over a ramp's
// top, which the claims do not show it leave). Not where the claim `next`
// lies on walkable ground, on its plane: that replay shows no flight the
// claim had (each replay of a hack bobbing 10 cm and stopping every third
// claim over a hill left the ground at once with its run's velocity, from
// the claim's few centimetres above it, and it ran at double speed on that).
StepEnergy replayed_energy(const StepEnergy& energy, const AcceptedMovement& last, const AcceptedMovement& next,
                           const ReplayEnd& end) {
  StepEnergy e = energy;
  const bool on_plane = walking(next) && gap_above_support(next) < kOnPlane;
  if (walking(last) && !end.contact && !on_plane) e.leave();
  return e;
}

// The energy height of its velocity after a step from `last` to `next`
// (energy_after, friction taking its share over `friction_dt`); landed on
// walkable ground from a flight that met nothing (its path ends touching
// it: one the probe below calls supported may be passing just over it), no
// more than what its speed across and a slope kept.
float energy_after_step(const StepEnergy& energy, const AcceptedMovement& last, const AcceptedMovement& next,
                        float friction_dt, bool touched) {
  // Above the ground the probe below or a replay ended on, it counts from
  // the ground: the height claimed above it is no speed it has coming down
  // (a hack bobbing 0.15 m up every other claim ran 17 % fast on it; one
  // 0.6 m up, above the ground a replay ended on, kept a stopped run's).
  AcceptedMovement on_ground = next;
  if (walking(next)) on_ground.position.frame.origin.z -= gap_above_support(next);
  const float after = crest_lifts(energy, last, next) ? energy.left : energy_after(energy, on_ground, friction_dt);
  if (!touched) return after;
  if (last.supported || !walking(next) || !std::isfinite(last.air_across)) return after;
  const float z = next.position.frame.origin.z;
  const float nz = next.contact_plane ? std::abs(next.contact_plane->plane.normal.z) : kFloorZ;
  return std::min(after, energy_height(z, landed_across(last.air_across, speed_at(energy.departed, z), nz)));
}

ac::AcContact contact_of(const AcceptedMovement& s) {
  ac::AcContact c;
  c.contact = s.supported && s.contact_plane.has_value();
  c.on_walkable = c.contact && s.on_walkable;
  c.contact_plane = s.contact_plane;
  return c;
}

// The terrain's height under an outdoor claim, if the world has dry terrain
// there (characters wade below the surface of water).
std::optional<float> terrain_height(const World& world, const Position& p) {
  if (!is_outdoor(p.objcell_id)) return std::nullopt;
  const auto plane = ac::surface_under(world, p.objcell_id, p.frame.origin);
  Vec3 ground = p.frame.origin;
  if (!plane || plane->water || !plane->plane.set_height(ground)) return std::nullopt;
  return ground.z;
}

// Where the transitions from the last accepted position towards the claim
// end: straight, then (for a jump up onto something or a drop off a ledge,
// whose arcs pass above the straight line) up then across or across then
// down, then once more from where the straight one stopped, then round a
// corner: along x then y, or y then x; last, the rarer ones (tried only
// where the others fail, as they cost transitions).
struct Reach {
  ac::AcMoveResult result;  // of the path that reached, else of the straight one
  bool reached = false;
  bool through_air = false;  // only a path through the air (a jump or a fall) reached
};

class Paths {
 public:
  // `without_characters`: the world without them, where a claim lying in
  // another character is reached from where the straight path stopped.
  Paths(const World& world, const ac::AcBody& body, const AcceptedMovement& last, const Position& claim,
        float tolerance, const World* without_characters = nullptr)
      : world_(world), body_(body), last_(last), claim_(claim), tolerance_(tolerance),
        without_characters_(without_characters) {}

  Reach find() {
    Reach r;
    ac::move_body(world_, body_, last_.position, claim_, contact_of(last_), kReachOptions, r.result);
    if ((r.reached = reaches(r.result))) return r;
    // Jumps and falls: the straight line through the air, not along the ground.
    std::optional<Position> landed_short;
    if (contact_of(last_).contact) {
      if (again_from(last_.position, ac::AcContact{})) return taken();
      if (last_leg_.ok && !stayed(last_.position, last_leg_)) landed_short = last_leg_.position;
    }
    const Vec3 d = get_offset(last_.position, claim_);
    if (d.z > 0.0f && via(moved(last_.position, {0.0f, 0.0f, d.z + 0.05f}))) return taken();
    if (d.z < 0.0f && via(moved(last_.position, {d.x, d.y, 0.0f}))) return taken();
    if (r.result.ok && again(r.result)) return taken();
    // Round a corner (along a wall, then through a doorway in it): across
    // one way, then the other.
    const bool across_both = std::abs(d.x) > tolerance_ && std::abs(d.y) > tolerance_;
    if (across_both && (via(moved(last_.position, {d.x, 0.0f, 0.0f}), contact_of(last_)) ||
                        via(moved(last_.position, {0.0f, d.y, 0.0f}), contact_of(last_))))
      return taken();
    // Along the wall the straight path slid on, leaving it part of the way
    // (off a door jamb into the doorway).
    if (r.result.ok && r.result.collision_normal)
      for (const float part : {0.25f, 0.5f, 0.75f})
        if (via(moved(last_.position, part * get_offset(last_.position, r.result.position)), contact_of(last_)))
          return taken();
    if (r.result.ok && r.result.collision_normal && round_wall_end(r.result)) return taken();
    // Turning as it ran (off a door jamb it was stuck on): first along its
    // heading.
    if (const auto turn = ahead(); turn && via(*turn, contact_of(last_))) return taken();
    // Over a crest and down: up a step first.
    if (d.z <= 0.0f && via(moved(last_.position, {0.0f, 0.0f, std::max(step_up_reach(body_), first_radius(body_))})))
      return taken();
    if (in_frames()) return taken();
    // The path through the air stopped short (landing on a slope it then
    // ran or flew up): on from there through the air again.
    if (landed_short && again_from(*landed_short, ac::AcContact{})) return taken();
    if ((!r.result.ok || stayed(last_.position, r.result)) && off_own_floor()) return taken();
    // Through them, it went along the ground only if it ended on it there
    // (a claim 7 m up on a large body's head was reached through it).
    if (without_characters_ && r.result.ok && through_characters(r.result))
      return Reach{last_leg_, true, !last_leg_.contact};
    return r;
  }

 private:
  bool reaches(const ac::AcMoveResult& m) const {
    return m.ok && glm::length(get_offset(m.position, claim_)) <= tolerance_;
  }

  // Two legs: to `corner`, then on to the claim.
  bool via(const Position& corner, const ac::AcContact& contact = {}) {
    ac::move_body(world_, body_, last_.position, corner, contact, kReachOptions, leg_);
    if (!leg_.ok) return false;
    return again(leg_);
  }

  bool again(const ac::AcMoveResult& from) { return again_from(from.position, contact_after(from)); }

  // Round the end of the wall the straight path met (strafing past a door
  // jamb into the next room): on along the wall, the way the claim lies,
  // past where it stopped by the body's radius, then to the claim.
  bool round_wall_end(const ac::AcMoveResult& stopped) {
    const Vec3 n = *stopped.collision_normal;
    Vec3 along = get_offset(last_.position, claim_);
    along -= n * glm::dot(along, n);
    along.z = 0.0f;
    const float run = length2d(along);
    if (run < kSamePlace) return false;
    return via(moved(stopped.position, along * (first_radius(body_) / run)), contact_of(last_));
  }

  // Halfway to the claim along its heading at the last claim, if it faces
  // across the ground at all.
  std::optional<Position> ahead() const {
    const Vec3 d = get_offset(last_.position, claim_);
    const Vec3 facing = last_.position.frame.local_to_global_vec(Vec3(0.0f, 1.0f, 0.0f));
    const float across = length2d(facing);
    if (across < 1e-3f) return std::nullopt;
    const float half = 0.5f * length2d(d) / across;
    return moved(last_.position, {facing.x * half, facing.y * half, 0.5f * d.z});
  }

  // In legs of a quarter of its first radius along the way (at most
  // kFrameLegs), as a client's frames move it: a longer move may meet a
  // corner, or miss a step up, that shorter ones pass (a human walking
  // 0.7 m into the next dungeon cell was stopped at once where its frames
  // of 0.18 and 0.52 m went through; a runner's step up onto a 0.89 m
  // ledge succeeds for some frame lengths only).
  bool in_frames() {
    const Vec3 d = get_offset(last_.position, claim_);
    const int n = std::min(kFrameLegs, static_cast<int>(std::ceil(glm::length(d) / (0.25f * first_radius(body_)))));
    if (n < 2) return false;
    Position from = last_.position;
    ac::AcContact contact = contact_of(last_);
    for (int i = 1; i <= n; ++i) {
      const Position to = i == n ? claim_ : moved(last_.position, d * (static_cast<float>(i) / static_cast<float>(n)));
      ac::move_body(world_, body_, from, to, contact, kReachOptions, last_leg_);
      if (!last_leg_.ok) return false;
      from = last_leg_.position;
      contact = contact_after(last_leg_);
    }
    return reaches(last_leg_);
  }

  static bool stayed(const Position& from, const ac::AcMoveResult& m) {
    return glm::length(get_offset(from, m.position)) < kSamePlace;
  }

  // Stuck where it was, retail stands a body on a floor of its own (level,
  // under its first sphere) after three steps that did not move it, and
  // moves it a step at a time from there: such steps (it may stick again
  // after each), each then on to the claim.
  bool off_own_floor() {
    Position from = last_.position;
    for (int step = 0; step < kCreepSteps; ++step) {
      ac::move_body(world_, body_, from, claim_, own_floor(from), kReachOptions, leg_);
      if (!leg_.ok || stayed(from, leg_)) return false;
      if (reaches(leg_)) {
        last_leg_ = leg_;
        return true;
      }
      if (again(leg_)) return true;
      from = leg_.position;
    }
    return false;
  }

  ac::AcContact own_floor(const Position& at) const {
    const Sphere& first = body_.spheres.front();
    const float bottom = at.frame.origin.z + (first.center.z - first.radius) * body_.scale;
    ac::AcContact floor;
    floor.contact = floor.on_walkable = true;
    floor.contact_plane = ac::CellPlane{Plane{Vec3(0.0f, 0.0f, 1.0f), -bottom}, at.objcell_id, false};
    floor.frames_stationary_fall = kStuckSteps;
    return floor;
  }

  // The contact a move that ended so leaves the next one starting there.
  static ac::AcContact contact_after(const ac::AcMoveResult& m) {
    ac::AcContact c;
    c.contact = m.contact;
    c.on_walkable = m.on_walkable;
    c.contact_plane = m.contact_plane;
    return c;
  }

  bool again_from(const Position& from, const ac::AcContact& contact) {
    ac::move_body(world_, body_, from, claim_, contact, kReachOptions, last_leg_);
    return reaches(last_leg_);
  }

  Reach taken() { return Reach{last_leg_, true, true}; }

  // On from where `stopped` through the characters to a claim lying in
  // one, keeping what the path met.
  bool through_characters(const ac::AcMoveResult& stopped) {
    ac::AcBody body = body_;
    body.world_object.reset();
    ac::move_body(*without_characters_, body, stopped.position, claim_, contact_after(stopped), kReachOptions,
                  last_leg_);
    if (!reaches(last_leg_)) return false;
    last_leg_.collided_object_ids.insert(last_leg_.collided_object_ids.end(), stopped.collided_object_ids.begin(),
                                         stopped.collided_object_ids.end());
    if (!last_leg_.collision_normal) last_leg_.collision_normal = stopped.collision_normal;
    return true;
  }

  const World& world_;
  const ac::AcBody& body_;
  const AcceptedMovement& last_;
  const Position& claim_;
  float tolerance_;
  const World* without_characters_;
  ac::AcMoveResult leg_, last_leg_;
};

// Whether a fall from `at` that got farther down slid there along walkable
// ground that `at` lies on (within kOnPlane): the probe, which has no
// contact to start from, slides down a slope a body stands on (0.32 m down
// a slope of normal z 0.79 under a body retail placed on it). Not one
// farther above it: a ball falling at 3 m/s 0.23 m above a slope is in
// the air.
bool slid_down_from(const ac::AcMoveResult& fall, const Position& at) {
  if (!fall.contact || !fall.contact_plane || !ac::ObjectInfo::is_valid_walkable(fall.contact_plane->plane.normal) ||
      landblock_of(fall.contact_plane->cell) != landblock_of(at.objcell_id))
    return false;
  Vec3 ground = at.frame.origin;
  return fall.contact_plane->plane.set_height(ground) && at.frame.origin.z - ground.z <= kOnPlane;
}

// Whether something holds the body up within `depth` below `at` (a body
// sliding on a slope is off it for a moment now and then; one lodged
// against an edge has no contact plane but cannot fall): a fall from there
// that does not get farther down. The fall goes a metre past `depth`: a
// transition shorter than the gap between a body and the floor retail
// holds it on (0.28 m under a human on a dungeon floor) meets nothing.
void support_below(const World& world, const ac::AcBody& body, const Position& at, float depth,
                   AcceptedMovement& state) {
  const Position below = moved(at, {0.0f, 0.0f, -depth - 1.0f});
  const ac::AcMoveResult fall = ac::move_body(world, body, at, below, ac::AcContact{}, kReachOptions);
  if (fall.ok && at.frame.origin.z - fall.position.frame.origin.z > depth + 0.01f && !slid_down_from(fall, at))
    return;
  state.supported = true;
  state.on_walkable = fall.contact_plane && ac::ObjectInfo::is_valid_walkable(fall.contact_plane->plane.normal);
  state.contact_plane = fall.contact_plane;
}

// What the probe below `at` finds under a body there (support_below).
AcceptedMovement probe_below(const World& world, const ac::AcBody& body, const Position& at, float depth) {
  AcceptedMovement probe;
  probe.supported = false;
  support_below(world, body, at, depth, probe);
  return probe;
}

// The lowest a body pressed against a steep slope or a wall at `last` may
// be after `dt` (landblock z): nothing holds it up, so it goes on down at
// least as fast as it fell (the slower of the claims' average and the
// velocity carried), unless a slope turned it up, which takes more speed
// across than down. None where a fall shorter than `step` cannot be told
// from a step up, or where the sub-step cap may hold it anywhere on the way:
// at the velocity carried, or at the speed its energy allows (`fastest`,
// m/s), which a body the cap held part of the last step may have while
// the claims show less (a ball sliding down a steep slope at 21 m/s, its
// claims at 8.4, moved only in the last 0.034 s of a 0.234 s frame).
std::optional<float> steep_fall_floor(const AcceptedMovement& last, float dt, float step, float radius,
                                      float fastest) {
  const float down = std::max(last.velocity.z, last.velocity_now.z);
  const float across = std::max(length2d(last.velocity), length2d(last.velocity_now));
  if (!last.supported || last.on_walkable || across >= -down || -down * dt <= step ||
      past_step_cap(std::max(glm::length(last.velocity_now), fastest), radius))
    return std::nullopt;
  return last.position.frame.origin.z + down * dt;
}

// Whether a quantum's move at `speed` (m/s, falling) is past retail's
// sub-step cap, for a body of first-sphere radius `radius`: where `speed`
// bounds its speed from above (the arc of a fall), with no tenth to spare.
bool beyond_step_cap(float speed, float radius) {
  return speed * kMaxQuantum + 0.5f * kG * kMaxQuantum * kMaxQuantum >
         static_cast<float>(kRetailMaxTransitionSteps) * radius;
}

// The speed (m/s) past which a quantum's move at it is past retail's
// sub-step cap: exactly (beyond_step_cap), or a tenth early (past_step_cap).
float step_cap_speed(float radius, bool exactly) {
  const float steps = static_cast<float>(kRetailMaxTransitionSteps) * radius;
  return exactly ? (steps - 0.5f * kG * kMaxQuantum * kMaxQuantum) / kMaxQuantum : 0.9f * steps / kMaxQuantum;
}

// The highest a body falling from `last` may be held by the sub-step cap:
// retail moved it on until its speed (`across` of it across) first reached
// `cap_speed`, and holds it from there on (a ball falling at 29 m/s was
// claimed 1.4 m below the last claim where its arc had it 7.4 m below,
// held only once it fell at 30). Its arc's time may lag its physics by up
// to a longest quantum (a ball on an arc falling at 12.7 m/s fell at 13.4).
float highest_capped_hold(const AcceptedMovement& last, float across, float cap_speed) {
  const float z = last.position.frame.origin.z;
  const float vz = std::min(last.velocity_now.z, arc_speed(last, last.t));
  if (vz > 0.0f) return z;
  const float fall = -vz + kG * kMaxQuantum;
  const float fall_at_cap = std::sqrt(std::max(0.0f, cap_speed * cap_speed - across * across));
  return z - std::max(0.0f, fall_at_cap * fall_at_cap - fall * fall) / (2.0f * kG);
}

// Whether something may hold a body still in the air at `at` (retail
// refuses its moves, and after three refused frames stands it on a floor of
// its own): a fall too fast for its size to step (the sub-step cap),
// something it stood on, or a quantum's move at `speed` (m/s) any way
// across, falling, that retail refuses or stops dead (the loaded world's
// edge, a wedge, another character).
bool held_in_place(const World& world, const ac::AcBody& body, const AcceptedMovement& last, const Position& at,
                   float dt, float speed) {
  const float fall = std::max(-last.velocity_now.z, 0.0f) + kG * dt;
  const float fastest = std::max(speed, length2d(length2d(last.velocity_now), fall));
  if (past_step_cap(fastest, first_radius(body))) return true;
  if (stood_below(world, body, at, dt)) return true;
  const float reach = std::max(kHeldMargin, speed * kMaxQuantum);
  const float drop = kG * kMaxQuantum * kMaxQuantum;
  for (int k = 0; k < 8; ++k) {
    const float a = static_cast<float>(k) * 45.0f / kDegreesPerRadian;
    const Position to = moved(at, {reach * std::cos(a), reach * std::sin(a), -drop});
    const ac::AcMoveResult r = ac::move_body(world, body, at, to, ac::AcContact{}, kReachOptions);
    if (!r.ok || r.status == MoveStatus::StationaryFall) return true;
  }
  return false;
}

// Seconds of a step of `dt` ground friction may have slowed the body for:
// none for one too small for the speed its energy allows, which retail
// holds still, velocity and all, whenever a quantum's move is past the
// sub-step cap (a ball rolling at 9 m/s was held every other frame).
float friction_seconds(const ac::AcBody& body, const StepEnergy& energy, const Position& at, float dt) {
  return past_step_cap(speed_at(energy.carried, at.frame.origin.z), first_radius(body)) ? 0.0f : dt;
}

// Seconds of a step of `dt` from `last`, above walkable ground (past
// kOnPlane: in the air), to `to` the body touched the ground for at least,
// where ground friction slowed it: it came down onto it, or skimmed it,
// and its motion (`motion_speed`) moved it only then, so no less than the
// time the motion must have moved it beside the velocity its energy
// (`own_z`, an energy height) allows.
float least_touching_seconds(const AcceptedMovement& last, const Position& to, float dt, float motion_speed,
                             float own_z) {
  if (motion_speed <= 0.0f) return 0.0f;
  const float own = speed_at(own_z, std::min(last.position.frame.origin.z, to.frame.origin.z));
  const float beyond = length2d(get_offset(last.position, to)) / dt - own;
  return std::clamp(beyond / motion_speed, 0.0f, 1.0f) * dt;
}

// Where the body, falling straight down from `at` to height `z`, meets
// something that may have stopped or turned it: the height it stops at
// (where the world ends, at once), and whether it landed there.
struct FallStop {
  float z = 0.0f;
  bool landed = false;  // on walkable ground, which a fall ends on
};
std::optional<FallStop> fall_stops_at(const World& world, const ac::AcBody& body, const Position& at, float z) {
  if (!(z < at.frame.origin.z) || !std::isfinite(z)) return std::nullopt;
  const Position to = moved(at, {0.0f, 0.0f, z - at.frame.origin.z});
  const ac::AcMoveResult r = ac::move_body(world, body, at, to, ac::AcContact{}, kReachOptions);
  if (!r.ok) return FallStop{at.frame.origin.z, false};
  if (!r.collision_normal && !r.contact_plane && r.collided_object_ids.empty() &&
      glm::length(get_offset(r.position, to)) <= 1e-3f)
    return std::nullopt;
  return FallStop{r.position.frame.origin.z,
                  r.contact_plane && ac::ObjectInfo::is_valid_walkable(r.contact_plane->plane.normal)};
}

// Where a fall straight down from `at` to `z` first met something, to
// within a few centimetres, if that is above where fall_stops_at's probe
// stopped (`stop_z`): where it met a steep plane, which the probe slid down
// from for the rest of its depth (a ball met a slope at 45.6 m and the
// probe ended at 39.2 m).
std::optional<float> slid_from_z(const World& world, const ac::AcBody& body, const Position& at, float z,
                                 float stop_z) {
  constexpr int kHalvings = 8;
  float clear = 0.0f;
  float met = at.frame.origin.z - z;
  for (int i = 0; i < kHalvings; ++i) {
    const float depth = 0.5f * (clear + met);
    (fall_stops_at(world, body, at, at.frame.origin.z - depth) ? met : clear) = depth;
  }
  const float first = at.frame.origin.z - met;
  if (first <= stop_z + 2.0f * (met - clear) + kSlidAtLeast) return std::nullopt;
  return first;
}

// The fastest a bounce off one plane sends a body upwards (m/s), from
// speed `across` and upward speed `up`: retail reflects (1 + elasticity)
// times the part of its velocity into the plane, which lifts a fall
// ((1 + e) |v| + (1 - e) up) / 2 at most, and a rise by (1 + e) across / 2.
float bounce_up_speed(float across, float up) {
  const float e = kDefaultElasticity;
  const float speed = length2d(across, up);
  if (up >= 0.0f) return std::min(speed, up + 0.5f * (1.0f + e) * across);
  return 0.5f * ((1.0f + e) * speed + (1.0f - e) * up);
}

// The ground (landblock z) a body in the air at `last` may have landed on
// and left again (a jump, which retail allows only from walkable ground,
// or a run off it) on its step to `to`: the highest support found below
// either end of the step that it may have fallen onto, all of its speed
// downwards, and risen from to `to` at `launch` (m/s) within the step's
// `dt`; none if there is no such ground. (Any support: the server's world
// has no characters, and a fall probe past an edge may miss what the body
// stood on.)
std::optional<float> ground_jumped_from(const World& world, const ac::AcBody& body, const AcceptedMovement& last,
                                        const Position& to, float launch, float dt, float slack) {
  const float from_z = last.position.frame.origin.z;
  const float down = speed_at(last.energy_z, from_z);
  const float deepest = from_z - (down * dt + 0.5f * kG * dt * dt) - slack;
  std::optional<float> ground;
  for (const Position* at : {&last.position, &to})
    if (const auto stop = fall_stops_at(world, body, *at, deepest)) {
      // Where the fall first met it: the probe's one long move slides on
      // down a slope, a frame's fall ends sooner (a large body falling at
      // 31 m/s landed 1 m above where the probe stopped, and jumped).
      const float met = slid_from_z(world, body, *at, deepest, stop->z).value_or(stop->z);
      if (!ground || met > *ground) ground = met;
    }
  if (!ground) return std::nullopt;
  // Down onto it, then up to the claim, within the step.
  const float fall = std::max(0.0f, from_z - *ground - slack);
  const float rise = std::max(0.0f, to.frame.origin.z - *ground - slack);
  if (rise > 0.5f * launch * launch / kG) return std::nullopt;
  const float fall_time = (std::sqrt(down * down + 2.0f * kG * fall) - down) / kG;
  const float rise_time = (launch - std::sqrt(launch * launch - 2.0f * kG * rise)) / kG;
  if (fall_time + rise_time > dt) return std::nullopt;
  return ground;
}

// What the client's controls, known change by change, allow between two
// claims: each stretch of time held at its controls' speed, widened by the
// change jitter at both ends (the first also by the burst a late claim may
// have cut off), a jump's speed from the jump on.
class ControlBounds {
 public:
  ControlBounds(const CharacterSettings& settings, const StateVelocities& velocities,
                const ClaimCheckOptions& options, const AcceptedMovement& last, const MovementClaim& claim,
                const MotionChange& start)
      : settings_(settings), velocities_(velocities), options_(options), last_(last), claim_(claim), start_(start) {}

  // Metres its motion may have carried it toward compass `toward_deg`:
  // all of a stretch's travel when it moves that way at some moment, else
  // what a wall's slide turns that way (share_toward); a jump's momentum
  // keeps the direction it left with.
  float reach_toward(float toward_deg) const {
    float reach = 0.0f;
    each([&](const ControlStretch& s, float speed, float direction_deg, float window) {
      const float dur = static_cast<float>(s.end - s.begin);
      const float turn = s.controls->turn_deg_per_s * dur;
      // A quantum moves it along the heading it began with.
      const float slack = s.heading_slack_deg +
                          std::abs(s.controls->turn_deg_per_s) * (options_.change_jitter + kMaxQuantum);
      const float share = share_toward(s.heading_deg + direction_deg, turn, slack, toward_deg);
      reach += speed * window * share;
      if (s.jump) reach += speed * flight(s) * share;
    });
    return reach;
  }

  // Metres of path its motion drives it along: each stretch's travel, a
  // change that arrived up to the jitter early or late moving the
  // difference of speeds.
  float path() const {
    float length = 0.0f, before = -1.0f;
    each([&](const ControlStretch& s, float speed, float, float) {
      length += speed * static_cast<float>(s.end - s.begin);
      if (before >= 0.0f) length += std::abs(speed - before) * options_.change_jitter;
      before = speed;
    });
    return length;
  }

  // Metres its motion may lift it when the claim is `across` metres away
  // horizontally: what of its path that travel (less the slack and the
  // travel `carried` by other means) leaves for going up, and what a jump
  // adds (one between the claims from when it started; one before
  // the last claim, which may still be rising, over the whole time).
  float rise(float across, float carried) const {
    const float path = this->path();
    const float used = std::max(0.0f, across - options_.distance_slack - carried);
    float up = std::sqrt(std::max(0.0f, path * path - used * used));
    MotionInterpreter motion;
    motion.set_skills(settings_.skills);
    const float dt = static_cast<float>(claim_.t - last_.t);
    if (last_.motion.jumped) up += motion.jump_v_z(last_.motion.jump_extent) * dt;
    float jump = 0.0f;
    for_each_stretch(start_, 0.0f, last_.t, claim_, options_.change_jitter, [&](const ControlStretch& s) {
      if (s.jump) jump = std::max(jump, motion.jump_v_z(s.controls->jump_extent) * flight(s));
    });
    return up + jump;
  }

 private:
  // Seconds from a stretch's jump to the claim.
  float flight(const ControlStretch& s) const {
    return static_cast<float>(claim_.t - s.begin) + options_.change_jitter;
  }

  template <typename Visit>
  void each(Visit&& visit) const {
    const float heading = last_.position.frame.heading();
    for_each_stretch(start_, heading, last_.t, claim_, options_.change_jitter, [&](const ControlStretch& s) {
      const ControlVelocity v = control_velocity(velocities_, settings_.body.scale, *s.controls);
      float window = static_cast<float>(s.end - s.begin) + 2.0f * options_.change_jitter;
      if (s.begin == last_.t) window += options_.burst_seconds;
      visit(s, v.speed * (1.0f + options_.speed_margin), v.direction_deg, window);
    });
  }

  const CharacterSettings& settings_;
  const StateVelocities& velocities_;
  const ClaimCheckOptions& options_;
  const AcceptedMovement& last_;
  const MovementClaim& claim_;
  const MotionChange& start_;
};

// The most of velocity `v` one plane it meets (a wall, a slope) can turn
// toward horizontal direction `way` (m/s): retail's bounce takes
// (1 + elasticity) times the part into the plane, which adds at most
// (1 + elasticity) (|v| - v.way) / 2 that way.
float deflected_toward(const Vec3& v, const Vec3& way) {
  const float along = glm::dot(v, way);
  return along + 0.5f * (1.0f + kDefaultElasticity) * (glm::length(v) - along);
}

// The motion that moved it on walkable ground over the whole step
// `last.velocity` averages, when the controls known at the last claim were
// held since before that step and none changed within the jitter after
// it: its velocity (m/s, body axes) and the headings it faced (a turn
// sweeps them). The controls' reach counts that travel already, and only
// the rest of the step's velocity is momentum it carries.
struct HeldMotion {
  Vec3 velocity{0.0f};
  float from_deg = 0.0f;
  float to_deg = 0.0f;
};

// Degrees between the headings a held motion's turn is sampled at.
constexpr float kHeldMotionSampleDeg = 15.0f;

std::optional<HeldMotion> held_motion(const StateVelocities& ground, float scale, const AcceptedMovement& last,
                                      const MovementClaim& claim, float jitter) {
  if (!last.controls || last.controls->t + jitter > last.velocity_since) return std::nullopt;
  if (!claim.changes.empty() && claim.changes.front().t <= last.t + jitter) return std::nullopt;
  const float swept = last.controls->turn_deg_per_s * static_cast<float>(last.t - last.velocity_since);
  if (std::abs(swept) >= 180.0f) return std::nullopt;
  const float now = last.position.frame.heading();
  return HeldMotion{state_velocity(ground, last.controls->forward, last.controls->strafe) * scale, now - swept, now};
}

// Why a claim `step` away (horizontally) is farther than its controls, its
// momentum and a slope carry it that way, if it is. `held`: the motion
// over the last step (held_motion), if it is known.
std::optional<std::string> beyond_reach(const World& world, const ac::AcBody& body, const ControlBounds& controls,
                                        const StateVelocities& ground, const StateVelocities& leave,
                                        const AcceptedMovement& last, const Vec3& step, float dt,
                                        const ClaimCheckOptions& options, float momentum_cap,
                                        const std::optional<HeldMotion>& held) {
  const float across = length2d(step);
  if (across <= options.distance_slack) return std::nullopt;
  const bool turned = !std::isfinite(last.turned_speed) || !last.supported || !last.on_walkable;
  // A body held where it was (past the sub-step cap) may have any speed.
  if (turned && glm::length(last.velocity) == 0.0f) return std::nullopt;
  const Vec3 way(step.x / across, step.y / across, 0.0f);
  // Its momentum that way: all of its speed, its fall's too, or the speed
  // its last motion may have left the ground with, when it may have been
  // turned since it was measured (or it stood on no walkable ground, where
  // a slope turns it); else what a wall or slope met since turns that way
  // of its velocity beside its held motion (never more than of the whole);
  // and what a slope may have added since.
  const auto deflected_beside = [&](const Vec3& motion) {
    return std::max(deflected_toward(last.velocity_now - motion, way), deflected_toward(last.velocity - motion, way));
  };
  float carried = deflected_beside(Vec3(0.0f));
  if (held) {
    // Its average holds the motion at every heading it turned through: of
    // those, the one that leaves the most (the momentum of an average of
    // them is no more than the most of any).
    const float swept = held->to_deg - held->from_deg;
    const int n = static_cast<int>(std::ceil(std::abs(swept) / kHeldMotionSampleDeg));
    float beside = 0.0f;
    for (int i = 0; i <= n; ++i) {
      const float deg = n == 0 ? held->to_deg : held->from_deg + swept * static_cast<float>(i) / static_cast<float>(n);
      const Vec3 motion = Frame::from_heading(Vec3(0.0f), deg).local_to_global_vec(held->velocity);
      beside = std::max(beside, deflected_beside(motion));
    }
    carried = std::min(carried, beside);
  }
  const float momentum =
      turned ? std::max(std::min(std::max(glm::length(last.velocity_now), glm::length(last.velocity)), momentum_cap),
                        std::max(motion_speed(ground, last.motion), motion_speed(leave, last.motion)) *
                            (1.0f + options.speed_margin))
             : std::min(carried + last.turned_speed, momentum_cap);
  const float toward = compass_deg(way.x, way.y);
  const auto beyond = [&](float reach) -> std::optional<std::string> {
    return fmt::format("{:.2f} m in {:.3f} s toward {:.0f} degrees; its controls, momentum and a slope carry it at "
                       "most {:.2f} m that way",
                       across, dt, toward, reach);
  };
  const float rest = controls.reach_toward(toward) + 0.5f * kG * dt * dt + kG * options.burst_seconds * dt +
                     options.distance_slack;
  const float turned_reach = rest + momentum * dt;
  if (across > turned_reach) return beyond(turned_reach);
  // Flying free since the claim before, on the arc those claims show, what
  // of the step it flies on before it may meet something moves it that way
  // only as its arc does (a body flying at 18 m/s does not land 6 m behind
  // where it took off in 0.24 s). Only an arc slower that way than its
  // momentum bounds it more, and only past the arc's own reach is its path
  // looked at. One that another character may have met on its way flies on
  // as one bounce off the other turns it, no more.
  if (!last.free_flight && !last.met_character) return std::nullopt;
  const float arc =
      last.met_character
          ? std::max({0.0f, deflected_toward(last.velocity_now, way), deflected_toward(last.velocity, way)})
          : std::max({0.0f, glm::dot(last.velocity_now, way), glm::dot(last.velocity, way)});
  if (arc >= momentum || across <= rest + arc * dt) return std::nullopt;
  const float free = free_fraction(world, body, last, dt);
  const float reach = rest + std::min(momentum, free * arc + (1.0f - free) * momentum) * dt;
  if (across > reach) return beyond(reach);
  return std::nullopt;
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
  c.next.turned = true;
  c.next.turned_speed = kUncapped;
  return c;
}

std::string where(const Position& p) {
  return fmt::format("0x{:08X} [{:.3f}, {:.3f}, {:.3f}]", p.objcell_id, p.frame.origin.x, p.frame.origin.y,
                     p.frame.origin.z);
}

// Its vertical speed at the last claim and the height it came down since,
// as speed, no more than its energy gives there, and a quantum's gravity
// (retail speeds a body up for the whole quantum it lands in).
float fall_speed_reached(const AcceptedMovement& last, const Position& to) {
  const float vz = last.velocity_now.z;
  const float squared = vz * vz + 2.0f * kG * (last.position.frame.origin.z - to.frame.origin.z);
  if (squared <= 0.0f) return 0.0f;
  return std::min(std::sqrt(squared), speed_at(last.energy_z, to.frame.origin.z)) + kG * kMaxQuantum;
}

// Whether `to` lies no higher above the walkable plane `last` stood on,
// carried on past its edge, than `last` did (within kOnPlane): where a body
// running along it goes, or lower, over a crest (up a slope too).
bool below_plane_extended(const AcceptedMovement& last, const Position& to) {
  if (!last.contact_plane || landblock_of(last.contact_plane->cell) != landblock_of(to.objcell_id)) return false;
  const ac::CellPlane& p = *last.contact_plane;
  if (p.plane.normal.z <= 0.0f) return false;
  return p.plane.distance(to.frame.origin) / p.plane.normal.z <= gap_above_support(last) + kOnPlane;
}

// Whether a body walking at `last` and in the air at `next` ran off an
// edge or a crest: no higher than it was, or than the plane it ran along
// carried on (it left the ground with its motion's velocity; a hack
// bobbing above the ground is higher).
bool ran_off_ground(const AcceptedMovement& last, const AcceptedMovement& next) {
  const Position& to = next.position;
  return walking(last) && !next.supported &&
         (to.frame.origin.z <= last.position.frame.origin.z + kOnPlane || below_plane_extended(last, to));
}

// Whether a body walking at `last` and in the air at `next` is higher than
// a step up (`step`, m) lifts it: only its motion's velocity, which it left
// the ground with, turned upwards took it there (a runner pressed against
// a wall left the ground, and a slope turned it 1.7 m up).
bool lifted_off_ground(const AcceptedMovement& last, const AcceptedMovement& next, float step) {
  return walking(last) && !next.supported && next.position.frame.origin.z > last.position.frame.origin.z + step;
}

// The speed (m/s) a step that ends at `next` along path `m` may have
// turned any way (AcceptedMovement::turned_speed): all of it, but where it
// met nothing but walkable ground it ran onto or landed on, which turns
// its velocity only as one plane does (a runner that landed at 18 m/s was
// let 10 m sideways on top of its run); there what of a landing's fall the
// slope turns along it (a human that fell 58 m onto a slope slid on at
// 21 m/s across); held still there by the sub-step cap, what of the fall
// it holds the slope turns, and what the step before turned (a ball held
// rolling at 18 m/s on level ground was let 10 m sideways).
float turned_speed(const AcceptedMovement& last, const AcceptedMovement& next, const ac::AcMoveResult& m,
                   bool stayed) {
  if (!walking(next) || !m.collided_object_ids.empty()) return kUncapped;
  if (m.collision_normal && m.collision_normal->z < kFloorZ) return kUncapped;
  const float nz = next.contact_plane ? next.contact_plane->plane.normal.z : 1.0f;
  if (stayed)
    return walking(last) ? std::max(last.turned_speed, slope_sine(nz) * std::max(0.0f, -next.velocity_now.z))
                         : kUncapped;
  if (last.supported) return last.on_walkable ? 0.0f : kUncapped;
  return slope_sine(nz) * fall_speed_reached(last, next.position);
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
    : world_(&world),
      settings_(settings),
      options_(options),
      ground_velocities_(ground_velocities(settings.skills, settings.cycle_speeds)),
      state_velocities_(state_velocities(settings.skills)) {
  if (settings.mover != MoverKind::Ac)
    throw InputError("movement checks: only AC characters are checked (the mover is not \"ac\")");
  if (auto problem = ac::check_body(settings.body)) throw InputError("movement checks: " + *problem);
}

MovementChecker MovementChecker::in_world(const World& world, std::optional<std::size_t> self_object,
                                          const World* without_characters, bool beside_character,
                                          bool near_character) const {
  MovementChecker c = *this;
  c.world_ = &world;
  c.without_characters_ = without_characters;
  c.beside_character_ = beside_character;
  c.near_character_ = near_character;
  c.settings_.body.world_object = self_object;
  return c;
}

AcceptedMovement MovementChecker::start(const Position& position, double t, const Vec3& velocity,
                                        const std::optional<MotionChange>& controls) const {
  AcceptedMovement s;
  s.controls = controls;
  s.t = t;
  s.position = position;
  s.velocity = s.velocity_now = velocity;
  s.supported = s.on_walkable = false;
  support_below(*world_, settings_.body, position, options_.height_slack, s);
  s.budget = motion_speed(ground_velocities_, ClaimedMotion{ForwardInput::Run, StrafeInput::Stop, false, 1.0f}) *
             options_.burst_seconds;
  s.air_t = t;
  s.air_z = s.anchor_z = position.frame.origin.z;
  s.anchor_speed = glm::length(velocity);
  // In the air its velocity is known: it is on that arc until it meets
  // something, which may turn all of its speed upwards (anchor_speed).
  s.air_vz = s.supported ? s.anchor_speed : velocity.z;
  s.energy_z = energy_height(position.frame.origin.z, glm::length(velocity));
  s.replay_leeway = options_.replay_tolerance;
  s.left_t = t;
  if (!walking(s) || glm::length(velocity) != 0.0f) s.unsteady_t = t;
  return s;
}

// Why a claim cannot be checked at all (a time, place or change that is
// not one), if it cannot: the verdict `invalid`.
std::optional<std::string> MovementChecker::claim_problem(const AcceptedMovement& last,
                                                          const MovementClaim& claim) const {
  const double dt = claim.t - last.t;
  if (!std::isfinite(claim.t) || !(dt > 0.0))
    return fmt::format("claim time {} s is not after the last accepted, {} s", claim.t, last.t);
  if (dt > kLongestClaimGap)
    return fmt::format("claim time {} s is more than {} s after the last accepted, {} s", claim.t, kLongestClaimGap,
                       last.t);
  const Position& to = claim.position;
  const Vec3& o = to.frame.origin;
  if (!std::isfinite(o.x) || !std::isfinite(o.y) || !std::isfinite(o.z)) return "the claimed position is not finite";
  if (!world_->has_cell(to.objcell_id)) return fmt::format("cell 0x{:08X} is not in the world", to.objcell_id);
  if (!ac::cell_holds_body(*world_, settings_.body, to))
    return fmt::format("cell 0x{:08X} holds neither the claimed point nor the body's first sphere", to.objcell_id);
  return changes_problem(claim);
}

ClaimCheck MovementChecker::check(const AcceptedMovement& last, const MovementClaim& claim) const {
  if (auto problem = claim_problem(last, claim))
    return reject(ClaimVerdict::Invalid, *problem, last, last.position,
                  std::max(last.t, std::isfinite(claim.t) ? claim.t : last.t));
  // With the controls known change by change, they give the motion.
  const std::optional<MotionChange> start = controls_at_start(last, claim);
  const ClaimedMotion motion = start ? fastest_motion(ground_velocities_, *start, claim, last.t) : claim.motion;
  ClaimCheck c = check_motion(last, claim, motion, start ? &*start : nullptr);
  c.next.controls = claim.changes.empty() ? start : claim.changes.back();
  if (c.accepted()) {
    c.next.velocity_before = last.velocity_now;
    c.next.velocity_since = last.t;
    c.next.fall_speed = fall_speed_reached(last, claim.position);
  }
  return c;
}

// Metres from its claim within which a replay from a body's own velocity
// must end: others reach a claim a quarter metre off too (one from 8.5 m/s
// the wrong way, for a body that barely moved).
constexpr float kOwnReplayMiss = 0.05f;

std::optional<AcceptedMovement> MovementChecker::own_velocity_start(const AcceptedMovement& last,
                                                                    const ClaimedMotion& motion) const {
  // Only after a step on walkable ground throughout, along its plane: a
  // landing's average is its fall, not a velocity beside a motion.
  if (last.unsteady_t >= last.t || falls_into_plane(last.velocity, last.contact_plane)) return std::nullopt;
  AcceptedMovement own = last;
  own.velocity_now = last.velocity - last.position.frame.local_to_global_vec(state_velocity(
                                         ground_velocities_, last.motion.forward, last.motion.strafe));
  own = replay_start(own, motion);
  if (own.velocity_now == last.velocity_now) return std::nullopt;
  return own;
}

void MovementChecker::carry_replayed_velocity(const AcceptedMovement& last, const MovementClaim& claim,
                                              const ClaimedMotion& motion, const ReplayControls& controls,
                                              const ReplayTolerance& tolerance, AcceptedMovement& next) const {
  // Off walkable ground (or jumping between two claims on it), and until
  // friction has taken the velocity it had there, its velocity is not the
  // claims' average (a fall, a slide, a bounce, a jump, a landing): a
  // replay's, if one comes near.
  const bool on_ground = walking(last) && walking(next);
  const bool steady = on_ground && !motion.jumped;
  if (!steady) next.unsteady_t = claim.t;
  if (claim.t - next.unsteady_t > kMomentumSeconds) return;
  // On walkable ground its motion moves it beside its own velocity, which
  // the replay ends with: the faster of that and the claims' average is
  // kept.
  AcceptedMovement from = replay_start(last, motion);
  // A replay that ends at rest no nearer the claim than the last claim was
  // tells nothing of its velocity: retail stood it on a floor of its own
  // where the sub-step cap held it (0.7 m below a ball's claim as it rose
  // at 5 m/s). Held with a velocity, it keeps it.
  const float moved_by = glm::length(get_offset(last.position, claim.position));
  const auto carried = [&](const AcceptedMovement& start, std::optional<ReplayEnd>* other = nullptr) {
    std::optional<ReplayEnd> e =
        replay_claim(*world_, settings_, start, claim, controls, tolerance, nullptr, ReplaySearch::Carried, other);
    if (e && e->velocity == Vec3(0.0f) && moved_by >= kSamePlace && e->miss >= moved_by - kSamePlace) e.reset();
    return e;
  };
  // From the last claim with velocity `v` there, held as replays start.
  const auto carried_from = [&](const Vec3& v) {
    AcceptedMovement start = last;
    start.velocity_now = v;
    return carried(replay_start(start, motion));
  };
  // Off walkable ground (not held still), a bounce's frames may have left
  // another velocity than the nearest replay's: both are followed.
  const bool bounced_about = !walking(last) && !next.hanging;
  std::optional<ReplayEnd> other;
  std::optional<ReplayEnd> end = carried(from, bounced_about ? &other : nullptr);
  // The velocity carried may be a replay's that ended the tolerance away:
  // where it leads nowhere near, from the claims' average (not held still,
  // which keeps what it carried; nor on walkable ground, where the motion
  // adds to it).
  if (!end && !on_ground && !next.hanging && from.velocity != from.velocity_now) {
    from.velocity_now = from.velocity;
    end = carried(from);
  }
  // From the air, a bounce at the step's end turns on the velocity the
  // body meets the wall with, which a slide before may have left the
  // velocity carried a little off (by 0.17 m/s: a ball bounced back at
  // 0.8 m/s, not 2.1, and was claimed 1 m up the wall after). Where that
  // replay met the world and misses, the step's own average across (what
  // it flew with until it met something) is carried if it reproduces it.
  if (bounced_about && end && end->miss > kOwnReplayMiss && end->met_world)
    if (std::optional<ReplayEnd> e = carried_from(Vec3(next.velocity.x, next.velocity.y, last.velocity_now.z));
        e && e->miss <= kOwnReplayMiss)
      end = e;
  if (bounced_about && last.velocity_other) {
    if (std::optional<ReplayEnd> e = carried_from(*last.velocity_other)) {
      if (!end || e->miss < end->miss) std::swap(end, e);
      if (e && (!other || e->miss < other->miss)) other = e;
    }
  }
  if (end && other && glm::length(other->velocity - end->velocity) > kOtherVelocity)
    next.velocity_other = other->velocity;
  // On walkable ground the claims' average is its own velocity and its
  // motion's together, and its own alone may leave the plane where the
  // average does not, which friction never takes (a body gliding down a
  // slope at 7.8 m/s as it walked back up it claimed 4.4 m/s along it): a
  // replay from it that ends at the claim, where the one from the carried
  // velocity does not, carries it.
  if (on_ground && (!end || end->miss > options_.distance_slack))
    if (const std::optional<AcceptedMovement> own = own_velocity_start(last, motion))
      if (std::optional<ReplayEnd> e = carried(*own); e && e->miss <= kOwnReplayMiss && (!end || e->miss < end->miss))
        end = e;
  if (end) {
    // Leaving its plane, friction takes none of it: it stays unsteady. Not
    // where the sub-step cap holds it still: it moves with its velocity
    // alone when a frame lets it go, and renewing its momentum claim by
    // claim let a held ball's unused run and velocity together bank a 10 m
    // teleport.
    const bool frictionless =
        steady && end->contact && end->on_walkable && leaves_plane(end->velocity, end->contact_plane);
    if (frictionless && !past_step_cap(glm::length(end->velocity), first_radius(settings_.body)))
      next.unsteady_t = claim.t;
    if (!on_ground || frictionless || length2d(end->velocity) > length2d(next.velocity_now)) {
      next.velocity_now = end->velocity;
      // And the plane that replay ends touching: the client's body keeps
      // the plane it last touched (a steep one it is pressed along, a
      // slope it ran off), which the straight path may miss; that
      // velocity meets its friction, and the next replays start on it.
      if (next.supported && end->contact && end->contact_plane) next.contact_plane = end->contact_plane;
    }
    // In the air, a replay that met the world flies on across as fast as
    // what it met sent it, which the straight path may miss (a standing
    // jump knocked off a wall at 2.4 m/s, held to the 0 it left with).
    if (!next.supported && end->met_world)
      next.air_across = std::max(next.air_across, length2d(end->velocity));
    // Off walkable ground the replay kept this much of it (a body skipping
    // over the ground meets its friction only now and then), no more than
    // the step had. Not on it: the replay starts from the claims' average,
    // which the motion adds to, and a speed hack would raise it claim by
    // claim; unless friction took none of the velocity carried, which
    // the energy capped.
    if (!steady || frictionless) {
      const StepBounds bounds = bounds_of(last, motion, claim.position);
      const float kept = energy_height(claim.position.frame.origin.z, glm::length(end->velocity));
      const float departed = replayed_energy(bounds.energy, last, next, *end).departed;
      next.energy_z = std::max(next.energy_z, std::min(kept, departed + std::max(0.0f, end->energy_gain)));
    }
  }
}

float MovementChecker::struck_speed(const AcceptedMovement& last) const {
  if (!beside_character_ || walking(last)) return 0.0f;
  const float speed = std::max(glm::length(last.velocity_now), glm::length(last.velocity_before));
  return std::min(0.5f * (1.0f + kDefaultElasticity) * speed, speed_at(last.energy_z, last.position.frame.origin.z));
}

StepBounds MovementChecker::bounds_of(const AcceptedMovement& last, const ClaimedMotion& motion,
                                     const Position& to) const {
  return step_bounds(settings_, ground_velocities_, state_velocities_, last, motion, to, !beside_character_);
}

bool MovementChecker::stepped_off_another(const AcceptedMovement& last, const AcceptedMovement& next) const {
  return beside_character_ && walking(last) && !next.supported;
}

ClaimCheck MovementChecker::check_motion(const AcceptedMovement& last, const MovementClaim& claim,
                                         const ClaimedMotion& reported, const MotionChange* start) const {
  // A jump reported in the air that no ground near enough explains (it
  // landed and jumped again since the last claim) did not happen.
  ClaimedMotion motion = reported;
  std::optional<float> jumped_from;
  if (motion.jumped && !last.supported) {
    // Held still in the air, retail stood it on a floor of its own, which
    // it may jump from.
    jumped_from = last.hanging ? std::optional<float>(last.position.frame.origin.z)
                               : jump_ground(last, claim.position, motion, claim.t - last.t);
    motion.jumped = jumped_from.has_value();
  }
  bool unexplained = false;
  std::optional<float> budget_left;
  ClaimCheck c = check_bounds(last, claim, motion, start, jumped_from, unexplained, budget_left);
  // The replay tolerance left, refilled since the last claim.
  const float leeway = std::min(options_.replay_tolerance,
                                last.replay_leeway + options_.replay_tolerance_per_second *
                                                         static_cast<float>(std::max(0.0, claim.t - last.t)));
  const ReplayTolerance tolerance{leeway, std::min(leeway, options_.replay_rise_tolerance),
                                  first_radius(settings_.body), without_characters_, struck_speed(last),
                                  (beside_character_ || near_character_) && !walking(last)};
  const ReplayControls controls{&motion, start, state_velocities_, options_.change_jitter};
  if (c.accepted()) {
    c.next.replay_leeway = leeway;
    c.next.velocity_other.reset();
    carry_replayed_velocity(last, claim, motion, controls, tolerance, c.next);
    return c;
  }
  if (!replay_may_explain(c.verdict) || glm::length(get_offset(last.position, claim.position)) > kFarthestClaim)
    return c;
  // A flight that met nothing is on its arc: no replay takes it faster
  // across than it left the ground with, nor holds it still in the air.
  if (unexplained) return c;
  float nearest = 0.0f;
  // A claim standing on something no higher than the last is no hover: the
  // whole tolerance holds above a replay's end too (a ball sliding down a
  // steep slope ended 0.8 m below and 0.7 m beyond its claim).
  ReplayTolerance replay_tolerance = tolerance;
  if (claim.position.frame.origin.z <= last.position.frame.origin.z &&
      probe_below(*world_, settings_.body, claim.position, options_.height_slack).supported)
    replay_tolerance.above = tolerance.across;
  const auto end =
      replay_claim(*world_, settings_, replay_start(last, motion), claim, controls, replay_tolerance, &nearest,
                   c.verdict == ClaimVerdict::TooFast ? ReplaySearch::Farther : ReplaySearch::Full);
  const std::optional<float> above = end ? above_energy(last, claim, motion, jumped_from, *end) : std::nullopt;
  if (end && !above) {
    ClaimCheck replayed = accept_replayed(last, claim, motion, jumped_from, budget_left, *end);
    replayed.next.replay_leeway = leeway - end->miss;
    return replayed;
  }
  if (above)
    c.reason += fmt::format("; a replay of the physics ends {:.2f} m from it, but in the air no higher than "
                            "z {:.2f}, which its energy lifts it to",
                            end->miss, *above);
  else
    c.reason += fmt::format("; no replay of the physics ends nearer than {:.2f} m", nearest);
  if (leeway < options_.replay_tolerance)
    c.reason += fmt::format(" (of its {:.2f} m tolerance, {:.2f} m is left)", options_.replay_tolerance, leeway);
  return c;
}

// The state a replay starts from: the last, its velocity and the claims'
// average (replay_claim tries both) no faster than physics may have made it.
AcceptedMovement MovementChecker::replay_start(const AcceptedMovement& last, const ClaimedMotion& motion) const {
  AcceptedMovement from = last;
  const StepBounds bounds = bounds_of(last, motion, last.position);
  // The claims' average in the air falls as the carried velocity does: a
  // body hovering claims none.
  if (!last.supported) from.velocity.z = from.velocity_now.z;
  // What a collision may have hidden is its velocity across, and a faster
  // fall, which a slope it landed on turns across (a large body falling at
  // 26 m/s glided off one at 13.7 m/s); a slower fall from before would
  // lend a hover the difference (replay_claim tries it with the fall it
  // carries now too).
  from.velocity_before.z = std::min(from.velocity_before.z, from.velocity_now.z);
  // On walkable ground the motion moves it beside its velocity, which is
  // no more than what it carries besides its motion (its energy's, a
  // glide's): the claims' average holds the motion too, and so may a
  // replay's end that started from it. A speed hack claiming twice its run
  // had replays run it on that much besides, claim after claim. Met by
  // another character on its way, it may have been pushed to a velocity
  // its energy does not show.
  const float most = walking(last) && !beside_character_
                         ? speed_at(std::max(bounds.energy.carried, bounds.glide_z), last.position.frame.origin.z)
                         : bounds.energy_cap;
  // A jump's upward speed in its energy takes it no faster across.
  const float most_across = std::min(bounds.cap, across_of(most, reported_jump_up(settings_, last)));
  Vec3 other = from.velocity_other.value_or(Vec3(0.0f));
  for (Vec3* v : {&from.velocity_now, &from.velocity, &from.velocity_before, &other}) {
    if (glm::length(*v) > most) *v = glm::normalize(*v) * most;
    // In the air, what it flies across with besides (its fall is its own).
    if (const float across = length2d(*v); across > most_across) {
      v->x *= most_across / across;
      v->y *= most_across / across;
    }
  }
  if (from.velocity_other) from.velocity_other = other;
  return from;
}

// The ground the height bounds count from, and the speed it may have left
// it with. Any support anchors them: the server's view of walkability (a
// probe below the claim) and the client's may differ at a slope's edge. So
// does a jump, which only walkable ground allows: from the ground it may
// have left (`jumped_from`, jump_ground: the server may have taken it for in
// the air at the last claim, landing and jumping again since).
void MovementChecker::reanchor(const AcceptedMovement& last, const ClaimedMotion& motion,
                               const std::optional<float>& jumped_from, AcceptedMovement& next) const {
  if (!last.supported && !motion.jumped) return;
  const float z = last.supported ? last.position.frame.origin.z : *jumped_from;
  float speed = anchor_speed(settings_, ground_velocities_, state_velocities_, last, motion);
  // A body the probe below calls supported may be passing just over
  // something on its way up, with what its arc still had.
  if (last.supported) speed = std::max(speed, arc_speed(last, last.t));
  // On a steep slope it slides with its fall too, which a slide may turn
  // upwards again (a large body that fell onto one was put 1.3 m up it in a
  // frame): the ground before bounds it where that is higher.
  const bool steep = last.supported && !last.on_walkable && !motion.jumped;
  if (steep && arc_top(z, speed) < arc_top(next.anchor_z, next.anchor_speed)) return;
  next.anchor_z = z;
  next.anchor_speed = speed;
}

// The height (landblock z) a claim in the air since the last is above, if
// it is higher than the step's energy lifts the body (or a landing on
// something and leaving it since) and than the replay that came near it
// gained (a body pushed up between two slopes): the replay's tolerance does
// not lift it, nor its start above the energy (a hack rising slowly would
// otherwise rise for as long as the tolerance refills).
std::optional<float> MovementChecker::above_energy(const AcceptedMovement& last, const MovementClaim& claim,
                                                   const ClaimedMotion& motion,
                                                   const std::optional<float>& jumped_from,
                                                   const ReplayEnd& end) const {
  if (last.supported) return std::nullopt;
  const StepBounds bounds = bounds_of(last, motion, claim.position);
  const float lift = std::max(0.0f, end.energy_gain) + options_.height_slack;
  float top = bounds.energy.departed;
  if (claim.position.frame.origin.z <= top + lift) return std::nullopt;
  const std::optional<float> ground =
      motion.jumped ? jumped_from : jump_ground(last, claim.position, motion, claim.t - last.t);
  if (ground) top = std::max(top, energy_height(*ground, leave_speed(last, motion)));
  if (claim.position.frame.origin.z <= top + lift) return std::nullopt;
  return top + lift;
}

// The ground a body in the air at `last` may have left again on its step to
// `to` with `motion` (ground_jumped_from); where nothing is found but
// something lies near its path or below the claim, no higher than the
// step's higher end.
std::optional<float> MovementChecker::jump_ground(const AcceptedMovement& last, const Position& to,
                                                  const ClaimedMotion& motion, double dt) const {
  const float step = static_cast<float>(dt);
  if (auto ground = ground_jumped_from(*world_, settings_.body, last, to, leave_speed(last, motion), step,
                                       options_.height_slack))
    return ground;
  if (near_path(*world_, settings_.body, last.position, to) || stood_below(*world_, settings_.body, to, step))
    return std::max(last.position.frame.origin.z, to.frame.origin.z);
  return std::nullopt;
}

// Whether the probe below a claim finds walkable ground under it.
bool MovementChecker::lands_on_walkable(const Position& at) const {
  const AcceptedMovement probe = probe_below(*world_, settings_.body, at, options_.height_slack);
  return probe.supported && probe.on_walkable;
}

// The most its motion (and a jump) may leave walkable ground with, m/s.
float MovementChecker::leave_speed(const AcceptedMovement& last, const ClaimedMotion& motion) const {
  return departure_speed(settings_, state_velocities_, faster_motion_speed(ground_velocities_, last, motion), last,
                         motion) *
         (1.0f + options_.speed_margin);
}

// How much higher than the last claim (m, step-ups aside) a body off
// walkable ground may be without a jump, if that bounds it: retail moves a
// body by its motion only on walkable ground and leaves the ground at no
// speed upwards (MotionInterp.LeaveGround), so only a bounce lifts it (of
// the velocity the claims saw, or of the run it may have left the ground
// with), and what it lies in pushing it out; where its fall from the last
// claim lands on walkable ground, its motion (`rise`) climbs from there.
// One that ran on walkable ground climbed only ground near its path, if it
// `met` nothing (ground_climbed).
std::optional<float> MovementChecker::unpowered_lift(const AcceptedMovement& last, const ClaimedMotion& motion,
                                                     const AcceptedMovement& next, float dt, float rise,
                                                     bool met) const {
  const float from = last.position.frame.origin.z;
  if (motion.jumped || last.motion.jumped || walking(next) || next.position.frame.origin.z <= from)
    return std::nullopt;
  if (walking(last)) return met ? std::nullopt : ground_climbed(last, next.position);
  const float bounce = unpowered_bounce(last, motion) * dt;
  const auto stop =
      fall_stops_at(*world_, settings_.body, last.position, arc_at(from, std::min(0.0f, last.velocity_now.z), dt));
  if (!stop) return bounce;
  if (stop->landed) return std::max(bounce, stop->z - from + rise);
  return bounce + std::max(0.0f, stop->z - from);
}

// The fastest a bounce sends a body off walkable ground upwards (m/s): of
// the larger of the claims' average and the velocity carried, and the run
// it may have left the ground with.
float MovementChecker::unpowered_bounce(const AcceptedMovement& last, const ClaimedMotion& motion) const {
  const float run = faster_motion_speed(ground_velocities_, last, motion) * (1.0f + options_.speed_margin);
  const float across = std::max({length2d(last.velocity_now), length2d(last.velocity), run});
  return bounce_up_speed(across, std::max(last.velocity_now.z, last.velocity.z));
}

// Run off the walkable ground it was on, neither jumping nor meeting
// anything, a body is no higher than ground it climbed on the way (it
// leaves with no speed upwards), or a step up, or a lift out of a steep
// plane at the start of a frame (AdjustOffset: its first sphere's radius)
// above it: none above the last claim (m) if nothing lies near its path
// that far and the slack below the claim's height.
std::optional<float> MovementChecker::ground_climbed(const AcceptedMovement& last, const Position& to) const {
  const float z = to.frame.origin.z - std::max(step_up_reach(settings_.body), first_radius(settings_.body)) -
                  options_.height_slack;
  // near_path widens the body by kNearPath: its lowest point stays at z.
  const Position from = moved(last.position, {0.0f, 0.0f, z + kNearPath - last.position.frame.origin.z});
  const Position there = moved(to, {0.0f, 0.0f, z + kNearPath - to.frame.origin.z});
  if (z <= last.position.frame.origin.z || !world_->point_in_cell(from.objcell_id, from.frame.origin) ||
      !world_->point_in_cell(there.objcell_id, there.frame.origin) ||
      near_path(*world_, settings_.body, from, there))
    return std::nullopt;
  return 0.0f;
}

// The state after a claim a replay explained: where the replay says it is
// going, its arc starting again at the claim.
ClaimCheck MovementChecker::accept_replayed(const AcceptedMovement& last, const MovementClaim& claim,
                                            const ClaimedMotion& motion, const std::optional<float>& jumped_from,
                                            const std::optional<float>& budget_left, const ReplayEnd& end) const {
  ClaimCheck c;
  AcceptedMovement& next = c.next;
  next = last;
  const float dt = static_cast<float>(claim.t - last.t);
  next.t = claim.t;
  next.position = claim.position;
  next.motion = motion;
  next.velocity = get_offset(last.position, claim.position) / dt;
  next.velocity_now = end.velocity;
  next.velocity_other.reset();
  next.physics_pending = end.pending;
  // The replay explains this step's travel, not what earlier claims had
  // already gone beyond their budget (within its slack); a flight on its
  // arc within the budget leaves what it left, the lag of the client's
  // physics the next claim may make up (a human flying at 17.6 m/s, its
  // claims 0.56 m behind, caught up and was rejected).
  next.budget = std::max(budget_left.value_or(-kUncapped), std::min(0.0f, last.budget));
  next.supported = end.contact;
  next.on_walkable = end.on_walkable;
  next.contact_plane = end.contact_plane;
  // A claim above the ground the replay ended on by more than the probe's
  // slack and its first sphere's radius (which an edge it rests on may
  // hold it by) is in the air there (a human bobbing 0.6 m up every other
  // claim over a hill was taken to stand there, and the replay after ran
  // off that ground with its run's departure).
  const auto in_the_air = [&next] {
    next.supported = next.on_walkable = false;
    next.contact_plane.reset();
  };
  if (next.supported && gap_above_support(next) > std::max(options_.height_slack, first_radius(settings_.body)))
    in_the_air();
  const bool on_the_replays_ground = next.supported;
  if (!next.supported) support_below(*world_, settings_.body, claim.position, options_.height_slack, next);
  // Its energy is the replay's, on the ground it ended on; but a claim the
  // probe below finds nothing under is in the air for the claims after (a
  // replay 0.83 m off ended on a slope while its client's body flew on,
  // and the claim after was held to that ground). Ground the probe found
  // needs no second look.
  const AcceptedMovement as_replayed = next;
  if (on_the_replays_ground &&
      !probe_below(*world_, settings_.body, claim.position, options_.height_slack).supported)
    in_the_air();
  keep_jump(last, end.contact, next);
  const StepBounds bounds = bounds_of(last, motion, claim.position);
  const float friction_dt = friction_seconds(settings_.body, bounds.energy, claim.position, dt);
  // What the physics lifted it by (out of a steep plane, from between two
  // slopes) is height no speed paid for. The replay's gain holds what a
  // jump in it gave, which its departure counts too: the one or the other
  // (both let a hack 50 % over that hopped every 0.3 s fly at 15 m/s).
  StepEnergy stayed = bounds.energy;
  stayed.may_leave = false;
  stayed.departed = stayed.left = stayed.carried;
  StepEnergy replayed = replayed_energy(bounds.energy, last, as_replayed, end);
  if (stepped_off_another(last, as_replayed)) replayed.leave();
  next.energy_z = std::max(
      energy_after_step(replayed, last, as_replayed, friction_dt, end.contact),
      energy_after_step(stayed, last, as_replayed, friction_dt, end.contact) + std::max(0.0f, end.energy_gain));
  keep_glide(bounds, end.contact ? friction_dt : 0.0f, next);
  // The replay's own speed across, if it met something that turned it.
  const float jump_up = reported_jump_up(settings_, last);
  next.air_across = next.supported ? kUncapped
                                   : std::max(air_across_after(state_velocities_, last, motion, bounds.energy,
                                                               claim.position, claim.t, jump_up),
                                              length2d(end.velocity));
  reanchor(last, motion, jumped_from, next);
  if (!(walking(last) && end.contact && end.on_walkable)) next.unsteady_t = claim.t;
  next.free_flight = false;
  next.met_character = false;
  next.held_in_air = false;
  next.turned = false;  // the replay's own velocity
  next.turned_speed = 0.0f;
  next.air_t = claim.t;
  next.air_z = claim.position.frame.origin.z;
  // No slower upwards than the claims show: a replay near enough may end
  // with little of a bounce's speed (a body bouncing up a steep slope). One
  // that met nothing is on its arc: claims that hover show no fall.
  next.air_vz = end.met ? std::max(end.velocity.z, next.velocity.z) : end.velocity.z;
  // But no faster than its energy leaves it here (a large body put 0.53 m
  // up a steep slope in a 0.03 s frame as it fell at 11 m/s did not rise on
  // at the 18.6 m/s its claims showed).
  next.air_vz = std::min(next.air_vz, speed_at(next.energy_z, next.air_z));
  // The replay put it here, rising so: the ground its height bounds count
  // from lifts it no less (a body bouncing off a slope above the last
  // ground it walked on). Not the claims' average: a body put down 1 m
  // higher in one 0.02 s frame did not leave at 50 m/s.
  const float rising = std::max(0.0f, end.velocity.z);
  if (arc_top(next.anchor_z, next.anchor_speed) < arc_top(next.air_z, rising)) {
    next.anchor_z = next.air_z;
    next.anchor_speed = rising;
  }
  return c;
}

ClaimCheck MovementChecker::check_bounds(const AcceptedMovement& last, const MovementClaim& claim,
                                         const ClaimedMotion& motion, const MotionChange* start,
                                         const std::optional<float>& jumped_from, bool& unexplained,
                                         std::optional<float>& budget_left) const {
  const World& world = *world_;
  const Position& to = claim.position;
  const float dt = static_cast<float>(claim.t - last.t);

  if (auto ground = terrain_height(world, to); ground && to.frame.origin.z < *ground - options_.below_terrain)
    return reject(ClaimVerdict::UnderTerrain,
                  fmt::format("{} is {:.2f} m under the terrain", where(to), *ground - to.frame.origin.z), last,
                  last.position, claim.t);

  // Horizontal travel: a budget that grows at the fastest legal speed.
  const Vec3 step = get_offset(last.position, to);
  if (glm::length(step) > kFarthestClaim)
    return reject(ClaimVerdict::TooFast,
                  fmt::format("{:.0f} m from the last accepted position, more than {:.0f} m: a move that far "
                              "is a teleport (start the character there instead)",
                              glm::length(step), kFarthestClaim),
                  last, last.position, claim.t);
  const StepBounds bounds = bounds_of(last, motion, to);
  // Nothing lifts it faster than all of its speed turned upwards, over the
  // step and a late claim's burst, and a step up (a ball that struck a
  // steep slope at 18 m/s was claimed 5 m up it 0.05 s later); another
  // character beside it may push it with speed no energy shows.
  if (!beside_character_) {
    const float up_speed = bounds.energy_cap * (1.0f + options_.speed_margin);
    const float highest = last.position.frame.origin.z + up_speed * (dt + options_.burst_seconds) +
                          step_up_reach(settings_.body) + options_.height_slack;
    if (to.frame.origin.z > highest)
      return reject(ClaimVerdict::Flying,
                    fmt::format("{} is {:.2f} m above {} after {:.3f} s; all of its speed upwards ({:.2f} m/s) "
                                "and a step up lift it at most {:.2f} m",
                                where(to), to.frame.origin.z - last.position.frame.origin.z, where(last.position), dt,
                                up_speed, highest - last.position.frame.origin.z),
                    last, last.position, claim.t);
  }
  // In the air, claims whose velocity across changed show that something
  // turned it; while it has not, it flies across as it did, and gravity
  // speeds it up only downwards.
  const bool turned = turned_in_air(world, settings_.body, last, to, dt);
  const bool on_its_arc = !last.supported && std::isfinite(last.air_across) && !turned;
  const float cap = turned ? bounds.energy_cap : bounds.cap;
  float ground_speed = top_speed(ground_velocities_, state_velocities_, last, motion, cap);
  // Off walkable ground, a slope or what it met may have turned all of the
  // speed its last step shows across (a body falling at 31 m/s onto steep
  // slopes ran on across them at 18 m/s).
  const float unturned_speed = ground_speed;
  if (!walking(last)) ground_speed = std::max(ground_speed, std::min(glm::length(last.velocity), cap));
  // On walkable ground its motion moves it beside its own velocity: until
  // friction has taken the velocity it landed with, both (a runner landing
  // at 18 m/s ran on 26 m/s for a frame), no faster than physics allows.
  if (walking(last) && !last.motion.jumped && !motion.jumped && claim.t - last.unsteady_t <= kMomentumSeconds) {
    const float run = faster_motion_speed(ground_velocities_, last, motion);
    const float carried = std::max(length2d(last.velocity_now), slid_off_landing(last));
    ground_speed = std::max(ground_speed, std::min(run + carried, cap));
  }
  // Gravity may speed it up along a slope (one too steep, or met in
  // between), no faster than its energy allows.
  const auto budget_at = [&](float top, bool arc) {
    const float speed = top * (1.0f + options_.speed_margin);
    const float allowance =
        speed * dt + (arc ? 0.0f : std::min(0.5f * kG * dt * dt, std::max(0.0f, bounds.fall_cap - speed) * dt));
    return std::min(last.budget + allowance, speed * options_.burst_seconds + allowance) - length2d(step);
  };
  float budget = budget_at(ground_speed, on_its_arc);
  // On its arc, where its speed across is what it left the ground with,
  // the client's physics may lag its claim by up to retail's least quantum
  // (a frame shorter than it moves nothing): the distance that lag takes,
  // once, and the lag carried in the budget to the next claim.
  const auto slack_at = [&](float top) {
    return on_its_arc ? std::max(options_.distance_slack, top * (1.0f + options_.speed_margin) * kMinQuantum)
                      : options_.distance_slack;
  };
  // In the air, only once its arc may have met something: where the step
  // needs that turned speed, what of the step it flew free moves it no
  // faster than before (a ball falling at 30 m/s 3 m above the ground
  // cannot go 10 m across in 0.23 s).
  if (!last.supported && ground_speed > unturned_speed && budget >= -slack_at(ground_speed) &&
      budget_at(unturned_speed, on_its_arc) < -slack_at(unturned_speed)) {
    const float free = free_fraction(world, settings_.body, last, dt);
    ground_speed -= (ground_speed - unturned_speed) * free;
    budget = budget_at(ground_speed, on_its_arc);
  }
  // Landed on walkable ground since it was in the air, its motion moves it
  // beside the velocity it landed with (a runner landing at 12.7 m/s ran on
  // at 22 m/s for a frame), no faster than its energy allows.
  bool landed = false;
  if (budget < -slack_at(ground_speed) && !last.supported && !motion.jumped && lands_on_walkable(to)) {
    landed = true;
    const float run = faster_motion_speed(ground_velocities_, last, motion);
    const float landed_with = std::max(length2d(last.velocity_now), length2d(last.velocity));
    ground_speed = std::max(ground_speed, std::min(run + landed_with, bounds.energy_cap));
    budget = budget_at(ground_speed, false);
  }
  const float speed = ground_speed * (1.0f + options_.speed_margin);
  const float slack = slack_at(ground_speed);
  if (budget < -slack) {
    // Held to the speed across it left the ground with, not its energy's,
    // and faster on this step.
    unexplained = on_its_arc && !landed && bounds.cap < bounds.energy_cap &&
                  length2d(step) > bounds.cap * (1.0f + options_.speed_margin) * dt;
    return reject(ClaimVerdict::TooFast,
                  fmt::format("{:.2f} m in {:.3f} s; at most {:.2f} m (speed {:.2f} m/s)", length2d(step), dt,
                              length2d(step) + budget + slack, speed),
                  last, last.position, claim.t);
  }
  if (on_its_arc) budget_left = std::min(budget, slack);

  // With its controls known change by change: no farther toward the claim
  // than they, its momentum and a slope carry it that way (a runner does
  // not end up behind itself).
  std::optional<ControlBounds> controls;
  if (start) {
    controls.emplace(settings_, ground_velocities_, options_, last, claim, *start);
    const std::optional<HeldMotion> held =
        held_motion(ground_velocities_, settings_.body.scale, last, claim, options_.change_jitter);
    if (auto beyond = beyond_reach(world, settings_.body, *controls, ground_velocities_, state_velocities_, last,
                                   step, dt, options_, bounds.energy_cap, held))
      return reject(ClaimVerdict::TooFast, *beyond, last, last.position, claim.t);
  }

  // The path: retail's transition from the last position must reach the
  // claim (a claim where the last one was needs none: retail may hold a
  // body where no transition from it succeeds).
  const bool still = glm::length(step) < kSamePlace;
  Reach reach = Paths(world, settings_.body, last, to, options_.reach_tolerance, without_characters_).find();
  if (!reach.reached && still) {
    reach.reached = true;
    reach.result = ac::AcMoveResult{};
    reach.result.ok = true;
    reach.result.position = to;
    reach.result.contact = last.supported && last.contact_plane.has_value();
    reach.result.on_walkable = reach.result.contact && last.on_walkable;
    reach.result.contact_plane = last.contact_plane;
  }
  if (!reach.reached) {
    const Position& end = reach.result.ok ? reach.result.position : last.position;
    if (!is_outdoor(to.objcell_id) && end.objcell_id != to.objcell_id)
      return reject(ClaimVerdict::UnreachableCell,
                    fmt::format("the path from {} ends at {}, not in 0x{:08X}", where(last.position), where(end),
                                to.objcell_id),
                    last, end, claim.t);
    return reject(ClaimVerdict::ThroughWall,
                  fmt::format("the path from {} stops at {}, {:.2f} m short of {}", where(last.position), where(end),
                              glm::length(get_offset(end, to)), where(to)),
                  last, end, claim.t);
  }

  ClaimCheck c;
  AcceptedMovement& next = c.next;
  next = last;
  next.t = claim.t;
  next.position = to;
  next.motion = motion;
  next.velocity = next.velocity_now = step / dt;
  next.budget = budget;
  next.physics_pending = 0.0;
  next.supported = reach.result.contact;
  next.on_walkable = reach.result.on_walkable;
  next.contact_plane = reach.result.contact_plane;
  if (!next.supported) support_below(world, settings_.body, to, options_.height_slack, next);
  const bool falls = (settings_.body.flags & kFlagGravity) != 0;
  // Still in the air, it is where retail left it only if something holds it
  // there (or held it when it stopped, or it has just left its support);
  // otherwise it is on its arc.
  next.hanging = still && !next.supported && falls &&
                 (last.hanging || last.held_in_air || last.supported ||
                  held_in_place(world, settings_.body, last, to, dt, bounds.energy_cap));
  const bool stayed = still && (next.supported || !falls || next.hanging || claim.t - last.left_t <= kRestLag);
  keep_jump(last, reach.result.contact && !stayed, next);
  // Friction takes its share only where the path ends touching the ground
  // (a body just above it, which the probe below calls supported, glides),
  // and not from a velocity a replay carried off the plane it touched; the
  // claims' average is the client's to choose (a hack bobbing above the
  // ground every other claim made it leave the plane, and friction never
  // took the run it stopped).
  const bool frictional = reach.result.contact && (last.velocity_now == last.velocity ||
                                                   !leaves_plane(last.velocity_now, last.contact_plane));
  // From above walkable ground (past kOnPlane: in the air), onto it or
  // skimming it, it touched it only for as long as its motion moved it too
  // (a large body off a crest, landing 0.4 s later, was taken to have felt
  // friction all the way; a hack claiming each position a little higher
  // over a hill, reporting a walk every other claim, ran at double speed on
  // a departure friction never took).
  const bool from_above = walking(last) && gap_above_support(last) >= kOnPlane;
  const bool skims = from_above && !reach.result.contact && walking(next) &&
                     !leaves_plane(last.velocity_now, last.contact_plane);
  const float touching =
      from_above ? least_touching_seconds(last, to, dt, faster_motion_speed(ground_velocities_, last, motion),
                                          std::max(bounds.energy.carried, bounds.glide_z))
                 : dt;
  const float friction_dt = frictional || skims ? friction_seconds(settings_.body, bounds.energy, to, touching) : 0.0f;
  // In the air after walkable ground, no higher than it was, it ran off an
  // edge or a crest; beside another character, it may have stepped up onto
  // the other and run off it. Either way it left the ground with its
  // motion's velocity, which the climb that explains the claim does not
  // give it (a runner 0.69 m up off another at 9.5 m/s was kept to the
  // energy it had on the ground, and friction took its run; a ball off a
  // crest at 18 m/s was held to 9.3 m/s across in the air).
  StepEnergy energy = bounds.energy;
  if (ran_off_ground(last, next) || stepped_off_another(last, next) ||
      lifted_off_ground(last, next, step_up_reach(settings_.body) + options_.height_slack))
    energy.leave();
  next.energy_z = energy_after_step(energy, last, next, friction_dt, reach.result.contact);
  // Over a crest up a steep slope, its motion bounced it off the next plane:
  // it glides on with that, which friction does not take.
  if (const std::optional<Vec3> glide = motion_crest_bounce(energy, last, next)) {
    next.velocity_now = *glide;
    next.unsteady_t = claim.t;
  }
  // Held still off walkable ground past the sub-step cap, retail refuses
  // its moves but integrates its velocity: it falls faster and faster where
  // it is (a ball held on a steep slope left it at 19 m/s, 6 m below where
  // it fell from at rest).
  const float radius = first_radius(settings_.body);
  const float energy_speed = speed_at(bounds.energy.carried, to.frame.origin.z);
  if (still && falls && !(next.supported && next.on_walkable) && past_step_cap(energy_speed, radius)) {
    next.velocity_now = last.velocity_now - Vec3(0.0f, 0.0f, kG * dt);
    next.energy_z = std::max(next.energy_z, energy_height(to.frame.origin.z, glm::length(next.velocity_now)));
  } else if (still && falls && past_step_cap(std::max(glm::length(last.velocity_now), energy_speed), radius)) {
    // Held by the sub-step cap where the probe finds walkable ground (it
    // may be just above it), it keeps the velocity it was held with: a
    // ball held at 18 m/s moved on 1.6 m in 0.26 s. The claims may show it
    // slower than it was held (rolling at 2.3 m/s while it fell at 7 to 13).
    next.velocity_now = last.velocity_now;
  }
  keep_glide(bounds, friction_dt, next);
  reanchor(last, motion, jumped_from, next);
  // In the air. A slope or ledge met since the last claim (or a jump, or
  // the ground it stood on then) may have sent it upwards with all of its
  // speed; otherwise it is on the arc it was on, and from here on it is.
  const ac::AcMoveResult& m = reach.result;
  bool met = m.collision_normal || m.contact || !m.collided_object_ids.empty();
  bool fresh = last.supported || met || motion.jumped || last.motion.jumped;
  const float arc_now = arc_height(last, claim.t);
  const float arc_vz = arc_speed(last, claim.t);
  // The highest it may be on that arc: from where it is, rising no faster
  // than its last step did (in the air all the way) or than its arc (held
  // part of the way, a body too small for its speed lags the arc, and its
  // step's average is no bound).
  const float on_arc_ceiling = [&] {
    const float arc_then = arc_speed(last, last.t);
    const bool steps_freely =
        last.free_flight && !past_step_cap(length2d(length2d(last.velocity), arc_then), radius);
    const float up = steps_freely ? last.velocity.z : arc_then;
    // Either may lag by the fall slack: a step held for part of its time
    // averages less than its velocity (a ball's claims rose 0.70 m in 0.12 s
    // as it rose at 7.5 to 6.5 m/s), and a slope met next may turn it up.
    const float lag = options_.fall_slack_per_second * dt;
    // Retail runs no quantum shorter than its least: the arc's time may lag
    // by that much (a fall at 25 m/s, 0.55 m behind).
    const float lagging_arc = std::max(arc_now, arc_height(last, std::max(last.air_t, claim.t - kMinQuantum)));
    return std::min(lagging_arc + options_.fall_slack_per_second * static_cast<float>(claim.t - last.air_t),
                    arc_at(last.position.frame.origin.z, std::max(0.0f, up), dt) + lag);
  }();
  // What its own motion may send it upwards with; momentum turned upwards
  // (a slide down one slope up another) is left to the replay.
  const float launch = leave_speed(last, motion);
  // How high its motion may lift it: all of it upwards; with its controls
  // known, only what of their path the claim's horizontal travel leaves
  // (a runner that went its whole way across rose by no slope).
  // Horizontal travel not its controls' own: what a late claim may have
  // left over, and a momentum that may have been turned.
  const bool steady = last.supported && last.on_walkable && !last.turned;
  const float carried = std::clamp(last.budget, 0.0f, launch * options_.burst_seconds) +
                        (steady ? 0.0f
                                : std::min(std::max(length2d(last.velocity_now), length2d(last.velocity)),
                                           bounds.energy_cap) *
                                      dt);
  const float rise = controls ? std::min(launch * dt, controls->rise(length2d(step), carried)) : launch * dt;
  // Something it fell onto since, as deep as its fall may have taken it,
  // may have stopped or turned it: no higher than where it met it, or than
  // its motion climbs walkable ground from there over the claim's travel (a
  // runner landed on the edge of a ledge beside where the probe straight
  // down landed, 1.1 m higher, and ran off it), or, off walkable ground (a
  // steep slope, an object), than a step up above that (a large body
  // falling onto a steep slope was put back up 0.4 m above where it had
  // been, its velocity still downwards).
  const float deepest =
      std::min(arc_now, arc_at(last.position.frame.origin.z, std::min(0.0f, last.velocity_now.z), dt));
  const auto fell_onto_something = [&] {
    const auto stop = fall_stops_at(world, settings_.body, last.position, deepest);
    if (!stop) return false;
    const float climbed = std::min(rise, kClimbPerMetre * length2d(step));
    float top = stop->landed ? stop->z + climbed : stop->z + step_up_reach(settings_.body);
    // Or where the fall first met a steep slope that the probe slid down,
    // when the deepest it may fall ends not far below that (a fall that
    // went on further slid on down too; and a claim 6 m above it would pass
    // there).
    // (Above the probe's stop, which the window must reach for a search.)
    if (stop->z < deepest + kSlideWindow)
      if (const auto first = slid_from_z(world, settings_.body, last.position, deepest, stop->z);
          first && deepest >= *first - kSlideWindow)
        top = std::max(top, *first + step_up_reach(settings_.body));
    return to.frame.origin.z <= top + options_.height_slack;
  };
  // Only a claim above its arc pays for looking below it (what slowed it
  // beside its path is left to the replay).
  if (!next.supported && !stayed && falls && !fresh &&
      to.frame.origin.z > std::min(arc_now, on_arc_ceiling + options_.height_slack) && fell_onto_something())
    met = fresh = true;
  if (next.supported || fresh) next.left_t = claim.t;
  // A body too small for its speed is held where it is whenever a quantum's
  // move needs more than retail's 30 sub-steps: it may be anywhere between
  // the last claim and the arc, and falls on from where it is.
  // Falling straight down, its arc bounds its speed: no tenth to spare.
  const bool straight_down = length2d(last.velocity) == 0.0f && length2d(last.velocity_now) == 0.0f;
  const float held_speed = length2d(length2d(next.velocity), arc_vz);
  const bool capped = straight_down ? beyond_step_cap(held_speed, radius) : past_step_cap(held_speed, radius);
  // Unturned (its claims show nothing met), only from where its fall
  // reached the cap's speed (highest_capped_hold): a ball that landed,
  // slid 7.6 m down a slope and left it, its claims showing none of it,
  // may be anywhere below the last claim.
  const auto capped_top = [&] {
    return highest_capped_hold(last, length2d(next.velocity), step_cap_speed(radius, straight_down));
  };
  // Or another character beside it holds it where it is now, no higher
  // than it was: retail refuses its moves there as it falls on.
  const bool held_by_another =
      beside_character_ && to.frame.origin.z <= last.position.frame.origin.z + options_.height_slack;
  const bool held = !fresh && falls && !next.supported && (capped || held_by_another) && to.frame.origin.z > arc_now;
  // Another character met on its way may have bounced it up off its
  // spheres, as a slope does (a body flying at 9.5 m/s struck another and
  // rose at 2.0 m/s, where its arc had it rise at 0.7): as high as the
  // velocity it carried lifts it within the step, and from there as high as
  // such a bounce of that velocity sends it within the step, within its
  // energy.
  const bool bounced = beside_character_ && falls && !next.supported && !fresh && !held && !stayed;
  const float from_z = last.position.frame.origin.z;
  const float bounce_up = bounced ? std::min(bounce_up_speed(length2d(last.velocity_now), last.velocity_now.z),
                                             speed_at(bounds.energy.carried, std::min(from_z, to.frame.origin.z)))
                                  : 0.0f;
  const float bounced_ceiling =
      bounced ? std::max(on_arc_ceiling, rise_within(from_z, last.velocity_now.z, dt) +
                                             rise_within(0.0f, bounce_up, dt))
              : on_arc_ceiling;
  // Or it was held at the last claim and let go since (the other moved
  // away): held part of the step, it fell on from there, where its arc does
  // not reach (a body that fell onto another at 23 m/s was held 0.2 s, and
  // fell from rest after it; a claim its arc allows keeps the arc).
  const bool let_go = !fresh && falls && !next.supported && !held && !stayed && last.held_in_air &&
                      to.frame.origin.z > bounced_ceiling + options_.height_slack;
  // Pressed against a steep slope or a wall, nothing held it up (a hover
  // there claimed the height it had fallen from at 27 m/s); what turned it,
  // or another character near its way, is left to the replay.
  const float step_reach = step_up_reach(settings_.body) + options_.height_slack;
  if (falls && !walking(next) && !stayed && !motion.jumped && !capped && !near_character_)
    if (const auto floor = steep_fall_floor(last, dt, step_reach, radius,
                                            speed_at(bounds.energy.carried, last.position.frame.origin.z));
        floor && to.frame.origin.z > *floor + step_reach)
      return reject(ClaimVerdict::Flying,
                    fmt::format("{} is {:.2f} m above where its fall takes it after {:.3f} s, with no walkable "
                                "ground under it",
                                where(to), to.frame.origin.z - *floor, dt),
                    last, last.position, claim.t);
  // Off walkable ground, without a jump, a bounce lifts it, not its motion.
  const std::optional<float> lift = unpowered_lift(last, motion, next, dt, rise, met);
  const float lifted = lift ? std::min(rise, *lift) : rise;
  // Retail steps up onto what it walks into; falling in the air at the
  // last claim, only once it has landed on walkable ground its fall
  // reaches (a body falling at 16 m/s past a steep face was claimed 2.9 m
  // above the last claim, a step up above it).
  const bool falling_in_air =
      !last.supported && arc_speed(last, last.t) < 0.0f && last.velocity_now.z < 0.0f && !motion.jumped;
  // (Only a claim in the air pays for the probe, where the ceiling needs it.)
  const auto step_up_top = [&] {
    if (!met) return from_z;
    if (!falling_in_air) return from_z + step_up_reach(settings_.body);
    const auto stop = fall_stops_at(world, settings_.body, last.position, deepest);
    return stop && stop->landed ? std::max(from_z, stop->z + step_up_reach(settings_.body)) : from_z;
  };
  // Up onto something through the air: no higher than a jump or its motion
  // turned upwards lifts it, and a step up.
  if (reach.through_air && falls && to.frame.origin.z > last.position.frame.origin.z) {
    const float highest = last.position.frame.origin.z + step_up_reach(settings_.body) + lifted +
                          options_.height_slack;
    if (to.frame.origin.z > highest)
      return reject(ClaimVerdict::Flying,
                    fmt::format("{} is {:.2f} m above {} after {:.3f} s, higher than a jump or a step lifts it",
                                where(to), to.frame.origin.z - last.position.frame.origin.z, where(last.position), dt),
                    last, last.position, claim.t);
  }
  // With its controls known, up along the ground too: no more than walkable
  // ground climbs over the path they drive it (a late claim's burst
  // included), or than a jump or its run turned upwards lifts it, and a
  // step up. Momentum turned upwards is left to the replay, as in the air.
  if (controls && next.supported && falls && !stayed) {
    // And over the path its carried velocity drives it, until friction has
    // taken it: no gravity slows a body on walkable ground (one that landed
    // at 17 m/s slid on 3.6 m, its controls stopped, 0.37 m up the ground).
    const float momentum = walking(last) && claim.t - last.unsteady_t <= kMomentumSeconds
                               ? std::min(length2d(last.velocity_now), bounds.energy_cap) * dt
                               : 0.0f;
    const float climb = kClimbPerMetre * (controls->path() + momentum + launch * options_.burst_seconds);
    // In the air at the last claim, the arc it was rising on lifts it too
    // (a large body rising at 4.6 m/s landed 1.15 m higher on a ledge 0.52
    // s later).
    const float arc_rise = last.supported ? 0.0f : rise_within(0.0f, arc_speed(last, last.t), dt);
    const float highest = last.position.frame.origin.z + step_up_reach(settings_.body) +
                          std::max(std::min(std::max(climb, rise), lift.value_or(kUncapped)), arc_rise) +
                          options_.height_slack;
    if (to.frame.origin.z > highest)
      return reject(ClaimVerdict::Flying,
                    fmt::format("{} is {:.2f} m above {} after {:.3f} s, higher than its controls climb or lift it",
                                where(to), to.frame.origin.z - last.position.frame.origin.z, where(last.position), dt),
                    last, last.position, claim.t);
  }
  next.free_flight = !next.supported && !fresh && !stayed && !bounced;
  next.met_character = bounced;
  // Another character it met on its way may hold it where it is now,
  // whether it rose or fell there, if it stopped short of where its
  // velocity would have flown it (a jump into another stopped dead in a
  // stationary fall, where it hung on after the other had gone; not a fall
  // that went on past a ball above it).
  const auto stopped_short = [&] {
    const Vec3 flown = last.velocity_now * dt - Vec3(0.0f, 0.0f, 0.5f * kG * dt * dt);
    return glm::length(step) + options_.height_slack < glm::length(flown);
  };
  // (Past the sub-step cap it is held anew at each claim, its velocity
  // kept; another character's hold is a stationary fall, which stops it.)
  next.held_in_air = (held && !capped) || (beside_character_ && falls && !next.supported && stopped_short());
  next.air_across = next.supported || met || turned
                        ? kUncapped
                        : air_across_after(state_velocities_, last, motion, bounds.energy, to, claim.t,
                                           reported_jump_up(settings_, last));
  next.turned = !last.supported || !last.on_walkable || stayed || m.collision_normal.has_value() ||
                !m.collided_object_ids.empty();
  next.turned_speed = next.turned ? turned_speed(last, next, m, stayed) : 0.0f;
  if (next.free_flight) next.velocity_now.z -= 0.5f * kG * dt;
  if (!next.supported && fresh) {
    // The arc from here: its height now, all of its speed upwards; off
    // walkable ground without a jump, what a bounce sends upwards.
    next.air_t = claim.t;
    next.air_z = to.frame.origin.z;
    const bool jumped = motion.jumped || last.motion.jumped;
    next.air_vz = !jumped && !walking(last) ? std::min(launch, unpowered_bounce(last, motion))
                  : !jumped && !met         ? std::max(launch * rise_share(last.contact_plane, next.contact_plane),
                                                       own_rise(last, bounds.energy))
                                            : launch;
    // A jump the last claim reported in the air had left the ground by
    // then, and its arc started there: it rises no faster than that arc
    // now (a runner's arc started again 0.54 s after its jump, all of its
    // speed upwards, let a claim 6 m up pass 0.25 s later).
    if (!met && !motion.jumped && last.motion.jumped && !last.supported)
      next.air_vz = std::min(next.air_vz, std::max(0.0f, arc_vz));
  } else if (bounced && !let_go && arc_vz >= -bounce_up) {
    // Its arc may start again here, rising as fast as the bounce sent it;
    // not for a fall faster than a bounce turns up (a body falling straight
    // down at 27 m/s beside another, started again rising, could claim 6 m
    // up a second later).
    next.air_t = claim.t;
    next.air_z = to.frame.origin.z;
    next.air_vz = std::max(arc_vz, bounce_up);
  } else if (!next.supported && (stayed || held || let_go)) {
    // Held where it was (its fall not begun, or stopped): it falls from here;
    // retail integrates the velocity of a body whose move it refuses, so
    // one held past the sub-step cap keeps the speed of its fall, and one
    // held against a wall on its way up may rise on; one let go part way
    // through the step may have been stopped where it was held (retail
    // zeroes a stationary fall's velocity) and fell from rest there, no
    // faster than that drop gives.
    next.air_t = claim.t;
    next.air_z = to.frame.origin.z;
    const float from_rest = -std::sqrt(2.0f * kG * std::max(0.0f, last.position.frame.origin.z - to.frame.origin.z));
    next.air_vz = held     ? std::min(0.0f, arc_vz)
                  : let_go ? std::max(std::min(0.0f, arc_vz), from_rest)
                           : std::max(0.0f, arc_vz);
  }
  // A body that did not move at all is where retail left it: stuck in a fall
  // (a move past the sub-step cap, the edge of the loaded world) or holding
  // still; one without gravity floats.
  if (!next.supported && !stayed && falls) {
    float ceiling = fresh    ? step_up_top() + lifted
                    : held   ? std::max(arc_now, held_by_another || turned
                                                         ? last.position.frame.origin.z
                                                         : std::min(last.position.frame.origin.z, capped_top()))
                    : let_go ? std::max(bounced_ceiling, last.position.frame.origin.z)
                             : bounced_ceiling;
    ceiling = std::min(ceiling, arc_top(next.anchor_z, next.anchor_speed)) +
              options_.height_slack;
    // A replay from where it was is no bound on a body that has not moved
    // (retail moves none in a frame shorter than its least quantum): claim
    // after claim, it would hold a hover up.
    unexplained = still && to.frame.origin.z > ceiling;
    if (to.frame.origin.z > ceiling)
      return reject(ClaimVerdict::Flying,
                    fmt::format("{} is in the air {:.2f} m above the highest it can be ({:.2f} s after "
                                "{} at z {:.2f})",
                                where(to), to.frame.origin.z - ceiling + options_.height_slack,
                                fresh ? dt : claim.t - last.air_t, fresh ? "the last claim" : "leaving its support",
                                fresh ? last.position.frame.origin.z : last.air_z),
                    last, last.position, claim.t);
  }
  // In the air it falls at least as fast as its arc: a replay from here
  // starts no slower (claims that hover report no fall of their own).
  if (!next.supported && falls)
    next.velocity_now.z = std::min(next.velocity_now.z, arc_speed(next, claim.t));
  return c;
}

void check_claims(const MovementChecker& checker, std::span<const AcceptedMovement> last,
                  std::span<const MovementClaim> claims, std::span<ClaimCheck> out, ParallelFor* pool) {
  const std::size_t n = std::min({last.size(), claims.size(), out.size()});
  for_each_index(pool, n, [&](std::size_t i) { out[i] = checker.check(last[i], claims[i]); });
}

}  // namespace transit
