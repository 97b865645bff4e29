#include "server/claim_replay.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "server/claim_energy.hpp"
#include "server/plane_motion.hpp"
#include "transit/math/constants.hpp"
#include "transit/motion/body_update.hpp"
#include "transit/motion/motion_interpreter.hpp"
#include "transit/sim/sim_character.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

// A replay this near the claim (metres) is taken without trying the rest.
constexpr float kCloseEnough = 0.05f;
// Beyond this (metres) from the claim, a replay spends the tolerance the
// claims after may need: the guesses of a hidden state that may come
// nearer (a landing's bounce, a jump that is over) are tried too, and the
// nearer kept (a ball that bounced and ran on was explained 1.7 m off).
constexpr float kWorthAnotherGuess = 0.25f;
// Metres of energy height (claim_energy.hpp) a flight that met nothing may
// gain or lose to rounding.
constexpr float kSameEnergy = 0.01f;
// Metres from a replay's end within which a claim may be reached from the
// claim's side: retail leaves a body a little way into what it met (a
// sphere 0.135 m into a wall beside a doorway).
constexpr float kLeftInsideReach = 0.25f;

// The velocity a bounce off a sphere whose normal leans toward `way`
// leaves a body moving at `velocity` with: the lean (whole degrees, up to
// 80) that flies it nearest `way`'s end in `rest` seconds, gravity and
// all; none if it meets no such sphere.
std::optional<Vec3> bounce_toward(const Vec3& velocity, const Vec3& way, float rest, bool may_rise) {
  const float across = length2d(way);
  if (across <= 0.0f || rest <= 0.0f) return std::nullopt;
  std::optional<Vec3> best;
  float best_miss = 0.0f;
  for (int deg = 0; deg <= 80; ++deg) {
    const float lean = glm::radians(static_cast<float>(deg));
    const Vec3 n(way.x / across * std::sin(lean), way.y / across * std::sin(lean), std::cos(lean));
    const float into = glm::dot(velocity, n);
    if (into >= 0.0f) continue;
    const Vec3 v = velocity - n * ((1.0f + kDefaultElasticity) * into);
    if (!may_rise && v.z > 0.0f) continue;
    const Vec3 flown(v.x * rest, v.y * rest, v.z * rest - 0.5f * kG * rest * rest);
    const float miss = glm::length(flown - way);
    if (!best || miss < best_miss) {
      best = v;
      best_miss = miss;
    }
  }
  return best;
}

// Degrees from `from` to `to` the shorter way round, clockwise positive.
float turn_between(float from, float to) {
  float d = std::fmod(to - from, 360.0f);
  if (d > 180.0f) d -= 360.0f;
  if (d < -180.0f) d += 360.0f;
  return d;
}

// Outdoors the position picks the cell: a transition that stops a hair
// across a landblock's edge from the claim is in the next landblock's cell.
bool same_cell_or_outdoors(CellId a, CellId b) { return a == b || (is_outdoor(a) && is_outdoor(b)); }

// One way the client may have got from the last claim to this one.
struct ControlPath {
  const ClaimedMotion* motion;
  Vec3 velocity;  // at the last claim
  int frames;
  int jump_eighths;  // a claimed jump starts this many eighths of the time in; -1: none
  // The heading's turn: evenly over the frames (0), all in the first half
  // (1) or all in the second (2).
  int turn_half;
};

// Metres above its support plane a body may be in the air.
constexpr float kAboveTheGround = 0.02f;

// A hidden state at the last claim that a pass of runs assumes (a claim
// carries none of them): the default is what the probe found.
struct StartGuess {
  bool in_air = false;  // whatever the last state stood on
  bool on_walkable = false;  // walkable ground wherever it starts in contact
  std::optional<Vec3> sliding_normal = std::nullopt;  // sliding along this plane
  bool landed = false;  // a jump it reported is over: it stands on its plane
};

class Replayer {
 public:
  Replayer(const World& world, const CharacterSettings& settings, const AcceptedMovement& last,
           const MovementClaim& claim, const ReplayTolerance& tolerance)
      : world_(world), settings_(settings), last_(last), claim_(claim), tolerance_(tolerance) {
    const float dt = static_cast<float>(claim.t - last.t);
    turn_rate_ = turn_between(last.position.frame.heading(), claim.position.frame.heading()) / dt;
  }

