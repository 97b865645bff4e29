// tr_*Scene*: scenes described in code, read from files or parsed from JSON.

#include <algorithm>

#include <fmt/format.h>

#include "capi/conversions.hpp"
#include "capi/registry.hpp"
#include "transit/format/scene_reader.hpp"

using namespace transit;
using namespace transit::capi;

namespace {

tr_SceneId add_scene(SceneDesc scene) {
  const auto [index1, generation] =
      scenes().add(std::make_unique<SceneDesc>(std::move(scene)), "scenes");
  return {index1, generation};
}

}  // namespace

extern "C" {

tr_Status tr_CreateScene(tr_SceneId* out) {
  return call_guard([&] { required(out, "out") = add_scene({}); });
}

tr_Status tr_LoadScene(const char* path, tr_SceneId* out) {
  return call_guard([&] {
    tr_SceneId& result = required(out, "out");
    result = add_scene(read_scene_file(required_text(path, "path")));
  });
}

tr_Status tr_ParseScene(const char* json, const char* base_dir, tr_SceneId* out) {
  return call_guard([&] {
    tr_SceneId& result = required(out, "out");
    result = add_scene(parse_scene(required_text(json, "json"), base_dir ? base_dir : ".", "scene JSON"));
  });
}

tr_Status tr_DestroyScene(tr_SceneId scene) {
  return call_guard([&] { scenes().remove(scene.index1, scene.generation, "scene"); });
}

tr_Status tr_Scene_AddLandblock(tr_SceneId scene, int32_t x, int32_t y, const float* heights81,
                                float flat) {
  return call_guard([&] {
    SceneDesc& desc = scene_of(scene);
    LandblockDesc lb;
    lb.x = x;
    lb.y = y;
    if (heights81) {
      lb.heights.emplace();
      std::copy_n(heights81, 81, lb.heights->begin());
    } else {
      lb.flat = flat;
    }
    desc.landblocks.push_back(lb);
  });
}

tr_Status tr_Scene_AddCell(tr_SceneId scene, const tr_CellDef* def) {
  return call_guard([&] { scene_of(scene).cells.push_back(cell_desc(required(def, "def"))); });
}

tr_Status tr_Scene_AddObject(tr_SceneId scene, const tr_ObjectDef* def) {
  return call_guard([&] { scene_of(scene).objects.push_back(object_desc(required(def, "def"))); });
}

tr_Status tr_Scene_AddCharacter(tr_SceneId scene, const tr_CharacterDef* def, const char* name,
                                tr_Position position) {
  return call_guard([&] {
    SceneDesc& desc = scene_of(scene);
    desc.characters.push_back(character_desc(required(def, "def"), required_text(name, "name"), position));
  });
}

tr_Status tr_Scene_GetCharacterCount(tr_SceneId scene, int32_t* count) {
  return call_guard([&] {
    required(count, "count") = static_cast<int32_t>(scene_of(scene).characters.size());
  });
}

}
