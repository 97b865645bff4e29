#pragma once
// Reading trajectories ("transit-trajectory/1", as write_trajectory writes
// them) back into a Trajectory, for replaying and viewing a run.

#include <filesystem>
#include <string>

#include "transit/sim/trajectory.hpp"

namespace transit {

/// Every character's samples and events; the fields added after the first
/// version (heading, contact_plane, sliding_normal, status) may be missing
/// and then keep their defaults. Stats are recomputed from the samples and
/// events. Throws InputError "<file>: <JSON pointer>: <what>, got <value>".
Trajectory read_trajectory_file(const std::filesystem::path& file);
/// The same from JSON text; `source_name` names it in error messages.
Trajectory parse_trajectory(const std::string& json_text, const std::string& source_name);

}  // namespace transit
