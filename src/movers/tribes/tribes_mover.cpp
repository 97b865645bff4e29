#include "transit/movers/tribes/tribes_mover.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace transit::tribes {

TribesMover::TribesMover(TribesSettings settings, DamageCallback on_damage)
    : settings_(std::move(settings)), on_damage_(std::move(on_damage)) {}

TraceResult TribesMover::translate(const World& world, const BoxMoverState& state,
                                   const Vec3& start, const Vec3& end) const {
  TraceOptions options;
  options.epsilon = settings_.epsilon;
  options.ignore_object = state.world_object;
  return trace_box(world, state.position.objcell_id, start, end, settings_.box.mins,
                   settings_.box.maxs, options);
}

// The seed leaves Tribes' step-up out; this one lifts the box onto a ledge
// at most step_height high that the rest of the motion would reach, without
// moving it forward (the next bump does that).
bool TribesMover::step_up(const World& world, BoxMoverState& state, const Vec3& motion) const {
  const Vec3 ahead_motion(motion.x, motion.y, 0.0f);
  if (settings_.step_height <= 0.0f || length_sq(ahead_motion) == 0.0f) return false;
  Vec3& position = state.position.frame.origin;
  const Vec3 lift(0.0f, 0.0f, settings_.step_height);
  const TraceResult rise = translate(world, state, position, position + lift);
  if (rise.fraction < 1.0f) return false;
  const TraceResult ahead = translate(world, state, rise.end_position,
                                      rise.end_position + ahead_motion);
  if (ahead.fraction <= 0.0f) return false;
  const TraceResult drop = translate(world, state, ahead.end_position,
                                     ahead.end_position - lift);
  if (!drop.hit_something() || drop.normal.z < settings_.jump_surface_min_dot) return false;
  if (drop.end_position.z <= position.z) return false;
  position.z = drop.end_position.z;
  return true;
}

// Player::UpdatePosition
UpdateResult TribesMover::update_position(const World& world, BoxMoverState& state,
                                          float tick_len, bool crawled_to_stop) const {
  const TribesSettings& s = settings_;
  TribesMemory& memory = state.tribes;
  Vec3& position = state.position.frame.origin;
  Vec3& velocity = state.velocity;
  const float decay_friction = memory.current_friction * s.friction_decay;
  float last_surf_direction = glm::dot(memory.last_jumpable_normal, kUnitZ);
  float time_left = tick_len;
  memory.current_friction = 0.0f;
  memory.collision_last_tick = false;
  UpdateResult result;
  int bumps = 0;
  for (; bumps < s.max_bumps && time_left > 0.0f; ++bumps) {
    // Slices of at most slice_length, for the fix-up below.
    const Vec3 max_distance = velocity * time_left;
    const float slices = std::ceil(glm::length(max_distance) / s.slice_length);
    const float slice_time = time_left / std::max(1.0f, slices);
    const Vec3 original = position;
    const TraceResult moved = translate(world, state, original, original + max_distance);
    const float duration = time_left * moved.fraction;
    time_left -= duration;
    position = moved.end_position;
    if (time_left == 0.0f) break;

    memory.collision_last_tick = true;
    const Vec3& normal = moved.normal;
    const float surf_direction = glm::dot(normal, kUnitZ);
    if (surf_direction < s.jump_surface_min_dot && step_up(world, state, velocity * time_left))
      continue;
    const float impact_dot = -glm::dot(velocity, normal);
    if (impact_dot > s.min_damage_speed && on_damage_)
      on_damage_((impact_dot - s.min_damage_speed) * s.damage_scale);
    if (surf_direction >= s.jump_surface_min_dot) {
      result.touched_jumpable = true;
      if (memory.last_jumpable_ms > s.tick_base * 1000.0f ||
          surf_direction < last_surf_direction) {
        last_surf_direction = surf_direction;
        memory.last_jumpable_ms = 0.0f;
        memory.last_jumpable_normal = normal;
      }
    }
    // Redo the last slice from its start with the bounced velocity. The seed
    // gets 0 slices when nothing moved (and would start a slice behind the
    // start, untraced); transit counts at least one.
    const float impact_slices = std::max(1.0f, std::ceil(duration / slice_time));
    const float full_motion_time = slice_time * (impact_slices - 1.0f);
    const float fixup_time = duration - full_motion_time;
    position = original + velocity * full_motion_time;
    velocity += normal * (impact_dot + s.elasticity);
    position = translate(world, state, position, position + velocity * fixup_time).end_position;
    if (surf_direction > 0.0f) {
      memory.current_friction = surf_direction;
      if (crawled_to_stop && glm::length(velocity) < s.min_speed) {
        velocity = Vec3(0.0f);
        position = original;
        break;
      }
    }
  }
  result.bumps = bumps;
  if (bumps >= s.max_bumps) {
    result.ran_out = true;
    if (s.ski_bug == SkiBug::ZeroVelocity) velocity = Vec3(0.0f);
  }
  if (memory.collision_last_tick)
    memory.current_friction = std::min(std::max(memory.current_friction, decay_friction), 1.0f);
  result.collided = memory.collision_last_tick;
  return result;
}

void TribesMover::apply_traction(BoxMoverState& state, const BoxMoverInput& input,
                                 float dt) const {
  const Vec3& n = state.ground_normal;
  const Vec3 wish(input.wish_velocity.x, input.wish_velocity.y, 0.0f);
  const Vec3 along_ground = state.velocity - n * glm::dot(state.velocity, n);
  Vec3 change = (wish - n * glm::dot(wish, n)) - along_ground;
  const float most = settings_.ground_force * state.tribes.current_friction * dt;
  const float size = glm::length(change);
  if (size > most) change *= most / size;
  state.velocity += change;
}

void TribesMover::step(const World& world, BoxMoverState& state, const BoxMoverInput& input,
                       float dt) const {
  TribesMemory& memory = state.tribes;
  memory.last_jumpable_ms += dt * 1000.0f;
  const bool can_jump = memory.last_jumpable_ms < settings_.jump_grace_ms &&
                        length_sq(memory.last_jumpable_normal) > 0.0f;
  const bool jumped = input.jump && can_jump;
  if (jumped) {
    state.velocity += memory.last_jumpable_normal * settings_.jump_speed;
    memory.last_jumpable_ms = settings_.jump_grace_ms;
    state.on_ground = false;
  }
  if (state.on_ground && !input.ski) apply_traction(state, input, dt);
  state.velocity.z -= settings_.gravity * dt;
  const bool still = input.wish_velocity.x == 0.0f && input.wish_velocity.y == 0.0f;
  const bool crawled_to_stop = state.on_ground && !input.ski && still;
  const UpdateResult r = update_position(world, state, dt, crawled_to_stop);
  state.on_ground = r.touched_jumpable;
  state.ground_normal = state.on_ground ? memory.last_jumpable_normal : Vec3(0.0f);
  const BoxShape& box = settings_.box;
  rebase_position(world, state.position, (box.mins + box.maxs) * 0.5f);
}

}  // namespace transit::tribes
