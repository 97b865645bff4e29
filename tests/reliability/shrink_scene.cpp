#include "reliability/shrink_scene.hpp"

#include <numeric>

namespace transit::reliability {

namespace {

bool drop_objects(SceneDesc& scene, const StillFails<SceneDesc>& fails) {
  if (scene.objects.empty()) return false;
  if (try_edit(scene, fails, [](SceneDesc& t) {
        t.objects.clear();
        return true;
      }))
    return true;
  return drop_items(
      scene, fails, [](const SceneDesc& t) { return t.objects.size(); },
      [](SceneDesc& t, std::size_t i) {
        t.objects.erase(t.objects.begin() + static_cast<std::ptrdiff_t>(i));
        return true;
      });
}

void erase_cell(SceneDesc& scene, std::size_t index) {
  const CellId gone = scene.cells[index].id;
  scene.cells.erase(scene.cells.begin() + static_cast<std::ptrdiff_t>(index));
  for (CellDesc& cell : scene.cells)
    std::erase_if(cell.portals, [&](const PortalDesc& p) { return p.to == gone; });
}

bool drop_cells(SceneDesc& scene, const StillFails<SceneDesc>& fails,
                const std::function<bool(const SceneDesc&, CellId)>& in_use) {
  return drop_items(
      scene, fails, [](const SceneDesc& t) { return t.cells.size(); },
      [&](SceneDesc& t, std::size_t i) {
        if (in_use(t, t.cells[i].id)) return false;
        erase_cell(t, i);
        return true;
      });
}

bool drop_landblocks(SceneDesc& scene, const StillFails<SceneDesc>& fails) {
  return drop_items(
      scene, fails, [](const SceneDesc& t) { return t.landblocks.size(); },
      [](SceneDesc& t, std::size_t i) {
        t.landblocks.erase(t.landblocks.begin() + static_cast<std::ptrdiff_t>(i));
        return true;
      });
}

bool flatten_terrain(SceneDesc& scene, const StillFails<SceneDesc>& fails) {
  bool changed = false;
  for (std::size_t i = 0; i < scene.landblocks.size(); ++i)
    changed |= try_edit(scene, fails, [i](SceneDesc& t) {
      LandblockDesc& lb = t.landblocks[i];
      if (!lb.heights) return false;
      lb.flat = std::accumulate(lb.heights->begin(), lb.heights->end(), 0.0f) / 81.0f;
      lb.heights.reset();
      return true;
    });
  return changed;
}

}  // namespace

bool shrink_scene(SceneDesc& scene, const StillFails<SceneDesc>& fails,
                  const std::function<bool(const SceneDesc&, CellId)>& in_use) {
  bool changed = drop_objects(scene, fails);
  changed |= drop_cells(scene, fails, in_use);
  changed |= drop_landblocks(scene, fails);
  changed |= flatten_terrain(scene, fails);
  return changed;
}

}  // namespace transit::reliability
