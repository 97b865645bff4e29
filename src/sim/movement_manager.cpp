#include "transit/sim/movement_manager.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "transit/math/constants.hpp"
#include "transit/math/input_error.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

// Retail steers a forward move only when the target is more than this far
// off its heading (degrees either side).
constexpr float kSteerThresholdDeg = 20.0f;
// Retail's progress check: at least this many metres a second toward the
// target over each second, and since the move began.
constexpr float kMinProgressSpeed = 0.25f;
constexpr double kProgressCheckSeconds = 1.0;
// A moving target is heard from again when it has gone this far (metres)
// and this long (seconds) has passed (retail's target voyeur radius and
// HandleTargetting interval).
constexpr float kTargetUpdateRadius = 0.5f;
constexpr double kTargetUpdateSeconds = 0.5;
// The sticky follow moves at up to five times the body's top speed, 15 m/s
// for a body without one.
constexpr float kStickySpeedFactor = 5.0f;
constexpr float kStickyFallbackSpeed = 15.0f;
// A frame counts as blocked when the distance shrank by less than this (m).
constexpr float kBlockedProgress = 1e-3f;

// A heading difference in [0, 360). ACE: the normalisation MoveToManager repeats
float wrap_heading(float h) {
  if (std::fabs(h) < kEpsilon) h = 0.0f;
  if (h < -kEpsilon) h += 360.0f;
  return h;
}

// ACE: MoveToManager.heading_diff
float heading_diff(float h1, float h2, bool right) {
  float result = wrap_heading(h1 - h2);
  if (result > kEpsilon && !right) result = 360.0f - result;
  return result;
}

// Whether turning right (or left) from h2 has carried h1 past it.
// ACE: MoveToManager.heading_greater
bool heading_greater(float h1, float h2, bool right) {
  const bool near = std::fabs(h1 - h2) <= 180.0f;
  const bool greater = near ? h1 > h2 : h2 > h1;
  return right ? greater : !greater;
}

// The forward motion a move needs at `distance` from its target, and
// whether it goes away from it (none once there).
// ACE: MovementParameters.get_command, towards_and_away
struct MoveCommand {
  ForwardCommand forward = ForwardCommand::Ready;
  bool away = false;
};
MoveCommand move_command(const MoveToParams& p, float distance) {
  if (p.move_away && p.move_towards) {
    if (distance > p.distance_to_object) return {ForwardCommand::WalkForward, false};
    if (distance - p.min_distance < kEpsilon) return {ForwardCommand::WalkBackward, true};
    return {};
  }
  if (p.move_away)
    return distance < p.min_distance ? MoveCommand{ForwardCommand::WalkForward, true} : MoveCommand{};
  return distance > p.distance_to_object ? MoveCommand{ForwardCommand::WalkForward, false}
                                         : MoveCommand{};
}

// Where the body faces, relative to the direction to the target, while the
// command moves it. ACE: MovementParameters.get_desired_heading
float facing_offset(ForwardCommand forward, bool away) {
  if (forward == ForwardCommand::WalkForward) return away ? 180.0f : 0.0f;
  if (forward == ForwardCommand::WalkBackward) return away ? 0.0f : 180.0f;
  return 0.0f;
}

// ACE: Position.CylinderDistanceNoZ
float cylinder_distance_no_z(float radius_a, const Position& a, float radius_b,
                             const Position& b) {
  const Vec3 d = get_offset(a, b);
  return length2d(d) - (radius_a + radius_b);
}

}  // namespace

const char* to_string(MovementKind kind) {
  switch (kind) {
    case MovementKind::None:
      return "none";
    case MovementKind::MoveToPosition:
      return "move_to_position";
    case MovementKind::MoveToCharacter:
      return "move_to_character";
    case MovementKind::TurnToHeading:
      return "turn_to_heading";
    case MovementKind::TurnToCharacter:
      return "turn_to_character";
  }
  return "?";
}

