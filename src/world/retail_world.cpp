#include "transit/world/retail_world.hpp"

#include <algorithm>
#include <memory>

#include "transit/world/land_defs.hpp"

namespace transit {

RetailScene retail_scene(const dat::RetailData& retail, const std::vector<std::pair<int, int>>& landblocks) {
  return retail_scene(retail, landblocks, landblocks);
}

RetailScene retail_scene(const dat::RetailData& retail, const std::vector<std::pair<int, int>>& landblocks,
                         const std::vector<std::pair<int, int>>& placeable) {
  RetailScene out;
  std::vector<dat::CellLandblock> terrain;
  for (const auto& [x, y] : landblocks) {
    terrain.push_back(retail.terrain(x, y));
    out.scene.landblocks.push_back(retail.landblock_desc(terrain.back()));
  }
  for (std::size_t i = 0; i < landblocks.size(); ++i) {
    const auto [x, y] = landblocks[i];
    for (dat::RetailCell& cell : retail.indoor_cells(x, y)) {
      auto geometry = std::make_shared<CellGeometry>();
      geometry->physics = std::move(cell.physics);
      geometry->cell = std::move(cell.cell);
      out.trees.cells.push_back(std::move(geometry));
      out.scene.cells.push_back(std::move(cell.desc));
    }
    dat::RetailObjects objects = retail.static_objects(x, y);
    out.scenery += add_retail_scenery(retail, terrain[i], objects);
    for (dat::RetailObject& o : objects.placed) {
      // An outdoor object whose origin lies past its landblock's edge is
      // given in the landblock that holds it, or left out when that one is
      // not among those loaded.
      PositionDesc& at = o.desc.position;
      if (at.cell && !is_indoor(*at.cell) && !in_landblock(at.local.x, at.local.y)) {
        const auto moved = global_to_local(local_to_global(*at.cell, at.local));
        const bool loaded = moved && std::any_of(placeable.begin(), placeable.end(), [&](const auto& xy) {
          return landblock_of(moved->cell_id) == (static_cast<CellId>(xy.first) << 24 | static_cast<CellId>(xy.second) << 16);
        });
        if (!loaded) {
          out.not_read.push_back(o.desc.id);
          continue;
        }
        at.cell = moved->cell_id;
        at.local = moved->local;
      }
      out.scene.objects.push_back(std::move(o.desc));
      out.trees.object_meshes.emplace_back();
      if (o.tree) out.trees.object_meshes.back().push_back(o.tree);
    }
    out.not_read.insert(out.not_read.end(), objects.not_read.begin(), objects.not_read.end());
  }
  return out;
}

World retail_world(const dat::RetailData& retail, const std::vector<std::pair<int, int>>& landblocks,
                   std::vector<std::string>* warnings) {
  const RetailScene s = retail_scene(retail, landblocks);
  return World::from_scene(s.scene, warnings, &s.trees);
}

}  // namespace transit
