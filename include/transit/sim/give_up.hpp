#pragma once
// A server's rule for creatures that cannot reach what they chase (not
// retail's: ACE added "go home after 10-15 s" for creatures stuck on
// building corners). A chase that stops getting closer waits without
// moving, tries again, and in the end gives up: the creature walks home by
// the same physics, or is put there when that fails too.

#include <cstddef>
#include <optional>
#include <span>

#include "transit/math/position.hpp"
#include "transit/sim/movement_manager.hpp"

namespace transit {

/// When a chasing creature gives up, and how it gets home.
struct GiveUpPolicy {
  /// Give up after this many seconds without getting closer to the target
  /// than it has been (by at least min_progress metres).
  float no_progress_seconds = 10.0f;
  float min_progress = 0.25f;
  /// After a chase ends Blocked, stand still this long (no transitions run
  /// for a creature at rest on the ground), then chase again.
  float retry_seconds = 2.0f;
  /// The walk home: how it moves, and its timeout (seconds); a walk home
  /// that ends blocked, timed out or too far ends in a teleport home.
  MoveToParams home_params = [] {
    MoveToParams p;
    p.timeout = 30.0f;
    return p;
  }();
};

/// What the policy does this frame.
enum class GiveUpAction : std::uint8_t {
  None,
  RetryChase,    ///< the wait is over: chase again
  GoHome,        ///< given up: walk home
  TeleportHome,  ///< the walk home failed: put it there
  ReachedHome,   ///< home: the policy is idle until the next chase
};

/// One creature's give-up state. Not thread-safe: one thread at a time.
class GiveUp {
 public:
  GiveUp() = default;
  GiveUp(const GiveUpPolicy& policy, const Position& home) : policy_(policy), home_(home) {}

  const GiveUpPolicy& policy() const { return policy_; }
  const Position& home() const { return home_; }
  /// A chase of `target` begins (by the caller, not by a retry).
  void chase(std::size_t target, const MoveToParams& params, double now);
  /// The chase order to repeat on RetryChase.
  std::optional<std::size_t> chase_target() const { return chase_target_; }
  const MoveToParams& chase_params() const { return chase_params_; }
  bool going_home() const { return going_home_; }
  bool waiting(double now) const { return retry_at_ && now < *retry_at_; }

  /// Before the manager's frame: the retry when the wait is over.
  GiveUpAction before_frame(double now);
  /// After the manager's frame: what ended, and the distance to the chased
  /// target (when one is being chased).
  GiveUpAction after_frame(std::span<const MovementEnded> ends, std::optional<float> distance,
                           double now);
  /// The walk home has begun.
  void started_home();
  /// No chase, no wait, no walk home: idle until the next chase (the
  /// creature is home, or its controls were taken over).
  void idle();

 private:
  GiveUpPolicy policy_;
  Position home_;
  std::optional<std::size_t> chase_target_;
  MoveToParams chase_params_;
  float best_distance_ = 0.0f;
  double best_time_ = 0.0;
  std::optional<double> retry_at_;
  bool going_home_ = false;
};

}  // namespace transit
