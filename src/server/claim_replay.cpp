#include "claim_replay.hpp"

#include <algorithm>
#include <cmath>

#include "transit/motion/body_update.hpp"
#include "transit/sim/sim_character.hpp"

namespace transit {

namespace {

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
  int jump_frame;  // the frame a claimed jump starts at; -1: none
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

  std::optional<ReplayEnd> run(const ControlPath& path) {
    PhysicsBody body(settings_.body, last_.position);
    body.shape.world_object.reset();
    body.velocity = path.velocity;
    body.contact = last_.supported && last_.contact_plane.has_value();
    body.on_walkable = body.contact && last_.on_walkable;
    body.contact_plane = last_.contact_plane;
    body.calc_acceleration();
    MotionInterpreter motion(settings_.skills);
    apply_forward_input(motion, path.motion->forward);
    motion.set_sidestep(sidestep_command(path.motion->strafe));
    motion.set_turn_rate(turn_rate_);
    const double frame = (claim_.t - last_.t) / path.frames;
    for (int f = 0; f < path.frames; ++f) {
      if (f == path.jump_frame) motion.jump(path.motion->jump_extent, body);
      update_object(world_, body, &motion, frame, QuantumOptions{}, events_, move_);
    }
    const float miss = glm::length(get_offset(body.position, claim_.position));
    nearest_ = std::min(nearest_, miss);
    if (miss > tolerance_) return std::nullopt;
    if (!reaches_claim(body)) return std::nullopt;
    return ReplayEnd{body.velocity, body.contact, body.on_walkable, body.contact_plane};
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

std::optional<ReplayEnd> replay_claim(const World& world, const CharacterSettings& settings,
                                      const AcceptedMovement& last, const MovementClaim& claim,
                                      float tolerance, float* nearest) {
  Replayer replayer(world, settings, last, claim, tolerance);
  ClaimedMotion held = last.motion;
  held.jumped = claim.motion.jumped;
  held.jump_extent = claim.motion.jump_extent;
  const ClaimedMotion* motions[] = {&claim.motion, &held};
  const int motion_count = held == claim.motion ? 1 : 2;
  // Its velocity now; on something, also the last step's, or at rest (the
  // motion moves a body on the ground, whatever its velocity).
  Vec3 velocities[3] = {last.velocity_now};
  int velocity_count = 1;
  if (last.supported)
    for (const Vec3& v : {last.velocity, Vec3(0.0f)})
      if (std::find(velocities, velocities + velocity_count, v) == velocities + velocity_count)
        velocities[velocity_count++] = v;
  for (int m = 0; m < motion_count; ++m)
    for (int v = 0; v < velocity_count; ++v)
      for (int frames = 1; frames <= 4; ++frames) {
        const int jumps = claim.motion.jumped ? frames : 1;
        for (int j = 0; j < jumps; ++j) {
          const ControlPath path{motions[m], velocities[v], frames, claim.motion.jumped ? j : -1};
          if (auto end = replayer.run(path)) return end;
        }
      }
  if (nearest) *nearest = replayer.nearest();
  return std::nullopt;
}

}  // namespace transit
