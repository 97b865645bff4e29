#include "transit/sim/sim_character.hpp"

#include <cmath>
#include <utility>

#include "transit/movers/ac/ac_placement.hpp"

namespace transit {

namespace {

// The motion interpreter's turning and ground velocity become the box
// mover's wish; the body mirrors the box's state so that everything
// downstream reads one kind of character. A frame longer than the huge
// quantum is dropped, as retail drops one for an AC body (a caller's clock
// gone wrong: over 1e30 s a turn left a NaN heading, and Tribes' gravity
// an infinite velocity).
void step_box_mover(const World& world, SimCharacter& c, float dt, float huge_quantum, BodyEvents& events) {
  events.clear();
  if (!(dt <= huge_quantum)) return;
  const float turn_deg = c.motion.turn_rate_deg() * dt;
  if (turn_deg != 0.0f && std::isfinite(turn_deg)) {
    Frame turn;
    turn.set_heading(turn_deg);
    c.box_state.position.frame.orientation =
        glm::normalize(c.box_state.position.frame.orientation * turn.orientation);
  }
  BoxMoverInput input;
  input.wish_velocity = c.box_state.position.frame.local_to_global_vec(c.motion.ground_velocity());
  input.wish_velocity.z = 0.0f;
  input.jump = std::exchange(c.jump_pressed, false);
  const CellId before = c.box_state.position.objcell_id;
  const bool was_on_ground = c.box_state.on_ground;
  c.box_mover->step(world, c.box_state, input, dt);
  events.transitions = 1;

  PhysicsBody& body = c.body;
  body.position = c.box_state.position;
  body.position.frame.origin.z += box_feet(c);
  body.velocity = c.box_state.velocity;
  body.cached_velocity = c.box_state.velocity;
  body.contact = c.box_state.on_ground;
  body.on_walkable = c.box_state.on_ground && c.box_state.ground_normal.z >= kFloorZ;
  if (body.position.objcell_id != before) events.entered_cells.push_back(body.position.objcell_id);
  if (!was_on_ground && c.box_state.on_ground) events.landings = 1;
  if (was_on_ground && !c.box_state.on_ground) events.ground_departures = 1;
}

}  // namespace

float box_feet(const SimCharacter& c) { return c.box_mover ? c.box_mover->shape().mins.z : 0.0f; }

Position box_origin_at(const SimCharacter& c, Position feet) {
  feet.frame.origin.z -= box_feet(c);
  return feet;
}

void apply_forward_input(MotionInterpreter& motion, ForwardInput forward) {
  switch (forward) {
    case ForwardInput::Run:
      motion.set_forward(ForwardCommand::WalkForward, true);
      break;
    case ForwardInput::Walk:
      motion.set_forward(ForwardCommand::WalkForward, false);
      break;
    case ForwardInput::Back:
      motion.set_forward(ForwardCommand::WalkBackward, true);
      break;
    case ForwardInput::Stop:
      motion.set_forward(ForwardCommand::Ready, motion.hold_run());
      break;
  }
}

SidestepCommand sidestep_command(StrafeInput strafe) {
  switch (strafe) {
    case StrafeInput::Left:
      return SidestepCommand::Left;
    case StrafeInput::Right:
      return SidestepCommand::Right;
    case StrafeInput::Stop:
      return SidestepCommand::None;
  }
  return SidestepCommand::None;
}

SimCharacter make_sim_character(std::string name, const CharacterSettings& settings,
                                const Position& position) {
  SimCharacter c{std::move(name), PhysicsBody(settings.body, position),
                 MotionInterpreter(settings.skills, settings.cycle_speeds), 0, settings.mover,
                 make_box_mover(settings), {}, false, settings.turn_rate_deg};
  c.box_state.position = box_origin_at(c, position);
  return c;
}

MoveStatus place_sim_character(const World& world, SimCharacter& c) {
  if (!world.has_cell(c.body.position.objcell_id)) return MoveStatus::NoCell;
  if (c.box_mover) return MoveStatus::Moved;
  PhysicsBody& body = c.body;
  const ac::AcPlacement placed = ac::place_body(world, body.shape, body.position);
  if (!placed.ok) return MoveStatus::NoRoom;
  body.position = placed.position;
  body.contact_plane = placed.contact_plane;
  body.contact = placed.contact_plane.has_value();
  body.on_walkable = body.contact && placed.contact_plane->plane.normal.z >= kFloorZ;
  body.water_contact = body.contact && placed.contact_plane->water;
  body.calc_acceleration();
  return MoveStatus::Moved;
}

void step_character(const World& world, SimCharacter& c, double dt, const QuantumOptions& options,
                    BodyEvents& events, ac::AcMoveResult& move, const OffsetAdjuster* adjuster) {
  if (c.box_mover)
    step_box_mover(world, c, static_cast<float>(dt), options.huge_quantum, events);
  else
    update_object(world, c.body, &c.motion, dt, options, events, move, adjuster);
}

}  // namespace transit
