#pragma once
// Retail's movement managers for one character: move to (or away from) a
// position or another character, turn to a heading or to a character, stick
// to a character (follow), cancel. The move-to drives the character's
// controls the way retail's MoveToManager does (turn toward the target, then
// run or walk forward, steering while more than 20 degrees off, re-aiming as
// the target moves, arriving within a distance, or far enough away when
// moving away); the sticky follow rewrites
// the body's motion each quantum as retail's StickyManager does. A
// Simulation owns one per character (Simulation::move_to and friends).

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "transit/math/position.hpp"
#include "transit/motion/body_update.hpp"
#include "transit/motion/motion_interpreter.hpp"
#include "transit/motion/physics_body.hpp"

namespace transit {

/// What a character's movement manager is doing.
enum class MovementKind : std::uint8_t {
  None,
  MoveToPosition,
  MoveToCharacter,
  TurnToHeading,
  TurnToCharacter,
};
/// "none", "move_to_position", "move_to_character", "turn_to_heading" or
/// "turn_to_character".
const char* to_string(MovementKind kind);

/// How a movement ended.
enum class MovementEnd : std::uint8_t {
  Arrived,     ///< within the distance, facing the heading asked for
  Blocked,     ///< no progress (retail's progress check), or blocked for N frames
  TimedOut,    ///< longer than the timeout asked for
  TargetGone,  ///< the target character left the world
  Cancelled,   ///< cancel(), or replaced by a new order
  TooFar,      ///< farther from the start than the fail distance (retail: "charged too far")
};
/// "arrived", "blocked", "timed_out", "target_gone", "cancelled" or "too_far".
const char* to_string(MovementEnd end);

/// How to move (retail's MovementParameters, with the defaults retail gives
/// them, plus transit's timeout and blocked-frame limit).
struct MoveToParams {
  /// Arrive within this distance (metres): between the two bodies' cylinders
  /// with use_spheres (a position is a point), else between origins.
  float distance_to_object = 0.6f;
  /// Moving away ends once at least this far (metres), measured as
  /// distance_to_object is (retail's min_distance).
  float min_distance = 0.0f;
  /// End TooFar when this far (metres) from where the move began.
  float fail_distance = std::numeric_limits<float>::max();
  /// Run when more than this (metres) beyond distance_to_object, else walk
  /// (when both are allowed).
  float walk_run_threshold = 15.0f;
  /// Speed factor of the order's motions (retail's speed): the forward
  /// motion (its velocity still capped at the body's run speed) and the
  /// turns; > 0.
  float speed = 1.0f;
  bool can_walk = true;
  bool can_run = true;
  bool use_spheres = true;
  /// Retail's move_towards and move_away. Toward only (the default, or
  /// neither): move until within distance_to_object. Away only: walk away,
  /// back to the target, until at least min_distance off. Both: toward when
  /// beyond distance_to_object, backing away (facing the target) when
  /// within min_distance, else stay.
  bool move_towards = true;
  bool move_away = false;
  /// transit: a move away begins by turning its back to the target. Retail
  /// (false) turns to face the target, then walks forward steering round,
  /// so for a second or more it goes toward what it moves away from (and
  /// fails retail's own progress check).
  bool turn_away_first = true;
  /// Turn to this heading (degrees) on arrival: for a position, the compass
  /// heading; for a character, relative to the direction to it (retail's
  /// desired_heading with use_final_heading).
  std::optional<float> final_heading;
  /// On arrival at a character, stick to it (StickyParams defaults).
  bool sticky = false;
  /// Turn rate of the body's turn motion at speed 1, degrees per second;
  /// running turns 1.5 times as fast. Unset: the character's own
  /// (SimCharacter::turn_rate_deg, the human motion table's 90 by default).
  std::optional<float> turn_rate_deg;
  /// Retail checks progress once a second and counts each failed check
  /// (slower than 0.25 m/s toward the target, or away from it when moving
  /// away); end Blocked at this count (ACE's server cancels at 5); 0 never.
  int fail_progress_limit = 5;
  /// transit: end Blocked after this many frames in a row in which a wall
  /// cut the move short and the distance did not change the way the move
  /// wants; 0 never.
  int blocked_frames = 0;
  /// transit: end TimedOut after this many seconds; 0 never.
  float timeout = 0.0f;
};

/// Throws InputError naming the field when `params` has a NaN, a negative
/// distance or time, a speed or turn rate <= 0, or a negative count.
void check_move_to_params(const MoveToParams& params);

/// How to stick to a character (retail's StickyManager).
struct StickyParams {
  /// The gap to keep between the two bodies' cylinders, metres (retail's 0.3).
  float distance = 0.3f;
  /// Seconds until the stick lets go (retail's 1); 0 never.
  float timeout = 1.0f;
};

/// Where a target character is this frame, as the manager sees it.
struct MovementTarget {
  Position position;
  float radius = 0.0f;  ///< metres
  float height = 0.0f;  ///< metres
  bool present = true;  ///< false once it has left the world
};

/// How a movement is going.
struct MovementProgress {
  MovementKind kind = MovementKind::None;
  std::optional<std::size_t> target;  ///< the character moved to, turned to or stuck to
  float distance = 0.0f;              ///< to the target at the last frame, metres
  bool moving_away = false;           ///< the move under way goes away from the target
  int fail_progress_count = 0;        ///< retail's failed progress checks in a row
  int blocked_frames = 0;             ///< blocked frames in a row
  double started = 0.0;               ///< simulation time the order was given
  std::optional<std::size_t> stuck_to;  ///< the character followed, if any
};

/// An order or a follow that ended.
struct MovementEnded {
  MovementKind kind = MovementKind::None;  ///< None for a follow
  MovementEnd end = MovementEnd::Arrived;
  std::optional<std::size_t> target;
};

/// A body's radius and height as retail's cylinder distance takes them.
float body_radius(const ac::AcBody& body);
float body_height(const ac::AcBody& body);

/// Distance between two upright cylinders standing at `a` and `b` (negative
/// when they overlap). ACE: Position.CylinderDistance
float cylinder_distance(float radius_a, float height_a, const Position& a, float radius_b,
                        float height_b, const Position& b);
/// Compass heading (degrees, 0..360) from `from` to `to`, 0 for a point
/// straight above or below. ACE: Position.heading
float heading_to(const Position& from, const Position& to);

/// One character's movement orders. Not thread-safe: one thread at a time.
class MovementManager {
 public:
  /// Each order replaces the one running (reported Cancelled by the next
  /// use_time) and starts at simulation time `now`.
  /// ACE: MoveToManager.MoveToPosition
  void move_to_position(PhysicsBody& body, MotionInterpreter& motion, const Position& target,
                        const MoveToParams& params, double now);
  /// ACE: MoveToManager.MoveToObject (the target's position comes each frame)
  void move_to_character(std::size_t target, const MoveToParams& params, MotionInterpreter& motion,
                         double now);
  /// ACE: MoveToManager.TurnToHeading
  void turn_to_heading(float heading_deg, const MoveToParams& params, MotionInterpreter& motion,
                       double now);
  /// ACE: MoveToManager.TurnToObject
  void turn_to_character(std::size_t target, const MoveToParams& params, MotionInterpreter& motion,
                         double now);
  /// ACE: StickyManager.StickTo
  void stick_to(std::size_t target, const StickyParams& params, double now);
  /// Stops the move-to and the stick, and the motions they started; what
  /// was running is reported Cancelled by the next use_time.
  void cancel(MotionInterpreter& motion);

