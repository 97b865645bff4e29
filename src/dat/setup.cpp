#include "transit/dat/setup.hpp"

#include "dat/dat_stream.hpp"

namespace transit::dat {

namespace {

constexpr std::size_t kFrameBytes = 28;
// A light's key, frame, colour, intensity, falloff and cone angle.
constexpr std::size_t kLightBytes = 4 + kFrameBytes + 4 + 3 * 4;

// Bytes after a hook's type and direction, by hook type (retail's
// AnimationHookType); a ReplaceObject hook's size depends on its id.
std::size_t hook_payload(DatStream& s, std::uint32_t type) {
  switch (type) {
    case 0: case 4: case 17: return 0;                        // no-op, animation done, default script
    case 1: case 2: case 6: case 14: case 15: case 16: case 18: case 25: return 4;
    case 12: case 19: case 23: return 8;
    case 8: case 10: case 20: case 22: case 24: return 12;
    case 7: case 9: case 11: case 21: return 16;
    case 3: return 28;                                         // attack cone
    case 13: case 26: return 3 * 4 + kFrameBytes;              // particles
    case 5: {                                                  // replace object
      s.u16();
      return (s.u16() & 0x8000) ? 2 : 0;
    }
    default: s.fail(fmt::format("unknown animation hook type {}", type));
  }
}

std::vector<DatFrame> frames(DatStream& s, std::size_t parts) {
  std::vector<DatFrame> out(parts);
  for (DatFrame& f : out) f = s.frame();
  const std::uint32_t hooks = s.count(s.u32(), 8, "hook count");
  for (std::uint32_t i = 0; i < hooks; ++i) {
    const std::uint32_t type = s.u32();
    s.u32();  // direction
    s.skip(hook_payload(s, type));
  }
  return out;
}

void locations(DatStream& s) {
  const std::uint32_t count = s.count(s.u32(), 8 + kFrameBytes, "location count");
  s.skip(static_cast<std::size_t>(count) * (8 + kFrameBytes));
}

}  // namespace

const std::vector<DatFrame>* Setup::default_frames() const {
  if (placements.empty()) return nullptr;
  const auto it = placements.find(0);
  return it != placements.end() ? &it->second : &placements.begin()->second;
}

Setup parse_setup(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  Setup setup;
  setup.id = s.portal_file_id(0x02, "a Setup's");
  setup.flags = s.u32();
  setup.parts.resize(s.count(s.u32(), 4, "part count"));
  for (auto& p : setup.parts) p = s.u32();
  const std::size_t n = setup.parts.size();
  if (setup.flags & 1) s.skip(s.count(static_cast<std::uint32_t>(n), 4, "parent index count") * 4u);
  if (setup.flags & 2) {
    setup.part_scales.resize(s.count(static_cast<std::uint32_t>(n), 12, "part scale count"));
    for (Vec3& v : setup.part_scales) v = s.finite_vec3("a part's scale");
  }
  locations(s);  // holding locations
  locations(s);  // connection points
  const std::uint32_t placements = s.count(s.u32(), 8 + n * kFrameBytes, "placement count");
  for (std::uint32_t i = 0; i < placements; ++i) {
    const std::int32_t key = s.i32();
    setup.placements[key] = frames(s, n);
  }
  setup.cylspheres.resize(s.count(s.u32(), 20, "cylsphere count"));
  for (DatCylSphere& c : setup.cylspheres) {
    c.low_point = s.finite_vec3("a cylsphere's low point");
    c.radius = s.finite_f32("a cylsphere's radius");
    c.height = s.finite_f32("a cylsphere's height");
  }
  setup.spheres.resize(s.count(s.u32(), 16, "sphere count"));
  for (Sphere& sp : setup.spheres) {
    sp.center = s.finite_vec3("a sphere's centre");
    sp.radius = s.finite_f32("a sphere's radius");
  }
  setup.height = s.finite_f32("the height");
  setup.radius = s.finite_f32("the radius");
  setup.step_up_height = s.finite_f32("the step-up height");
  setup.step_down_height = s.finite_f32("the step-down height");
  setup.sorting_sphere.center = s.finite_vec3("the sorting sphere's centre");
  setup.sorting_sphere.radius = s.finite_f32("the sorting sphere's radius");
  s.skip(16);  // the selection sphere
  const std::uint32_t lights = s.count(s.u32(), kLightBytes, "light count");
  s.skip(static_cast<std::size_t>(lights) * kLightBytes);
  s.u32();  // default animation
  s.u32();  // default script
  setup.default_motion_table = s.u32();
  return setup;  // the sound and script tables follow: not needed
}

}  // namespace transit::dat
