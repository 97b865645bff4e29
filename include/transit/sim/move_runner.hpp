#pragma once

#include <string>
#include <vector>

#include "transit/desc/run_desc.hpp"
#include "transit/desc/scene_desc.hpp"
#include "transit/movers/ac/ac_mover.hpp"
#include "transit/sim/character_settings.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// One move of a moves file, run.
struct MoveOutcome {
  std::string name;
  std::string character;
  Position from;  ///< where the move started
  Position to;    ///< where it was asked to go
  ac::AcMoveResult result;
};

/// Runs every move of a moves file (SCENE_FORMAT.md "Moves file") against a
/// world built from `scene`. Throws InputError naming the move when a
/// character is unknown, uses a mover other than "ac", or a position lies in
/// no loaded cell.
std::vector<MoveOutcome> run_moves(const World& world, const SceneDesc& scene,
                                   const MovesDesc& moves, const std::string& moves_name,
                                   ac::TransitionOptions options = {});

/// The "transit-move-results/1" document for the outcomes, pretty-printed.
std::string write_move_results(const std::vector<MoveOutcome>& outcomes);

}  // namespace transit
