// The C API under random call sequences: made-up and stale ids, null
// pointers, NaN and huge values, out-of-range enums. Every call must return
// a status; none may crash, leak or trip a sanitizer.
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "byte_reader.hpp"
#include "fuzz_entries.hpp"
#include "transit/transit.h"

namespace transit::fuzz {

namespace {

// Any int in an enum field, as a C caller may store: through its bytes,
// since a C++ cast to a value no enumerator has is undefined.
template <typename Enum>
void set_enum(Enum& field, std::int32_t value) {
  static_assert(sizeof(Enum) == sizeof(value));
  std::memcpy(&field, &value, sizeof value);
}

// A float that is often ordinary, sometimes extreme.
float any_float(ByteReader& in) {
  switch (in.next<std::uint8_t>() % 8) {
    case 0: return std::numeric_limits<float>::quiet_NaN();
    case 1: return std::numeric_limits<float>::infinity();
    case 2: return 1e30f;
    case 3: return -1e-30f;
    default: return static_cast<float>(in.next<std::int16_t>()) / 64.0f;
  }
}

tr_Vec3 any_vec(ByteReader& in) { return {any_float(in), any_float(in), any_float(in)}; }

// Mostly a point near the demo village (global), sometimes anything.
tr_Position any_position(ByteReader& in) {
  const std::uint8_t kind = in.next<std::uint8_t>() % 4;
  const tr_Vec3 near{32448.0f + 100.0f + static_cast<float>(in.next<std::int8_t>()) / 4.0f,
                     34560.0f + 60.0f + static_cast<float>(in.next<std::int8_t>()) / 4.0f,
                     20.0f + static_cast<float>(in.next<std::uint8_t>()) / 32.0f};
  if (kind == 0) return tr_MakePosition(in.next<std::uint32_t>(), any_vec(in), any_float(in));
  if (kind == 1) {
    tr_Position p = tr_MakePosition(0, near, 0.0f);
    p.orientation = {any_float(in), any_float(in), 0.0f, 0.0f};
    return p;
  }
  return tr_MakePosition(0, near, static_cast<float>(in.next<std::int16_t>()));
}

tr_CharacterDef any_character_def(ByteReader& in) {
  tr_CharacterDef def = tr_DefaultCharacterDef();
  const std::uint8_t changes = in.next<std::uint8_t>();
  if (changes & 1) set_enum(def.mover, in.next<std::int8_t>() % 4);
  if (changes & 2) def.sphere_count = in.next<std::int8_t>() % 4;
  if (changes & 4) def.spheres[0].radius = any_float(in);
  if (changes & 8) def.step_up_height = any_float(in);
  if (changes & 16) def.flags = in.next<std::uint32_t>();
  if (changes & 32) def.box_mins = any_vec(in);
  return def;
}

tr_Controls any_controls(ByteReader& in) {
  tr_Controls c = tr_DefaultControls();
  set_enum(c.forward, in.next<std::int8_t>() % 5);
  set_enum(c.strafe, in.next<std::int8_t>() % 4);
  c.turn_deg_per_s = any_float(in);
  c.jump_extent = (in.next<std::uint8_t>() % 3 == 0) ? any_float(in) : -1.0f;
  return c;
}

// Picks a live id, a stale one or a made-up one.
template <typename Id>
Id pick(ByteReader& in, const std::vector<Id>& ids) {
  const std::uint8_t k = in.next<std::uint8_t>();
  if (!ids.empty() && k < 220) return ids[k % ids.size()];
  Id made_up{};
  made_up.index1 = in.next<std::uint8_t>();
  made_up.generation = in.next<std::uint8_t>();
  return made_up;
}

struct Session {
  tr_WorldId world{};
  std::vector<tr_CharacterId> characters;
  std::vector<tr_ObjectId> objects;
};

void add_object(ByteReader& in, Session& s) {
  tr_ShapeDef shapes[2]{};
  set_enum(shapes[0].type, in.next<std::int8_t>() % 5);
  shapes[0].center = any_vec(in);
  shapes[0].radius = any_float(in);
  shapes[0].height = any_float(in);
  const tr_Vec3 vertices[3] = {{0, 0, 0}, {1, 0, 0}, {any_float(in), 1, 0}};
  const std::uint32_t indices[3] = {0, 1, static_cast<std::uint32_t>(in.next<std::uint8_t>() % 4)};
  shapes[0].mesh = {vertices, 3, indices, nullptr, in.next<std::uint8_t>() % 2};
  tr_ObjectDef def = tr_DefaultObjectDef();
  def.id = in.next<std::uint16_t>();
  def.position = any_position(in);
  def.scale = any_float(in);
  def.shapes = shapes;
  def.shape_count = in.next<std::uint8_t>() % 3;
  def.flags = in.next<std::uint16_t>();
  tr_ObjectId id;
  if (tr_World_AddObject(in.next<std::uint8_t>() % 8 ? s.world : tr_WorldId{}, &def, &id) == tr_ok)
    s.objects.push_back(id);
}

void one_call(ByteReader& in, Session& s) {
  tr_CharacterState state;
  tr_MoveStatus status;
  switch (in.next<std::uint8_t>() % 16) {
    case 0: {
      const tr_CharacterDef def = any_character_def(in);
      tr_CharacterId id;
      if (tr_CreateCharacter(s.world, &def, any_position(in), &id) == tr_ok) s.characters.push_back(id);
      break;
    }
    case 1: tr_DestroyCharacter(pick(in, s.characters)); break;
    case 2: tr_Character_Place(pick(in, s.characters), &status); break;
    case 3: tr_Character_MoveTo(pick(in, s.characters), any_position(in), &status); break;
    case 4: {
      const tr_Controls c = any_controls(in);
      tr_Character_SetControls(pick(in, s.characters), in.next<std::uint8_t>() % 8 ? &c : nullptr);
      break;
    }
    case 5: tr_Character_Update(pick(in, s.characters), any_float(in), &status); break;
    case 6: tr_Character_Teleport(pick(in, s.characters), any_position(in)); break;
    case 7: tr_Character_SetVelocity(pick(in, s.characters), any_vec(in)); break;
    case 8: tr_Character_GetState(pick(in, s.characters), in.next<std::uint8_t>() % 8 ? &state : nullptr); break;
    case 9: add_object(in, s); break;
    case 10: tr_World_MoveObject(pick(in, s.objects), any_position(in)); break;
    case 11: tr_World_RemoveObject(pick(in, s.objects)); break;
    case 12: {
      tr_TraceResult r;
      tr_World_TraceSphere(s.world, in.next<std::uint32_t>() % 2 ? 0xA9B40023u : in.next<std::uint32_t>(),
                           any_vec(in), any_vec(in), any_float(in), &r);
      tr_World_TraceBox(s.world, 0xA9B40023u, any_vec(in), any_vec(in), any_vec(in), any_vec(in), &r);
      break;
    }
    case 13: {
      std::vector<tr_CharacterId> batch;
      for (int k = in.next<std::uint8_t>() % 8; k > 0; --k) batch.push_back(pick(in, s.characters));
      std::vector<tr_Controls> controls(batch.size(), any_controls(in));
      std::vector<tr_CharacterState> states(batch.size());
      tr_World_UpdateCharacters(s.world, batch.data(), in.next<std::uint8_t>() % 2 ? controls.data() : nullptr,
                                static_cast<std::int32_t>(batch.size()) - (in.next<std::uint8_t>() % 4 == 0),
                                any_float(in), 1 + in.next<std::uint8_t>() % 3, states.data(), nullptr);
      break;
    }
    case 14: {
      tr_Position p;
      tr_World_ResolveGlobal(s.world, any_vec(in), &p);
      tr_Vec3 g;
      tr_World_ToGlobal(s.world, any_position(in), &g);
      break;
    }
    default: {
      tr_SceneId scene;
      if (tr_CreateScene(&scene) != tr_ok) break;
      tr_Scene_AddLandblock(scene, in.next<std::int16_t>() % 300, 180, nullptr, any_float(in));
      const tr_CharacterDef def = any_character_def(in);
      tr_Scene_AddCharacter(scene, &def, "c", any_position(in));
      tr_SimulationId sim;
      if (tr_CreateSimulation(s.world, scene, nullptr, &sim) == tr_ok) {
        const tr_Controls c = any_controls(in);
        tr_Simulation_SetControls(sim, in.next<std::int8_t>(), &c);
        tr_Simulation_Step(sim, any_float(in));
        std::array<tr_Event, 4> events;
        std::int32_t count;
        tr_Simulation_TakeEvents(sim, events.data(), in.next<std::int8_t>() % 5, &count);
        tr_DestroySimulation(sim);
      }
      tr_DestroyScene(scene);
    }
  }
}

}  // namespace

// The demo world is built once; each input cleans up what it made, and one
// in sixteen runs in a small world of its own that it then destroys.
void c_api(const std::uint8_t* data, std::size_t size) {
  static const tr_WorldId demo = [] {
    tr_WorldId world{};
    tr_CreateDemoWorld(&world);
    return world;
  }();
  ByteReader in(data, size);
  Session s;
  s.world = demo;
  const bool own_world = in.next<std::uint8_t>() % 16 == 0;
  if (own_world &&
      tr_CreateWorldFromJson(R"({"format": "transit-scene/1",
        "terrain": {"landblocks": [{"x": 169, "y": 180, "flat": 20}]}})", nullptr, &s.world) != tr_ok)
    return;
  for (int calls = 0; calls < 64 && !in.done(); ++calls) one_call(in, s);
  if (own_world) {
    tr_DestroyWorld(s.world);
    return;
  }
  for (const tr_CharacterId id : s.characters) tr_DestroyCharacter(id);
  for (const tr_ObjectId id : s.objects) tr_World_RemoveObject(id);
}

}  // namespace transit::fuzz
