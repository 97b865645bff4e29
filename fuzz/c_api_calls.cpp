// The C API under random call sequences (c_api), and its claim checks
// (c_api_claims): made-up and stale ids, null pointers, NaN and huge
// values, out-of-range enums. Every call must return
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
  if (changes & 64) def.turn_rate_deg = any_float(in);
  if (changes & 128) def.cycle_speeds.run = any_float(in);
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
  std::vector<tr_CheckerId> checkers;
  std::vector<tr_ClaimStateId> claim_states;
};

tr_MotionChange any_change(ByteReader& in) {
  tr_MotionChange c = tr_DefaultMotionChange();
  c.t = static_cast<double>(any_float(in));
  set_enum(c.forward, in.next<std::int8_t>() % 5);
  set_enum(c.strafe, in.next<std::int8_t>() % 4);
  c.turn_deg_per_s = any_float(in);
  c.jumped = in.next<std::uint8_t>() % 2;
  c.jump_extent = any_float(in);
  return c;
}

// Claims checked one by one, in a batch or in a crowd, with any values;
// `changes` holds each claim's motion changes for the call.
tr_Claim any_claim(ByteReader& in, std::vector<tr_MotionChange>& changes) {
  tr_Claim c = tr_DefaultClaim();
  c.t = static_cast<double>(any_float(in));
  c.position = any_position(in);
  set_enum(c.motion.forward, in.next<std::int8_t>() % 5);
  c.motion.jumped = in.next<std::uint8_t>() % 2;
  if (in.next<std::uint8_t>() % 4 == 0) c.motion.jump_extent = any_float(in);
  changes.clear();
  for (int k = in.next<std::uint8_t>() % 4; k > 0; --k) changes.push_back(any_change(in));
  c.changes = in.next<std::uint8_t>() % 8 ? changes.data() : nullptr;
  c.change_count = static_cast<std::int32_t>(changes.size()) - (in.next<std::uint8_t>() % 8 == 0);
  return c;
}

void claim_calls(ByteReader& in, Session& s) {
  switch (in.next<std::uint8_t>() % 6) {
    case 0: {
      const tr_CharacterDef def = in.next<std::uint8_t>() % 4 ? tr_DefaultCharacterDef() : any_character_def(in);
      tr_ClaimCheckOptions options = tr_DefaultClaimCheckOptions();
      options.replay_tolerance = any_float(in);
      tr_CheckerId id;
      if (tr_CreateChecker(s.world, &def, in.next<std::uint8_t>() % 2 ? &options : nullptr, &id) == tr_ok)
        s.checkers.push_back(id);
      break;
    }
    case 1: {
      const tr_MotionChange controls = any_change(in);
      tr_ClaimStateId id;
      const double t = in.next<std::uint8_t>() % 4 ? 0.0 : static_cast<double>(any_float(in));
      const tr_Vec3 velocity = in.next<std::uint8_t>() % 4 ? tr_Vec3{0.0f, 0.0f, 0.0f} : any_vec(in);
      if (tr_CreateClaimState(pick(in, s.checkers), any_position(in), t, velocity,
                              in.next<std::uint8_t>() % 2 ? &controls : nullptr, &id) == tr_ok)
        s.claim_states.push_back(id);
      break;
    }
    case 2: {
      std::vector<tr_MotionChange> changes;
      const tr_Claim claim = any_claim(in, changes);
      tr_ClaimResult r;
      tr_Checker_Check(pick(in, s.checkers), pick(in, s.claim_states), in.next<std::uint8_t>() % 8 ? &claim : nullptr,
                       &r);
      char reason[16];
      tr_ClaimState_GetReason(pick(in, s.claim_states), reason, in.next<std::int8_t>() % 17, nullptr);
      break;
    }
    case 3: {
      std::vector<tr_ClaimStateId> states;
      std::vector<tr_Claim> claims;
      std::vector<std::vector<tr_MotionChange>> changes(in.next<std::uint8_t>() % 5);
      for (auto& each : changes) {
        states.push_back(pick(in, s.claim_states));
        claims.push_back(any_claim(in, each));
      }
      std::vector<tr_ClaimResult> results(states.size());
      tr_Checker_CheckBatch(pick(in, s.checkers), states.data(), claims.data(),
                            static_cast<std::int32_t>(states.size()) - (in.next<std::uint8_t>() % 4 == 0),
                            in.next<std::uint8_t>() % 4, results.data());
      break;
    }
    case 4: {
      tr_ClaimCrowdId crowd;
      if (in.next<std::uint8_t>() % 4 != 0 || tr_CreateClaimCrowd(s.world, &crowd) != tr_ok) break;
      std::vector<tr_MotionChange> changes;
      tr_CrowdClaim claim{pick(in, s.checkers), pick(in, s.claim_states), any_claim(in, changes)};
      tr_CrowdBystander bystander{pick(in, s.checkers), any_position(in), in.next<std::uint8_t>() % 2 == 0,
                                  any_float(in), any_float(in)};
      if (in.next<std::uint8_t>() % 2 == 0)
        tr_ClaimState_Bystander(pick(in, s.claim_states), pick(in, s.checkers), in.next<std::int8_t>() * 0.1, &bystander);
      tr_ClaimResult r;
      tr_ClaimCrowd_Check(crowd, &claim, in.next<std::uint8_t>() % 2, &bystander, in.next<std::int8_t>() % 2, 1, &r);
      tr_DestroyClaimCrowd(crowd);
      break;
    }
    default: {
      tr_AcceptedMovement m;
      tr_ClaimState_Get(pick(in, s.claim_states), &m);
      tr_DestroyClaimState(pick(in, s.claim_states));
    }
  }
}

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

// The demo world, built once for every input.
tr_WorldId demo_world() {
  static const tr_WorldId demo = [] {
    tr_WorldId world{};
    tr_CreateDemoWorld(&world);
    return world;
  }();
  return demo;
}

}  // namespace

// Each input cleans up what it made, and one in sixteen runs in a small
// world of its own that it then destroys.
void c_api(const std::uint8_t* data, std::size_t size) {
  ByteReader in(data, size);
  Session s;
  s.world = demo_world();
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

void c_api_claims(const std::uint8_t* data, std::size_t size) {
  ByteReader in(data, size);
  Session s;
  s.world = demo_world();
  for (int calls = 0; calls < 64 && !in.done(); ++calls) claim_calls(in, s);
  for (const tr_ClaimStateId id : s.claim_states) tr_DestroyClaimState(id);
  for (const tr_CheckerId id : s.checkers) tr_DestroyChecker(id);
}

}  // namespace transit::fuzz
