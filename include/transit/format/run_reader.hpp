#pragma once
// Reading moves files ("transit-moves/1") and script files
// ("transit-script/1"). Both are checked on their own here; validate_moves
// and validate_script (run_validation.hpp) check them against a scene.

#include <filesystem>
#include <string>

#include "transit/desc/run_desc.hpp"

namespace transit {

/// Throws InputError "<file>: <JSON pointer>: <what>, got <value>".
MovesDesc read_moves_file(const std::filesystem::path& file);
/// The same from JSON text; `source_name` names it in error messages.
MovesDesc parse_moves(const std::string& json_text, const std::string& source_name);

/// Inputs must be in time order per character (equal times apply in file order).
ScriptDesc read_script_file(const std::filesystem::path& file);
/// The same from JSON text; `source_name` names it in error messages.
ScriptDesc parse_script(const std::string& json_text, const std::string& source_name);

}  // namespace transit