const char* to_string(MovementEnd end) {
  switch (end) {
    case MovementEnd::Arrived:
      return "arrived";
    case MovementEnd::Blocked:
      return "blocked";
    case MovementEnd::TimedOut:
      return "timed_out";
    case MovementEnd::TargetGone:
      return "target_gone";
    case MovementEnd::Cancelled:
      return "cancelled";
    case MovementEnd::TooFar:
      return "too_far";
  }
  return "?";
}

float body_radius(const ac::AcBody& body) {
  return body.spheres.empty() ? 0.0f : body.spheres.front().radius * body.scale;
}

float body_height(const ac::AcBody& body) {
  float top = 0.0f;
  for (const Sphere& s : body.spheres) top = std::max(top, s.center.z + s.radius);
  return top * body.scale;
}

// ACE: Position.CylinderDistance
float cylinder_distance(float radius_a, float height_a, const Position& a, float radius_b,
                        float height_b, const Position& b) {
  const Vec3 d = get_offset(a, b);
  const float reach = glm::length(d) - (radius_a + radius_b);
  const float za = a.frame.origin.z;
  const float zb = a.frame.origin.z + d.z;
  const float gap_z = za <= zb ? zb - (za + height_a) : za - (zb + height_b);
  if (gap_z > 0.0f && reach > 0.0f) return std::sqrt(gap_z * gap_z + reach * reach);
  if (gap_z < 0.0f && reach < 0.0f) return -std::sqrt(gap_z * gap_z + reach * reach);
  return reach;
}

// ACE: Position.heading
float heading_to(const Position& from, const Position& to) {
  const Vec3 d = get_offset(from, to);
  const float len = length2d(d);
  if (len < kEpsilon) return 0.0f;
  const float deg = std::atan2(d.x, d.y) * kDegreesPerRadian;
  return deg < 0.0f ? deg + 360.0f : deg;
}

void check_move_to_params(const MoveToParams& p) {
  auto check = [](float value, const char* field, bool positive) {
    if (std::isfinite(value) && (positive ? value > 0.0f : value >= 0.0f)) return;
    throw InputError(fmt::format("move-to params: {} must be a finite number {} 0, got {}", field,
                                 positive ? ">" : ">=", value));
  };
  check(p.distance_to_object, "distance_to_object", false);
  check(p.min_distance, "min_distance", false);
  if (!(p.fail_distance >= 0.0f))  // max() means never
    throw InputError(fmt::format("move-to params: fail_distance must be >= 0, got {}", p.fail_distance));
  check(p.walk_run_threshold, "walk_run_threshold", false);
  check(p.speed, "speed", true);
  if (p.turn_rate_deg) check(*p.turn_rate_deg, "turn_rate_deg", true);
  if (p.final_heading && !std::isfinite(*p.final_heading))
    throw InputError(fmt::format("move-to params: final_heading must be finite, got {}", *p.final_heading));
  check(p.timeout, "timeout", false);
  if (p.fail_progress_limit < 0 || p.blocked_frames < 0)
    throw InputError("move-to params: fail_progress_limit and blocked_frames must be >= 0");
}

// --- orders -----------------------------------------------------------------

// A new order stops the character (retail's StopCompletely) and replaces the
// one running. ACE: MoveToManager.PerformMovement, CancelMoveTo
void MovementManager::begin(MovementKind kind, const MoveToParams& params,
                            MotionInterpreter& motion, double now) {
  if (kind_ != MovementKind::None) finish(MovementEnd::Cancelled, motion);
  if (stick_target_) end_stick(MovementEnd::Cancelled);
  motion.set_forward(ForwardCommand::Ready, motion.hold_run());
  motion.set_sidestep(SidestepCommand::None);
  motion.set_turn_rate(0.0f);
  kind_ = kind;
  params_ = params;
  target_.reset();
  initialized_ = false;
  node_count_ = 0;
  command_ = ForwardCommand::Ready;
  moving_away_ = false;
  aux_turn_ = 0;
  turning_ = 0;
  hold_run_ = params.can_run;
  fail_progress_count_ = 0;
  blocked_frames_ = 0;
  started_ = now;
  previous_distance_time_ = original_distance_time_ = now;
  target_radius_ = target_height_ = 0.0f;
}

