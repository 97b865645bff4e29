#pragma once
// Many characters moving through one world over time: each step advances
// every character by the same frame time, in scene order, the way retail's
// client updates each of its objects once per frame.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "format/run_desc.hpp"
#include "format/scene_desc.hpp"
#include "motion/body_update.hpp"
#include "motion/motion_interpreter.hpp"
#include "motion/physics_body.hpp"
#include "movers/box_mover.hpp"
#include "world/world.hpp"

namespace transit {

struct SimCharacter {
  std::string name;
  PhysicsBody body;  // the character's state; for box movers, mirrored from box_state
  MotionInterpreter motion;
  std::size_t world_object = 0;  // the character's own object in the world
  MoverKind mover = MoverKind::Ac;
  // Quake and Tribes characters: the mover, its state, and a jump waiting
  // for the next step.
  std::shared_ptr<const BoxMover> box_mover;
  BoxMoverState box_state;
  bool jump_pressed = false;
};

// Characters are objects of the world too, so that they collide with each
// other by retail's rules (players only when both are PK). Their object ids
// are kCharacterObjectIdBase + the character's index in the scene.
inline constexpr std::uint32_t kCharacterObjectIdBase = 0xC0000000u;

enum class SimEventKind {
  CollidedObject,       // `id` is the object's id
  CollidedEnvironment,  // terrain, a room, a static object (landing included)
  Blocked,              // a move cut short against a surface (not a retail event)
  Landed,               // reached walkable ground from the air
  LeftGround,           // left walkable ground (jump, ledge, steep slope)
  EnteredCell,          // `id` is the new cell
  Jumped,
  JumpRefused,  // asked to jump while not on walkable ground
};
const char* to_string(SimEventKind kind);

struct SimEvent {
  double t = 0.0;  // simulation time at the end of the step it happened in
  std::size_t character = 0;
  SimEventKind kind = SimEventKind::Landed;
  std::uint32_t id = 0;
};

class Simulation {
 public:
  // Places every character of the scene in `world` (AC characters by retail
  // placement; one that cannot be placed starts where the scene puts it, in
  // the air; Quake and Tribes boxes start where the scene puts their feet).
  // Throws InputError for a character whose position is in no loaded cell.
  Simulation(World world, const SceneDesc& scene, QuantumOptions options = {});

  const World& world() const { return world_; }
  std::size_t size() const { return characters_.size(); }
  const SimCharacter& character(std::size_t index) const { return characters_[index]; }
  SimCharacter& character(std::size_t index) { return characters_[index]; }
  std::optional<std::size_t> find(const std::string& name) const;
  double time() const { return time_; }

  // Changes a character's controls as a script input does (fields not set
  // keep their value; a jump is tried at once).
  void apply(std::size_t index, const ScriptInput& input);
  // Advances every character by dt seconds. Every character moves against
  // the others' positions at the start of the step; their objects move
  // together at its end, in scene order.
  void step(double dt);
  // The events since the last call, in the order they happened.
  std::vector<SimEvent> take_events();

 private:
  void record(std::size_t index, const BodyEvents& events);
  void add_character_object(std::size_t index, const CharacterDesc& desc);
  BodyEvents step_box_mover(SimCharacter& c, float dt);

  World world_;
  QuantumOptions options_;
  std::vector<SimCharacter> characters_;
  std::vector<SimEvent> events_;
  double time_ = 0.0;
};

}  // namespace transit