  /// One frame's decisions, before the physics: arrival, progress, steering,
  /// re-aiming, timeouts. `target` is the target character's state (null
  /// when there is none). ACE: MovementManager.UseTime, MoveToManager.UseTime,
  /// StickyManager.UseTime. What ended since the last call (orders replaced
  /// or cancelled in between included) is appended to `ended`.
  void use_time(PhysicsBody& body, MotionInterpreter& motion, const MovementTarget* target,
                const MovementTarget* stick_target, double now, std::vector<MovementEnded>& ended);
  /// The body's sticky adjustment for this frame's physics, if it sticks
  /// (null otherwise); valid until the next call.
  const OffsetAdjuster* sticky_adjuster(const MotionInterpreter& motion,
                                        const MovementTarget* stick_target);

  /// Running an order, sticking, or holding an end not yet reported.
  bool active() const {
    return kind_ != MovementKind::None || stick_target_.has_value() || !pending_.empty();
  }
  MovementKind kind() const { return kind_; }
  /// The character this manager moves to, turns to (none for positions).
  std::optional<std::size_t> target() const { return target_; }
  std::optional<std::size_t> stick_target() const { return stick_target_; }
  MovementProgress progress() const;

 private:
  enum class Node : std::uint8_t { TurnToHeading, MoveForward };
  struct PendingNode {
    Node node = Node::MoveForward;
    float heading = 0.0f;
  };
  class StickyAdjuster final : public OffsetAdjuster {
   public:
    void adjust_offset(const PhysicsBody& body, Frame& offset, float quantum) const override;
    Position target;
    float target_radius = 0.0f;
    float gap = 0.3f;
    float max_speed = 0.0f;
  };

