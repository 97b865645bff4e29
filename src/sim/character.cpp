#include "transit/sim/character.hpp"

#include <cmath>
#include <utility>

#include "transit/math/input_error.hpp"
#include "transit/motion/body_checks.hpp"
#include "transit/movers/ac/ac_checks.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/world/world_trace.hpp"

namespace transit {

const char* to_string(GroundState state) {
  switch (state) {
    case GroundState::OnGround:
      return "on_ground";
    case GroundState::OnSteepGround:
      return "on_steep_ground";
    case GroundState::InAir:
      return "in_air";
  }
  return "?";
}

Character::Character(const CharacterSettings& settings, const Position& position)
    : settings_(settings), sim_(make_sim_character({}, settings, position)) {
  if (const auto problem = ac::check_body(settings.body)) throw InputError("character " + *problem);
}

MoveStatus Character::refuse(std::string problem) {
  error_ = std::move(problem);
  return status_ = MoveStatus::InvalidInput;
}

MoveStatus Character::place(const World& world) {
  events_.clear();
  error_.clear();
  status_ = place_sim_character(world, sim_);
  if (status_ == MoveStatus::Moved && !sim_.box_mover && !sim_.body.contact) drop_onto_ground(world);
  return status_;
}

// Beyond retail: one falling transition straight down by placement_drop,
// kept only when it lands on something.
void Character::drop_onto_ground(const World& world) {
  if (!(settings_.placement_drop > 0.0f)) return;
  PhysicsBody& body = sim_.body;
  Position below = body.position;
  below.frame.origin.z -= settings_.placement_drop;
  ac::move_body(world, body.shape, body.position, below, body.transition_contact(),
                settings_.quanta.transition, move_);
  if (!move_.ok || !move_.contact_plane) return;
  set_position_internal(body, &sim_.motion, move_, events_);
}

MoveStatus Character::move_to(const World& world, const Position& target) {
  events_.clear();
  error_.clear();
  if (!world.has_cell(position().objcell_id)) return status_ = MoveStatus::NoCell;
  if (auto problem = ac::check_position(world, target, "target")) return refuse(std::move(*problem));
  if (sim_.box_mover) return status_ = move_box_to(world, target);
  PhysicsBody& body = sim_.body;
  ac::move_body(world, body.shape, body.position, target, body.transition_contact(),
                settings_.quanta.transition, move_);
  if (move_.ok) set_position_internal(body, &sim_.motion, move_, events_);
  return status_ = move_.status;
}

// A straight sweep of the box, stopped at the first hit.
MoveStatus Character::move_box_to(const World& world, const Position& target) {
  BoxMoverState& box = sim_.box_state;
  if (!world.has_cell(box.position.objcell_id)) return MoveStatus::NoCell;
  const Vec3 end = box.position.frame.origin + get_offset(box.position, box_origin_at(sim_, target));
  TraceOptions options;
  options.ignore_object = box.world_object;
  const TraceResult trace = trace_box(world, box.position.objcell_id, box.position.frame.origin,
                                      end, settings_.box.mins, settings_.box.maxs, options);
  if (trace.all_solid) return MoveStatus::Blocked;
  const CellId before = box.position.objcell_id;
  box.position.frame.origin = trace.end_position;
  box.position.frame.orientation = target.frame.orientation;
  rebase_position(world, box.position, (settings_.box.mins + settings_.box.maxs) * 0.5f);
  sim_.body.position = box.position;
  sim_.body.position.frame.origin.z += box_feet(sim_);
  if (box.position.objcell_id != before) events_.entered_cells.push_back(box.position.objcell_id);
  if (!trace.hit_something()) return MoveStatus::Moved;
  return trace.hit == TraceHitKind::Object && !world.objects()[trace.object].has(kFlagStatic)
             ? MoveStatus::BlockedByObject
             : MoveStatus::Blocked;
}

MoveStatus Character::update(const World& world, double dt) {
  events_.clear();
  error_.clear();
  if (!world.has_cell(position().objcell_id)) return status_ = MoveStatus::NoCell;
  if (auto problem = check_update(world, sim_.body, dt)) return refuse(std::move(*problem));
  move_.status = MoveStatus::Moved;
  step_character(world, sim_, dt, settings_.quanta, events_, move_);
  return status_ = sim_.box_mover ? MoveStatus::Moved : move_.status;
}

void Character::set_controls(const CharacterControls& controls) {
  apply_forward_input(sim_.motion, controls.forward);
  sim_.motion.set_sidestep(sidestep_command(controls.strafe));
  sim_.motion.set_turn_rate(controls.turn_deg_per_s);
}

bool Character::jump(float extent) {
  if (sim_.box_mover) return sim_.jump_pressed = sim_.box_state.on_ground;
  return sim_.motion.jump(extent, sim_.body) == JumpResult::Jumped;
}

void Character::teleport(const Position& position) {
  PhysicsBody& body = sim_.body;
  body.position = position;
  body.velocity = Vec3(0.0f);
  body.contact = body.on_walkable = body.water_contact = false;
  body.contact_plane.reset();
  body.sliding_normal.reset();
  body.frames_stationary_fall = 0;
  body.colliding_with_environment = body.blocked = false;
  body.colliding_objects.clear();
  body.cached_velocity = Vec3(0.0f);
  body.pending_time = 0.0;
  body.calc_acceleration();
  BoxMoverState& box = sim_.box_state;
  box.position = box_origin_at(sim_, position);
  box.velocity = Vec3(0.0f);
  box.on_ground = false;
  box.ground_normal = Vec3(0.0f);
  status_ = MoveStatus::Moved;
}

void Character::set_velocity(const Vec3& velocity) {
  sim_.body.set_velocity(velocity);
  sim_.box_state.velocity = velocity;
}

GroundState ground_state_of(const SimCharacter& character) {
  const PhysicsBody& body = character.body;
  if (!body.contact) return GroundState::InAir;
  return body.on_walkable ? GroundState::OnGround : GroundState::OnSteepGround;
}

std::optional<ac::CellPlane> ground_plane_of(const SimCharacter& character) {
  if (character.box_mover) {
    const BoxMoverState& box = character.box_state;
    if (!box.on_ground) return std::nullopt;
    const Vec3 feet = box.position.frame.origin + Vec3(0.0f, 0.0f, box_feet(character));
    return ac::CellPlane{Plane{box.ground_normal, -glm::dot(box.ground_normal, feet)},
                         box.position.objcell_id, false};
  }
  if (!character.body.contact) return std::nullopt;
  return character.body.contact_plane;
}

}  // namespace transit