  float nearest() const { return nearest_; }
  // Every run that ends within the tolerance is kept from here on.
  void keep_ends() { keep_ends_ = true; }
  // The nearest run kept whose velocity differs from `best`'s.
  std::optional<ReplayEnd> other_than(const ReplayEnd& best) const {
    std::optional<ReplayEnd> other;
    for (const ReplayEnd& e : ends_)
      if (glm::length(e.velocity - best.velocity) > kOtherVelocity && (!other || e.miss < other->miss)) other = e;
    return other;
  }
  // Runs from here on start from `guess`.
  void assume(const StartGuess& guess) { guess_ = guess; }

  // The wall the straight way to the claim meets: a body pressed against
  // it at the last claim slides along it from its next frame on (retail
  // keeps the sliding normal from frame to frame; a claim does not carry it).
  std::optional<Vec3> wall_on_the_way() {
    const PhysicsBody body = start_body(Vec3(0.0f));
    ac::move_body(world_, body.shape, body.position, claim_.position, body.transition_contact(),
                  ac::TransitionOptions{}, move_);
    return move_.sliding_normal ? move_.sliding_normal : move_.collision_normal;
  }
  bool turns() const { return std::abs(turn_rate_) > 1.0f; }

  std::optional<ReplayEnd> run(const ControlPath& path) {
    PhysicsBody body = start_body(path.velocity);
    MotionInterpreter motion = holding(*path.motion);

    const double dt = claim_.t - last_.t;
    const double frame = dt / path.frames;
    if (path.jump_eighths >= 0) {
      // A jump: a frame up to it, then one to the claim.
      const double before = dt * path.jump_eighths / 8.0;
      motion.set_turn_rate(turn_rate_);
      if (before > 0.0)
        step(body, motion, before);
      motion.jump(path.motion->jump_extent, body);
      step(body, motion, dt - before);
    }
    for (int f = 0; path.jump_eighths < 0 && f < path.frames; ++f) {
      const bool first_half = 2 * f < path.frames;
      motion.set_turn_rate(path.turn_half == 0                   ? turn_rate_
                           : (path.turn_half == 1) == first_half ? 2.0f * turn_rate_
                                                                 : 0.0f);
      step(body, motion, frame);
    }
    return ended(body);
  }

  // Struck `eighths` eighths of the time in: moving as it was until then,
  // then bounced off the other's sphere, whose normal there leans toward
  // the claim, as far from the vertical as sends it nearest the claim.
  std::optional<ReplayEnd> run_struck(const ClaimedMotion& claimed, const Vec3& velocity, int eighths,
                                      bool may_rise) {
    PhysicsBody body = start_body(velocity);
    MotionInterpreter motion = holding(claimed);
    motion.set_turn_rate(turn_rate_);
    const double dt = claim_.t - last_.t, before = dt * eighths / 8.0;
    if (before > 0.0) step(body, motion, before);
    const std::optional<Vec3> bounced =
        bounce_toward(body.velocity, get_offset(body.position, claim_.position), static_cast<float>(dt - before),
                      may_rise);
    if (!bounced) return std::nullopt;
    body.velocity = *bounced;
    step(body, motion, dt - before);
    return ended(body);
  }

  // The claim's changes from the controls held at the last claim, each
  // stretch between them in `frames` frames.
  // `frames` 0: in frames of at most retail's least quantum (1/30 s), as a
  // client at 30 frames a second or more runs a turn.
  // A jump the client reported left walkable ground when it arrived
  // (retail's client sends it as its body leaves the ground); a replay
  // body still in the air then, landing a little later than the client's
  // (whose physics may lag its clock by up to a least quantum, and the
  // message arrive early by `jitter`), jumps as it lands within that.
  std::optional<ReplayEnd> run_changes(const MotionChange& start, const Vec3& velocity, int frames, float jitter) {
    PhysicsBody body = start_body(velocity);
    MotionInterpreter motion(settings_.skills, settings_.cycle_speeds);
    double jump_until = -1.0;
    float jump_extent = 0.0f;
    for_each_stretch(start, 0.0f, last_.t, claim_, 0.0f, [&](const ControlStretch& s) {
      apply_forward_input(motion, s.controls->forward);
      motion.set_sidestep(sidestep_command(s.controls->strafe));
      motion.set_turn_rate(s.controls->turn_deg_per_s);
      if (s.jump && motion.jump(s.controls->jump_extent, body) == JumpResult::InTheAir) {
        jump_until = s.begin + jitter + kMinQuantum;
        jump_extent = s.controls->jump_extent;
      }
      double at = s.begin;
      for (; at < std::min(s.end, jump_until); at += kMinQuantum) {
        step(body, motion, std::min<double>(kMinQuantum, s.end - at));
        if (body.contact && body.on_walkable && motion.jump(jump_extent, body) == JumpResult::Jumped)
          jump_until = -1.0;
      }
      const double span = std::max(0.0, s.end - at);
      const int n = frames > 0 ? frames : static_cast<int>(std::min(std::ceil(span / kMinQuantum - 1e-6), 600.0));
      for (int f = 0; f < n && span > 0.0; ++f)
        step(body, motion, span / n);
    });
    return ended(body);
  }

