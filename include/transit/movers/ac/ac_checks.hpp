#pragma once
// Checks of what a caller hands the AC mover's C++ API (move_body,
// place_body). The mover itself assumes valid input; a caller that cannot
// vouch for its data checks it here first and gets one clear message.

#include <optional>
#include <string>

#include "transit/movers/ac/ac_mover.hpp"
#include "transit/movers/ac/ac_placement.hpp"

namespace transit::ac {

/// Nothing when the body is valid, else what is wrong with it, e.g.
/// "body: spheres[0].radius must be a positive number, got 0". Valid: every
/// sphere's centre finite and radius finite and > 0 (no spheres is allowed:
/// retail's 0.1 m dummy sphere is used), scale finite and > 0, step heights
/// finite and >= 0.
std::optional<std::string> check_body(const AcBody& body);

/// Nothing when `pos` (named `what` in the message, e.g. "begin") is a
/// position in the world: its origin and orientation finite, its cell one of
/// the world's, and, for an outdoor cell, its origin (local to the cell's
/// landblock, which may run past 192 into a neighbour) inside a loaded
/// landblock.
std::optional<std::string> check_position(const World& world, const Position& pos,
                                          const std::string& what);

/// Nothing when the carried state is finite: the contact plane's normal is
/// non-zero and finite, its cell is in the world, the sliding normal is
/// finite, frames_stationary_fall >= 0.
std::optional<std::string> check_contact(const World& world, const AcContact& contact);

/// check_body, then check_position of begin and end, then check_contact:
/// the first problem found.
std::optional<std::string> check_move(const World& world, const AcBody& body,
                                      const Position& begin, const Position& end,
                                      const AcContact& contact);

/// A mover's answer, or why the input was refused before the mover ran.
template <typename Result>
struct Checked {
  std::optional<std::string> error;  ///< set: the input's first problem; `result` is default
  Result result;
};

/// move_body behind check_move: refused input gets the message, not a move.
Checked<AcMoveResult> checked_move_body(const World& world, const AcBody& body,
                                        const Position& begin, const Position& end,
                                        const AcContact& contact, TransitionOptions options = {});

/// place_body behind check_body and check_position (named "at").
Checked<AcPlacement> checked_place_body(const World& world, const AcBody& body, const Position& at);

}  // namespace transit::ac
