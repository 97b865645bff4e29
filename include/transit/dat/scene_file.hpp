#pragma once
// Scene (client_portal.dat, id 0x12......): the objects a terrain vertex may
// grow, each with how often, how far displaced, turned and scaled, and on
// which slopes (retail ObjectDesc; docs/retail-data.md).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "transit/dat/landblock_info.hpp"

namespace transit::dat {

/// One object of a Scene (retail ObjectDesc).
struct SceneObject {
  std::uint32_t model = 0;  ///< GfxObj (0x01......) or Setup (0x02......)
  DatFrame base;            ///< offset from the vertex and orientation before turning
  float frequency = 1.0f;   ///< chance the object is there, 0..1
  float displace_x = 0.0f, displace_y = 0.0f;  ///< metres of pseudo-random displacement
  float min_scale = 1.0f, max_scale = 1.0f;
  float max_rotation = 0.0f;  ///< degrees of pseudo-random heading
  float min_slope = 0.0f, max_slope = 90.0f;  ///< bounds on the terrain normal's z
  std::uint32_t align = 0;   ///< nonzero: faced up the slope instead of turned
  std::uint32_t orient = 0;  ///< not used by placement
  std::uint32_t weenie = 0;  ///< nonzero: a server object, never placed as scenery
};

struct SceneFile {
  std::uint32_t id = 0;
  std::vector<SceneObject> objects;
};

/// Parses a Scene's bytes; `label` names the file in errors.
SceneFile parse_scene_file(std::string_view bytes, const std::string& label);

}  // namespace transit::dat
