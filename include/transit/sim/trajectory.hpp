#pragma once
// A simulation run recorded tick by tick: where each character was, its
// events and a summary, and the "transit-trajectory/1" document of it.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "transit/desc/run_desc.hpp"
#include "transit/sim/simulation.hpp"

namespace transit {

/// One character at one tick: time (s), cell, position (metres), heading
/// (degrees), velocity (m/s), contact and walkability, the plane it stands
/// on, the wall it slides along and how its last step ended.
struct TrajectorySample {
  double t = 0.0;
  Position position;
  /// Achieved velocity: displacement over the last quantum divided by it
  /// (retail CachedVelocity), so a runner on the ground shows its speed.
  Vec3 velocity{0.0f};
  bool contact = false;
  bool on_walkable = false;
  float heading = 0.0f;  ///< degrees clockwise from north (+y)
  /// The plane it stands on (landblock coordinates of its cell), if in contact.
  std::optional<ac::CellPlane> contact_plane;
  std::optional<Vec3> sliding_normal;  ///< the wall it slides along, if any
  MoveStatus status = MoveStatus::Moved;  ///< its last step's (Simulation::status)
};

/// Totals of one character over a run: distance (metres), events.
struct CharacterStats {
  double distance = 0.0;          ///< path length in metres
  double grounded_seconds = 0.0;  ///< ticks ending on walkable ground
  int object_collisions = 0;
  int environment_collisions = 0;     ///< landings included, as retail counts them
  int blocks = 0;                     ///< moves cut short against walls, creatures, slopes
  std::vector<CellId> cells_visited;  ///< in order of first visit
};

/// One character's samples and stats.
struct CharacterTrack {
  std::string name;
  std::vector<TrajectorySample> samples;  ///< t = 0, then after every tick
  std::vector<SimEvent> events;
  CharacterStats stats;
};

/// A run of a script: every character's track and every event.
struct Trajectory {
  double dt = 0.0;
  long long ticks = 0;
  double wall_seconds = 0.0;
  std::vector<CharacterTrack> characters;  ///< in the simulation's order
};

/// Appends a sample to a track and adds its distance, ground time (ticks of
/// `dt` seconds ending on walkable ground) and cell to the track's stats.
void add_sample(CharacterTrack& track, const TrajectorySample& sample, double dt);
/// Appends an event to a track and counts it in the track's stats.
void add_event(CharacterTrack& track, const SimEvent& event);

/// Called every `every` ticks and after the last with (ticks done, ticks).
using ProgressFn = std::function<void(long long done, long long total)>;

/// Runs `script` on `sim`: before each tick the inputs whose time has come
/// are applied (t <= tick time), then every character advances by the
/// script's dt, for duration / dt ticks. Character names must be valid
/// (validate_script).
Trajectory run_script(Simulation& sim, const ScriptDesc& script, const ProgressFn& progress = {},
                      long long every = 0);

/// The number of ticks a script runs.
long long script_ticks(const ScriptDesc& script);

/// The "transit-trajectory/1" document (SCENE_FORMAT.md) plus each
/// character's events and summary. Floats are written with the fewest digits
/// that read back the same, so equal runs give equal documents apart from
/// summary.wall_seconds.
std::string write_trajectory(const Trajectory& trajectory);

}  // namespace transit
