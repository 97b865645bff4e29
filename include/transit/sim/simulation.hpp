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
#include "transit/sim/give_up.hpp"
#include "transit/sim/movement_manager.hpp"
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
  // The movement managers' ends; `id` is the target character's object id
  // (0 for a position or heading).
  MoveArrived,    ///< a move-to or turn-to arrived
  MoveBlocked,    ///< ... made no progress (or was blocked for N frames)
  MoveTimedOut,   ///< ... ran past its timeout
  MoveTooFar,     ///< ... went past its fail distance
  MoveCancelled,  ///< ... was cancelled or replaced
  TargetGone,     ///< the character moved to, turned to or stuck to left the world
  StickEnded,     ///< a sticky follow timed out or was cancelled
  GaveUp,         ///< the give-up policy sent the character home
  TeleportedHome,  ///< ... and put it there when the walk home failed
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

/// How a step hands characters to threads.
enum class SimScheduling : std::uint8_t {
  /// Blocks of 64 characters in scene order.
  Blocks,
  /// By landblock group (as ACE's landblock-group threading): the
  /// characters of a group of landblock_group_span x landblock_group_span
  /// landblocks are updated together on one thread. Each step groups the
  /// characters anew by where they stand, so a character that crossed a
  /// border is in its new group from the next step, never in none.
  LandblockGroups,
};

/// How a Simulation steps: frames cut into quanta (seconds) and threads.
struct SimulationOptions {
  QuantumOptions quanta;  ///< max/min quantum, seconds; the transitions' step cap
  /// Threads the characters are updated on (the caller's own included);
  /// the results are bit-identical whatever the number and scheduling.
  int threads = 1;
  SimScheduling scheduling = SimScheduling::Blocks;
  int landblock_group_span = 2;  ///< landblocks a side, with LandblockGroups
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
  /// Hands characters to threads by `scheduling` from the next step on.
  void set_scheduling(SimScheduling scheduling, int landblock_group_span = 2);

  /// --- movement managers (docs/server.md) ------------------------------------
  /// Each order replaces the character's running one (reported
  /// MoveCancelled) and drives its controls until it ends (a MoveArrived,
  /// MoveBlocked, MoveTimedOut, MoveTooFar or TargetGone event); apply()
  /// with controls cancels it, as a player's own keys do in retail. Throws
  /// InputError for an index out of range, a character targeting itself or
  /// bad params (check_move_to_params).
  /// Move to a position (a cell and a landblock-local frame).
  void move_to(std::size_t index, const Position& target, const MoveToParams& params = {});
  /// Move to another character, re-aiming as it moves (or away from it:
  /// params.move_away). A give-up policy watches it as a chase unless it
  /// only moves away.
  void move_to_character(std::size_t index, std::size_t target, const MoveToParams& params = {});
  /// Turn to a compass heading (degrees), or to face another character.
  void turn_to(std::size_t index, float heading_deg, const MoveToParams& params = {});
  void turn_to_character(std::size_t index, std::size_t target, const MoveToParams& params = {});
  /// Follow another character, keeping params.distance between the two.
  void stick_to(std::size_t index, std::size_t target, const StickyParams& params = {});
  /// Stops the character's move-to and stick.
  void cancel_movement(std::size_t index);
  /// The turn rate of the character's body at speed 1 (deg/s, > 0), which
  /// orders without a turn_rate_deg of their own turn at from the next
  /// order on (CharacterSettings::turn_rate_deg; 90 for scene characters).
  void set_turn_rate(std::size_t index, float deg_per_s);
  /// How fast the character's walk, run and sidestep cycles move it on the
  /// ground at speed 1 (m/s, finite, >= 0; CharacterSettings::cycle_speeds,
  /// the human table's for scene characters), from the next step on.
  void set_cycle_speeds(std::size_t index, const CycleSpeeds& speeds);
  /// How the character's movement order is going.
  MovementProgress movement(std::size_t index) const;
  /// Gives the character a give-up policy, home being where it stands now
  /// (or `home`); its move_to_character orders are then chases the policy
  /// watches.
  void set_give_up(std::size_t index, const GiveUpPolicy& policy);
  void set_give_up(std::size_t index, const GiveUpPolicy& policy, const Position& home);
  void clear_give_up(std::size_t index);
  const GiveUp* give_up(std::size_t index) const;

  /// --- presence ---------------------------------------------------------------
  /// Takes the character out of the world (a creature dies, a player logs
  /// off): its object leaves the world, it is not stepped, and orders
  /// targeting it end TargetGone.
  void remove(std::size_t index);
  /// Puts a removed character back at `position`, at rest, placed by retail
  /// placement. Throws InputError for a position in no loaded cell.
  void restore(std::size_t index, const Position& position);
  bool present(std::size_t index) const { return present_[index] != 0; }

  /// Transitions the character's last step ran (0 for a character at rest).
  int transitions(std::size_t index) const { return transitions_[index]; }
  /// With LandblockGroups, the group the character was updated in during
  /// the last step (its key: group x << 16 | group y); 0 otherwise.
  std::uint32_t group_of(std::size_t index) const { return groups_[index]; }

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
    std::vector<MovementEnded> movement_ends;  ///< of the character being updated
  };
  /// Where the events of one character's step are: a range of the events
  /// of the thread that updated it.
  struct CharacterEvents {
    std::size_t thread = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
  };

  void update_characters(double dt);
  void group_characters();
  void update_character(std::size_t index, double dt, ThreadBuffers& buffers);
  const OffsetAdjuster* run_movement(std::size_t index, ThreadBuffers& buffers);
  void give_up_act(std::size_t index, GiveUpAction action, ThreadBuffers& buffers);
  const MovementTarget* target_state(std::optional<std::size_t> target, MovementTarget& out) const;
  std::uint32_t object_id(std::optional<std::size_t> index) const;
  void check_index(std::size_t index, const char* what) const;
  void check_target(std::size_t index, std::size_t target) const;
  MoveToParams order_params(std::size_t index, const MoveToParams& params) const;
  MoveToParams with_turn_rate(std::size_t index, MoveToParams params) const;
  void settle_at(SimCharacter& c, const Position& position) const;
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
  std::vector<CharacterEvents> character_events_;
  std::vector<ThreadBuffers> thread_buffers_;
  std::vector<MovementManager> managers_;        ///< by character
  std::vector<std::optional<GiveUp>> give_ups_;  ///< by character
  std::vector<std::uint8_t> present_;            ///< by character
  std::vector<WorldObject> removed_objects_;     ///< by character: its object while removed
  std::vector<int> transitions_;                 ///< by character, of the last step
  std::vector<std::uint32_t> groups_;            ///< by character, of the last step
  SimScheduling scheduling_ = SimScheduling::Blocks;
  int group_span_ = 2;
  std::vector<std::size_t> schedule_;     ///< character indices grouped by landblock group
  std::vector<std::size_t> group_starts_;  ///< where each group begins in schedule_, then its end
  std::unique_ptr<ParallelFor> pool_;
  std::vector<SimEvent> events_;
  double time_ = 0.0;
};

}  // namespace transit
