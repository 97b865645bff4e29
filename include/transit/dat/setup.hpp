#pragma once
// Setup (client_portal.dat, id 0x02......): an object or creature made of
// GfxObj parts, with the spheres and cylinders it collides with and its
// heights (docs/retail-data.md).

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "transit/dat/landblock_info.hpp"
#include "transit/math/sphere.hpp"

namespace transit::dat {

struct DatCylSphere {
  Vec3 low_point{0.0f};
  float radius = 0.0f;
  float height = 0.0f;
};

struct Setup {
  std::uint32_t id = 0;
  std::uint32_t flags = 0;  ///< 1 parents, 2 default scales, 4 AllowFreeHeading, 8 physics BSP
  std::vector<std::uint32_t> parts;  ///< GfxObj ids
  std::vector<Vec3> part_scales;     ///< empty: 1 each
  /// Part frames by placement (0: the default placement), one a part.
  std::map<std::int32_t, std::vector<DatFrame>> placements;
  std::vector<DatCylSphere> cylspheres;
  std::vector<Sphere> spheres;
  float height = 0.0f, radius = 0.0f, step_up_height = 0.0f, step_down_height = 0.0f;
  Sphere sorting_sphere{Vec3(0.0f), 0.0f};  ///< what retail's obj_within_block keeps inside a landblock
  /// Its MotionTable (0x09......; 0 for none): the turning rate of a
  /// creature of this shape (motion_table.hpp).
  std::uint32_t default_motion_table = 0;
  bool allow_free_heading() const { return flags & 4; }
  /// The frames of the default placement, or of the first there is.
  const std::vector<DatFrame>* default_frames() const;
};

/// Parses a Setup's bytes (placement frames' animation hooks, the
/// selection sphere and lights are read past); `label` names the file in
/// errors.
Setup parse_setup(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
