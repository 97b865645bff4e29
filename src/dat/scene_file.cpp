#include "transit/dat/scene_file.hpp"

#include "dat/dat_stream.hpp"

namespace transit::dat {

namespace {

constexpr std::size_t kSceneObjectBytes = 4 + 28 + 8 * 4 + 3 * 4;

}  // namespace

SceneFile parse_scene_file(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  SceneFile scene;
  scene.id = s.portal_file_id(0x12, "a Scene's");
  scene.objects.resize(s.count(s.u32(), kSceneObjectBytes, "object count"));
  for (SceneObject& o : scene.objects) {
    o.model = s.u32();
    o.base = s.frame();
    o.frequency = s.finite_f32("an object's frequency");
    o.displace_x = s.finite_f32("an object's displacement");
    o.displace_y = s.finite_f32("an object's displacement");
    o.min_scale = s.finite_f32("an object's scale");
    o.max_scale = s.finite_f32("an object's scale");
    o.max_rotation = s.finite_f32("an object's rotation");
    o.min_slope = s.finite_f32("an object's slope");
    o.max_slope = s.finite_f32("an object's slope");
    o.align = s.u32();
    o.orient = s.u32();
    o.weenie = s.u32();
  }
  return scene;
}

}  // namespace transit::dat
