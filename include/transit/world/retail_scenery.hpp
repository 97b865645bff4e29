#pragma once
// Retail's scenery: the trees, rocks and bushes every client grows on a
// landblock's terrain from the Region's scene tables and the Scene files,
// at the places scenery_rules.hpp computes (retail
// CLandBlock::get_land_scenes; docs/retail-data.md).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "transit/dat/model_placer.hpp"
#include "transit/dat/retail_data.hpp"

namespace transit {

/// One scenery object where retail places it.
struct SceneryPlacement {
  std::uint32_t model = 0;  ///< GfxObj or Setup
  dat::DatFrame frame;      ///< in the landblock, on the terrain
  float scale = 1.0f;
  std::uint32_t scene = 0;  ///< the Scene it comes from
  int vertex = 0;           ///< the terrain vertex, vx * 9 + vy
  std::uint32_t object = 0; ///< its index in the Scene
};

/// What became of the objects of a landblock's scenes.
struct SceneryCounts {
  std::size_t placed = 0;
  std::size_t not_chosen = 0;  ///< the frequency test left them out
  std::size_t weenie = 0;      ///< server objects, never scenery
  std::size_t outside = 0;     ///< displaced out of the landblock
  std::size_t road = 0;        ///< on a road
  std::size_t building = 0;    ///< in a land cell holding a building
  std::size_t slope = 0;       ///< terrain too steep or too flat for them
  std::size_t past_edge = 0;   ///< their bounds reach past the landblock (obj_within_block)
  SceneryCounts& operator+=(const SceneryCounts& o);
};

struct Scenery {
  std::vector<SceneryPlacement> placements;
  SceneryCounts counts;
};

/// Where retail places the scenery of the landblock whose terrain is
/// `block`, in vertex order then object order; `models` reads the models'
/// bounds. Throws InputError for a missing or damaged Scene or model file.
Scenery retail_scenery(const dat::RetailData& retail, const dat::CellLandblock& block, dat::ModelPlacer& models);

/// Adds that landblock's scenery to `objects` (after what is there, ids
/// going on from it), each object named "Scenery GfxObj ..." or "Scenery
/// Setup ...", and says what became of the scenes' objects.
SceneryCounts add_retail_scenery(const dat::RetailData& retail, const dat::CellLandblock& block,
                                 dat::RetailObjects& objects);

}  // namespace transit
