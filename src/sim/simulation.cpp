#include "transit/sim/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "transit/math/input_error.hpp"
#include "transit/world/land_defs.hpp"

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

// A movement's end as an event: a stick's ends (kind None) other than its
// target leaving are StickEnded.
SimEventKind event_of(const MovementEnded& e) {
  if (e.end == MovementEnd::TargetGone) return SimEventKind::TargetGone;
  if (e.kind == MovementKind::None) return SimEventKind::StickEnded;
  switch (e.end) {
    case MovementEnd::Arrived:
      return SimEventKind::MoveArrived;
    case MovementEnd::Blocked:
      return SimEventKind::MoveBlocked;
    case MovementEnd::TimedOut:
      return SimEventKind::MoveTimedOut;
    case MovementEnd::TooFar:
      return SimEventKind::MoveTooFar;
    default:
      return SimEventKind::MoveCancelled;
  }
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
    case SimEventKind::MoveArrived:
      return "move_arrived";
    case SimEventKind::MoveBlocked:
      return "move_blocked";
    case SimEventKind::MoveTimedOut:
      return "move_timed_out";
    case SimEventKind::MoveTooFar:
      return "move_too_far";
    case SimEventKind::MoveCancelled:
      return "move_cancelled";
    case SimEventKind::TargetGone:
      return "target_gone";
    case SimEventKind::StickEnded:
      return "stick_ended";
    case SimEventKind::GaveUp:
      return "gave_up";
    case SimEventKind::TeleportedHome:
      return "teleported_home";
  }
  return "?";
}

Simulation::Simulation(World world, const SceneDesc& scene, const SimulationOptions& options)
    : world_(std::move(world)),
      quanta_(options.quanta),
      scheduling_(options.scheduling),
      group_span_(std::max(options.landblock_group_span, 1)) {
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
    buffers.movement_ends.reserve(kReservedPerStep);
  }
}

void Simulation::reserve_step_buffers() {
  for (SimCharacter& c : characters_) c.body.colliding_objects.reserve(kReservedPerCharacter);
  events_.reserve(kReservedEvents);
  const std::size_t n = characters_.size();
  moved_.resize(n);
  statuses_.resize(n, MoveStatus::Moved);
  object_moves_.resize(n);
  character_events_.resize(n);
  managers_.resize(n);
  give_ups_.resize(n);
  present_.resize(n, 1);
  removed_objects_.resize(n);
  transitions_.resize(n);
  groups_.resize(n);
  schedule_.reserve(n);
  group_starts_.reserve(n + 1);
}

