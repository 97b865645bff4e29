#include "transit/world/retail_world.hpp"

#include <memory>

namespace transit {

RetailScene retail_scene(const dat::RetailData& retail, const std::vector<std::pair<int, int>>& landblocks) {
  RetailScene out;
  out.scene = retail.terrain_scene(landblocks);
  for (const auto& [x, y] : landblocks) {
    for (dat::RetailCell& cell : retail.indoor_cells(x, y)) {
      auto geometry = std::make_shared<CellGeometry>();
      geometry->physics = std::move(cell.physics);
      geometry->cell = std::move(cell.cell);
      out.trees.cells.push_back(std::move(geometry));
      out.scene.cells.push_back(std::move(cell.desc));
    }
    dat::RetailObjects objects = retail.static_objects(x, y);
    for (dat::RetailObject& o : objects.placed) {
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