 private:
  // The body's motion with `claimed`'s forward and sidestep controls held.
  MotionInterpreter holding(const ClaimedMotion& claimed) const {
    MotionInterpreter motion(settings_.skills, settings_.cycle_speeds);
    apply_forward_input(motion, claimed.forward);
    motion.set_sidestep(sidestep_command(claimed.strafe));
    return motion;
  }

  // One frame of retail's physics; whether it met anything is kept.
  void step(PhysicsBody& body, MotionInterpreter& motion, double dt) {
    update_object(world_, body, &motion, dt, QuantumOptions{}, events_, move_);
    met_ = met_ || events_.environment_collisions > 0 || !events_.collided_object_ids.empty() ||
           events_.blocks > 0 || events_.landings > 0;
    touched_steep_ = touched_steep_ || (body.contact && !body.on_walkable);
    met_world_ = met_world_ || events_.blocks > 0 || events_.environment_collisions > 0;
  }

  // A jump at the last claim that still carries the body away from the
  // walkable plane the probe found under it left that plane (retail's jump
  // leaves the ground, and starts only from walkable ground).
  bool jumped_off(const Vec3& velocity) const {
    return !guess_.landed && last_.motion.jumped && last_.on_walkable && leaves_plane(velocity, last_.contact_plane);
  }

  // Walking by the probe, but above the plane and falling into it: on the
  // ground friction would have taken that fall, so the body is landing, and
  // its bounce may hop it off with its run.
  bool still_landing(const Vec3& velocity) const {
    return walking(last_) && gap_above_support(last_) > kAboveTheGround &&
           falls_into_plane(velocity, last_.contact_plane);
  }

  static float energy_of(const PhysicsBody& body) {
    return energy_height(body.position.frame.origin.z, glm::length(body.velocity));
  }

  PhysicsBody start_body(const Vec3& velocity) {
    PhysicsBody body(settings_.body, last_.position);
    body.velocity = velocity;
    body.pending_time = last_.physics_pending;
    start_energy_ = energy_of(body);
    met_ = touched_steep_ = met_world_ = false;
    body.contact = !guess_.in_air && last_.supported && last_.contact_plane.has_value() && !jumped_off(velocity) &&
                   !still_landing(velocity);
    body.on_walkable = body.contact && (last_.on_walkable || guess_.on_walkable);
    body.contact_plane = last_.contact_plane;
    body.sliding_normal = guess_.sliding_normal;
    body.calc_acceleration();
    return body;
  }

  std::optional<ReplayEnd> ended(const PhysicsBody& ran) {
    Vec3 off = get_offset(ran.position, claim_.position);
    // A frame that starts in contact with a steep plane the body lies in
    // lifts it out by up to its first sphere's radius (AdjustOffset): where
    // the client's frames fell, which the replay cannot know, decides how
    // far. It puts back a body that sank into the plane: no higher than that
    // above the last claim for each quantum the step takes at least (a large
    // body rose 1.83 m in a frame of two quanta, its radius 1.31 m).
    const float lifted_above = claim_.position.frame.origin.z - last_.position.frame.origin.z;
    const float quanta = std::max(1.0f, std::ceil(static_cast<float>(claim_.t - last_.t) / kMaxQuantum - 1e-4f));
    const float lift = touched_steep_ && lifted_above <= tolerance_.steep_lift * quanta
                           ? std::clamp(off.z, 0.0f, tolerance_.steep_lift)
                           : 0.0f;
    off.z -= lift;
    const float miss = glm::length(off);
    nearest_ = std::min(nearest_, miss);
    if (length2d(off) > tolerance_.across || off.z > tolerance_.above || -off.z > tolerance_.across)
      return std::nullopt;
    PhysicsBody body = ran;
    if (!reaches_claim(body)) return std::nullopt;
    const float gain = energy_of(ran) - start_energy_ + lift;
    const ReplayEnd end{body.velocity, body.contact, body.on_walkable, body.contact_plane, miss,
                        gain, ran.pending_time, met_ || body.contact || std::abs(gain) > kSameEnergy, met_world_};
    if (keep_ends_) ends_.push_back(end);
    return end;
  }

