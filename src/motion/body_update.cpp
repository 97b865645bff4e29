#include "transit/motion/body_update.hpp"

#include <algorithm>
#include <cmath>

#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

// The frame the body's motion (retail: the animation sequence) moves it by in
// one quantum, in body-local axes: forward/sideways only on walkable ground,
// turning always. ACE: PhysicsObj.UpdatePositionInternal, Sequence.apply_physics
Frame motion_offset(const PhysicsBody& body, const MotionInterpreter* motion, float quantum) {
  Frame offset;
  if (!motion) return offset;
  if (body.on_walkable) offset.origin = motion->ground_velocity() * quantum * body.shape.scale;
  const float turn_deg = motion->turn_rate_deg() * quantum;
  if (turn_deg != 0.0f) offset.set_heading(turn_deg);
  return offset;
}

// ACE: AFrame.Combine
Frame combine(const Frame& a, const Frame& b) {
  Frame f;
  f.origin = a.origin + a.orientation * b.origin;
  f.orientation = glm::normalize(a.orientation * b.orientation);
  return f;
}

// ACE: PhysicsObj.set_on_walkable (the MovementManager's LeaveGround)
void set_on_walkable(PhysicsBody& body, MotionInterpreter* motion, bool walkable,
                     BodyEvents& events) {
  const bool was_walkable = body.on_walkable;
  body.on_walkable = walkable;
  if (was_walkable && !walkable) {
    ++events.ground_departures;
    if (motion) motion->leave_ground(body);
  } else if (!was_walkable && walkable) {
    ++events.landings;
  }
  body.calc_acceleration();
}

// ACE: PhysicsObj.handle_all_collisions (collision reports and the bounce)
void handle_all_collisions(PhysicsBody& body, const ac::AcMoveResult& r, bool prev_on_walkable,
                           BodyEvents& events) {
  for (std::uint32_t id : r.collided_object_ids)
    if (std::find(body.colliding_objects.begin(), body.colliding_objects.end(), id) ==
        body.colliding_objects.end())
      events.collided_object_ids.push_back(id);
  body.colliding_objects = r.collided_object_ids;

  if (body.colliding_with_environment) {
    body.colliding_with_environment = r.collided_with_environment;
  } else if (r.collided_with_environment || (!prev_on_walkable && body.on_walkable)) {
    ++events.environment_collisions;
    body.colliding_with_environment = true;
  }

  const bool apply_bounce = !(prev_on_walkable && body.on_walkable);
  if (r.frames_stationary_fall <= 1) {
    if (apply_bounce && r.collision_normal) {
      const Vec3& n = *r.collision_normal;
      if (body.inelastic) {
        body.velocity = Vec3(0.0f);
      } else {
        const float angle = glm::dot(body.velocity, n);
        if (angle < 0.0f) body.velocity += n * -(angle * (body.elasticity + 1.0f));
      }
    }
  } else {
    body.velocity = Vec3(0.0f);
  }
  // Three stationary frames end the count (the synthetic floor was given).
  body.frames_stationary_fall = r.frames_stationary_fall >= 3 ? 0 : r.frames_stationary_fall;
}

// A move that met a wall-like surface head-on or at an angle and lost part
// of its horizontal way to it (stopped, or slid along it).
void track_blocking(PhysicsBody& body, const Vec3& wanted, const Vec3& achieved,
                    const ac::AcMoveResult& r, BodyEvents& events) {
  const float want = length2d(wanted);
  const bool shortened = want > 1e-3f && length2d(achieved) < 0.999f * want;
  bool blocked = false;
  if (shortened && r.collision_normal) {
    const Vec3& n = *r.collision_normal;
    // Stopped dead: retail gives a bare collision the normal +Z.
    const bool stopped = n == kUnitZ && length2d(achieved) < 0.1f * want;
    blocked = stopped || (n.z < kFloorZ && (n.x * wanted.x + n.y * wanted.y) / want < -0.05f);
  }
  if (blocked && !body.blocked) ++events.blocks;
  // A streak of blocked moves ends with a move that goes its whole way.
  body.blocked = blocked || (body.blocked && shortened);
}

}  // namespace

