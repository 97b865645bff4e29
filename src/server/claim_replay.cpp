#include "server/claim_replay.hpp"

#include <algorithm>
#include <cmath>

#include "transit/motion/body_update.hpp"
#include "transit/sim/sim_character.hpp"

namespace transit {

namespace {

// A replay this near the claim (metres) is taken without trying the rest.
constexpr float kCloseEnough = 0.05f;

// Degrees from `from` to `to` the shorter way round, clockwise positive.
float turn_between(float from, float to) {
  float d = std::fmod(to - from, 360.0f);
  if (d > 180.0f) d -= 360.0f;
  if (d < -180.0f) d += 360.0f;
  return d;
}

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

class Replayer {
 public:
  Replayer(const World& world, const CharacterSettings& settings, const AcceptedMovement& last,
           const MovementClaim& claim, float tolerance)
      : world_(world), settings_(settings), last_(last), claim_(claim), tolerance_(tolerance) {
    const float dt = static_cast<float>(claim.t - last.t);
    turn_rate_ = turn_between(last.position.frame.heading(), claim.position.frame.heading()) / dt;
  }

  float nearest() const { return nearest_; }
  bool turns() const { return std::abs(turn_rate_) > 1.0f; }

  std::optional<ReplayEnd> run(const ControlPath& path) {
    PhysicsBody body(settings_.body, last_.position);
    body.velocity = path.velocity;
    body.contact = last_.supported && last_.contact_plane.has_value();
    body.on_walkable = body.contact && last_.on_walkable;
    body.contact_plane = last_.contact_plane;
    body.calc_acceleration();
    MotionInterpreter motion(settings_.skills);
    apply_forward_input(motion, path.motion->forward);
    motion.set_sidestep(sidestep_command(path.motion->strafe));

    const double dt = claim_.t - last_.t;
    const double frame = dt / path.frames;
    if (path.jump_eighths >= 0) {
      // A jump: a frame up to it, then one to the claim.
      const double before = dt * path.jump_eighths / 8.0;
      motion.set_turn_rate(turn_rate_);
      if (before > 0.0)
        update_object(world_, body, &motion, before, QuantumOptions{}, events_, move_);
      motion.jump(path.motion->jump_extent, body);
      update_object(world_, body, &motion, dt - before, QuantumOptions{}, events_, move_);
    }
    for (int f = 0; path.jump_eighths < 0 && f < path.frames; ++f) {
      const bool first_half = 2 * f < path.frames;
      motion.set_turn_rate(path.turn_half == 0                   ? turn_rate_
                           : (path.turn_half == 1) == first_half ? 2.0f * turn_rate_
                                                                 : 0.0f);
      update_object(world_, body, &motion, frame, QuantumOptions{}, events_, move_);
    }
    const float miss = glm::length(get_offset(body.position, claim_.position));
    nearest_ = std::min(nearest_, miss);
    if (miss > tolerance_) return std::nullopt;
    if (!reaches_claim(body)) return std::nullopt;
    return ReplayEnd{body.velocity, body.contact, body.on_walkable, body.contact_plane, miss};
  }

 private:
  // The claim is where the run ended, or a straight transition away.
  bool reaches_claim(const PhysicsBody& body) {
    if (glm::length(get_offset(body.position, claim_.position)) < 1e-3f &&
        body.position.objcell_id == claim_.position.objcell_id)
      return true;
    ac::move_body(world_, body.shape, body.position, claim_.position, body.transition_contact(),
                  ac::TransitionOptions{}, move_);
    return move_.ok && move_.position.objcell_id == claim_.position.objcell_id &&
           glm::length(get_offset(move_.position, claim_.position)) <= 0.05f;
  }

  const World& world_;
  const CharacterSettings& settings_;
  const AcceptedMovement& last_;
  const MovementClaim& claim_;
  float tolerance_;
  float turn_rate_ = 0.0f;
  float nearest_ = 1e9f;
  BodyEvents events_;
  ac::AcMoveResult move_;
};

}  // namespace

bool replay_may_explain(ClaimVerdict verdict) {
  return verdict == ClaimVerdict::TooFast || verdict == ClaimVerdict::ThroughWall ||
         verdict == ClaimVerdict::UnreachableCell || verdict == ClaimVerdict::Flying;
}

std::optional<ReplayEnd> replay_claim(const World& world, const CharacterSettings& settings,
                                      const AcceptedMovement& last, const MovementClaim& claim,
                                      float tolerance, float* nearest) {
  Replayer replayer(world, settings, last, claim, tolerance);
  // The replay nearest the claim gives the velocity the next claim starts
  // from (one that ends near it along another control path may carry a
  // different velocity).
  std::optional<ReplayEnd> best;
  ClaimedMotion held = last.motion;
  held.jumped = claim.motion.jumped;
  held.jump_extent = claim.motion.jump_extent;
  const ClaimedMotion* motions[] = {&claim.motion, &held};
  const int motion_count = held == claim.motion ? 1 : 2;
  // Its velocity now; on something, where friction slows it, also half of
  // it, or at rest (the motion moves a body on the ground, whatever its
  // velocity).
  Vec3 velocities[3] = {last.velocity_now};
  int velocity_count = 1;
  if (last.supported)
    for (const Vec3& v : {last.velocity_now * 0.5f, Vec3(0.0f)})
      if (std::find(velocities, velocities + velocity_count, v) == velocities + velocity_count)
        velocities[velocity_count++] = v;
  for (int m = 0; m < motion_count; ++m)
    for (int v = 0; v < velocity_count; ++v)
      for (int frames = 1; frames <= 4; ++frames) {
        const int jumps = claim.motion.jumped && frames == 1 ? 8 : 1;
        const int turns = frames % 2 == 0 && replayer.turns() ? 3 : 1;
        for (int j = 0; j < jumps; ++j)
          for (int turn = 0; turn < turns; ++turn) {
            const ControlPath path{motions[m], velocities[v], frames,
                                   claim.motion.jumped && frames == 1 ? j : -1, turn};
            if (auto end = replayer.run(path); end && (!best || end->miss < best->miss)) {
              best = end;
              if (best->miss < kCloseEnough) return best;
            }
          }
      }
  if (nearest) *nearest = replayer.nearest();
  return best;
}

}  // namespace transit