void MovementManager::add_node(Node node, float heading) {
  nodes_[node_count_++] = {node, heading};
}

void MovementManager::pop_node() {
  if (node_count_ == 0) return;
  std::move(nodes_.begin() + 1, nodes_.begin() + static_cast<std::ptrdiff_t>(node_count_),
            nodes_.begin());
  --node_count_;
}

// ACE: MoveToManager.MoveToPosition
void MovementManager::move_to_position(PhysicsBody& body, MotionInterpreter& motion,
                                       const Position& target, const MoveToParams& params,
                                       double now) {
  begin(MovementKind::MoveToPosition, params, motion, now);
  target_position_ = target;
  initialized_ = true;
  start_ = body.position;
  plan_move(body, heading_to(body.position, target));
  if (params_.final_heading) add_node(Node::TurnToHeading, *params_.final_heading);
  begin_next_node(body, motion, now);
}

// ACE: MoveToManager.MoveToObject; the plan waits for the target's position.
void MovementManager::move_to_character(std::size_t target, const MoveToParams& params,
                                        MotionInterpreter& motion, double now) {
  begin(MovementKind::MoveToCharacter, params, motion, now);
  target_ = target;
}

// ACE: MoveToManager.TurnToHeading
void MovementManager::turn_to_heading(float heading_deg, const MoveToParams& params,
                                      MotionInterpreter& motion, double now) {
  begin(MovementKind::TurnToHeading, params, motion, now);
  initialized_ = true;
  add_node(Node::TurnToHeading, heading_deg);
}

// ACE: MoveToManager.TurnToObject
void MovementManager::turn_to_character(std::size_t target, const MoveToParams& params,
                                        MotionInterpreter& motion, double now) {
  begin(MovementKind::TurnToCharacter, params, motion, now);
  target_ = target;
}

// ACE: StickyManager.StickTo
void MovementManager::stick_to(std::size_t target, const StickyParams& params, double now) {
  if (stick_target_) end_stick(MovementEnd::Cancelled);
  stick_target_ = target;
  stick_params_ = params;
  stick_until_ = now + static_cast<double>(params.timeout);
  stick_initialized_ = false;
}

void MovementManager::cancel(MotionInterpreter& motion) {
  if (kind_ != MovementKind::None) finish(MovementEnd::Cancelled, motion);
  if (stick_target_) end_stick(MovementEnd::Cancelled);
}

// --- the frame ----------------------------------------------------------------

// ACE: MovementManager.UseTime (MoveToManager.UseTime runs only in contact)
void MovementManager::use_time(PhysicsBody& body, MotionInterpreter& motion,
                               const MovementTarget* target, const MovementTarget* stick_target,
                               double now, std::vector<MovementEnded>& ended) {
  if (stick_target_) {
    if (!stick_target || !stick_target->present)
      end_stick(MovementEnd::TargetGone);
    else if (stick_params_.timeout > 0.0f && now > stick_until_)
      end_stick(MovementEnd::TimedOut);
    else
      stick_initialized_ = true;
  }
  if (kind_ != MovementKind::None && params_.timeout > 0.0f &&
      now - started_ >= static_cast<double>(params_.timeout))
    finish(MovementEnd::TimedOut, motion);
  bool planned_now = false;
  if (kind_ != MovementKind::None && target_) {
    if (!target || !target->present) {
      finish(MovementEnd::TargetGone, motion);
    } else {
      planned_now = !initialized_;
      update_target(body, motion, *target, now);
    }
  }
  if (kind_ != MovementKind::None && initialized_ && !planned_now && body.contact &&
      node_count_ > 0) {
    if (nodes_[0].node == Node::MoveForward)
      handle_move_forward(body, motion, now);
    else
      handle_turn(body, motion, now);
  }
  ended.insert(ended.end(), pending_.begin(), pending_.end());
  pending_.clear();
}

