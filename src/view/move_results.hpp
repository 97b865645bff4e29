#pragma once
// Single-transition results ("transit-move-results/1", as `transit move`
// writes them) read back for the replay page.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "transit/math/position.hpp"
#include "transit/movers/ac/ac_mover.hpp"

namespace transit::view {

/// One move's result; `character`, `from` and `to` are missing in results
/// written before transit 0.3.
struct MoveResult {
  std::string name;
  std::string character;
  std::optional<Position> from;
  std::optional<Position> to;
  Position end;
  std::string state;
  std::string status;
  bool contact = false;
  bool on_walkable = false;
  std::optional<ac::CellPlane> contact_plane;
  std::optional<Vec3> collision_normal;
  std::optional<Vec3> sliding_normal;
  int steps = 0;
};

/// Throws InputError "<file>: <JSON pointer>: <what>, got <value>".
std::vector<MoveResult> read_move_results_file(const std::filesystem::path& file);
std::vector<MoveResult> parse_move_results(const std::string& json_text,
                                           const std::string& source_name);

}  // namespace transit::view