  // The claim is where the run ended, or a straight transition away; one
  // that ends on walkable ground the body was not on lands it there as
  // retail lands it (a fall turns along the slope it lands on).
  bool reaches_claim(PhysicsBody& body) {
    if (glm::length(get_offset(body.position, claim_.position)) < kSamePlace &&
        body.position.objcell_id == claim_.position.objcell_id)
      return true;
    // On the ground, then (a claim just above the ground it ends on, which
    // a transition in contact steps down to) through the air.
    const World& world = tolerance_.without_characters ? *tolerance_.without_characters : world_;
    std::optional<ac::AcBody> not_there;  // the body as no object of that world
    if (tolerance_.without_characters) {
      not_there = body.shape;
      not_there->world_object.reset();
    }
    const ac::AcBody& shape = not_there ? *not_there : body.shape;
    for (const ac::AcContact& contact : {body.transition_contact(), ac::AcContact{}}) {
      // Only that nothing lies between them, as the path check (under
      // retail's cap a ball of a few centimetres never reached a claim more
      // than 30 radii from where its replay ended).
      ac::move_body(world, shape, body.position, claim_.position, contact, kReachOptions, move_);
      if (closing_move_ended_at(claim_.position)) {
        if (!body.on_walkable && move_.contact_plane && move_.contact_plane->plane.normal.z >= kFloorZ) land(body);
        return true;
      }
      if (!body.contact) break;
    }
    // Or, close by, the other way: a body retail left where no move from
    // beside it leads in (overlapping a wall, held in a stationary fall)
    // moves out of it, and nothing lies between either way. Only close
    // by: a replay 1.4 m off a large body's claim that reached it only so
    // carried a velocity that failed the claim after.
    if (glm::length(get_offset(body.position, claim_.position)) > kLeftInsideReach) return false;
    ac::move_body(world, shape, claim_.position, body.position, ac::AcContact{}, kReachOptions, move_);
    return closing_move_ended_at(body.position);
  }

  // Whether the closing move just made ended at `at`: within 5 cm (the
  // path check's reach), in its cell or outdoors.
  bool closing_move_ended_at(const Position& at) const {
    return move_.ok && same_cell_or_outdoors(move_.position.objcell_id, at.objcell_id) &&
           glm::length(get_offset(move_.position, at)) <= 0.05f;
  }

  // Landing at the claim: its velocity and contact as meeting the ground
  // leaves them. The closing move is no physics step of its own: no
  // stopped velocity or stationary fall count comes of it.
  void land(PhysicsBody& body) {
    move_.velocity_stopped = false;
    move_.frames_stationary_fall = 0;
    set_position_internal(body, nullptr, move_, events_);
  }

  const World& world_;
  const CharacterSettings& settings_;
  const AcceptedMovement& last_;
  const MovementClaim& claim_;
  ReplayTolerance tolerance_;
  float turn_rate_ = 0.0f;
  float nearest_ = 1e9f;
  float start_energy_ = 0.0f;
  bool met_ = false;
  bool touched_steep_ = false;
  bool met_world_ = false;
  bool keep_ends_ = false;
  std::vector<ReplayEnd> ends_;
  StartGuess guess_;
  BodyEvents events_;
  ac::AcMoveResult move_;
};

}  // namespace

float first_radius(const ac::AcBody& body) { return body.spheres.front().radius * body.scale; }

bool past_step_cap(float speed, float radius) {
  return speed * kMaxQuantum > 0.9f * static_cast<float>(kRetailMaxTransitionSteps) * radius;
}

float jump_up_speed(const CharacterSettings& s, const ClaimedMotion& jumped) {
  MotionInterpreter motion;
  motion.set_skills(s.skills);
  return motion.jump_v_z(jumped.jump_extent);
}

bool replay_may_explain(ClaimVerdict verdict) {
  return verdict == ClaimVerdict::TooFast || verdict == ClaimVerdict::ThroughWall ||
         verdict == ClaimVerdict::UnreachableCell || verdict == ClaimVerdict::Flying;
}

