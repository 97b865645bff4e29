#pragma once
// A scene's first character running from where it stands (or from `start`,
// landblock kBlock's coordinates) to `local`, claimed `seconds` later and
// checked from rest: the claim a test puts beside a wall, a doorway or a
// corner.

#include <optional>

#include <gtest/gtest.h>

#include "support/test_scenes.hpp"
#include "transit/server/movement_check.hpp"

namespace transit::test {

inline ClaimCheck run_claim(const World& world, const SceneDesc& scene, const Vec3& local, double seconds,
                            std::optional<Vec3> start = std::nullopt) {
  const MovementChecker checker(world, CharacterSettings::from_desc(scene.characters[0]));
  const Position from = *world.resolve_global(start ? kBlockOrigin + *start : scene.characters[0].position.global);
  const std::optional<Position> to = world.resolve_global(kBlockOrigin + local);
  EXPECT_TRUE(to.has_value());
  if (!to) return {};
  ClaimedMotion run;
  run.forward = ForwardInput::Run;
  return checker.check(checker.start(from, 0.0), {seconds, *to, run});
}

}  // namespace transit::test
