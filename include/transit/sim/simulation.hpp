#pragma once
// Many characters moving through one world over time: each step advances
// every character by the same frame time, the way retail's client updates
// each of its objects once per frame, on one thread or several with the
// same results.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "transit/desc/run_desc.hpp"
#include "transit/desc/scene_desc.hpp"
#include "transit/motion/body_update.hpp"
#include "transit/sim/parallel_for.hpp"
#include "transit/sim/sim_character.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// Characters are objects of the world too, so that they collide with each
/// other by retail's rules (players only when both are PK). Their object ids
/// are kCharacterObjectIdBase + the character's index in the scene.
inline constexpr std::uint32_t kCharacterObjectIdBase = 0xC0000000u;

/// What happened to a character during a step.
enum class SimEventKind {
  CollidedObject,       ///< `id` is the object's id
  CollidedEnvironment,  ///< terrain, a room, a static object (landing included)
  Blocked,              ///< a move cut short against a surface (not a retail event)
  Landed,               ///< reached walkable ground from the air
  LeftGround,           ///< left walkable ground (jump, ledge, steep slope)
  EnteredCell,          ///< `id` is the new cell
  Jumped,       ///< a jump started
  JumpRefused,  ///< asked to jump while not on walkable ground
};
/// The event's name as trajectories write it ("collided_object" ...).
const char* to_string(SimEventKind kind);

/// One event: when, to which character (its index in the scene), what, and
/// the object or cell it concerns.
struct SimEvent {
  double t = 0.0;  ///< simulation time at the end of the step it happened in
  std::size_t character = 0;  ///< index in the scene
  SimEventKind kind = SimEventKind::Landed;
  std::uint32_t id = 0;  ///< the object id or cell id the event concerns, else 0
};

/// How a Simulation steps: frames cut into quanta (seconds) and threads.
struct SimulationOptions {
  QuantumOptions quanta;  ///< max/min quantum, seconds; the transitions' step cap
  /// Threads the characters are updated on (the caller's own included);
  /// the results are bit-identical whatever the number.
  int threads = 1;
};

/// The characters of a scene stepped together through one world; not
/// thread-safe itself (call it from one thread), it updates its characters on
/// its own pool.
class Simulation {
 public:
  /// Places every character of the scene in `world` (AC characters by retail
  /// placement; one that cannot be placed starts where the scene puts it, in
  /// the air; Quake and Tribes boxes start where the scene puts their feet).
  /// Throws InputError for a character whose position is in no loaded cell.
  Simulation(World world, const SceneDesc& scene, const SimulationOptions& options = {});
  /// The same on one thread with the given quanta.
  Simulation(World world, const SceneDesc& scene, const QuantumOptions& quanta);

  /// The world, with the characters' own objects in it.
  const World& world() const { return world_; }
  /// Characters, in scene order; character(i) is the i-th (expert view).
  std::size_t size() const { return characters_.size(); }
  const SimCharacter& character(std::size_t index) const { return characters_[index]; }
  SimCharacter& character(std::size_t index) { return characters_[index]; }
  /// The index of the character with that name, if any.
  std::optional<std::size_t> find(const std::string& name) const;
  /// Seconds simulated so far; threads the pool runs on.
  double time() const { return time_; }
  int threads() const { return pool_->threads(); }
  /// What the last step did to a character and why it stopped there (its
  /// last transition's status, as Character::update gives it).
  MoveStatus status(std::size_t index) const { return statuses_[index]; }
  /// Updates the characters on `threads` threads from the next step on.
  void set_threads(int threads);

  /// Changes a character's controls as a script input does (fields not set
  /// keep their value; a jump is tried at once).
  void apply(std::size_t index, const ScriptInput& input);
  /// Advances every character by dt seconds. Every character moves against
  /// the world as it was at the start of the step (on the pool's threads);
  /// then their events are gathered and their objects moved, in scene
  /// order. Once the buffers have grown, a step allocates nothing.
  void step(double dt);
  /// The events since the last call, in the order they happened.
  std::vector<SimEvent> take_events();
  /// The same, swapped into `into` (cleared first), so that a caller that
  /// keeps `into` allocates nothing.
  void take_events(std::vector<SimEvent>& into);

 private:
  /// What one thread reuses from step to step, on cache lines of its own.
  struct alignas(64) ThreadBuffers {
    BodyEvents body_events;        ///< of the character being updated
    ac::AcMoveResult move;         ///< its transitions' results
    CellList shadow_cells;         ///< where its object's shadow falls
    std::vector<SimEvent> events;  ///< this step's, of the blocks this thread updated
  };
  /// Where the events of one block of ParallelFor::kBlock characters are:
  /// a range of the events of the thread that updated it.
  struct BlockEvents {
    std::size_t thread = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
  };

  void update_characters(double dt);
  void update_character(std::size_t index, double dt, ThreadBuffers& buffers);
  void collect_events();
  void move_character_objects();
  void add_character_object(std::size_t index, const CharacterDesc& desc);
  void reserve_step_buffers();

  World world_;
  QuantumOptions quanta_;
  std::vector<SimCharacter> characters_;
  std::vector<MoveStatus> statuses_;             ///< by character, of the last step
  std::vector<std::uint8_t> moved_;              ///< by character: its object must follow it
  std::vector<World::ObjectMove> object_moves_;  ///< by character, then the moved ones first
  std::vector<BlockEvents> block_events_;
  std::vector<ThreadBuffers> thread_buffers_;
  std::unique_ptr<ParallelFor> pool_;
  std::vector<SimEvent> events_;
  double time_ = 0.0;
};

}  // namespace transit