namespace {

// The starting velocities a replay tries: its velocity now, and the claims'
// average over the last step (the estimate now may be a replay's that ended
// up to the tolerance away, or miss a landing's turn); on walkable ground,
// where friction slows it, also half of it, or at rest (the motion moves a
// body there, whatever its velocity), as for one the sub-step cap may be
// holding (not on a steep slope, which neither slows nor moves a body that
// slides down it: a hover there was replayed from rest); for a body too
// small for its speed, what the sub-step cap may have hidden (below); from
// the air, what leaving the ground leaves it with; in the air, all the
// speed across it may fly with; on the ground, what a landing there leaves.
struct StartVelocities {
  Vec3 v[8];
  int count = 0;
  bool holds(const Vec3& velocity) const { return std::find(v, v + count, velocity) != v + count; }
};

// `v`, no faster than the energy of the body at `last` allows there.
Vec3 within_energy(const Vec3& v, const AcceptedMovement& last) {
  const float cap = speed_at(last.energy_z, last.position.frame.origin.z);
  const float speed = glm::length(v);
  return speed > cap ? v * (cap / speed) : v;
}

// What leaving walkable ground at the last claim leaves a body with
// (retail's leave_ground): its motion's state velocity along its heading,
// with the fall carried, no faster than its energy allows.
Vec3 departure_velocity(const StateVelocities& states, const AcceptedMovement& last) {
  Vec3 v = last.position.frame.local_to_global_vec(state_velocity(states, last.motion.forward, last.motion.strafe));
  v.z = last.velocity_now.z;
  return within_energy(v, last);
}

// The departure, for a body too small to move at that speed within
// retail's sub-step cap: it left walkable ground with it, and the cap hid
// it from the claims.
std::optional<Vec3> hidden_departure(const CharacterSettings& settings, const StateVelocities& states,
                                     const AcceptedMovement& last) {
  const Vec3 v = departure_velocity(states, last);
  if (!past_step_cap(length2d(v), first_radius(settings.body))) return std::nullopt;
  return v;
}

// The claims' average at all the speed its energy allows, for a body too
// small to move at that speed within retail's sub-step cap: the cap may
// have held it for part of the step, and the claims' average shows only
// the rest; held for all of it, the way of the velocity carried.
std::optional<Vec3> held_average(const CharacterSettings& settings, const AcceptedMovement& last) {
  const float speed = speed_at(last.energy_z, last.position.frame.origin.z);
  const Vec3& way = last.velocity != Vec3(0.0f) ? last.velocity : last.velocity_now;
  const float average = glm::length(way);
  if (!past_step_cap(speed, first_radius(settings.body)) || average == 0.0f) return std::nullopt;
  Vec3 v = way * (speed / average);
  // On walkable ground it leaves the ground no faster than its highest
  // jump does (a ball at rest on a floor, 0.13 m/s upwards in its claims,
  // was replayed 6 m up at its energy's 32 m/s; one held by the cap as it
  // jumped at 11 m/s showed 0.45).
  if (last.supported && last.on_walkable && last.contact_plane) {
    const Vec3& n = last.contact_plane->plane.normal;
    const float leaving = std::max(glm::dot(way, n), jump_up_speed(settings, ClaimedMotion{}));
    v -= n * std::max(0.0f, glm::dot(v, n) - leaving);
  }
  // In the air it rises no faster than its arc allows: the speed its
  // energy allows is not all upwards (a tiny ball held in the air, its
  // claims rising at 1 m/s, was replayed 6 m up at its fall's 32 m/s).
  if (!last.supported)
    v.z = std::min(v.z, std::max(0.0f, arc_speed(last, last.t)));
  return v;
}

// In the air, its velocity with all the speed across it may fly with
// (AcceptedMovement::air_across): the claims' average falls short of it
// where the body was held before it left the ground (a runner pressed
// against a wall that jumped away from it).
std::optional<Vec3> fastest_across(const AcceptedMovement& last) {
  const float across = length2d(last.velocity_now);
  if (last.supported || !std::isfinite(last.air_across) || across == 0.0f || last.air_across <= across)
    return std::nullopt;
  const float k = last.air_across / across;
  return Vec3(last.velocity_now.x * k, last.velocity_now.y * k, last.velocity_now.z);
}

// Its velocity, no faster than its energy allows, as landing on the
// walkable plane it stands on leaves it, where it still falls into that
// plane: it may have landed just before the claim, and retail bounces a
// landing body off the ground, elasticity and all, which a replay started
// on the ground does not (a ball that landed at 8.6 m/s left the plane at
// 0.3 m/s, past the speed friction acts at, and glided on at 11 m/s). The
// energy bounds a fall that claims bobbing above the ground show (0.3 m
// in 1/30 s), on which a speed hack glided 7 m ahead.
std::optional<Vec3> landed_velocity(const AcceptedMovement& last) {
  if (!walking(last)) return std::nullopt;
  const Vec3 v = within_energy(last.velocity_now, last);
  if (!falls_into_plane(v, last.contact_plane)) return std::nullopt;
  const Vec3& n = last.contact_plane->plane.normal;
  return v - n * (glm::dot(v, n) * (1.0f + kDefaultElasticity));
}

// Just landed on the walkable plane it stands on, its velocity as a bounce
// off it would leave it (the elasticity's share of the speed it fell at,
// which the replay that landed it may not keep), where that leaves the
// plane past the speed friction holds a body at.
std::optional<Vec3> landing_bounce(const AcceptedMovement& last) {
  if (!walking(last) || last.unsteady_t != last.t || !last.contact_plane) return std::nullopt;
  const Vec3& n = last.contact_plane->plane.normal;
  const float fall = std::max(-arc_speed(last, last.t), last.fall_speed) * n.z;
  const Vec3 v = last.velocity_now + n * (fall * kDefaultElasticity);
  if (!leaves_plane(v, last.contact_plane)) return std::nullopt;
  return v;
}

// On a walkable slope, its velocity turned downhill about the vertical,
// as little as leaves the plane at retail's frictionless speed (and a
// hundredth, which rounding may take): held to its way by what it meets
// downhill, its claims show only that way, and a velocity a few degrees
// downhill of it glides on with no friction (a human glided 1.7 s along a
// slope's level line at 12.6 m/s, its claims' average 10 m/s along it).
std::optional<Vec3> pressed_downhill(const AcceptedMovement& last) {
  if (!walking(last) || !last.contact_plane) return std::nullopt;
  const Vec3& n = last.contact_plane->plane.normal;
  const Vec3 v = last.velocity_now;
  const float across = length2d(v), slope = length2d(n);
  if (across <= 0.0f || slope <= 0.0f || leaves_plane(v, last.contact_plane)) return std::nullopt;
  const float need = (kFrictionlessSpeed * 1.01f - v.z * n.z) / (across * slope);
  if (need >= 1.0f) return std::nullopt;
  const float from = std::atan2(v.y, v.x), downhill = std::atan2(n.y, n.x);
  float off = std::remainder(from - downhill, 2.0f * std::numbers::pi_v<float>);
  const float wanted = std::acos(std::clamp(need, -1.0f, 1.0f));
  if (std::abs(off) <= wanted) return std::nullopt;
  const float to = downhill + std::copysign(wanted, off);
  return Vec3(across * std::cos(to), across * std::sin(to), v.z);
}

// Struck by another character on its way, sent across toward the claim at
// `speed` (ReplayTolerance::struck), its fall as it was.
std::optional<Vec3> struck_toward(const AcceptedMovement& last, const MovementClaim& claim, float speed) {
  const Vec3 way = get_offset(last.position, claim.position);
  const float across = length2d(way);
  if (speed <= 0.0f || across <= 0.0f) return std::nullopt;
  return Vec3(way.x * speed / across, way.y * speed / across, last.velocity_now.z);
}

StartVelocities start_velocities(const CharacterSettings& settings, const StateVelocities& states,
                                 const AcceptedMovement& last, bool every_way) {
  StartVelocities out{{last.velocity_now}, 1};
  if (const std::optional<Vec3> v = landed_velocity(last)) out.v[out.count++] = *v;
  if (every_way && last.velocity != last.velocity_now) out.v[out.count++] = last.velocity;
  const bool held = past_step_cap(glm::length(last.velocity_now), first_radius(settings.body));
  if (last.supported && (last.on_walkable || held) && every_way)
    for (const Vec3& v : {last.velocity_now * 0.5f, Vec3(0.0f)})
      if (!out.holds(v)) out.v[out.count++] = v;
  if (every_way)
    if (const std::optional<Vec3> v = hidden_departure(settings, states, last)) out.v[out.count++] = *v;
  if (every_way)
    if (const std::optional<Vec3> v = held_average(settings, last); v && !out.holds(*v)) out.v[out.count++] = *v;
  if (every_way)
    if (const std::optional<Vec3> v = fastest_across(last); v && !out.holds(*v)) out.v[out.count++] = *v;
  return out;
}

// Whether a body the probe below stood on the ground is replayed in the
// air as well (ReplaySearch).
bool may_have_been_in_air(const AcceptedMovement& last, ReplaySearch search) {
  if (!last.supported || search == ReplaySearch::Carried) return false;
  return search == ReplaySearch::Full ||
         (last.contact_plane && last.contact_plane->plane.distance(last.position.frame.origin) > kAboveTheGround);
}

// The replay nearest the claim along the control paths (it gives the
// velocity the next claim starts from: one that ends near it along another
// path may carry a different velocity).
std::optional<ReplayEnd> nearest_path(Replayer& replayer, const StartGuess& guess, const AcceptedMovement& last,
                                      const ReplayControls& controls, const StartVelocities& velocities,
                                      bool every_way) {
  replayer.assume(guess);
  std::optional<ReplayEnd> best;
  // With the changes known, each stretch runs its own controls; only when
  // none of those explains the claim are the guesses below tried too (a
  // late change, frames that fell otherwise).
  if (controls.start) {
    for (int v = 0; v < velocities.count; ++v)
      for (const int frames : {0, 1, 2, 3, 4})
        if (auto end = replayer.run_changes(*controls.start, velocities.v[v], frames, controls.change_jitter);
            end && (!best || end->miss < best->miss)) {
          best = end;
          if (best->miss < kCloseEnough) return best;
        }
    if (best || !every_way) return best;
  }
  const ClaimedMotion& motion = *controls.motion;
  ClaimedMotion held = last.motion;
  held.jumped = motion.jumped;
  held.jump_extent = motion.jump_extent;
  const ClaimedMotion* motions[] = {&motion, &held};
  const int motion_count = held == motion || !every_way ? 1 : 2;
  for (int m = 0; m < motion_count; ++m)
    for (int v = 0; v < velocities.count; ++v)
      for (int frames = 1; frames <= 4; ++frames) {
        const int jumps = motion.jumped && frames == 1 && every_way ? 8 : 1;
        const int turns = frames % 2 == 0 && replayer.turns() && every_way ? 3 : 1;
        for (int j = 0; j < jumps; ++j)
          for (int turn = 0; turn < turns; ++turn) {
            const ControlPath path{motions[m], velocities.v[v], frames,
                                   motion.jumped && frames == 1 ? j : -1, turn};
            if (auto end = replayer.run(path); end && (!best || end->miss < best->miss)) {
              best = end;
              if (best->miss < kCloseEnough) return best;
            }
          }
      }
  return best;
}

}  // namespace

