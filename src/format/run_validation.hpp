#pragma once

#include <string>

#include "transit/desc/run_desc.hpp"
#include "transit/desc/scene_desc.hpp"

namespace transit {

// The values of a moves file (well-formed positions). Throws InputError.
void check_moves(const MovesDesc& moves, const std::string& source_name);
// check_moves, then: every character is one of the scene's
// ("/moves/2/character") and every position lies in the scene.
void validate_moves(const MovesDesc& moves, const SceneDesc& scene, const std::string& source_name);

// The values of a script: dt > 0, duration > 0, at most kMaxScriptTicks
// ticks, inputs in time order with t >= 0, jump 0..1, each input setting
// something. Throws InputError.
void check_script(const ScriptDesc& script, const std::string& source_name);
// check_script, then: every character named in "inputs" is one of the scene's.
void validate_script(const ScriptDesc& script, const SceneDesc& scene,
                     const std::string& source_name);

// The longest script (duration / dt) accepted: a guard against hanging.
inline constexpr double kMaxScriptTicks = 1e7;

}  // namespace transit