// The target's position as retail's target manager passes it on: first
// when the target is found, then whenever it has moved more than half a
// metre, at most twice a second. ACE: MoveToManager.HandleUpdateTarget
void MovementManager::update_target(PhysicsBody& body, MotionInterpreter& motion,
                                    const MovementTarget& t, double now) {
  target_radius_ = t.radius;
  target_height_ = t.height;
  if (!initialized_) {
    target_position_ = last_heard_ = t.position;
    last_heard_time_ = now;
    initialized_ = true;
    plan_character_move(body, motion, now);
    return;
  }
  if (now - last_heard_time_ < kTargetUpdateSeconds) return;
  if (glm::length(get_offset(last_heard_, t.position)) <= kTargetUpdateRadius) return;
  last_heard_ = t.position;
  last_heard_time_ = now;
  if (kind_ != MovementKind::MoveToCharacter) return;
  target_position_ = t.position;
  // Retail resets to the largest distance, so that the next check passes;
  // moving away that would fail every check, so a move away takes the
  // lowest instead.
  const float reset = std::numeric_limits<float>::max();
  previous_distance_ = original_distance_ = moving_away_ ? -reset : reset;
  previous_distance_time_ = original_distance_time_ = now;
}

// ACE: MoveToManager.MoveToObject_Internal, TurnToObject_Internal
void MovementManager::plan_character_move(PhysicsBody& body, MotionInterpreter& motion,
                                          double now) {
  start_ = body.position;
  const float toward = heading_to(body.position, target_position_);
  if (kind_ == MovementKind::MoveToCharacter) {
    plan_move(body, toward);
    if (params_.final_heading)
      add_node(Node::TurnToHeading, std::fmod(toward + *params_.final_heading, 360.0f));
  } else {
    add_node(Node::TurnToHeading, std::fmod(toward + params_.final_heading.value_or(0.0f), 360.0f));
  }
  begin_next_node(body, motion, now);
}

// A turn toward the target and a move, if the distance calls for one.
// Retail's turn always faces the target; turn_away_first turns the way the
// move will face. ACE: MoveToManager.MoveToPosition, MoveToObject_Internal
void MovementManager::plan_move(const PhysicsBody& body, float heading_to_target) {
  const MoveCommand command = move_command(params_, current_distance(body));
  if (command.forward == ForwardCommand::Ready) return;
  const float offset = params_.turn_away_first ? facing_offset(command.forward, command.away) : 0.0f;
  add_node(Node::TurnToHeading,
           offset == 0.0f ? heading_to_target : std::fmod(heading_to_target + offset, 360.0f));
  add_node(Node::MoveForward);
}

// ACE: MoveToManager.BeginNextNode (no node left: arrived, and maybe stick)
void MovementManager::begin_next_node(PhysicsBody& body, MotionInterpreter& motion, double now) {
  if (node_count_ > 0) {
    if (nodes_[0].node == Node::MoveForward)
      begin_move_forward(body, motion, now);
    else
      begin_turn(body, motion, now);
    return;
  }
  const std::optional<std::size_t> stick = params_.sticky ? target_ : std::nullopt;
  finish(MovementEnd::Arrived, motion);
  if (stick) stick_to(*stick, StickyParams{}, now);
}

// The body's turn motion at the order's speed. ACE: MotionInterp.adjust_motion
float MovementManager::turn_rate(bool right) const {
  const float rate = params_.turn_rate_deg.value_or(kHumanTurnRateDeg) * params_.speed *
                     (hold_run_ ? kRunTurnFactor : 1.0f);
  return right ? rate : -rate;
}

// ACE: MoveToManager.BeginTurnToHeading
void MovementManager::begin_turn(PhysicsBody& body, MotionInterpreter& motion, double now) {
  const float diff = heading_diff(nodes_[0].heading, body.position.frame.heading(), true);
  const bool right = diff <= 180.0f;
  if (right ? diff <= kEpsilon : diff + kEpsilon > 360.0f) {
    pop_node();
    begin_next_node(body, motion, now);
    return;
  }
  turning_ = right ? 1 : -1;
  motion.set_turn_rate(turn_rate(right));
  previous_heading_ = body.position.frame.heading();
}

