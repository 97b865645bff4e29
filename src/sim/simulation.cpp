#include "sim/simulation.hpp"

#include <cmath>
#include <utility>

#include "movers/quake/quake_mover.hpp"
#include "movers/tribes/tribes_mover.hpp"

#include <utility>

#include <fmt/format.h>

#include "math/input_error.hpp"
#include "movers/ac/ac_placement.hpp"
#include "sim/move_runner.hpp"

namespace transit {

namespace {


// A character standing where the scene puts it, settled by retail placement.
PhysicsBody placed_body(const World& world, const CharacterDesc& desc) {
  const std::optional<Position> at = world.resolve(desc.position, desc.orientation);
  if (!at)
    throw InputError(fmt::format("character '{}': the position is in no loaded cell", desc.name));
  PhysicsBody body(body_of(desc), *at);
  const ac::AcPlacement placed = ac::place_body(world, body.shape, *at);
  if (!placed.ok) return body;
  body.position = placed.position;
  body.contact_plane = placed.contact_plane;
  body.contact = placed.contact_plane.has_value();
  body.on_walkable = body.contact && placed.contact_plane->plane.normal.z >= kFloorZ;
  body.water_contact = body.contact && placed.contact_plane->water;
  body.calc_acceleration();
  return body;
}

// The scene's box (metres, origin at the feet) as Quake's settings (Quake
// units, which the mover converts back with units_per_metre).
std::shared_ptr<const BoxMover> quake_mover_for(const CharacterDesc& desc) {
  quake::QuakeSettings settings;
  const BoxMoverDesc box = desc.quake.value_or(BoxMoverDesc{});
  settings.mins = box.mins * settings.units_per_metre;
  settings.maxs = box.maxs * settings.units_per_metre;
  if (box.step_size) settings.step_size = *box.step_size * settings.units_per_metre;
  return std::make_shared<quake::QuakeMover>(settings);
}

std::shared_ptr<const BoxMover> tribes_mover_for(const CharacterDesc& desc) {
  tribes::TribesSettings settings;
  const BoxMoverDesc box = desc.tribes.value_or(BoxMoverDesc{});
  settings.box = BoxShape{box.mins, box.maxs};
  return std::make_shared<tribes::TribesMover>(settings);
}

SimCharacter make_character(const World& world, const CharacterDesc& desc) {
  MotionSkills skills;
  skills.run_skill = desc.run_skill;
  skills.jump_skill = desc.jump_skill;
  if (desc.mover == MoverKind::Ac)
    return SimCharacter{desc.name, placed_body(world, desc), MotionInterpreter(skills), 0,
                        MoverKind::Ac, nullptr, {}, false};
  const std::optional<Position> at = world.resolve(desc.position, desc.orientation);
  if (!at)
    throw InputError(fmt::format("character '{}': the position is in no loaded cell", desc.name));
  SimCharacter c{desc.name, PhysicsBody(body_of(desc), *at), MotionInterpreter(skills), 0,
                 desc.mover,
                 desc.mover == MoverKind::Quake ? quake_mover_for(desc) : tribes_mover_for(desc),
                 {}, false};
  c.box_state.position = *at;
  return c;
}

void apply_forward(MotionInterpreter& motion, ForwardInput forward) {
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

SidestepCommand sidestep_of(StrafeInput strafe) {
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

}  // namespace

const char* to_string(SimEventKind kind) {
  switch (kind) {
    case SimEventKind::CollidedObject:
      return "collided_object";
    case SimEventKind::CollidedEnvironment:
      return "collided_environment";
    case SimEventKind::Blocked:
      return "blocked";
    case SimEventKind::Landed:
      return "landed";
    case SimEventKind::LeftGround:
      return "left_ground";
    case SimEventKind::EnteredCell:
      return "entered_cell";
    case SimEventKind::Jumped:
      return "jumped";
    case SimEventKind::JumpRefused:
      return "jump_refused";
  }
  return "?";
}

Simulation::Simulation(World world, const SceneDesc& scene, QuantumOptions options)
    : world_(std::move(world)), options_(options) {
  characters_.reserve(scene.characters.size());
  for (const CharacterDesc& desc : scene.characters)
    characters_.push_back(make_character(world_, desc));
  for (std::size_t i = 0; i < characters_.size(); ++i)
    add_character_object(i, scene.characters[i]);
}

void Simulation::add_character_object(std::size_t index, const CharacterDesc& desc) {
  SimCharacter& c = characters_[index];
  WorldObject object;
  object.id = kCharacterObjectIdBase + static_cast<std::uint32_t>(index);
  object.name = desc.name;
  object.position = c.body.position;
  object.flags = desc.flags & ~kFlagStatic;
  object.spheres = desc.spheres;
  Vec3 lo(INFINITY), hi(-INFINITY);
  for (const Sphere& s : desc.spheres) {
    lo = glm::min(lo, s.center - s.radius);
    hi = glm::max(hi, s.center + s.radius);
  }
  object.local_bounds = Sphere{(lo + hi) * 0.5f, glm::length(hi - lo) * 0.5f};
  c.world_object = world_.add_object(std::move(object));
  c.body.shape.world_object = c.world_object;
  c.box_state.world_object = c.world_object;
}

// One step of a Quake or Tribes character: the motion interpreter's turning
// and run/walk velocity become the box mover's wish; the body mirrors the
// box's state so that everything downstream reads one kind of character.
BodyEvents Simulation::step_box_mover(SimCharacter& c, float dt) {
  BodyEvents events;
  const float turn_deg = c.motion.turn_rate_deg() * dt;
  if (turn_deg != 0.0f) {
    Frame turn;
    turn.set_heading(turn_deg);
    c.box_state.position.frame.orientation =
        glm::normalize(c.box_state.position.frame.orientation * turn.orientation);
  }
  BoxMoverInput input;
  input.wish_velocity = c.box_state.position.frame.local_to_global_vec(c.motion.state_velocity());
  input.wish_velocity.z = 0.0f;
  input.jump = std::exchange(c.jump_pressed, false);
  const CellId before = c.box_state.position.objcell_id;
  const bool was_on_ground = c.box_state.on_ground;
  c.box_mover->step(world_, c.box_state, input, dt);

  PhysicsBody& body = c.body;
  body.position = c.box_state.position;
  body.velocity = c.box_state.velocity;
  body.contact = c.box_state.on_ground;
  body.on_walkable = c.box_state.on_ground && c.box_state.ground_normal.z >= kFloorZ;
  if (body.position.objcell_id != before) events.entered_cells.push_back(body.position.objcell_id);
  if (!was_on_ground && c.box_state.on_ground) events.landings = 1;
  if (was_on_ground && !c.box_state.on_ground) events.ground_departures = 1;
  return events;
}

std::optional<std::size_t> Simulation::find(const std::string& name) const {
  for (std::size_t i = 0; i < characters_.size(); ++i)
    if (characters_[i].name == name) return i;
  return std::nullopt;
}

void Simulation::apply(std::size_t index, const ScriptInput& input) {
  SimCharacter& c = characters_[index];
  if (input.forward) apply_forward(c.motion, *input.forward);
  if (input.strafe) c.motion.set_sidestep(sidestep_of(*input.strafe));
  if (input.turn_deg_per_s) c.motion.set_turn_rate(*input.turn_deg_per_s);
  if (input.jump && c.box_mover) {
    // Box movers jump from the ground on the next step with their own speed.
    c.jump_pressed = c.box_state.on_ground;
    events_.push_back({time_, index, c.jump_pressed ? SimEventKind::Jumped : SimEventKind::JumpRefused, 0});
  } else if (input.jump) {
    const bool jumped = c.motion.jump(*input.jump, c.body) == JumpResult::Jumped;
    events_.push_back({time_, index, jumped ? SimEventKind::Jumped : SimEventKind::JumpRefused, 0});
  }
}

void Simulation::step(double dt) {
  time_ += dt;
  for (std::size_t i = 0; i < characters_.size(); ++i) {
    SimCharacter& c = characters_[i];
    if (c.box_mover)
      record(i, step_box_mover(c, static_cast<float>(dt)));
    else
      record(i, update_object(world_, c.body, &c.motion, dt, options_));
  }
  for (const SimCharacter& c : characters_)
    if (world_.objects()[c.world_object].position != c.body.position)
      world_.move_object(c.world_object, c.body.position);
}

void Simulation::record(std::size_t index, const BodyEvents& events) {
  for (std::uint32_t id : events.collided_object_ids)
    events_.push_back({time_, index, SimEventKind::CollidedObject, id});
  for (int k = 0; k < events.environment_collisions; ++k)
    events_.push_back({time_, index, SimEventKind::CollidedEnvironment, 0});
  for (int k = 0; k < events.blocks; ++k)
    events_.push_back({time_, index, SimEventKind::Blocked, 0});
  for (int k = 0; k < events.ground_departures; ++k)
    events_.push_back({time_, index, SimEventKind::LeftGround, 0});
  for (int k = 0; k < events.landings; ++k)
    events_.push_back({time_, index, SimEventKind::Landed, 0});
  for (CellId cell : events.entered_cells)
    events_.push_back({time_, index, SimEventKind::EnteredCell, cell});
}

std::vector<SimEvent> Simulation::take_events() {
  return std::exchange(events_, {});
}

}  // namespace transit