  void begin(MovementKind kind, const MoveToParams& params, MotionInterpreter& motion, double now);
  void add_node(Node node, float heading = 0.0f);
  void begin_next_node(PhysicsBody& body, MotionInterpreter& motion, double now);
  void begin_turn(PhysicsBody& body, MotionInterpreter& motion, double now);
  void begin_move_forward(PhysicsBody& body, MotionInterpreter& motion, double now);
  void handle_turn(PhysicsBody& body, MotionInterpreter& motion, double now);
  void handle_move_forward(PhysicsBody& body, MotionInterpreter& motion, double now);
  bool check_progress_made(float distance, double now);
  void update_target(PhysicsBody& body, MotionInterpreter& motion, const MovementTarget& t,
                     double now);
  void plan_character_move(PhysicsBody& body, MotionInterpreter& motion, double now);
  void plan_move(const PhysicsBody& body, float heading_to_target);
  float current_distance(const PhysicsBody& body) const;
  float turn_rate(bool right) const;
  void stop_motions(MotionInterpreter& motion);
  void finish(MovementEnd end, MotionInterpreter& motion);
  void end_stick(MovementEnd end);
  void pop_node();

  MovementKind kind_ = MovementKind::None;
  MoveToParams params_;
  std::optional<std::size_t> target_;
  Position target_position_;      ///< where the target is as last heard (retail CurrentTargetPosition)
  Position last_heard_;           ///< where the target was when last heard
  double last_heard_time_ = 0.0;  ///< when
  bool initialized_ = false;      ///< the target has been heard from
  float target_radius_ = 0.0f;
  float target_height_ = 0.0f;
  Position start_;
  std::array<PendingNode, 3> nodes_{};
  std::size_t node_count_ = 0;
  ForwardCommand command_ = ForwardCommand::Ready;  ///< the move's own forward motion
  bool moving_away_ = false;      ///< retail moving_away: the move goes away from the target
  int aux_turn_ = 0;      ///< -1 left, +1 right while moving forward
  int turning_ = 0;       ///< -1 left, +1 right in a turn node
  bool hold_run_ = true;  ///< the hold key the move applies
  float previous_heading_ = 0.0f;
  float previous_distance_ = 0.0f;
  double previous_distance_time_ = 0.0;
  float original_distance_ = 0.0f;
  double original_distance_time_ = 0.0;
  float last_distance_ = 0.0f;
  int fail_progress_count_ = 0;
  int blocked_frames_ = 0;
  double started_ = 0.0;
  std::vector<MovementEnded> pending_;  ///< ends not yet reported

  std::optional<std::size_t> stick_target_;
  StickyParams stick_params_;
  double stick_until_ = 0.0;
  bool stick_initialized_ = false;
  StickyAdjuster sticky_;
};

}  // namespace transit
