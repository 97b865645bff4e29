#include "transit/sim/trajectory.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "format/result_json.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

using nlohmann::ordered_json;

TrajectorySample sample_of(const Simulation& sim, std::size_t i, double t) {
  const PhysicsBody& body = sim.character(i).body;
  return TrajectorySample{t,
                          body.position,
                          body.cached_velocity,
                          body.contact,
                          body.contact && body.on_walkable,
                          body.position.frame.heading(),
                          body.contact ? body.contact_plane : std::nullopt,
                          body.sliding_normal,
                          sim.status(i)};
}

void visit_cell(CharacterStats& stats, CellId cell) {
  if (std::find(stats.cells_visited.begin(), stats.cells_visited.end(), cell) ==
      stats.cells_visited.end())
    stats.cells_visited.push_back(cell);
}

// Where each of the script's input lists goes: the character's index, once
// (a name lookup per list and tick made big crowds quadratic).
struct ScriptCursor {
  const std::vector<ScriptInput>* inputs;
  std::size_t character;
  std::size_t next = 0;
};

std::vector<ScriptCursor> script_cursors(const Simulation& sim, const ScriptDesc& script) {
  std::unordered_map<std::string_view, std::size_t> index;
  for (std::size_t i = 0; i < sim.size(); ++i) index.try_emplace(sim.character(i).name, i);
  std::vector<ScriptCursor> cursors;
  for (const auto& [name, inputs] : script.inputs)
    if (auto it = index.find(name); it != index.end()) cursors.push_back({&inputs, it->second});
  return cursors;
}

// Applies the inputs of every character whose time has come.
void apply_due_inputs(Simulation& sim, double now, std::vector<ScriptCursor>& cursors) {
  for (ScriptCursor& c : cursors)
    for (; c.next < c.inputs->size() && (*c.inputs)[c.next].t <= now; ++c.next)
      sim.apply(c.character, (*c.inputs)[c.next]);
}

ordered_json sample_json(const TrajectorySample& s) {
  return ordered_json{{"t", result_time(s.t)},
                      {"position", result_position_json(s.position)},
                      {"velocity", result_vec_json(s.velocity)},
                      {"contact", s.contact},
                      {"on_walkable", s.on_walkable},
                      {"heading", shortest_double(s.heading)},
                      {"contact_plane", result_plane_json(s.contact_plane)},
                      {"sliding_normal", result_optional_vec_json(s.sliding_normal)},
                      {"status", to_string(s.status)}};
}

ordered_json event_json(const SimEvent& e) {
  ordered_json j{{"t", result_time(e.t)}, {"event", to_string(e.kind)}};
  if (e.kind == SimEventKind::CollidedObject) j["object"] = e.id;
  if (e.kind == SimEventKind::EnteredCell) j["cell"] = fmt::format("0x{:08X}", e.id);
  return j;
}

ordered_json stats_json(const CharacterTrack& track) {
  ordered_json cells = ordered_json::array();
  for (CellId c : track.stats.cells_visited) cells.push_back(fmt::format("0x{:08X}", c));
  return ordered_json{{"distance", shortest_double(static_cast<float>(track.stats.distance))},
                      {"grounded_seconds", result_time(track.stats.grounded_seconds)},
                      {"object_collisions", track.stats.object_collisions},
                      {"environment_collisions", track.stats.environment_collisions},
                      {"blocked", track.stats.blocks},
                      {"cells_visited", cells},
                      {"final_position", result_position_json(track.samples.back().position)}};
}

// `"key": [` then one element per line, then `]`.
void write_array(std::string& out, const std::string& indent, const std::string& key,
                 const std::vector<ordered_json>& items, bool last) {
  out += fmt::format("{}{}: [", indent, ordered_json(key).dump());
  for (std::size_t i = 0; i < items.size(); ++i)
    out += fmt::format("{}\n{}  {}", i ? "," : "", indent, items[i].dump());
  out += fmt::format("{}]{}\n", items.empty() ? "" : "\n" + indent, last ? "" : ",");
}

}  // namespace

