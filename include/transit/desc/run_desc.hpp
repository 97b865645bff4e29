#pragma once
// The moves file ("transit-moves/1") and script file ("transit-script/1") of
// SCENE_FORMAT.md as plain data.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "transit/desc/scene_desc.hpp"

namespace transit {

/// One call of a character's mover from `from` (default: where the
/// character is) to `to`, starting in the given state.
struct MoveDesc {
  std::string name;
  std::string character;
  std::optional<PositionDesc> from;
  PositionDesc to;
  bool contact = false;      ///< "state": ["contact", ...]
  bool on_walkable = false;  ///< "state": [..., "on_walkable"]
  bool operator==(const MoveDesc&) const = default;
};

/// A moves file: the moves in file order.
struct MovesDesc {
  std::vector<MoveDesc> moves;
  bool operator==(const MovesDesc&) const = default;
};

enum class ForwardInput { Run, Walk, Back, Stop };
enum class StrafeInput { Left, Right, Stop };
/// The names the files use: "run", "walk", "back", "stop"; "left", "right", "stop".
const char* to_string(ForwardInput forward);
const char* to_string(StrafeInput strafe);

/// A change of a character's controls at time t; unset fields keep their value.
struct ScriptInput {
  double t = 0.0;
  std::optional<ForwardInput> forward;
  std::optional<float> turn_deg_per_s;  ///< positive clockwise
  std::optional<float> jump;            ///< charge extent 0..1, applied at t
  std::optional<StrafeInput> strafe;
  bool operator==(const ScriptInput&) const = default;
};

/// A script file: frame time and duration in seconds, and each character's
/// timed inputs by name (docs/scene-format.md).
struct ScriptDesc {
  double dt = 1.0 / 30.0;
  double duration = 10.0;
  std::map<std::string, std::vector<ScriptInput>> inputs;  ///< by character name
  bool operator==(const ScriptDesc&) const = default;
};

}  // namespace transit
