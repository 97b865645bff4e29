#pragma once
// Worlds of retail landblocks (docs/retail-data.md): their terrain and
// indoor cells, the cells colliding through the BSP trees retail stores.

#include <string>
#include <utility>
#include <vector>

#include "transit/dat/retail_data.hpp"
#include "transit/world/retail_scenery.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// The scene of retail landblocks (terrain, indoor cells, static objects,
/// buildings and the scenery retail grows on the terrain; the cells' meshes
/// are their drawn polygons, the objects' their physics polygons) and
/// retail's trees to build it with.
struct RetailScene {
  SceneDesc scene;
  SceneTrees trees;
  /// Objects left out: models not read (a part scaled unevenly), and the
  /// ids of objects whose origin lies in a landblock not loaded.
  std::vector<std::uint32_t> not_read;
  /// What became of the landblocks' scenery, summed.
  SceneryCounts scenery;
};

/// Throws InputError for a landblock without terrain or a damaged file.
RetailScene retail_scene(const dat::RetailData& retail, const std::vector<std::pair<int, int>>& landblocks);
/// The same, with objects past their landblock's edge given in any of
/// `placeable` (not only the landblocks read): for streaming, which reads
/// landblocks one by one and loads them together.
RetailScene retail_scene(const dat::RetailData& retail, const std::vector<std::pair<int, int>>& landblocks,
                         const std::vector<std::pair<int, int>>& placeable);

/// The World of retail landblocks, built with retail's trees.
World retail_world(const dat::RetailData& retail, const std::vector<std::pair<int, int>>& landblocks,
                   std::vector<std::string>* warnings = nullptr);

}  // namespace transit