// ACE: PhysicsObj.SetPositionInternal(Transition)
void set_position_internal(PhysicsBody& body, MotionInterpreter* motion, const ac::AcMoveResult& r,
                           BodyEvents& events) {
  const bool prev_on_walkable = body.on_walkable;
  if (r.velocity_stopped) body.velocity = Vec3(0.0f);
  if (r.position.objcell_id != body.position.objcell_id)
    events.entered_cells.push_back(r.position.objcell_id);
  body.position = r.position;

  body.contact_plane = r.contact_plane;
  body.contact = r.contact_plane.has_value();
  body.water_contact = body.contact && r.contact_plane->water;
  body.calc_acceleration();
  if (body.contact) {
    set_on_walkable(body, motion, r.contact_plane->plane.normal.z >= kFloorZ, events);
  } else {
    set_on_walkable(body, motion, false, events);
  }
  body.sliding_normal = r.sliding_normal;
  handle_all_collisions(body, r, prev_on_walkable, events);
}

void BodyEvents::clear() {
  collided_object_ids.clear();
  environment_collisions = 0;
  blocks = 0;
  landings = 0;
  ground_departures = 0;
  entered_cells.clear();
  quanta = 0;
  transitions = 0;
  dropped = false;
}

// ACE: PhysicsObj.update_object (retail clock: whole frames up to MaxQuantum)
QuantumPlan plan_quanta(double& pending, const QuantumOptions& options, bool& dropped) {
  QuantumPlan plan;
  dropped = false;
  if (pending <= kEpsilon) {
    pending = 0.0;
    return plan;
  }
  if (pending > options.huge_quantum) {
    pending = 0.0;
    dropped = true;
    return plan;
  }
  if (pending <= options.max_quantum) {
    plan.has_rest = true;
    plan.rest = static_cast<float>(pending);
    pending = 0.0;
    return plan;
  }
  plan.slice = options.max_quantum;
  while (pending > options.max_quantum) {
    ++plan.slices;
    pending -= options.max_quantum;
  }
  if (pending > options.min_quantum) {
    plan.has_rest = true;
    plan.rest = static_cast<float>(pending);
    pending = 0.0;
  }
  return plan;
}

void update_object_internal(const World& world, PhysicsBody& body, MotionInterpreter* motion,
                            float quantum, BodyEvents& events,
                            const ac::TransitionOptions& options) {
  ac::AcMoveResult move;
  update_object_internal(world, body, motion, quantum, events, move, options);
}

// ACE: PhysicsObj.UpdateObjectInternal
void update_object_internal(const World& world, PhysicsBody& body, MotionInterpreter* motion,
                            float quantum, BodyEvents& events, ac::AcMoveResult& move,
                            const ac::TransitionOptions& options, const OffsetAdjuster* adjuster) {
  Frame offset = motion_offset(body, motion, quantum);
  if (adjuster) adjuster->adjust_offset(body, offset, quantum);
  Position desired = body.position;
  // No motion leaves the frame as it is: combining would renormalise the
  // orientation, and a last-bit change would cost a body at rest a
  // transition every quantum.
  if (offset != Frame{}) desired.frame = combine(body.position.frame, offset);
  body.integrate(quantum, desired.frame);
  ++events.quanta;

  if (desired.frame == body.position.frame) {
    body.cached_velocity = Vec3(0.0f);
    return;
  }
  ++events.transitions;
  ac::move_body(world, body.shape, body.position, desired, body.transition_contact(), options,
                move);
  const ac::AcMoveResult& r = move;
  if (!r.ok) {
    body.position.frame.orientation = desired.frame.orientation;
    body.cached_velocity = Vec3(0.0f);
    return;
  }
  const Vec3 achieved = get_offset(body.position, r.position);
  track_blocking(body, desired.frame.origin - body.position.frame.origin, achieved, r, events);
  body.cached_velocity = achieved / quantum;
  set_position_internal(body, motion, r, events);
}

BodyEvents update_object(const World& world, PhysicsBody& body, MotionInterpreter* motion,
                         double dt, const QuantumOptions& options) {
  BodyEvents events;
  ac::AcMoveResult move;
  update_object(world, body, motion, dt, options, events, move);
  return events;
}

void update_object(const World& world, PhysicsBody& body, MotionInterpreter* motion, double dt,
                   const QuantumOptions& options, BodyEvents& events, ac::AcMoveResult& move,
                   const OffsetAdjuster* adjuster) {
  events.clear();
  body.pending_time += dt;
  const QuantumPlan quanta = plan_quanta(body.pending_time, options, events.dropped);
  for (std::size_t i = 0; i < quanta.size(); ++i)
    update_object_internal(world, body, motion, quanta[i], events, move, options.transition,
                           adjuster);
}

}  // namespace transit