// ACE: MoveToManager.HandleTurnToHeading
void MovementManager::handle_turn(PhysicsBody& body, MotionInterpreter& motion, double now) {
  if (turning_ == 0) {
    begin_turn(body, motion, now);
    return;
  }
  const bool right = turning_ > 0;
  const float heading = body.position.frame.heading();
  if (heading_greater(heading, nodes_[0].heading, right)) {
    fail_progress_count_ = 0;
    body.position.frame.set_heading(nodes_[0].heading);
    pop_node();
    motion.set_turn_rate(0.0f);
    turning_ = 0;
    begin_next_node(body, motion, now);
    return;
  }
  const float turned = heading_diff(heading, previous_heading_, right);
  if (!(turned > kEpsilon && turned < 180.0f)) ++fail_progress_count_;
  else fail_progress_count_ = 0;
  previous_heading_ = heading;
  if (params_.fail_progress_limit > 0 && fail_progress_count_ >= params_.fail_progress_limit)
    finish(MovementEnd::Blocked, motion);
}

// ACE: MoveToManager.BeginMoveForward, MovementParameters.get_command
void MovementManager::begin_move_forward(PhysicsBody& body, MotionInterpreter& motion,
                                         double now) {
  const float distance = current_distance(body);
  const MoveCommand command = move_command(params_, distance);
  if (command.forward == ForwardCommand::Ready) {
    pop_node();
    begin_next_node(body, motion, now);
    return;
  }
  hold_run_ = params_.can_run &&
              (!params_.can_walk || distance - params_.distance_to_object > params_.walk_run_threshold);
  motion.set_forward(command.forward, hold_run_, params_.speed);
  command_ = command.forward;
  moving_away_ = command.away;
  previous_distance_ = original_distance_ = last_distance_ = distance;
  previous_distance_time_ = original_distance_time_ = now;
}

// ACE: MoveToManager.HandleMoveToPosition
void MovementManager::handle_move_forward(PhysicsBody& body, MotionInterpreter& motion,
                                          double now) {
  float aim = facing_offset(command_, moving_away_) + heading_to(body.position, target_position_);
  if (aim >= 360.0f) aim -= 360.0f;
  const float off = wrap_heading(aim - body.position.frame.heading());
  const int steer = (off > kSteerThresholdDeg && off < 360.0f - kSteerThresholdDeg)
                        ? (off >= 180.0f ? -1 : 1)
                        : 0;
  if (steer != aux_turn_) {
    motion.set_turn_rate(steer == 0 ? 0.0f : turn_rate(steer > 0));
    aux_turn_ = steer;
  }

  const float distance = current_distance(body);
  const float gained = moving_away_ ? distance - last_distance_ : last_distance_ - distance;
  if (body.blocked && gained < kBlockedProgress)
    ++blocked_frames_;
  else
    blocked_frames_ = 0;
  last_distance_ = distance;

  if (!check_progress_made(distance, now)) {
    ++fail_progress_count_;
  } else {
    fail_progress_count_ = 0;
    if (moving_away_ ? distance >= params_.min_distance : distance <= params_.distance_to_object) {
      pop_node();
      motion.set_forward(ForwardCommand::Ready, motion.hold_run());
      command_ = ForwardCommand::Ready;
      motion.set_turn_rate(0.0f);
      aux_turn_ = 0;
      begin_next_node(body, motion, now);
      return;
    }
    if (glm::length(get_offset(start_, body.position)) > params_.fail_distance) {
      finish(MovementEnd::TooFar, motion);
      return;
    }
  }
  if ((params_.fail_progress_limit > 0 && fail_progress_count_ >= params_.fail_progress_limit) ||
      (params_.blocked_frames > 0 && blocked_frames_ >= params_.blocked_frames))
    finish(MovementEnd::Blocked, motion);
}

