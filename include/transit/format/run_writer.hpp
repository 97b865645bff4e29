#pragma once
// Writing moves files ("transit-moves/1") and script files ("transit-script/1").

#include <string>

#include "transit/desc/run_desc.hpp"

namespace transit {

/// Pretty-printed, stable field order; parse_moves(write_moves(d)) == d and
/// parse_script(write_script(d)) == d for every valid d.
std::string write_moves(const MovesDesc& moves);
/// The "transit-script/1" document of a script, pretty-printed.
std::string write_script(const ScriptDesc& script);

}  // namespace transit
