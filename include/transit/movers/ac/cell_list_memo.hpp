#pragma once

#include <array>
#include <cstdint>

#include "transit/movers/ac/sphere_path.hpp"
#include "transit/world/cell_list.hpp"
#include "transit/world/world.hpp"

namespace transit::ac {

/// The last World::find_cell_list call from a sphere path's check position
/// and its answer, so that the same question, asked again of the same world
/// while its structure is unchanged, is answered without the search. A move
/// asks from every sub-step; a caller that keeps one memo from move to move
/// (AcMoveResult holds one) has the first sub-step answered too.
struct CellListMemo {
  const World* world = nullptr;  ///< what find asks
  std::uint64_t world_version = 0;
  bool valid = false;
  bool with_query = false;
  /// The answer depended only on the cell and the spheres' x, y and radii
  /// (World::answers_by_footprint): a sphere that only rose or fell since
  /// gets the same answer.
  bool footprint_only = false;
  CellId cell = 0;
  Vec3 origin{0.0f};
  int num_sphere = 0;
  std::array<Sphere, 2> spheres{};
  CellList cells;
  World::CellQuery query;

  /// Asks `w` from now on, keeping the answer only if it came from `w` as it
  /// is now. Once per move: the world does not change during one.
  void use_world(const World& w);
  /// World::find_cell_list from the path's check position with its global
  /// spheres, remembered or found (and then remembered).
  const CellList& find(const SpherePath& path, World::CellQuery* query_out);

 private:
  bool answers(const SpherePath& path, bool queried) const;
  void remember(const SpherePath& path, bool queried);
};

}  // namespace transit::ac