// Once a second: closer (farther, moving away) by at least 0.25 m/s since
// the last check and since the move began; a failed check is not moved on,
// so each frame after it fails again until the character gains ground.
// ACE: MoveToManager.CheckProgressMade
bool MovementManager::check_progress_made(float distance, double now) {
  const double since = now - previous_distance_time_;
  if (since <= kProgressCheckSeconds) return true;
  const float recent = moving_away_ ? distance - previous_distance_ : previous_distance_ - distance;
  if (recent / since < kMinProgressSpeed) return false;
  previous_distance_ = distance;
  previous_distance_time_ = now;
  const float overall = moving_away_ ? distance - original_distance_ : original_distance_ - distance;
  return overall / (now - original_distance_time_) >= kMinProgressSpeed;
}

// ACE: MoveToManager.GetCurrentDistance
float MovementManager::current_distance(const PhysicsBody& body) const {
  if (!params_.use_spheres) return glm::length(get_offset(body.position, target_position_));
  return cylinder_distance(body_radius(body.shape), body_height(body.shape), body.position,
                           target_radius_, target_height_, target_position_);
}

void MovementManager::stop_motions(MotionInterpreter& motion) {
  if (command_ != ForwardCommand::Ready) motion.set_forward(ForwardCommand::Ready, motion.hold_run());
  if (turning_ != 0 || aux_turn_ != 0) motion.set_turn_rate(0.0f);
  command_ = ForwardCommand::Ready;
  moving_away_ = false;
  turning_ = aux_turn_ = 0;
}

// ACE: MoveToManager.CleanUpAndCallWeenie
void MovementManager::finish(MovementEnd end, MotionInterpreter& motion) {
  stop_motions(motion);
  pending_.push_back({kind_, end, target_});
  kind_ = MovementKind::None;
  node_count_ = 0;
}

// ACE: StickyManager.ClearTarget
void MovementManager::end_stick(MovementEnd end) {
  pending_.push_back({MovementKind::None, end, stick_target_});
  stick_target_.reset();
  stick_initialized_ = false;
}

MovementProgress MovementManager::progress() const {
  MovementProgress p;
  p.kind = kind_;
  p.target = target_;
  p.distance = last_distance_;
  p.moving_away = moving_away_;
  p.fail_progress_count = fail_progress_count_;
  p.blocked_frames = blocked_frames_;
  p.started = started_;
  p.stuck_to = stick_target_;
  return p;
}

// --- sticky -------------------------------------------------------------------

const OffsetAdjuster* MovementManager::sticky_adjuster(const MotionInterpreter& motion,
                                                       const MovementTarget* stick_target) {
  if (!stick_target_ || !stick_initialized_ || !stick_target || !stick_target->present)
    return nullptr;
  sticky_.target = stick_target->position;
  sticky_.target_radius = stick_target->radius;
  sticky_.gap = stick_params_.distance;
  sticky_.max_speed = motion.max_speed();
  return &sticky_;
}

// Toward (or away from) the target to keep the gap, at up to five times the
// body's top speed, facing it. ACE: StickyManager.adjust_offset
void MovementManager::StickyAdjuster::adjust_offset(const PhysicsBody& body, Frame& offset,
                                                    float quantum) const {
  const Position& at = body.position;
  Vec3 toward = at.frame.global_to_local_vec(get_offset(at, target));
  toward.z = 0.0f;
  const float len = glm::length(toward);
  toward = len < kEpsilon ? Vec3(0.0f) : toward / len;
  const float gap_now = cylinder_distance_no_z(body_radius(body.shape), at, target_radius, target) - gap;
  float speed = max_speed * kStickySpeedFactor;
  if (speed < kEpsilon) speed = kStickyFallbackSpeed;
  float delta = speed * quantum;
  if (delta >= std::fabs(gap_now)) delta = gap_now;
  offset.origin = toward * delta;
  offset.set_heading(wrap_heading(heading_to(at, target) - at.frame.heading()));
}

}  // namespace transit
