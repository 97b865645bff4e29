#pragma once
// Shrinking a failing scripted case (fewer characters, objects, rooms and
// landblocks, flat terrain, fewer inputs, the script cut at the failing
// tick) and writing it out as a scene + script that `transit simulate`
// reproduces.

#include <filesystem>
#include <string>

#include "reliability/script_case.hpp"
#include "reliability/shrink_scene.hpp"

namespace transit::reliability {

struct FailingScript {
  ScriptCase script_case;
  TickViolation failure;  // the character, its first broken tick and invariant
};

// True when the case still makes the same character break the same
// invariant (a scene or script that no longer loads does not).
bool still_fails(const FailingScript& f);

// A smaller case that `fails` still holds for (the case itself when nothing
// smaller does); by default the same character breaks the same invariant.
FailingScript shrink(FailingScript f, const StillFails<FailingScript>& fails = {});

// Writes DIR/scene.json, DIR/script.json and DIR/README.txt (who broke what
// at which tick, the command that reproduces it). Returns DIR.
std::filesystem::path write_reproducer(const FailingScript& f, const std::filesystem::path& dir);

}  // namespace transit::reliability
