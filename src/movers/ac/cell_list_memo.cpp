#include "transit/movers/ac/cell_list_memo.hpp"

#include <span>

#include "transit/math/same_bits.hpp"

namespace transit::ac {

void CellListMemo::use_world(const World& w) {
  if (world == &w && world_version == w.structure_version()) return;
  world = &w;
  world_version = w.structure_version();
  valid = false;
}

const CellList& CellListMemo::find(const SpherePath& path, World::CellQuery* query_out) {
  if (!answers(path, query_out != nullptr)) {
    world->find_cell_list(path.check_pos,
                          std::span<const Sphere>(path.global_sphere.data(), path.num_sphere),
                          cells, query_out ? &query : nullptr);
    remember(path, query_out != nullptr);
  }
  if (query_out) *query_out = query;
  return cells;
}

bool CellListMemo::answers(const SpherePath& path, bool queried) const {
  if (!valid || with_query != queried || cell != path.check_pos.objcell_id ||
      num_sphere != path.num_sphere)
    return false;
  if (footprint_only) {
    for (int i = 0; i < num_sphere; ++i)
      if (!same_footprint(spheres[i], path.global_sphere[i])) return false;
    return true;
  }
  if (!same_bits(origin, path.check_pos.frame.origin)) return false;
  for (int i = 0; i < num_sphere; ++i)
    if (!same_bits(spheres[i], path.global_sphere[i])) return false;
  return true;
}

// `cells` (and with `queried`, `query`) already hold the answer.
void CellListMemo::remember(const SpherePath& path, bool queried) {
  valid = true;
  with_query = queried;
  footprint_only = path.num_sphere > 0 && is_outdoor(path.check_pos.objcell_id) &&
                   world->answers_by_footprint(cells);
  cell = path.check_pos.objcell_id;
  origin = path.check_pos.frame.origin;
  num_sphere = path.num_sphere;
  spheres = path.global_sphere;
}

}  // namespace transit::ac
