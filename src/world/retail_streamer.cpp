#include "transit/world/retail_streamer.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include "transit/world/land_defs.hpp"

namespace transit {

RetailStreamer::RetailStreamer(const dat::RetailData& retail, RetailStreamOptions options)
    : retail_(retail), options_(options), world_(std::make_unique<World>(World::from_scene(SceneDesc{}))) {}

const RetailScene& RetailStreamer::parts_of(std::pair<int, int> xy) {
  auto it = parts_.find(xy);
  if (it == parts_.end()) {
    // Objects past the edge go to the neighbour that holds them, kept only
    // while that neighbour is loaded too.
    std::vector<std::pair<int, int>> around;
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy) around.emplace_back(xy.first + dx, xy.second + dy);
    it = parts_.emplace(xy, retail_scene(retail_, {xy}, around)).first;
  }
  last_used_[xy] = clock_;
  return it->second;
}

bool RetailStreamer::update(std::span<const Position> positions) {
  ++clock_;
  // Called every tick: while no one changed landblock, nothing is looked up.
  std::set<CellId> centres;
  for (const Position& p : positions) centres.insert(landblock_of(p.objcell_id));
  if (centres == centres_) {
    for (const auto& xy : loaded_) last_used_[xy] = clock_;
    return false;
  }
  centres_ = centres;
  std::set<std::pair<int, int>> wanted;
  for (const CellId block : centres) {
    const int x = static_cast<int>(block >> 24), y = static_cast<int>((block >> 16) & 0xFF);
    for (int dx = -options_.radius; dx <= options_.radius; ++dx)
      for (int dy = -options_.radius; dy <= options_.radius; ++dy) {
        const int bx = x + dx, by = y + dy;
        if (bx < 0 || by < 0 || bx > 254 || by > 254) continue;
        if (parts_.count({bx, by}) || retail_.cell().find(dat::cell_landblock_id(bx, by))) wanted.insert({bx, by});
      }
  }
  const std::vector<std::pair<int, int>> next(wanted.begin(), wanted.end());
  if (next == loaded_) {
    for (const auto& xy : loaded_) last_used_[xy] = clock_;
    return false;
  }
  const auto start = std::chrono::steady_clock::now();
  RetailScene all;
  for (const auto& xy : next) {
    const RetailScene& p = parts_of(xy);
    all.scene.landblocks.insert(all.scene.landblocks.end(), p.scene.landblocks.begin(), p.scene.landblocks.end());
    all.scene.cells.insert(all.scene.cells.end(), p.scene.cells.begin(), p.scene.cells.end());
    all.trees.cells.insert(all.trees.cells.end(), p.trees.cells.begin(), p.trees.cells.end());
    for (std::size_t i = 0; i < p.scene.objects.size(); ++i) {
      const ObjectDesc& o = p.scene.objects[i];
      const CellId block = landblock_of(o.position.cell.value_or(0));
      if (!wanted.count({static_cast<int>(block >> 24), static_cast<int>((block >> 16) & 0xFF)})) continue;
      all.scene.objects.push_back(o);
      all.trees.object_meshes.push_back(p.trees.object_meshes[i]);
    }
  }
  world_ = std::make_unique<World>(World::from_scene(all.scene, nullptr, &all.trees));
  loaded_ = next;
  // Keep the most recently used landblocks read, the loaded ones always.
  while (parts_.size() > loaded_.size() + options_.kept_landblocks) {
    auto oldest = std::min_element(last_used_.begin(), last_used_.end(),
                                   [](const auto& a, const auto& b) { return a.second < b.second; });
    parts_.erase(oldest->first);
    last_used_.erase(oldest);
  }
  last_change_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return true;
}

}  // namespace transit
