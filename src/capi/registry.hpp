#pragma once
// What the C API's ids name: worlds with their characters, scenes being
// described, simulations.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "capi/handle_table.hpp"
#include "capi/slot_list.hpp"
#include "transit/desc/scene_desc.hpp"
#include "transit/server/claim_crowd.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/sim/character.hpp"
#include "transit/sim/parallel_for.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/transit.h"
#include "transit/world/world.hpp"

namespace transit::capi {

inline constexpr std::size_t kMaxWorlds = 256;
inline constexpr std::size_t kMaxScenes = 256;
inline constexpr std::size_t kMaxSimulations = 256;

struct CharacterSlot {
  std::uint32_t generation = 1;
  std::optional<Character> character;
};

/// What the server last accepted for a character, and why its last claim
/// was rejected ("" when accepted).
struct ClaimStateEntry {
  AcceptedMovement movement;
  std::string reason;
};

/// A world, its characters (slots reused, generations counted), the claim
/// checkers, states and crowds of it, and the pool batch calls run on.
struct WorldEntry {
  explicit WorldEntry(World w) : world(std::move(w)) {}
  World world;
  std::vector<CharacterSlot> characters;
  std::vector<std::uint32_t> free_characters;
  SlotList<MovementChecker> checkers;
  SlotList<ClaimStateEntry> claim_states;
  SlotList<ClaimCrowd> crowds;
  std::unique_ptr<ParallelFor> pool;
  ParallelFor& pool_of(int threads);
};

struct SimulationEntry {
  explicit SimulationEntry(std::unique_ptr<Simulation> s) : simulation(std::move(s)) {}
  std::unique_ptr<Simulation> simulation;
  std::vector<SimEvent> pending;  ///< taken from the simulation, not yet by the caller
  std::size_t pending_begin = 0;
};

HandleTable<WorldEntry, kMaxWorlds>& worlds();
HandleTable<SceneDesc, kMaxScenes>& scenes();
HandleTable<SimulationEntry, kMaxSimulations>& simulations();

WorldEntry& world_of(tr_WorldId id);
SceneDesc& scene_of(tr_SceneId id);
SimulationEntry& simulation_of(tr_SimulationId id);
/// `index` as a character of `simulation`; refuses one out of range, naming `what`.
std::size_t character_index(const Simulation& simulation, int32_t index, const char* what = "index");
/// The character of a live id and the world it is in.
Character& character_of(tr_CharacterId id, WorldEntry** world = nullptr);
/// The world's handle of a live object id.
ObjectId object_handle(tr_ObjectId id, WorldEntry** world);

tr_WorldId add_world(World world);

/// Checks objects and characters about to join `world` as a scene's are
/// checked (validate_additions), naming them as `source`.
void validate_for_world(const World& world, const SceneDesc& additions, const char* source);

}  // namespace transit::capi
