#include "transit/movers/quake/quake_mover.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace transit::quake {
namespace {

// Quake 2 counts pm_time in 8 ms steps: 18 after a hard landing, 25 after a very hard one.
constexpr int kLandTimeMs = 18 * 8;
constexpr int kHardLandTimeMs = 25 * 8;
constexpr float kLandSpeed = -200.0f;      // units/s: landing faster starts the land timer
constexpr float kHardLandSpeed = -400.0f;  // units/s
constexpr float kFrictionMinSpeed = 1.0f;  // units/s: PM_Friction stops below this

float horizontal_distance_sq(const Vec3& a, const Vec3& b) {
  return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

}  // namespace

QuakeMover::QuakeMover(QuakeSettings settings) : settings_(settings) {}

BoxShape QuakeMover::shape() const {
  return {settings_.mins / settings_.units_per_metre, settings_.maxs / settings_.units_per_metre};
}

TraceResult QuakeMover::trace(const World& world, const PmoveLocal& pm, const Vec3& start,
                              const Vec3& end) const {
  TraceOptions options;
  options.epsilon = metres(settings_.dist_epsilon);
  options.ignore_object = pm.ignore_object;
  const BoxShape box = shape();
  return trace_box(world, pm.frame, start, end, box.mins, box.maxs, options);
}

// PM_ClipVelocity
Vec3 QuakeMover::clip_velocity(const Vec3& in, const Vec3& normal, float overbounce) const {
  const float backoff = glm::dot(in, normal) * overbounce;
  const float stop = metres(settings_.stop_epsilon);
  Vec3 out;
  for (int i = 0; i < 3; ++i) {
    out[i] = in[i] - normal[i] * backoff;
    if (out[i] > -stop && out[i] < stop) out[i] = 0.0f;
  }
  return out;
}

// PM_StepSlideMove_
void QuakeMover::step_slide_move_(const World& world, PmoveLocal& pm) const {
  const Vec3 primal_velocity = pm.velocity;
  std::array<Vec3, kMaxClipPlanes> planes{};
  int numplanes = 0;
  float time_left = pm.frametime;
  for (int bumpcount = 0; bumpcount < kNumBumps; ++bumpcount) {
    const Vec3 end = pm.origin + pm.velocity * time_left;
    const TraceResult trace = this->trace(world, pm, pm.origin, end);
    if (trace.all_solid) {
      pm.velocity.z = 0.0f;  // trapped: don't build up falling speed
      return;
    }
    if (trace.fraction > 0.0f) {
      pm.origin = trace.end_position;
      numplanes = 0;
    }
    if (trace.fraction == 1.0f) break;
    time_left -= time_left * trace.fraction;
    if (numplanes >= kMaxClipPlanes) {
      pm.velocity = Vec3(0.0f);
      break;
    }
    planes[static_cast<std::size_t>(numplanes++)] = trace.normal;
    // Make the velocity parallel to every clip plane, one plane at a time.
    int i = 0;
    for (; i < numplanes; ++i) {
      pm.velocity = clip_velocity(pm.velocity, planes[static_cast<std::size_t>(i)],
                                  settings_.overbounce);
      int j = 0;
      for (; j < numplanes; ++j)
        if (j != i && glm::dot(pm.velocity, planes[static_cast<std::size_t>(j)]) < 0.0f) break;
      if (j == numplanes) break;
    }
    if (i == numplanes) {
      if (numplanes != 2) {
        pm.velocity = Vec3(0.0f);
        break;
      }
      const Vec3 dir = glm::cross(planes[0], planes[1]);
      pm.velocity = dir * glm::dot(dir, pm.velocity);
    }
    // Turned against the original velocity: stop dead rather than oscillate in a corner.
    if (glm::dot(pm.velocity, primal_velocity) <= 0.0f) {
      pm.velocity = Vec3(0.0f);
      break;
    }
  }
  if (pm.pm_time) pm.velocity = primal_velocity;
}

// PM_StepSlideMove
void QuakeMover::step_slide_move(const World& world, PmoveLocal& pm) const {
  const Vec3 start_o = pm.origin;
  const Vec3 start_v = pm.velocity;
  step_slide_move_(world, pm);
  const Vec3 down_o = pm.origin;
  const Vec3 down_v = pm.velocity;

  // Quake 2 only tests the raised spot; transit sweeps up to it (as Quake III
  // does), since a polygon world has no solid volume to test a point against.
  const float step = metres(settings_.step_size);
  TraceResult trace = this->trace(world, pm, start_o, start_o + Vec3(0.0f, 0.0f, step));
  if (trace.all_solid) return;
  pm.origin = trace.end_position;
  pm.velocity = start_v;
  step_slide_move_(world, pm);

  trace = this->trace(world, pm, pm.origin, pm.origin - Vec3(0.0f, 0.0f, step));
  if (!trace.all_solid) pm.origin = trace.end_position;

  const float down_dist = horizontal_distance_sq(down_o, start_o);
  const float up_dist = horizontal_distance_sq(pm.origin, start_o);
  if (down_dist > up_dist || trace.normal.z < settings_.min_step_normal) {
    pm.origin = down_o;
    pm.velocity = down_v;
    return;
  }
  // Walking along a plane: keep the vertical speed of the plain move.
  pm.velocity.z = down_v.z;
}

// PM_CatagorizePosition
void QuakeMover::categorize_position(const World& world, PmoveLocal& pm,
                                     QuakeMemory& memory) const {
  const bool was_on_ground = pm.on_ground;
  pm.on_ground = false;
  pm.ground_normal = Vec3(0.0f);
  if (pm.velocity.z > metres(settings_.max_ground_rise)) return;
  const Vec3 point = pm.origin - Vec3(0.0f, 0.0f, metres(settings_.ground_probe));
  const TraceResult trace = this->trace(world, pm, pm.origin, point);
  const bool hit = trace.hit_something() || trace.start_solid;
  if (!hit || (trace.normal.z < settings_.min_step_normal && !trace.start_solid)) return;
  pm.on_ground = true;
  pm.ground_normal = trace.normal;
  if (was_on_ground || pm.velocity.z >= metres(kLandSpeed)) return;
  memory.time_land = true;
  memory.pm_time_ms = pm.velocity.z < metres(kHardLandSpeed) ? kHardLandTimeMs : kLandTimeMs;
}

// PM_CheckJump
void QuakeMover::check_jump(PmoveLocal& pm, QuakeMemory& memory, bool jump) const {
  if (memory.time_land) return;
  if (!jump) {
    memory.jump_held = false;
    return;
  }
  if (memory.jump_held || !pm.on_ground) return;
  memory.jump_held = true;
  pm.on_ground = false;
  const float v = metres(settings_.jump_velocity);
  pm.velocity.z = std::max(pm.velocity.z + v, v);
}

// PM_Friction
void QuakeMover::friction(PmoveLocal& pm) const {
  const float speed = glm::length(pm.velocity);
  if (speed < metres(kFrictionMinSpeed)) {
    pm.velocity.x = 0.0f;
    pm.velocity.y = 0.0f;
    return;
  }
  float drop = 0.0f;
  if (pm.on_ground) {
    const float control = std::max(speed, metres(settings_.stop_speed));
    drop += control * settings_.friction * pm.frametime;
  }
  const float new_speed = std::max(speed - drop, 0.0f) / speed;
  pm.velocity *= new_speed;
}

// PM_Accelerate
void QuakeMover::accelerate(PmoveLocal& pm, const Vec3& wish_dir, float wish_speed,
                            float accel) const {
  const float add_speed = wish_speed - glm::dot(pm.velocity, wish_dir);
  if (add_speed <= 0.0f) return;
  const float accel_speed = std::min(accel * pm.frametime * wish_speed, add_speed);
  pm.velocity += wish_dir * accel_speed;
}

// PM_AirAccelerate
void QuakeMover::air_accelerate(PmoveLocal& pm, const Vec3& wish_dir, float wish_speed,
                                float accel) const {
  const float capped = std::min(wish_speed, metres(settings_.air_wish_cap));
  const float add_speed = capped - glm::dot(pm.velocity, wish_dir);
  if (add_speed <= 0.0f) return;
  const float accel_speed = std::min(accel * wish_speed * pm.frametime, add_speed);
  pm.velocity += wish_dir * accel_speed;
}

// PM_AirMove
void QuakeMover::air_move(const World& world, PmoveLocal& pm, const Vec3& wish_velocity) const {
  Vec3 wish_vel(wish_velocity.x, wish_velocity.y, 0.0f);
  float wish_speed = glm::length(wish_vel);
  const Vec3 wish_dir = wish_speed > 0.0f ? wish_vel / wish_speed : Vec3(0.0f);
  const float max_speed = metres(settings_.max_speed);
  if (wish_speed > max_speed) wish_speed = max_speed;
  const float gravity = metres(settings_.gravity);
  if (pm.on_ground) {
    pm.velocity.z = 0.0f;
    accelerate(pm, wish_dir, wish_speed, settings_.accelerate);
    if (gravity > 0.0f) {
      pm.velocity.z = 0.0f;
    } else {
      pm.velocity.z -= gravity * pm.frametime;
    }
    if (pm.velocity.x == 0.0f && pm.velocity.y == 0.0f) return;
    step_slide_move(world, pm);
    return;
  }
  // Quake 2 passes pm_accelerate, not pm_airaccelerate, as the rate here.
  if (settings_.air_accelerate != 0.0f) {
    air_accelerate(pm, wish_dir, wish_speed, settings_.accelerate);
  } else {
    accelerate(pm, wish_dir, wish_speed, 1.0f);
  }
  pm.velocity.z -= gravity * pm.frametime;
  step_slide_move(world, pm);
}

void QuakeMover::step(const World& world, BoxMoverState& state, const BoxMoverInput& input,
                      float dt) const {
  QuakeMemory& memory = state.quake;
  PmoveLocal pm;
  pm.frame = landblock_of(state.position.objcell_id);
  pm.origin = state.position.frame.origin;
  pm.velocity = state.velocity;
  pm.frametime = dt;
  pm.on_ground = state.on_ground;
  pm.ignore_object = state.world_object;

  categorize_position(world, pm, memory);
  if (memory.pm_time_ms > 0) {
    memory.pm_time_ms -= std::max(1, static_cast<int>(dt * 1000.0f));
    if (memory.pm_time_ms <= 0) {
      memory.pm_time_ms = 0;
      memory.time_land = false;
    }
  }
  pm.pm_time = memory.pm_time_ms > 0;
  check_jump(pm, memory, input.jump);
  friction(pm);
  air_move(world, pm, input.wish_velocity);
  categorize_position(world, pm, memory);

  state.position.frame.origin = pm.origin;
  state.velocity = pm.velocity;
  state.on_ground = pm.on_ground;
  state.ground_normal = pm.ground_normal;
  const BoxShape box = shape();
  rebase_position(world, state.position, (box.mins + box.maxs) * 0.5f);
}

}  // namespace transit::quake
