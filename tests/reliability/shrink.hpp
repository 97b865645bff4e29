#pragma once
// Shrinking a failing soak case to a small reproducer (fewer objects, rooms
// and landblocks, flat terrain, a shorter move) and writing it out as a
// scene + moves file.

#include <filesystem>
#include <string>

#include "reliability/soak_case.hpp"

namespace transit::reliability {

struct FailingCase {
  SceneDesc scene;
  SoakCase soak_case;
  Violation violation;  // the first one the case broke
};

// True when the case, run in a world built from its scene, still breaks the
// same invariant (a scene that no longer builds does not).
bool still_fails(const FailingCase& c);

// A smaller case that breaks the same invariant (the case itself when
// nothing smaller does).
FailingCase shrink(FailingCase c);

// Writes DIR/scene.json, DIR/moves.json and DIR/README.txt (the invariant,
// what was wrong, the command that reproduces it). Returns DIR.
std::filesystem::path write_reproducer(const FailingCase& c, const std::filesystem::path& dir);

}  // namespace transit::reliability