void add_sample(CharacterTrack& track, const TrajectorySample& s, double dt) {
  if (!track.samples.empty()) {
    const TrajectorySample& prev = track.samples.back();
    track.stats.distance += glm::length(get_offset(prev.position, s.position));
  }
  if (s.on_walkable && !track.samples.empty()) track.stats.grounded_seconds += dt;
  visit_cell(track.stats, s.position.objcell_id);
  track.samples.push_back(s);
}

void add_event(CharacterTrack& track, const SimEvent& e) {
  if (e.kind == SimEventKind::CollidedObject) ++track.stats.object_collisions;
  if (e.kind == SimEventKind::CollidedEnvironment) ++track.stats.environment_collisions;
  if (e.kind == SimEventKind::Blocked) ++track.stats.blocks;
  track.events.push_back(e);
}

long long script_ticks(const ScriptDesc& script) {
  return static_cast<long long>(std::ceil(script.duration / script.dt - 1e-9));
}

Trajectory run_script(Simulation& sim, const ScriptDesc& script, const ProgressFn& progress,
                      long long every) {
  const auto start = std::chrono::steady_clock::now();
  Trajectory out;
  out.dt = script.dt;
  out.ticks = script_ticks(script);
  for (std::size_t i = 0; i < sim.size(); ++i) {
    out.characters.push_back({sim.character(i).name, {}, {}, {}});
    add_sample(out.characters[i], sample_of(sim, i, 0.0), script.dt);
  }
  std::vector<ScriptCursor> cursors = script_cursors(sim, script);
  std::vector<SimEvent> events;
  for (long long tick = 0; tick < out.ticks; ++tick) {
    const double now = static_cast<double>(tick) * script.dt;
    apply_due_inputs(sim, now + script.dt * 1e-6, cursors);
    sim.step(script.dt);
    const double after = static_cast<double>(tick + 1) * script.dt;
    sim.take_events(events);
    for (const SimEvent& e : events) add_event(out.characters[e.character], e);
    for (std::size_t i = 0; i < sim.size(); ++i)
      add_sample(out.characters[i], sample_of(sim, i, after), script.dt);
    if (progress && every > 0 && (tick + 1) % every == 0) progress(tick + 1, out.ticks);
  }
  if (progress) progress(out.ticks, out.ticks);
  out.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::string write_trajectory(const Trajectory& trajectory) {
  std::string out = "{\n  \"format\": \"transit-trajectory/1\",\n";
  out += fmt::format("  \"dt\": {},\n  \"characters\": {{\n", ordered_json(trajectory.dt).dump());
  for (std::size_t c = 0; c < trajectory.characters.size(); ++c) {
    const CharacterTrack& track = trajectory.characters[c];
    std::vector<ordered_json> samples;
    for (const TrajectorySample& s : track.samples) samples.push_back(sample_json(s));
    write_array(out, "    ", track.name, samples, c + 1 == trajectory.characters.size());
  }
  out += "  },\n  \"events\": {\n";
  for (std::size_t c = 0; c < trajectory.characters.size(); ++c) {
    const CharacterTrack& track = trajectory.characters[c];
    std::vector<ordered_json> events;
    for (const SimEvent& e : track.events) events.push_back(event_json(e));
    write_array(out, "    ", track.name, events, c + 1 == trajectory.characters.size());
  }
  ordered_json per_character = ordered_json::object();
  for (const CharacterTrack& track : trajectory.characters)
    per_character[track.name] = stats_json(track);
  const ordered_json summary{{"ticks", trajectory.ticks},
                             {"wall_seconds", trajectory.wall_seconds},
                             {"characters", per_character}};
  out += "  },\n  \"summary\": " + summary.dump() + "\n}\n";
  return out;
}

}  // namespace transit
