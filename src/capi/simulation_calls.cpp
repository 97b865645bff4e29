// tr_*Simulation*: many characters stepped together through a copy of a world.

#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "capi/conversions.hpp"
#include "capi/registry.hpp"

using namespace transit;
using namespace transit::capi;

namespace {

void check_threads(int32_t threads) {
  if (threads < 1 || threads > 256) refuse(tr_errorInvalidArgument, "threads: must be 1..256");
}

// Moves the simulation's new events behind the ones the caller has not taken.
void gather_events(SimulationEntry& entry) {
  if (entry.pending_begin > 0 && entry.pending_begin == entry.pending.size()) {
    entry.pending.clear();
    entry.pending_begin = 0;
  }
  std::vector<SimEvent> fresh = entry.simulation->take_events();
  entry.pending.insert(entry.pending.end(), fresh.begin(), fresh.end());
}

}  // namespace

extern "C" {

tr_SimulationDef tr_DefaultSimulationDef(void) { return {1}; }

tr_Status tr_CreateSimulation(tr_WorldId world, tr_SceneId scene, const tr_SimulationDef* def,
                              tr_SimulationId* out) {
  return call_guard([&] {
    tr_SimulationId& result = required(out, "out");
    const World& w = world_of(world).world;
    const SceneDesc& desc = scene_of(scene);
    const tr_SimulationDef options = def ? *def : tr_DefaultSimulationDef();
    check_threads(options.threads);
    SceneDesc characters;
    characters.characters = desc.characters;
    validate_for_world(w, characters, "scene");
    SimulationOptions sim_options;
    sim_options.threads = options.threads;
    auto simulation = std::make_unique<Simulation>(w, characters, sim_options);
    const auto [index1, generation] = simulations().add(
        std::make_unique<SimulationEntry>(std::move(simulation)), "simulations");
    result = {index1, generation};
  });
}

tr_Status tr_DestroySimulation(tr_SimulationId simulation) {
  return call_guard(
      [&] { simulations().remove(simulation.index1, simulation.generation, "simulation"); });
}

tr_Status tr_Simulation_GetCharacterCount(tr_SimulationId simulation, int32_t* count) {
  return call_guard([&] {
    required(count, "count") = static_cast<int32_t>(simulation_of(simulation).simulation->size());
  });
}

tr_Status tr_Simulation_FindCharacter(tr_SimulationId simulation, const char* name,
                                      int32_t* index) {
  return call_guard([&] {
    int32_t& result = required(index, "index");
    const auto found = simulation_of(simulation).simulation->find(required_text(name, "name"));
    if (!found) refuse(tr_errorInvalidArgument, fmt::format("name: no character '{}'", name));
    result = static_cast<int32_t>(*found);
  });
}

tr_Status tr_Simulation_SetControls(tr_SimulationId simulation, int32_t index,
                                    const tr_Controls* controls) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    sim.apply(character_index(sim, index), script_input(required(controls, "controls")));
  });
}

tr_Status tr_Simulation_SetThreads(tr_SimulationId simulation, int32_t threads) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    check_threads(threads);
    sim.set_threads(threads);
  });
}

tr_Status tr_Simulation_SetScheduling(tr_SimulationId simulation, tr_Scheduling scheduling,
                                      int32_t landblock_group_span) {
  return call_guard([&] {
    Simulation& sim = *simulation_of(simulation).simulation;
    const std::int32_t raw = enum_value(scheduling);
    if (raw != tr_schedulingBlocks && raw != tr_schedulingLandblockGroups)
      refuse(tr_errorInvalidArgument, fmt::format("scheduling: unknown value {}", raw));
    if (landblock_group_span < 1 || landblock_group_span > 255)
      refuse(tr_errorInvalidArgument,
             fmt::format("landblock_group_span: must be 1..255 landblocks, got {}", landblock_group_span));
    sim.set_scheduling(raw == tr_schedulingBlocks ? SimScheduling::Blocks : SimScheduling::LandblockGroups,
                       landblock_group_span);
  });
}

tr_Status tr_Simulation_GetGroup(tr_SimulationId simulation, int32_t index, uint32_t* group) {
  return call_guard([&] {
    std::uint32_t& result = required(group, "group");
    const Simulation& sim = *simulation_of(simulation).simulation;
    result = sim.group_of(character_index(sim, index));
  });
}

tr_Status tr_Simulation_Step(tr_SimulationId simulation, double dt) {
  return call_guard([&] {
    SimulationEntry& entry = simulation_of(simulation);
    if (!std::isfinite(dt) || dt < 0.0 || dt > 3600.0)
      refuse(tr_errorInvalidArgument, fmt::format("dt: must be 0..3600 seconds, got {}", dt));
    entry.simulation->step(dt);
    gather_events(entry);
  });
}

tr_Status tr_Simulation_GetTime(tr_SimulationId simulation, double* seconds) {
  return call_guard([&] {
    required(seconds, "seconds") = simulation_of(simulation).simulation->time();
  });
}

tr_Status tr_Simulation_GetCharacterState(tr_SimulationId simulation, int32_t index,
                                          tr_CharacterState* out) {
  return call_guard([&] {
    tr_CharacterState& result = required(out, "out");
    const Simulation& sim = *simulation_of(simulation).simulation;
    const std::size_t i = character_index(sim, index);
    write_state(sim.character(i), sim.status(i), result);
  });
}

tr_Status tr_Simulation_GetCharacterStates(tr_SimulationId simulation, tr_CharacterState* states,
                                           int32_t count) {
  return call_guard([&] {
    const Simulation& sim = *simulation_of(simulation).simulation;
    if (count < 0 || static_cast<std::size_t>(count) > sim.size())
      refuse(tr_errorInvalidArgument, "count: must be 0..the character count");
    if (count > 0) required(states, "states");
    for (int32_t i = 0; i < count; ++i)
      write_state(sim.character(static_cast<std::size_t>(i)), sim.status(static_cast<std::size_t>(i)), states[i]);
  });
}

tr_Status tr_Simulation_TakeEvents(tr_SimulationId simulation, tr_Event* events, int32_t capacity,
                                   int32_t* count) {
  return call_guard([&] {
    SimulationEntry& entry = simulation_of(simulation);
    if (capacity < 0 || (capacity > 0 && !events))
      refuse(tr_errorInvalidArgument, "events: null array or negative capacity");
    const std::size_t available = entry.pending.size() - entry.pending_begin;
    const std::size_t n = std::min(available, static_cast<std::size_t>(capacity));
    for (std::size_t k = 0; k < n; ++k) {
      const SimEvent& e = entry.pending[entry.pending_begin + k];
      std::memset(&events[k], 0, sizeof events[k]);
      events[k].t = e.t;
      events[k].character = static_cast<int32_t>(e.character);
      events[k].kind = static_cast<tr_EventKind>(e.kind);
      events[k].id = e.id;
    }
    entry.pending_begin += n;
    if (count) *count = static_cast<int32_t>(n);
  });
}

tr_Status tr_Simulation_GetPendingEventCount(tr_SimulationId simulation, int32_t* count) {
  return call_guard([&] {
    const SimulationEntry& entry = simulation_of(simulation);
    required(count, "count") = static_cast<int32_t>(entry.pending.size() - entry.pending_begin);
  });
}

const char* tr_EventKindName(tr_EventKind kind) {
  const std::int32_t raw = enum_value(kind);
  if (raw < tr_eventCollidedObject || raw > tr_eventTeleportedHome) return "unknown";
  return to_string(static_cast<SimEventKind>(raw));
}

}
