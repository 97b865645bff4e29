#pragma once
// What the replay page shows, as the page reads it ("transit-view/1",
// docs/viewer.md): the world as triangles, the characters' shapes, and a
// trajectory or single moves, with the bulky arrays packed into one binary
// block.

#include <optional>
#include <string>
#include <vector>

#include "transit/desc/scene_desc.hpp"
#include "transit/sim/trajectory.hpp"
#include "transit/world/world.hpp"
#include "view/move_results.hpp"

namespace transit::view {

/// Everything one page shows. `world` and `scene` are required; the scene
/// gives the characters' shapes (a trajectory's character missing from it is
/// drawn with the default human spheres).
struct ReplayInput {
  std::string title;
  const World* world = nullptr;
  const SceneDesc* scene = nullptr;
  const Trajectory* trajectory = nullptr;
  const std::vector<MoveResult>* moves = nullptr;
};

/// The page's data: a JSON header (small) and the binary block it refers
/// to by offset (little-endian float32 / uint32 / uint8 arrays, 4-byte
/// aligned), written into the page as base64.
struct ReplayData {
  std::string header_json;
  std::string blob;
};

ReplayData replay_data(const ReplayInput& input);

}  // namespace transit::view
