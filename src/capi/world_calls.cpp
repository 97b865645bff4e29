// tr_*World*: worlds built from scenes, their objects, positions and traces.

#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "capi/conversions.hpp"
#include "capi/registry.hpp"
#include "format/scene_validation.hpp"
#include "transit/format/baked_world.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/math/input_error.hpp"
#include "transit/world/retail_world.hpp"
#include "transit/world/world_trace.hpp"

using namespace transit;
using namespace transit::capi;

namespace {

tr_ObjectId object_id(tr_WorldId world, ObjectId handle) {
  return {handle.index + 1, handle.generation, world};
}

bool finite(tr_Vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// Farther than any landblock-local point of the world can be (255 landblocks
// of 192 m), with room to spare.
constexpr float kFarthest = 1.0e6f;
bool within_reach(tr_Vec3 v) {
  return std::fabs(v.x) <= kFarthest && std::fabs(v.y) <= kFarthest && std::fabs(v.z) <= kFarthest;
}

void check_trace(const World& world, uint32_t frame_cell, tr_Vec3 start, tr_Vec3 end) {
  if (!world.has_cell(frame_cell))
    refuse(tr_errorInvalidArgument, "trace: frame_cell is not a cell of the world");
  if (!finite(start) || !finite(end) || !within_reach(start) || !within_reach(end))
    refuse(tr_errorInvalidArgument, "trace: start and end must be finite and within 1e6 m");
}

tr_TraceResult to_c(const World& world, const TraceResult& r) {
  tr_TraceResult out;
  std::memset(&out, 0, sizeof out);
  out.fraction = r.fraction;
  out.end_position = capi::to_c(r.end_position);
  out.normal = capi::to_c(r.normal);
  out.start_solid = r.start_solid;
  out.all_solid = r.all_solid;
  out.hit = static_cast<tr_TraceHit>(r.hit);
  out.cell = r.cell;
  if (r.hit == TraceHitKind::Object) out.object_id = world.objects()[r.object].id;
  return out;
}

}  // namespace

extern "C" {

tr_Status tr_CreateWorld(tr_SceneId scene, tr_WorldId* out) {
  return call_guard([&] {
    tr_WorldId& result = required(out, "out");
    const SceneDesc& desc = scene_of(scene);
    validate_scene(desc, "scene");
    result = add_world(World::from_scene(desc));
  });
}

tr_Status tr_CreateWorldFromFile(const char* path, tr_WorldId* out) {
  return call_guard([&] {
    tr_WorldId& result = required(out, "out");
    result = add_world(read_world_file(required_text(path, "path")));
  });
}

tr_Status tr_CreateWorldFromDat(const char* dat_dir, const uint16_t* landblocks, int32_t count, tr_WorldId* out) {
  return call_guard([&] {
    tr_WorldId& result = required(out, "out");
    if (count < 1 || count > 255 * 255) throw InputError(fmt::format("count: {} landblocks, expected 1..65025", count));
    const std::uint16_t* ids = &required(landblocks, "landblocks");
    std::vector<std::pair<int, int>> blocks;
    for (int32_t i = 0; i < count; ++i) blocks.emplace_back(ids[i] >> 8, ids[i] & 0xFF);
    const dat::RetailData retail = dat::RetailData::open(required_text(dat_dir, "dat_dir"));
    result = add_world(retail_world(retail, blocks));
  });
}

tr_Status tr_CharacterDefFromSetup(const char* dat_dir, uint32_t setup_id, tr_CharacterDef* def) {
  return call_guard([&] {
    tr_CharacterDef& d = required(def, "def");
    const dat::RetailData retail = dat::RetailData::open(required_text(dat_dir, "dat_dir"));
    const dat::Setup setup = retail.setup(setup_id);
    if (setup.spheres.size() > tr_maxCharacterSpheres)
      throw InputError(fmt::format("setup 0x{:08X}: {} spheres, a character takes at most {}", setup_id,
                                   setup.spheres.size(), tr_maxCharacterSpheres));
    if (!setup.spheres.empty()) {
      d.sphere_count = static_cast<int32_t>(setup.spheres.size());
      for (std::size_t i = 0; i < setup.spheres.size(); ++i)
        d.spheres[i] = tr_Sphere{to_c(setup.spheres[i].center), setup.spheres[i].radius};
    }
    d.step_up_height = setup.step_up_height;
    d.step_down_height = setup.step_down_height;
    d.free_heading = setup.allow_free_heading();
    if (setup.default_motion_table != 0) {
      const dat::MotionTable table = retail.motion_table(setup.default_motion_table);
      d.turn_rate_deg = table.turn_rate_deg().value_or(d.turn_rate_deg);
      const tr_CycleSpeeds& had = d.cycle_speeds;
      const CycleSpeeds s = cycle_speeds_of(table, {had.walk, had.run, had.sidestep});
      d.cycle_speeds = {s.walk, s.run, s.sidestep};
    }
  });
}

tr_Status tr_TurnRateFromSetup(const char* dat_dir, uint32_t setup_id, float* turn_rate_deg) {
  return call_guard([&] {
    float& out = required(turn_rate_deg, "turn_rate_deg");
    const dat::RetailData retail = dat::RetailData::open(required_text(dat_dir, "dat_dir"));
    out = dat::setup_turn_rate_deg(retail, setup_id);
  });
}

tr_Status tr_CycleSpeedsFromSetup(const char* dat_dir, uint32_t setup_id, tr_CycleSpeeds* speeds) {
  return call_guard([&] {
    tr_CycleSpeeds& out = required(speeds, "speeds");
    const dat::RetailData retail = dat::RetailData::open(required_text(dat_dir, "dat_dir"));
    const CycleSpeeds s = cycle_speeds_of(dat::setup_motion_table(retail, setup_id));
    out = {s.walk, s.run, s.sidestep};
  });
}

tr_Status tr_BakeSceneFile(const char* scene_path, const char* out_path) {
  return call_guard([&] {
    bake_scene_file(required_text(scene_path, "scene_path"), required_text(out_path, "out_path"));
  });
}

tr_Status tr_CreateWorldFromJson(const char* json, const char* base_dir, tr_WorldId* out) {
  return call_guard([&] {
    tr_WorldId& result = required(out, "out");
    result = add_world(World::from_scene(
        parse_scene(required_text(json, "json"), base_dir ? base_dir : ".", "scene JSON")));
  });
}

tr_Status tr_CreateDemoWorld(tr_WorldId* out) {
  return call_guard([&] {
    tr_WorldId& result = required(out, "out");
    result = add_world(World::from_scene(make_demo_world()));
  });
}

tr_Status tr_DestroyWorld(tr_WorldId world) {
  return call_guard([&] { worlds().remove(world.index1, world.generation, "world"); });
}

tr_Status tr_World_ResolveGlobal(tr_WorldId world, tr_Vec3 global, tr_Position* out) {
  return call_guard([&] {
    tr_Position& result = required(out, "out");
    result = capi::to_c(resolve(world_of(world).world, tr_MakePosition(0, global, 0.0f), "global"));
  });
}

tr_Status tr_World_ToGlobal(tr_WorldId world, tr_Position position, tr_Vec3* out) {
  return call_guard([&] {
    tr_Vec3& result = required(out, "out");
    const Position p = resolve(world_of(world).world, position, "position");
    result = capi::to_c(local_to_global(p.objcell_id, p.frame.origin));
  });
}

tr_Status tr_World_AddObject(tr_WorldId world, const tr_ObjectDef* def, tr_ObjectId* out) {
  return call_guard([&] {
    tr_ObjectId& result = required(out, "out");
    WorldEntry& entry = world_of(world);
    const ObjectDesc desc = object_desc(required(def, "def"));
    SceneDesc additions;
    additions.objects.push_back(desc);
    validate_for_world(entry.world, additions, "object");
    result = object_id(world, entry.world.add_object(entry.world.build_object(desc)));
  });
}

tr_Status tr_World_MoveObject(tr_ObjectId object, tr_Position position) {
  return call_guard([&] {
    WorldEntry* entry = nullptr;
    const ObjectId handle = object_handle(object, &entry);
    entry->world.move_object(handle, resolve(entry->world, position, "position"));
  });
}

tr_Status tr_World_RemoveObject(tr_ObjectId object) {
  return call_guard([&] {
    WorldEntry* entry = nullptr;
    const ObjectId handle = object_handle(object, &entry);
    entry->world.remove_object(handle);
  });
}

tr_Status tr_World_GetObjectPosition(tr_ObjectId object, tr_Position* out) {
  return call_guard([&] {
    tr_Position& result = required(out, "out");
    WorldEntry* entry = nullptr;
    const ObjectId handle = object_handle(object, &entry);
    result = capi::to_c(entry->world.object(handle)->position);
  });
}

tr_Status tr_World_GetObjectCount(tr_WorldId world, int32_t* count) {
  return call_guard([&] {
    required(count, "count") = static_cast<int32_t>(world_of(world).world.object_slots());
  });
}

tr_Status tr_World_GetObject(tr_WorldId world, int32_t index, tr_ObjectId* out) {
  return call_guard([&] {
    tr_ObjectId& result = required(out, "out");
    const World& w = world_of(world).world;
    if (index < 0 || static_cast<std::size_t>(index) >= w.object_slots())
      refuse(tr_errorInvalidArgument, "index: out of range");
    const ObjectId handle = w.handle(static_cast<std::size_t>(index));
    if (!w.is_valid(handle)) refuse(tr_errorInvalidId, "object: that slot is free");
    result = object_id(world, handle);
  });
}

tr_Status tr_World_TraceSphere(tr_WorldId world, uint32_t frame_cell, tr_Vec3 start, tr_Vec3 end,
                               float radius, tr_TraceResult* out) {
  return call_guard([&] {
    tr_TraceResult& result = required(out, "out");
    const World& w = world_of(world).world;
    check_trace(w, frame_cell, start, end);
    if (!(radius > 0.0f) || radius > kFarthest)
      refuse(tr_errorInvalidArgument, "trace: radius must be a positive number up to 1e6 m");
    result = to_c(w, trace_sphere(w, frame_cell, to_vec(start), to_vec(end), radius));
  });
}

tr_Status tr_World_TraceBox(tr_WorldId world, uint32_t frame_cell, tr_Vec3 start, tr_Vec3 end,
                            tr_Vec3 mins, tr_Vec3 maxs, tr_TraceResult* out) {
  return call_guard([&] {
    tr_TraceResult& result = required(out, "out");
    const World& w = world_of(world).world;
    check_trace(w, frame_cell, start, end);
    if (!within_reach(mins) || !within_reach(maxs) ||
        !(mins.x < maxs.x && mins.y < maxs.y && mins.z < maxs.z))
      refuse(tr_errorInvalidArgument,
             "trace: mins must be below maxs on every axis, both finite and within 1e6 m");
    result = to_c(w, trace_box(w, frame_cell, to_vec(start), to_vec(end), to_vec(mins), to_vec(maxs)));
  });
}

}
