#include "capi/registry.hpp"

#include <set>

#include <fmt/format.h>

#include "capi/call_guard.hpp"
#include "format/scene_validation.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::capi {

ParallelFor& WorldEntry::pool_of(int threads) {
  if (!pool || pool->threads() != threads) pool = std::make_unique<ParallelFor>(threads);
  return *pool;
}

HandleTable<WorldEntry, kMaxWorlds>& worlds() {
  static HandleTable<WorldEntry, kMaxWorlds> table;
  return table;
}

HandleTable<SceneDesc, kMaxScenes>& scenes() {
  static HandleTable<SceneDesc, kMaxScenes> table;
  return table;
}

HandleTable<SimulationEntry, kMaxSimulations>& simulations() {
  static HandleTable<SimulationEntry, kMaxSimulations> table;
  return table;
}

WorldEntry& world_of(tr_WorldId id) { return worlds().get(id.index1, id.generation, "world"); }

SceneDesc& scene_of(tr_SceneId id) { return scenes().get(id.index1, id.generation, "scene"); }

SimulationEntry& simulation_of(tr_SimulationId id) {
  return simulations().get(id.index1, id.generation, "simulation");
}

Character& character_of(tr_CharacterId id, WorldEntry** world_out) {
  WorldEntry& world = worlds().get(id.world.index1, id.world.generation, "character's world");
  if (id.index1 == 0 || id.index1 > world.characters.size())
    refuse(tr_errorInvalidId, "character: null or unknown id");
  CharacterSlot& slot = world.characters[id.index1 - 1];
  if (!slot.character || slot.generation != id.generation)
    refuse(tr_errorInvalidId, "character: stale id (it was destroyed)");
  if (world_out) *world_out = &world;
  return *slot.character;
}

ObjectId object_handle(tr_ObjectId id, WorldEntry** world_out) {
  WorldEntry& world = worlds().get(id.world.index1, id.world.generation, "object's world");
  const ObjectId handle{id.index1 - 1, id.generation};
  if (id.index1 == 0 || !world.world.is_valid(handle))
    refuse(tr_errorInvalidId, "object: null, unknown or stale id");
  *world_out = &world;
  return handle;
}

tr_WorldId add_world(World world) {
  const auto [index1, generation] =
      worlds().add(std::make_unique<WorldEntry>(std::move(world)), "worlds");
  return {index1, generation};
}

void validate_for_world(const World& world, const SceneDesc& additions, const char* source) {
  std::set<CellId> landblocks;
  for (const Landblock& lb : world.landscape().landblocks()) landblocks.insert(landblock_of(lb.id()));
  std::set<CellId> cells;
  for (const EnvCell& cell : world.env_cells()) cells.insert(cell.id());
  validate_additions(additions, std::move(landblocks), std::move(cells), source);
}

std::size_t character_index(const Simulation& simulation, int32_t index, const char* what) {
  if (index < 0 || static_cast<std::size_t>(index) >= simulation.size())
    refuse(tr_errorInvalidArgument,
           fmt::format("{}: {} is not a character of the simulation (it has {})", what, index,
                       simulation.size()));
  return static_cast<std::size_t>(index);
}

}  // namespace transit::capi
