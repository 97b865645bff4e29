#include "transit/movers/quake/quake_mover.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace transit::quake {
namespace {

// pm_time after a hard landing (8 ms units), and after a very hard one.
constexpr std::uint8_t kLandTime = 18;
constexpr std::uint8_t kHardLandTime = 25;
constexpr float kLandSpeed = -200.0f;      // units/s: landing faster starts the land timer
constexpr float kHardLandSpeed = -400.0f;  // units/s
constexpr float kFrictionMinSpeed = 1.0f;  // units/s: PM_Friction stops below this
constexpr int kJumpUpmove = 10;            // PM_CheckJump: upmove below this is no jump
constexpr int kMaxMsec = 255;              // usercmd_t's msec is a byte
// PM_SnapPosition tries the single-axis nudges first: z, then x, y, ...
constexpr std::array<int, 8> kJitterBits{0, 4, 1, 2, 3, 5, 6, 7};

float horizontal_distance_sq(const Vec3& a, const Vec3& b) {
  return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

// Quake's upmove from the keys, as the client sums them.
int upmove_of(const BoxMoverInput& input) {
  return (input.jump ? 200 : 0) - (input.crouch ? 200 : 0);
}

}  // namespace

QuakeMover::QuakeMover(QuakeSettings settings) : settings_(settings) {}

BoxShape QuakeMover::shape() const {
  return {settings_.mins / settings_.units_per_metre, settings_.maxs / settings_.units_per_metre};
}

BoxShape QuakeMover::shape(const BoxMoverState& state) const {
  BoxShape box = shape();
  if (state.quake.has(kPmfDucked)) box.maxs.z = metres(settings_.duck_maxs_z);
  return box;
}

float QuakeMover::view_height(const BoxMoverState& state) const {
  return metres(state.quake.has(kPmfDucked) ? settings_.duck_view_height : settings_.view_height);
}

TraceResult QuakeMover::trace(const World& world, const PmoveLocal& pm, const Vec3& start,
                              const Vec3& end) const {
  TraceOptions options;
  options.epsilon = metres(settings_.dist_epsilon);
  options.model = TraceModel::Quake2Brushes;
  options.ignore_object = pm.ignore_object;
  return trace_box(world, pm.frame, start, end, pm.mins, pm.maxs, options);
}

// PM_ClipVelocity
Vec3 QuakeMover::clip_velocity(const Vec3& in, const Vec3& normal, float overbounce) const {
  const float backoff = glm::dot(in, normal) * overbounce;
  const double stop = settings_.stop_epsilon / settings_.units_per_metre;
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

  // Quake 2 tests the raised spot alone; quake3_step sweeps up to it.
  Vec3 up = start_o;
  up.z += metres(settings_.step_size);
  TraceResult trace = this->trace(world, pm, settings_.quake3_step ? start_o : up, up);
  if (trace.all_solid) return;
  pm.origin = trace.end_position;
  pm.velocity = start_v;
  step_slide_move_(world, pm);

  Vec3 down = pm.origin;
  down.z -= metres(settings_.step_size);
  trace = this->trace(world, pm, pm.origin, down);
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

// PM_CheckDuck
void QuakeMover::check_duck(const World& world, PmoveLocal& pm, QuakeMemory& memory,
                            int upmove) const {
  const BoxShape standing = shape();
  pm.mins = standing.mins;
  pm.maxs = standing.maxs;
  if (upmove < 0 && memory.has(kPmfOnGround)) {
    memory.pm_flags |= kPmfDucked;
  } else if (memory.has(kPmfDucked) && !trace(world, pm, pm.origin, pm.origin).all_solid) {
    memory.pm_flags &= ~kPmfDucked;  // room to stand up
  }
  if (memory.has(kPmfDucked)) pm.maxs.z = metres(settings_.duck_maxs_z);
}

// PM_CatagorizePosition
void QuakeMover::categorize_position(const World& world, PmoveLocal& pm,
                                     QuakeMemory& memory) const {
  pm.on_ground = false;
  pm.ground_normal = Vec3(0.0f);
  if (pm.velocity.z > metres(settings_.max_ground_rise)) {
    memory.pm_flags &= ~kPmfOnGround;
    return;
  }
  Vec3 point = pm.origin;
  point.z = static_cast<float>(static_cast<double>(pm.origin.z) -
                               settings_.ground_probe / settings_.units_per_metre);
  const TraceResult trace = this->trace(world, pm, pm.origin, point);
  // Quake 2's server hands every trace the world entity, so only the plane decides.
  if (trace.normal.z < settings_.min_step_normal && !trace.start_solid) {
    memory.pm_flags &= ~kPmfOnGround;
    return;
  }
  pm.on_ground = true;
  pm.ground_normal = trace.normal;
  if (memory.has(kPmfOnGround)) return;
  memory.pm_flags |= kPmfOnGround;  // just hit the ground
  if (pm.velocity.z >= metres(kLandSpeed)) return;
  memory.pm_flags |= kPmfTimeLand;
  memory.pm_time = pm.velocity.z < metres(kHardLandSpeed) ? kHardLandTime : kLandTime;
}

void QuakeMover::drop_timer(const PmoveLocal& pm, QuakeMemory& memory) const {
  if (memory.pm_time == 0) return;
  const int units = std::max(pm.msec >> 3, 1);
  if (units >= memory.pm_time) {
    memory.pm_flags &= ~(kPmfTimeWaterJump | kPmfTimeLand | kPmfTimeTeleport);
    memory.pm_time = 0;
  } else {
    memory.pm_time = static_cast<std::uint8_t>(memory.pm_time - units);
  }
}

// PM_CheckJump
void QuakeMover::check_jump(PmoveLocal& pm, QuakeMemory& memory, int upmove) const {
  if (memory.has(kPmfTimeLand)) return;
  if (upmove < kJumpUpmove) {
    memory.pm_flags &= ~kPmfJumpHeld;
    return;
  }
  if (memory.has(kPmfJumpHeld) || !pm.on_ground) return;
  memory.pm_flags |= kPmfJumpHeld;
  pm.on_ground = false;
  const float v = metres(settings_.jump_velocity);
  pm.velocity.z += v;
  if (pm.velocity.z < v) pm.velocity.z = v;
}

// PM_Friction
void QuakeMover::friction(PmoveLocal& pm) const {
  const float speed = std::sqrt(glm::dot(pm.velocity, pm.velocity));
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
  pm.velocity += accel_speed * wish_dir;
}

// PM_AirAccelerate
void QuakeMover::air_accelerate(PmoveLocal& pm, const Vec3& wish_dir, float wish_speed,
                                float accel) const {
  const float capped = std::min(wish_speed, metres(settings_.air_wish_cap));
  const float add_speed = capped - glm::dot(pm.velocity, wish_dir);
  if (add_speed <= 0.0f) return;
  const float accel_speed = std::min(accel * wish_speed * pm.frametime, add_speed);
  pm.velocity += accel_speed * wish_dir;
}

// PM_AirMove
void QuakeMover::air_move(const World& world, PmoveLocal& pm, const QuakeMemory& memory,
                          const Vec3& wish_velocity) const {
  // VectorNormalize: the direction times the reciprocal of the length.
  Vec3 wish_dir(wish_velocity.x, wish_velocity.y, 0.0f);
  float wish_speed = std::sqrt(glm::dot(wish_dir, wish_dir));
  if (wish_speed != 0.0f) wish_dir *= 1.0f / wish_speed;
  const float max_speed =
      metres(memory.has(kPmfDucked) ? settings_.duck_speed : settings_.max_speed);
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

// PM_GoodPosition
bool QuakeMover::good_position(const World& world, const PmoveLocal& pm,
                               const Vec3& origin) const {
  return !trace(world, pm, origin, origin).all_solid;
}

// PM_SnapPosition
void QuakeMover::snap_position(const World& world, PmoveLocal& pm,
                               const Vec3& previous_origin) const {
  const float eighths = settings_.units_per_metre * 8.0f;
  for (int i = 0; i < 3; ++i)
    pm.velocity[i] = static_cast<float>(static_cast<int>(pm.velocity[i] * eighths)) / eighths;
  std::array<int, 3> base{};
  std::array<int, 3> sign{};
  for (int i = 0; i < 3; ++i) {
    const auto u = static_cast<std::size_t>(i);
    sign[u] = pm.origin[i] >= 0.0f ? 1 : -1;
    base[u] = static_cast<int>(pm.origin[i] * eighths);
    if (static_cast<float>(base[u]) / eighths == pm.origin[i]) sign[u] = 0;
  }
  for (const int bits : kJitterBits) {
    Vec3 spot;
    for (int i = 0; i < 3; ++i) {
      const auto u = static_cast<std::size_t>(i);
      const int nudge = (bits & (1 << i)) != 0 ? sign[u] : 0;
      spot[i] = static_cast<float>(base[u] + nudge) / eighths;
    }
    if (good_position(world, pm, spot)) {
      pm.origin = spot;
      return;
    }
  }
  pm.origin = previous_origin;
}

void QuakeMover::step(const World& world, BoxMoverState& state, const BoxMoverInput& input,
                      float dt) const {
  QuakeMemory& memory = state.quake;
  PmoveLocal pm;
  pm.frame = landblock_of(state.position.objcell_id);
  pm.origin = state.position.frame.origin;
  pm.velocity = state.velocity;
  pm.msec = std::clamp(static_cast<int>(std::lround(dt * 1000.0f)), 0, kMaxMsec);
  pm.frametime = static_cast<float>(pm.msec * 0.001);
  pm.ignore_object = state.world_object;
  // PM_SnapPosition falls back to the 1/8-unit origin the move started from.
  const float eighths = settings_.units_per_metre * 8.0f;
  Vec3 previous_origin;
  for (int i = 0; i < 3; ++i)
    previous_origin[i] = static_cast<float>(static_cast<int>(pm.origin[i] * eighths)) / eighths;
  const int upmove = upmove_of(input);

  check_duck(world, pm, memory, upmove);
  categorize_position(world, pm, memory);
  drop_timer(pm, memory);
  pm.pm_time = memory.pm_time != 0;
  if (!memory.has(kPmfTimeTeleport)) {  // a teleport pause stays exactly in place
    check_jump(pm, memory, upmove);
    friction(pm);
    air_move(world, pm, memory, input.wish_velocity);
  }
  categorize_position(world, pm, memory);
  snap_position(world, pm, previous_origin);

  state.position.frame.origin = pm.origin;
  state.velocity = pm.velocity;
  state.on_ground = pm.on_ground;
  state.ground_normal = pm.ground_normal;
  const BoxShape box = shape(state);
  rebase_position(world, state.position, (box.mins + box.maxs) * 0.5f);
}

}  // namespace transit::quake
