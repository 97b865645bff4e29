#pragma once

#include <cstdint>

namespace transit::ac {

/// What one collision step concluded (retail TransitionState).
enum class TransitionState { Invalid = 0, OK = 1, Collided = 2, Adjusted = 3, Slid = 4 };

const char* to_string(TransitionState state);

/// Why a sphere path is being inserted (retail InsertType).
enum class InsertType { Transition = 0, Placement = 1, InitialPlacement = 2 };

}  // namespace transit::ac
