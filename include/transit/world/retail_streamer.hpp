#pragma once
// Streaming retail landblocks around moving characters (docs/retail-data.md):
// the landblocks within a radius of any tracked position are loaded, the
// rest dropped, and the World rebuilt from landblocks read once and kept
// (up to a bound) so that a rebuild reads no file again.

#include <cstddef>
#include <map>
#include <set>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "transit/dat/retail_data.hpp"
#include "transit/math/position.hpp"
#include "transit/world/retail_world.hpp"
#include "transit/world/world.hpp"

namespace transit {

struct RetailStreamOptions {
  int radius = 1;                     ///< landblocks around each position: 1 is 3 x 3
  std::size_t kept_landblocks = 64;   ///< landblocks kept read beyond those loaded
};

class RetailStreamer {
 public:
  /// `retail` must outlive the streamer.
  explicit RetailStreamer(const dat::RetailData& retail, RetailStreamOptions options = {});

  /// Loads the landblocks (that the files have terrain for) within the
  /// radius of `positions` and drops the others; true when the world
  /// changed. Characters keep their positions (a cell and a frame), which
  /// stay valid while their landblock stays loaded.
  bool update(std::span<const Position> positions);

  const World& world() const { return *world_; }
  /// The landblocks loaded, as (x, y), in order.
  const std::vector<std::pair<int, int>>& loaded() const { return loaded_; }
  /// Landblocks read and kept (loaded ones included).
  std::size_t kept() const { return parts_.size(); }
  /// Milliseconds the last world change took (reading new landblocks and
  /// building the world).
  double last_change_ms() const { return last_change_ms_; }

 private:
  const RetailScene& parts_of(std::pair<int, int> xy);

  const dat::RetailData& retail_;
  RetailStreamOptions options_;
  std::map<std::pair<int, int>, RetailScene> parts_;
  std::map<std::pair<int, int>, long long> last_used_;
  long long clock_ = 0;
  std::vector<std::pair<int, int>> loaded_;
  std::set<CellId> centres_;  ///< the landblocks the positions were in last
  std::unique_ptr<World> world_;
  double last_change_ms_ = 0.0;
};

}  // namespace transit
