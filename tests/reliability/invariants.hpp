#pragma once
// The invariants every AC transition must keep, checked after each one,
// and those a simulated body must keep after every tick.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "transit/motion/physics_body.hpp"
#include "transit/movers/move_status.hpp"
#include "transit/movers/ac/ac_mover.hpp"
#include "transit/world/world.hpp"

namespace transit::reliability {

// Names of the invariants, as reports and reproducers spell them.
inline constexpr const char* kFinite = "finite";               // no NaN or inf in the result
inline constexpr const char* kPenetration = "penetration";     // no sphere > 1 cm into solids
inline constexpr const char* kBelowTerrain = "below-terrain";  // never under the ground outdoors
inline constexpr const char* kCell = "cell";                   // the cell holds the body
inline constexpr const char* kStepCap = "step-cap";            // at most max_steps sub-steps
inline constexpr const char* kContact = "contact";             // contact iff a contact plane
inline constexpr const char* kWalkable = "walkable";           // on_walkable iff walkable contact
inline constexpr const char* kFailedStays = "failed-stays";    // ok = false leaves it at begin
inline constexpr const char* kSlow = "slow";                   // one transition took over 2 s
inline constexpr const char* kTurning = "turning";             // told to turn, the heading changed
inline constexpr const char* kStalled = "stalled";             // told to move where nothing blocks, it moved
inline constexpr const char* kFrozen = "frozen";               // still for 2 s only where it cannot move

// How far a sphere may end inside solid geometry.
inline constexpr float kPenetrationLimit = 0.01f;

struct Violation {
  std::string invariant;
  std::string detail;
};

struct TransitionFacts {
  const World& world;
  const ac::AcBody& body;
  const Position& from;
  const Position& to;
  int max_steps;
  float start_depth;  // deepest_penetration at `from`
  double seconds;     // how long move_body took
};

// Every invariant the result breaks (empty: all hold).
std::vector<Violation> check_transition(const TransitionFacts& facts, const ac::AcMoveResult& r);

struct TickFacts {
  const World& world;
  float start_depth;  // deepest_penetration before the tick
  // Objects the body may end inside: the characters' own objects, since
  // characters move at once against where the others were.
  const std::set<std::uint32_t>& pass_through;
  double seconds;  // how long the tick took
};

// Every invariant a simulated body breaks after a tick (all but step-cap and
// failed-stays, which belong to single transitions).
std::vector<Violation> check_tick(const TickFacts& facts, const PhysicsBody& body);

// Liveness: a character told to turn (a non-zero turn rate over a tick that
// ran at least one quantum) ends the tick facing another way, whatever
// blocked it (retail's free heading, docs/retail-notes.md).
std::optional<Violation> check_turning(const Quat& before, float turn_deg_per_s, int quanta,
                                       const PhysicsBody& after);

// How far a fresh transition from where a body stands goes by `offset`
// (world-aligned, in the body's landblock axes; from the body's contact
// state, sliding normal included, as its next move starts from: the wall a
// body slid along is retail's memory, not a freeze), and whether it went all
// the way meeting nothing.
struct Probe {
  float moved = 0.0f;
  bool free = false;
};
Probe probe_move(const World& world, const PhysicsBody& body, const Vec3& offset);

// What a body was told to do over a tick: the offsets its first quantum
// wanted with the heading and controls at the tick's start and at its end
// (a turning body's way turns within the tick), whether a quantum ran, and
// what the tick's move reported.
struct TickIntent {
  Vec3 before{0.0f};
  Vec3 after{0.0f};
  int quanta = 0;
  bool walkable_before = false;  // it started the tick on walkable ground
  MoveStatus status = MoveStatus::Moved;
};

// Liveness in an open area: a body on walkable ground (at the tick's start
// and end: in the air a body does not run) told to move over a tick that
// ran a quantum breaks it when the tick's move met nothing (status Moved:
// no wall, slope, edge or object turned or stopped it) and yet it did not
// move at all.
std::optional<Violation> check_stalled(const TickIntent& intent, const PhysicsBody& body,
                                       float moved_in_tick);

// Liveness over time: a body on walkable ground told to move that has moved
// less than 1 cm for `still_seconds` >= 2 s breaks it unless it cannot move
// (enclosed, or pressed against what blocks the way it is told to go): a
// fresh transition along that way from its own state goes no more than 5 cm.
// What it catches is a simulation that stops where a plain move would go
// (stale remembered results, quanta, motion).
std::optional<Violation> check_frozen(const World& world, const PhysicsBody& body,
                                      const TickIntent& intent, double still_seconds);

// The cell invariant alone: the body's cell holds its origin or its foot
// sphere's centre.
std::optional<Violation> check_cell(const World& world, const ac::AcBody& body, const Position& at);

// "penetration: 0.031 m at ..." for reports.
std::string describe(const Violation& v);

}  // namespace transit::reliability
