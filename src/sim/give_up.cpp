#include "transit/sim/give_up.hpp"

#include <limits>

namespace transit {

void GiveUp::chase(std::size_t target, const MoveToParams& params, double now) {
  chase_target_ = target;
  chase_params_ = params;
  best_distance_ = std::numeric_limits<float>::max();
  best_time_ = now;
  retry_at_.reset();
  going_home_ = false;
}

GiveUpAction GiveUp::before_frame(double now) {
  if (!retry_at_ || now < *retry_at_) return GiveUpAction::None;
  retry_at_.reset();
  if (now - best_time_ >= static_cast<double>(policy_.no_progress_seconds))
    return GiveUpAction::GoHome;
  return GiveUpAction::RetryChase;
}

GiveUpAction GiveUp::after_frame(std::span<const MovementEnded> ends, std::optional<float> distance,
                                 double now) {
  for (const MovementEnded& e : ends) {
    if (going_home_ && e.kind == MovementKind::MoveToPosition) {
      if (e.end == MovementEnd::Arrived) return GiveUpAction::ReachedHome;
      if (e.end == MovementEnd::Cancelled) {
        going_home_ = false;
        continue;
      }
      return GiveUpAction::TeleportHome;
    }
    if (!chase_target_ || e.kind != MovementKind::MoveToCharacter) continue;
    if (e.end == MovementEnd::Blocked) retry_at_ = now + static_cast<double>(policy_.retry_seconds);
    if (e.end == MovementEnd::TargetGone) return GiveUpAction::GoHome;
  }
  if (going_home_ || !chase_target_ || !distance) return GiveUpAction::None;
  if (*distance < best_distance_ - policy_.min_progress) {
    best_distance_ = *distance;
    best_time_ = now;
  } else if (now - best_time_ >= static_cast<double>(policy_.no_progress_seconds)) {
    retry_at_.reset();
    return GiveUpAction::GoHome;
  }
  return GiveUpAction::None;
}

void GiveUp::started_home() {
  going_home_ = true;
  retry_at_.reset();
}

void GiveUp::idle() {
  going_home_ = false;
  chase_target_.reset();
  retry_at_.reset();
}

}  // namespace transit