std::optional<ReplayEnd> replay_claim(const World& world, const CharacterSettings& settings,
                                      const AcceptedMovement& last, const MovementClaim& claim,
                                      const ReplayControls& controls, const ReplayTolerance& tolerance,
                                      float* nearest, ReplaySearch search, std::optional<ReplayEnd>* other) {
  Replayer replayer(world, settings, last, claim, tolerance);
  if (other) replayer.keep_ends();
  const bool every_way = search != ReplaySearch::Carried;
  const StartVelocities velocities = start_velocities(settings, controls.states, last, every_way);
  std::optional<ReplayEnd> best = nearest_path(replayer, {}, last, controls, velocities, every_way);
  // A run that explains the claim better than the best so far; where the
  // best spends more than kWorthAnotherGuess of the tolerance, the guesses
  // of a hidden state are worth trying.
  const auto nearer = [&](const std::optional<ReplayEnd>& end) { return end && (!best || end->miss < best->miss); };
  const auto worth_another_guess = [&] { return !best || best->miss > kWorthAnotherGuess; };
  // A jump the last claim kept whose velocity still leaves the walkable
  // plane the probe found may be over: landed, it glides on that plane.
  if (worth_another_guess() && last.motion.jumped && walking(last))
    if (auto glided = nearest_path(replayer, {.landed = true}, last, controls, velocities, every_way); nearer(glided))
      best = glided;
  // Pressed against a wall at the last claim, it may have been sliding
  // along it.
  if (!best && every_way)
    if (const std::optional<Vec3> wall = replayer.wall_on_the_way())
      best = nearest_path(replayer, {.sliding_normal = wall}, last, controls, velocities, every_way);
  // Where the probe below found ground, it may have been in the air all
  // the same (it left the ground a frame before, had just landed on a
  // slope, was held in a stationary fall): every path again from the air,
  // the guesses first (a run of the changes may end nearer by landing it,
  // a state the claims after did not bear out).
  if (!best && may_have_been_in_air(last, search)) {
    const StartGuess in_air{.in_air = true};
    StartVelocities departed = velocities;
    if (const Vec3 v = departure_velocity(controls.states, last); walking(last) && !departed.holds(v))
      departed.v[departed.count++] = v;
    best = nearest_path(replayer, in_air, last, {controls.motion, nullptr, controls.states}, departed, every_way);
    if (!best && controls.start) best = nearest_path(replayer, in_air, last, controls, departed, every_way);
  }
  // Jumping where the probe found a steep plane, it may have stood on
  // walkable ground at the plane's edge, as a jump needs.
  if (!best && every_way && controls.motion->jumped && last.supported && !last.on_walkable)
    best = nearest_path(replayer, {.on_walkable = true}, last, controls, velocities, every_way);
  const auto from_alone = [&](const Vec3& v) {
    return nearest_path(replayer, {}, last, controls, StartVelocities{{v}, 1}, every_way);
  };
  // Right after a landing, with its bounce (the velocity carried too: the
  // claims do not show the bounce, and a glide on it feels no friction).
  if (worth_another_guess())
    if (const std::optional<Vec3> v = landing_bounce(last); v && !velocities.holds(*v))
      if (auto bounced = from_alone(*v); nearer(bounced)) best = bounced;
  // On a slope, a glide held to its way by what it met on the way (not
  // one that only drifts downhill: a speed hack's carried velocity would
  // glide on).
  if (worth_another_guess())
    if (const std::optional<Vec3> v = pressed_downhill(last); v && !velocities.holds(*v))
      if (auto glided = from_alone(*v); nearer(glided) && glided->met_world) best = glided;
  // A collision within the last step may have left it most of the velocity
  // it had at the claim before, which the step's average falls short of:
  // across, with the fall it has now; or with a faster fall it had then,
  // which a slope it landed on turns across.
  if (!best && every_way) {
    const Vec3 across(last.velocity_before.x, last.velocity_before.y, last.velocity_now.z);
    if (!velocities.holds(across)) best = from_alone(across);
    if (last.velocity_before.z < last.velocity_now.z)
      if (auto fell = from_alone(last.velocity_before); nearer(fell)) best = fell;
  }
  // Or the other a bounce's frames may have left it.
  if (!best && every_way && last.velocity_other) best = from_alone(*last.velocity_other);
  // Just off walkable ground, its motion's departure, which a replay that
  // kept it on the ground did not carry.
  if (!best && every_way && !last.supported && !last.free_flight && std::isfinite(last.air_across))
    best = from_alone(departure_velocity(controls.states, last));
  if (!best && every_way)
    if (const std::optional<Vec3> v = struck_toward(last, claim, tolerance.struck)) best = from_alone(*v);
  // Or struck part way through the step, bounced off the other's sphere
  // (a large body falling at 30 m/s, struck 0.28 s into a 0.5 s step off a
  // sphere leaning 33 degrees its way, went on across at 14.7 m/s and down
  // at 7.3). For the velocity carried, of those that come near, the
  // fastest across: the nearest was a strike at the step's end that left
  // it 2.5 m/s, and the claim after, 6.9 m on in 0.45 s, was rejected. For
  // a claim, only one that leaves it falling: one straight up off a sphere
  // below lent cheats their 6 m rise.
  const auto faster = [&](const std::optional<ReplayEnd>& end) {
    return end && (!best || length2d(end->velocity) > length2d(best->velocity));
  };
  if (!best && tolerance.struck_part_way)
    for (int eighths = 0; eighths < 8; ++eighths)
      if (auto end = replayer.run_struck(*controls.motion, last.velocity_now, eighths, !every_way);
          every_way ? nearer(end) : faster(end))
        best = end;
  if (nearest) *nearest = replayer.nearest();
  if (other) *other = best ? replayer.other_than(*best) : std::nullopt;
  return best;
}

}  // namespace transit
