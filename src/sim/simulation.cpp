#include "transit/sim/simulation.hpp"

#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "transit/math/input_error.hpp"

namespace transit {

namespace {

// Room for the lists an ordinary step fills (the objects a character is
// touching; objects hit and cells entered in one character's step; events
// of one thread's characters; events of a whole step), so that steps
// allocate nothing; a busier step grows a list once and it keeps its size.
constexpr std::size_t kReservedPerCharacter = 4;
constexpr std::size_t kReservedPerStep = 16;
constexpr std::size_t kReservedEventsPerThread = 256;
constexpr std::size_t kReservedEvents = 256;

// A scene character, AC characters settled by retail placement (one that
// cannot be placed starts where the scene puts it, in the air).
SimCharacter make_character(const World& world, const CharacterDesc& desc) {
  const std::optional<Position> at = world.resolve(desc.position, desc.orientation);
  if (!at)
    throw InputError(fmt::format("character '{}': the position is in no loaded cell", desc.name));
  SimCharacter c = make_sim_character(desc.name, CharacterSettings::from_desc(desc), *at);
  place_sim_character(world, c);
  return c;
}

// The events of one character's step, as simulation events at time t.
void record(double t, std::size_t index, const BodyEvents& events, std::vector<SimEvent>& into) {
  for (std::uint32_t id : events.collided_object_ids)
    into.push_back({t, index, SimEventKind::CollidedObject, id});
  for (int k = 0; k < events.environment_collisions; ++k)
    into.push_back({t, index, SimEventKind::CollidedEnvironment, 0});
  for (int k = 0; k < events.blocks; ++k) into.push_back({t, index, SimEventKind::Blocked, 0});
  for (int k = 0; k < events.ground_departures; ++k)
    into.push_back({t, index, SimEventKind::LeftGround, 0});
  for (int k = 0; k < events.landings; ++k) into.push_back({t, index, SimEventKind::Landed, 0});
  for (CellId cell : events.entered_cells)
    into.push_back({t, index, SimEventKind::EnteredCell, cell});
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

Simulation::Simulation(World world, const SceneDesc& scene, const SimulationOptions& options)
    : world_(std::move(world)), quanta_(options.quanta) {
  characters_.reserve(scene.characters.size());
  for (const CharacterDesc& desc : scene.characters)
    characters_.push_back(make_character(world_, desc));
  world_.reserve_objects(world_.objects().size() + characters_.size());
  for (std::size_t i = 0; i < characters_.size(); ++i)
    add_character_object(i, scene.characters[i]);
  reserve_step_buffers();
  set_threads(options.threads);
}

Simulation::Simulation(World world, const SceneDesc& scene, const QuantumOptions& quanta)
    : Simulation(std::move(world), scene, SimulationOptions{quanta, 1}) {}

// Buffers are never dropped: a thread that comes back finds the ones it grew.
void Simulation::set_threads(int threads) {
  pool_ = std::make_unique<ParallelFor>(threads);
  const auto needed = static_cast<std::size_t>(pool_->threads());
  if (thread_buffers_.size() < needed) thread_buffers_.resize(needed);
  for (ThreadBuffers& buffers : thread_buffers_) {
    buffers.body_events.collided_object_ids.reserve(kReservedPerStep);
    buffers.body_events.entered_cells.reserve(kReservedPerStep);
    buffers.move.collided_objects.reserve(kReservedPerStep);
    buffers.move.collided_object_ids.reserve(kReservedPerStep);
    buffers.events.reserve(kReservedEventsPerThread);
  }
}

void Simulation::reserve_step_buffers() {
  for (SimCharacter& c : characters_) c.body.colliding_objects.reserve(kReservedPerCharacter);
  events_.reserve(kReservedEvents);
  moved_.resize(characters_.size());
  statuses_.resize(characters_.size(), MoveStatus::Moved);
  object_moves_.resize(characters_.size());
  block_events_.resize((characters_.size() + ParallelFor::kBlock - 1) / ParallelFor::kBlock);
}

void Simulation::add_character_object(std::size_t index, const CharacterDesc& desc) {
  SimCharacter& c = characters_[index];
  WorldObject object;
  object.id = kCharacterObjectIdBase + static_cast<std::uint32_t>(index);
  object.name = desc.name;
  object.position = c.body.position;
  object.flags = desc.flags & ~kFlagStatic;
  object.spheres = desc.spheres;
  c.world_object = world_.add_object(std::move(object)).index;
  c.body.shape.world_object = c.world_object;
  c.box_state.world_object = c.world_object;
}

std::optional<std::size_t> Simulation::find(const std::string& name) const {
  for (std::size_t i = 0; i < characters_.size(); ++i)
    if (characters_[i].name == name) return i;
  return std::nullopt;
}

void Simulation::apply(std::size_t index, const ScriptInput& input) {
  SimCharacter& c = characters_[index];
  if (input.forward) apply_forward_input(c.motion, *input.forward);
  if (input.strafe) c.motion.set_sidestep(sidestep_command(*input.strafe));
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
  update_characters(dt);
  collect_events();
  move_character_objects();
}

// Each block of characters is updated by one thread, which writes only
// those characters, their entries of moved_ and object_moves_, its own
// buffers and the block's entry of block_events_.
void Simulation::update_characters(double dt) {
  for (ThreadBuffers& buffers : thread_buffers_) buffers.events.clear();
  auto update_block = [&](std::size_t begin, std::size_t end, int thread) {
    ThreadBuffers& buffers = thread_buffers_[static_cast<std::size_t>(thread)];
    BlockEvents& block = block_events_[begin / ParallelFor::kBlock];
    block.thread = static_cast<std::size_t>(thread);
    block.begin = buffers.events.size();
    for (std::size_t i = begin; i < end; ++i) update_character(i, dt, buffers);
    block.end = buffers.events.size();
  };
  pool_->run(characters_.size(), update_block);
}

// One character's step, its events, and (off the serial path) where its
// object's shadow will fall.
void Simulation::update_character(std::size_t index, double dt, ThreadBuffers& buffers) {
  const World& world = world_;
  SimCharacter& c = characters_[index];
  buffers.move.status = MoveStatus::Moved;
  step_character(world, c, dt, quanta_, buffers.body_events, buffers.move);
  statuses_[index] = c.box_mover ? MoveStatus::Moved : buffers.move.status;
  record(time_, index, buffers.body_events, buffers.events);
  moved_[index] = world.objects()[c.world_object].position != c.body.position;
  if (!moved_[index]) return;
  World::ObjectMove& move = object_moves_[index];
  move.index = c.world_object;
  move.position = c.body.position;
  world.shadow_cells_at(c.world_object, c.body.position, buffers.shadow_cells);
  move.keep_cells(buffers.shadow_cells);
}

// The blocks' events, block after block: scene order.
void Simulation::collect_events() {
  for (const BlockEvents& block : block_events_) {
    const std::vector<SimEvent>& from = thread_buffers_[block.thread].events;
    events_.insert(events_.end(), from.begin() + static_cast<std::ptrdiff_t>(block.begin),
                   from.begin() + static_cast<std::ptrdiff_t>(block.end));
  }
}

// The moves of the characters that moved, packed to the front in scene
// order, go to the world in one batch.
void Simulation::move_character_objects() {
  std::size_t moved = 0;
  for (std::size_t i = 0; i < characters_.size(); ++i) {
    if (!moved_[i]) continue;
    if (moved != i) object_moves_[moved] = object_moves_[i];
    ++moved;
  }
  world_.move_objects(std::span<const World::ObjectMove>(object_moves_.data(), moved));
}

std::vector<SimEvent> Simulation::take_events() {
  return std::exchange(events_, {});
}

// The two buffers trade places every step; keeping them the same size means
// neither allocates again until a step brings more events than any before.
void Simulation::take_events(std::vector<SimEvent>& into) {
  into.clear();
  into.swap(events_);
  if (events_.capacity() < into.capacity()) events_.reserve(into.capacity());
}

}  // namespace transit