void Simulation::set_scheduling(SimScheduling scheduling, int landblock_group_span) {
  scheduling_ = scheduling;
  group_span_ = std::max(landblock_group_span, 1);
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
  const bool controls = input.forward || input.strafe || input.turn_deg_per_s || input.jump;
  if (controls && managers_[index].kind() != MovementKind::None) {
    managers_[index].cancel(c.motion);
    if (give_ups_[index]) give_ups_[index]->idle();
  }
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

// Each thread writes only the characters it is given, their entries of the
// per-character vectors, and its own buffers.
void Simulation::update_characters(double dt) {
  for (ThreadBuffers& buffers : thread_buffers_) buffers.events.clear();
  auto update_one = [&](std::size_t index, int thread) {
    ThreadBuffers& buffers = thread_buffers_[static_cast<std::size_t>(thread)];
    CharacterEvents& range = character_events_[index];
    range.thread = static_cast<std::size_t>(thread);
    range.begin = buffers.events.size();
    update_character(index, dt, buffers);
    range.end = buffers.events.size();
  };
  if (scheduling_ == SimScheduling::Blocks) {
    auto update_block = [&](std::size_t begin, std::size_t end, int thread) {
      for (std::size_t i = begin; i < end; ++i) update_one(i, thread);
    };
    pool_->run(characters_.size(), update_block);
    return;
  }
  group_characters();
  auto update_group = [&](std::size_t group, std::size_t, int thread) {
    for (std::size_t k = group_starts_[group]; k < group_starts_[group + 1]; ++k)
      update_one(schedule_[k], thread);
  };
  pool_->run_each(group_starts_.size() - 1, update_group);
}

// Characters sorted by the landblock group they stand in at the start of
// the step (scene order within a group); absent ones join no group.
void Simulation::group_characters() {
  const auto span = static_cast<std::uint32_t>(group_span_);
  schedule_.clear();
  for (std::size_t i = 0; i < characters_.size(); ++i) {
    groups_[i] = 0;
    if (!present_[i]) {
      moved_[i] = 0;
      transitions_[i] = 0;
      character_events_[i] = {};
      continue;
    }
    const CellId cell = characters_[i].body.position.objcell_id;
    groups_[i] = (landblock_x(cell) / span) << 16 | (landblock_y(cell) / span);
    schedule_.push_back(i);
  }
  std::stable_sort(schedule_.begin(), schedule_.end(),
                   [&](std::size_t a, std::size_t b) { return groups_[a] < groups_[b]; });
  group_starts_.clear();
  for (std::size_t k = 0; k < schedule_.size(); ++k)
    if (k == 0 || groups_[schedule_[k]] != groups_[schedule_[k - 1]]) group_starts_.push_back(k);
  group_starts_.push_back(schedule_.size());
  if (group_starts_.size() == 1) group_starts_.insert(group_starts_.begin(), 0);
}

// One character's step: its movement orders, its physics, its events, and
// (off the serial path) where its object's shadow will fall.
void Simulation::update_character(std::size_t index, double dt, ThreadBuffers& buffers) {
  const World& world = world_;
  SimCharacter& c = characters_[index];
  moved_[index] = 0;
  transitions_[index] = 0;
  statuses_[index] = MoveStatus::Moved;
  if (!present_[index]) return;
  const OffsetAdjuster* adjuster = nullptr;
  if (managers_[index].active() || give_ups_[index]) adjuster = run_movement(index, buffers);
  buffers.move.status = MoveStatus::Moved;
  step_character(world, c, dt, quanta_, buffers.body_events, buffers.move, adjuster);
  statuses_[index] = c.box_mover ? MoveStatus::Moved : buffers.move.status;
  transitions_[index] = buffers.body_events.transitions;
  record(time_, index, buffers.body_events, buffers.events);
  moved_[index] = world.objects()[c.world_object].position != c.body.position;
  if (!moved_[index]) return;
  World::ObjectMove& move = object_moves_[index];
  move.index = c.world_object;
  move.position = c.body.position;
  world.shadow_cells_at(c.world_object, c.body.position, buffers.shadow_cells);
  move.keep_cells(buffers.shadow_cells);
}

// The character's movement manager and give-up policy for this frame; the
// sticky follow's adjustment of its physics, if it sticks.
const OffsetAdjuster* Simulation::run_movement(std::size_t index, ThreadBuffers& buffers) {
  SimCharacter& c = characters_[index];
  MovementManager& manager = managers_[index];
  std::optional<GiveUp>& give_up = give_ups_[index];
  if (give_up) give_up_act(index, give_up->before_frame(time_), buffers);
  MovementTarget target, stick;
  const MovementTarget* target_now = target_state(manager.target(), target);
  const MovementTarget* stick_now = target_state(manager.stick_target(), stick);
  std::vector<MovementEnded>& ends = buffers.movement_ends;
  ends.clear();
  manager.use_time(c.body, c.motion, target_now, stick_now, time_, ends);
  for (const MovementEnded& e : ends)
    buffers.events.push_back({time_, index, event_of(e), object_id(e.target)});
  if (give_up) {
    std::optional<float> distance;
    const auto chased = give_up->chase_target();
    // The chase's target is usually the order's: its state is at hand.
    MovementTarget chased_state;
    const MovementTarget* chased_now =
        chased == manager.target() ? target_now : target_state(chased, chased_state);
    if (chased_now && chased_now->present &&
        (manager.kind() == MovementKind::MoveToCharacter || give_up->waiting(time_)))
      distance = cylinder_distance(body_radius(c.body.shape), body_height(c.body.shape),
                                   c.body.position, chased_now->radius, chased_now->height,
                                   chased_now->position);
    give_up_act(index, give_up->after_frame(ends, distance, time_), buffers);
  }
  return manager.sticky_adjuster(c.motion, stick_now);
}

void Simulation::give_up_act(std::size_t index, GiveUpAction action, ThreadBuffers& buffers) {
  SimCharacter& c = characters_[index];
  MovementManager& manager = managers_[index];
  GiveUp& give_up = *give_ups_[index];
  switch (action) {
    case GiveUpAction::None:
      return;
    case GiveUpAction::RetryChase:
      manager.move_to_character(*give_up.chase_target(), give_up.chase_params(), c.motion, time_);
      return;
    case GiveUpAction::GoHome:
      buffers.events.push_back({time_, index, SimEventKind::GaveUp, object_id(give_up.chase_target())});
      manager.move_to_position(c.body, c.motion, give_up.home(),
                               with_turn_rate(index, give_up.policy().home_params), time_);
      give_up.started_home();
      return;
    case GiveUpAction::TeleportHome:
      settle_at(c, give_up.home());
      give_up.idle();
      buffers.events.push_back({time_, index, SimEventKind::TeleportedHome, 0});
      return;
    case GiveUpAction::ReachedHome:
      give_up.idle();
      return;
  }
}

// A present character's position and size as a movement target sees it:
// its object's position at the start of the step, whatever thread moves it.
const MovementTarget* Simulation::target_state(std::optional<std::size_t> target,
                                               MovementTarget& out) const {
  if (!target) return nullptr;
  out.present = present_[*target] != 0;
  if (!out.present) return &out;
  const SimCharacter& t = characters_[*target];
  out.position = world_.objects()[t.world_object].position;
  out.radius = body_radius(t.body.shape);
  out.height = body_height(t.body.shape);
  return &out;
}

std::uint32_t Simulation::object_id(std::optional<std::size_t> index) const {
  return index ? kCharacterObjectIdBase + static_cast<std::uint32_t>(*index) : 0;
}

// Each character's events in scene order.
void Simulation::collect_events() {
  for (std::size_t i = 0; i < characters_.size(); ++i) {
    const CharacterEvents& range = character_events_[i];
    if (range.begin == range.end) continue;
    const std::vector<SimEvent>& from = thread_buffers_[range.thread].events;
    events_.insert(events_.end(), from.begin() + static_cast<std::ptrdiff_t>(range.begin),
                   from.begin() + static_cast<std::ptrdiff_t>(range.end));
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

// --- movement orders ------------------------------------------------------------

void Simulation::check_index(std::size_t index, const char* what) const {
  if (index >= characters_.size())
    throw InputError(fmt::format("{}: character index {} is out of range ({} characters)", what,
                                 index, characters_.size()));
}

void Simulation::check_target(std::size_t index, std::size_t target) const {
  check_index(index, "character");
  check_index(target, "target");
  if (index == target)
    throw InputError(fmt::format("target: character {} cannot target itself", index));
}

// The order's params, checked, turning at the character's rate unless they
// say otherwise.
MoveToParams Simulation::order_params(std::size_t index, const MoveToParams& params) const {
  check_move_to_params(params);
  return with_turn_rate(index, params);
}

MoveToParams Simulation::with_turn_rate(std::size_t index, MoveToParams params) const {
  if (!params.turn_rate_deg) params.turn_rate_deg = characters_[index].turn_rate_deg;
  return params;
}

void Simulation::move_to(std::size_t index, const Position& target, const MoveToParams& params) {
  check_index(index, "character");
  if (!world_.has_cell(target.objcell_id) || !target.frame.is_valid())
    throw InputError(fmt::format("move_to: target 0x{:08X} [{}, {}, {}] is not a position in the world",
                                 target.objcell_id, target.frame.origin.x, target.frame.origin.y,
                                 target.frame.origin.z));
  SimCharacter& c = characters_[index];
  managers_[index].move_to_position(c.body, c.motion, target, order_params(index, params), time_);
}

void Simulation::move_to_character(std::size_t index, std::size_t target,
                                   const MoveToParams& params) {
  check_target(index, target);
  const MoveToParams p = order_params(index, params);
  managers_[index].move_to_character(target, p, characters_[index].motion, time_);
  if (!give_ups_[index]) return;
  if (p.move_towards || !p.move_away)
    give_ups_[index]->chase(target, p, time_);
  else
    give_ups_[index]->idle();  // moving away is no chase
}

void Simulation::turn_to(std::size_t index, float heading_deg, const MoveToParams& params) {
  check_index(index, "character");
  if (!std::isfinite(heading_deg))
    throw InputError(fmt::format("turn_to: heading must be finite, got {}", heading_deg));
  const float heading = std::fmod(std::fmod(heading_deg, 360.0f) + 360.0f, 360.0f);
  managers_[index].turn_to_heading(heading, order_params(index, params), characters_[index].motion,
                                   time_);
}

void Simulation::turn_to_character(std::size_t index, std::size_t target,
                                   const MoveToParams& params) {
  check_target(index, target);
  managers_[index].turn_to_character(target, order_params(index, params), characters_[index].motion,
                                     time_);
}

void Simulation::stick_to(std::size_t index, std::size_t target, const StickyParams& params) {
  check_target(index, target);
  managers_[index].stick_to(target, params, time_);
}

void Simulation::cancel_movement(std::size_t index) {
  check_index(index, "character");
  managers_[index].cancel(characters_[index].motion);
}

void Simulation::set_turn_rate(std::size_t index, float deg_per_s) {
  check_index(index, "character");
  if (!(std::isfinite(deg_per_s) && deg_per_s > 0.0f))
    throw InputError(fmt::format("turn rate: must be a finite number > 0 deg/s, got {}", deg_per_s));
  characters_[index].turn_rate_deg = deg_per_s;
}

void Simulation::set_cycle_speeds(std::size_t index, const CycleSpeeds& speeds) {
  check_index(index, "character");
  if (auto problem = cycle_speeds_problem(speeds)) throw InputError("cycle speeds: " + *problem);
  characters_[index].motion.set_cycle_speeds(speeds);
}

MovementProgress Simulation::movement(std::size_t index) const {
  check_index(index, "character");
  return managers_[index].progress();
}

void Simulation::set_give_up(std::size_t index, const GiveUpPolicy& policy) {
  check_index(index, "character");
  set_give_up(index, policy, characters_[index].body.position);
}

void Simulation::set_give_up(std::size_t index, const GiveUpPolicy& policy, const Position& home) {
  check_index(index, "character");
  if (!world_.has_cell(home.objcell_id))
    throw InputError(fmt::format("give-up policy: home 0x{:08X} is in no loaded cell", home.objcell_id));
  check_move_to_params(policy.home_params);
  give_ups_[index] = GiveUp(policy, home);
}

void Simulation::clear_give_up(std::size_t index) {
  check_index(index, "character");
  give_ups_[index].reset();
}

const GiveUp* Simulation::give_up(std::size_t index) const {
  check_index(index, "character");
  return give_ups_[index] ? &*give_ups_[index] : nullptr;
}

// --- presence -------------------------------------------------------------------

void Simulation::remove(std::size_t index) {
  check_index(index, "character");
  if (!present_[index]) return;
  SimCharacter& c = characters_[index];
  removed_objects_[index] = world_.objects()[c.world_object];
  world_.remove_object(world_.handle(c.world_object));
  managers_[index] = MovementManager{};
  if (give_ups_[index]) give_ups_[index]->idle();
  present_[index] = 0;
}

void Simulation::restore(std::size_t index, const Position& position) {
  check_index(index, "character");
  if (present_[index]) return;
  if (!world_.has_cell(position.objcell_id))
    throw InputError(fmt::format("restore: position 0x{:08X} is in no loaded cell", position.objcell_id));
  SimCharacter& c = characters_[index];
  c.body.shape.world_object.reset();
  settle_at(c, position);
  WorldObject object = std::move(removed_objects_[index]);
  object.position = c.body.position;
  c.world_object = world_.add_object(std::move(object)).index;
  c.body.shape.world_object = c.world_object;
  c.box_state.world_object = c.world_object;
  present_[index] = 1;
}

// The character at `position`, at rest, settled by retail placement.
void Simulation::settle_at(SimCharacter& c, const Position& position) const {
  PhysicsBody body(c.body.shape, position);
  body.colliding_objects.reserve(kReservedPerCharacter);
  c.body = std::move(body);
  c.box_state.position = position;
  c.box_state.velocity = Vec3(0.0f);
  place_sim_character(world_, c);
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
