#pragma once
// Retail's per-frame update of a moving body (CPhysicsObj::update_object):
// the frame is cut into quanta; each quantum moves the body by its motion
// and physics to a desired position, runs the AC transition there, takes the
// position and cell it allows and updates the body from what it found.

#include <cstdint>
#include <vector>

#include "transit/motion/motion_interpreter.hpp"
#include "transit/motion/physics_body.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// What happened to a body during an update, in order of quanta.
struct BodyEvents {
  std::vector<std::uint32_t> collided_object_ids;  ///< objects hit that were not hit just before
  int environment_collisions = 0;  ///< collisions with terrain, rooms or static objects begun
  /// Moves cut short against a surface (a wall, a creature, a slope), begun.
  /// Retail reports no such event (a walker's bump into a static object or a
  /// wall sets nothing); transit counts them for the caller.
  int blocks = 0;
  int landings = 0;           ///< walkable ground reached from the air
  int ground_departures = 0;  ///< walkable ground left
  std::vector<CellId> entered_cells;
  int quanta = 0;        ///< quanta integrated
  int transitions = 0;   ///< transitions run (a body at rest runs none)
  bool dropped = false;  ///< a frame over kHugeQuantum was dropped

  /// No events, the lists keeping their storage.
  void clear();
};

/// Changes the frame a body's motion moves it by in one quantum before the
/// transition runs (retail's PositionManager: sticky following, constraints).
/// Called on the thread updating the body; must only read shared data.
class OffsetAdjuster {
 public:
  /// `offset` is in the body's local axes (origin) plus its turn; rewrite
  /// either. ACE: PositionManager.AdjustOffset
  virtual void adjust_offset(const PhysicsBody& body, Frame& offset, float quantum) const = 0;

 protected:
  ~OffsetAdjuster() = default;
};

/// How a frame is cut into quanta.
struct QuantumOptions {
  /// Retail's client constant MAX_QUANTUM_97 is 0.2 s (decompile notes); 0.1 s
  /// is ACE's PhysicsGlobals.MaxQuantum and what transit uses.
  float max_quantum = kMaxQuantum;
  float min_quantum = kMinQuantum;
  float huge_quantum = kHugeQuantum;
  ac::TransitionOptions transition;
};

/// The quanta of one frame, in order: `slices` quanta of `slice` seconds,
/// then, with has_rest, one of `rest` seconds.
struct QuantumPlan {
  int slices = 0;
  float slice = 0.0f;
  bool has_rest = false;
  float rest = 0.0f;

  std::size_t size() const { return static_cast<std::size_t>(slices) + (has_rest ? 1 : 0); }
  bool empty() const { return size() == 0; }
  float operator[](std::size_t i) const {
    return i < static_cast<std::size_t>(slices) ? slice : rest;
  }
};

/// The quanta `pending` seconds are integrated in: nothing for a frame of at
/// most kEpsilon (consumed) or over huge_quantum (dropped); the whole frame
/// when it is at most max_quantum; else max_quantum slices and the remainder
/// when it exceeds min_quantum. `pending` keeps the time left for the next
/// frame. ACE: PhysicsObj.update_object (retail 0x00515D10 clock)
QuantumPlan plan_quanta(double& pending, const QuantumOptions& options, bool& dropped);

/// Takes a successful transition's result into the body: position, contact
/// plane, walkability (a body leaving the ground keeps its motion's velocity),
/// sliding normal, collisions and the bounce, with their events.
/// ACE: PhysicsObj.SetPositionInternal(Transition)
void set_position_internal(PhysicsBody& body, MotionInterpreter* motion, const ac::AcMoveResult& r,
                           BodyEvents& events);

/// One quantum. ACE: PhysicsObj.UpdateObjectInternal, UpdatePositionInternal
void update_object_internal(const World& world, PhysicsBody& body, MotionInterpreter* motion,
                            float quantum, BodyEvents& events,
                            const ac::TransitionOptions& options = {});
/// The same, the transition's result written to `move` (its lists keep
/// their storage).
void update_object_internal(const World& world, PhysicsBody& body, MotionInterpreter* motion,
                            float quantum, BodyEvents& events, ac::AcMoveResult& move,
                            const ac::TransitionOptions& options = {},
                            const OffsetAdjuster* adjuster = nullptr);

/// A frame of `dt` seconds. `motion` may be null for a body without controls.
/// ACE: PhysicsObj.update_object
BodyEvents update_object(const World& world, PhysicsBody& body, MotionInterpreter* motion,
                         double dt, const QuantumOptions& options = {});

/// The same frame, its events written to `events` (cleared first) and each
/// transition's result to `move`. Both keep their lists' storage, so a game
/// loop that keeps them allocates nothing once the lists have grown.
void update_object(const World& world, PhysicsBody& body, MotionInterpreter* motion, double dt,
                   const QuantumOptions& options, BodyEvents& events, ac::AcMoveResult& move,
                   const OffsetAdjuster* adjuster = nullptr);

}  // namespace transit
