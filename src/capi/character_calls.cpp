// tr_*Character*: characters of a world, one by one or in batches.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "capi/conversions.hpp"
#include "capi/registry.hpp"

using namespace transit;
using namespace transit::capi;

namespace {

// A character's call that may end in InvalidInput: refused with its message.
void report(const Character& character, tr_MoveStatus* status) {
  if (status) *status = static_cast<tr_MoveStatus>(character.status());
  if (character.status() == MoveStatus::InvalidInput)
    refuse(tr_errorInvalidArgument, "character: " + character.error());
}

void check_batch(int32_t count, int32_t threads) {
  if (count < 0) refuse(tr_errorInvalidArgument, "count: must not be negative");
  if (threads < 1 || threads > 256) refuse(tr_errorInvalidArgument, "threads: must be 1..256");
}

// Runs `one(i, character)` for each live id on the world's pool; a stale id
// gets tr_invalidInput and makes the call return tr_errorInvalidId.
template <typename One>
void run_batch(tr_WorldId world_id, const tr_CharacterId* ids, int32_t count, int32_t threads,
               tr_CharacterState* states, tr_MoveStatus* statuses, One&& one) {
  WorldEntry& world = world_of(world_id);
  std::atomic<int32_t> first_bad{-1};
  auto body = [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) {
      const tr_CharacterId id = ids[i];
      CharacterSlot* slot = nullptr;
      if (id.world.index1 == world_id.index1 && id.world.generation == world_id.generation &&
          id.index1 >= 1 && id.index1 <= world.characters.size())
        slot = &world.characters[id.index1 - 1];
      if (!slot || !slot->character || slot->generation != id.generation) {
        int32_t none = -1;
        first_bad.compare_exchange_strong(none, static_cast<int32_t>(i));
        if (statuses) statuses[i] = tr_invalidInput;
        if (states) std::memset(&states[i], 0, sizeof states[i]);
        continue;
      }
      Character& character = *slot->character;
      one(i, character);
      if (statuses) statuses[i] = static_cast<tr_MoveStatus>(character.status());
      if (states) write_state(character, states[i]);
    }
  };
  if (threads == 1) body(0, static_cast<std::size_t>(count), 0);
  else world.pool_of(threads).run(static_cast<std::size_t>(count), body);
  if (first_bad >= 0)
    refuse(tr_errorInvalidId, fmt::format("characters[{}]: null, stale or of another world", first_bad.load()));
}

}  // namespace

extern "C" {

tr_Status tr_CreateCharacter(tr_WorldId world, const tr_CharacterDef* def, tr_Position position,
                             tr_CharacterId* out) {
  return call_guard([&] {
    tr_CharacterId& result = required(out, "out");
    WorldEntry& entry = world_of(world);
    const Position at = resolve(entry.world, position, "position", Strictness::Stand);
    SceneDesc additions;
    additions.characters.push_back(character_desc(required(def, "def"), "character", position));
    validate_for_world(entry.world, additions, "character");
    const CharacterDesc& desc = additions.characters.front();
    Character character(CharacterSettings::from_desc(desc), at);
    std::size_t index;
    if (!entry.free_characters.empty()) {
      index = entry.free_characters.back();
      entry.free_characters.pop_back();
    } else {
      index = entry.characters.size();
      entry.characters.emplace_back();
    }
    CharacterSlot& slot = entry.characters[index];
    slot.character.emplace(std::move(character));
    result = {static_cast<uint32_t>(index + 1), slot.generation, world};
  });
}

tr_Status tr_DestroyCharacter(tr_CharacterId id) {
  return call_guard([&] {
    WorldEntry* world = nullptr;
    character_of(id, &world);
    CharacterSlot& slot = world->characters[id.index1 - 1];
    slot.character.reset();
    ++slot.generation;
    world->free_characters.push_back(id.index1 - 1);
  });
}

tr_Status tr_Character_Place(tr_CharacterId id, tr_MoveStatus* status) {
  return call_guard([&] {
    WorldEntry* world = nullptr;
    Character& character = character_of(id, &world);
    character.place(world->world);
    report(character, status);
  });
}

tr_Status tr_Character_MoveTo(tr_CharacterId id, tr_Position target, tr_MoveStatus* status) {
  return call_guard([&] {
    WorldEntry* world = nullptr;
    Character& character = character_of(id, &world);
    character.move_to(world->world, resolve(world->world, target, "target"));
    report(character, status);
  });
}

tr_Status tr_Character_SetControls(tr_CharacterId id, const tr_Controls* controls) {
  return call_guard([&] {
    Character& character = character_of(id);
    const tr_Controls& c = required(controls, "controls");
    character.set_controls(character_controls(c));
    if (c.jump_extent >= 0.0f) character.jump(c.jump_extent);
  });
}

tr_Status tr_Character_Update(tr_CharacterId id, double dt, tr_MoveStatus* status) {
  return call_guard([&] {
    WorldEntry* world = nullptr;
    Character& character = character_of(id, &world);
    character.update(world->world, dt);
    report(character, status);
  });
}

tr_Status tr_Character_Jump(tr_CharacterId id, float extent, bool* started) {
  return call_guard([&] {
    Character& character = character_of(id);
    if (!(extent >= 0.0f && extent <= 1.0f))
      refuse(tr_errorInvalidArgument, "extent: must be 0..1");
    const bool jumped = character.jump(extent);
    if (started) *started = jumped;
  });
}

tr_Status tr_Character_Teleport(tr_CharacterId id, tr_Position position) {
  return call_guard([&] {
    WorldEntry* world = nullptr;
    Character& character = character_of(id, &world);
    character.teleport(resolve(world->world, position, "position", Strictness::Stand));
  });
}

tr_Status tr_Character_SetVelocity(tr_CharacterId id, tr_Vec3 velocity) {
  return call_guard([&] {
    Character& character = character_of(id);
    constexpr float kFastest = 10000.0f;  // m/s: far beyond any mover's, short of overflow
    if (!(std::fabs(velocity.x) <= kFastest && std::fabs(velocity.y) <= kFastest &&
          std::fabs(velocity.z) <= kFastest))
      refuse(tr_errorInvalidArgument, "velocity: each component must be finite, at most 10000 m/s");
    character.set_velocity(to_vec(velocity));
  });
}

tr_Status tr_Character_GetState(tr_CharacterId id, tr_CharacterState* out) {
  return call_guard([&] {
    tr_CharacterState& result = required(out, "out");
    write_state(character_of(id), result);
  });
}

tr_Status tr_Character_GetCollidedObjects(tr_CharacterId id, uint32_t* ids, int32_t capacity,
                                          int32_t* count) {
  return call_guard([&] {
    const auto collided = character_of(id).collided_objects();
    if (capacity < 0 || (capacity > 0 && !ids))
      refuse(tr_errorInvalidArgument, "ids: null array or negative capacity");
    const std::size_t n = std::min(collided.size(), static_cast<std::size_t>(capacity));
    std::copy_n(collided.begin(), n, ids);
    if (count) *count = static_cast<int32_t>(collided.size());
  });
}

tr_Status tr_World_UpdateCharacters(tr_WorldId world, const tr_CharacterId* characters,
                                    const tr_Controls* controls, int32_t count, double dt,
                                    int32_t threads, tr_CharacterState* states,
                                    tr_MoveStatus* statuses) {
  return call_guard([&] {
    check_batch(count, threads);
    if (count > 0) required(characters, "characters");
    if (!std::isfinite(dt) || dt < 0.0) refuse(tr_errorInvalidArgument, "dt: must be finite and not negative");
    if (controls)
      for (int32_t i = 0; i < count; ++i) character_controls(controls[i]);
    const World& w = world_of(world).world;
    run_batch(world, characters, count, threads, states, statuses,
              [&](std::size_t i, Character& character) {
                if (controls) {
                  character.set_controls(character_controls(controls[i]));
                  if (controls[i].jump_extent >= 0.0f) character.jump(controls[i].jump_extent);
                }
                character.update(w, dt);
              });
  });
}

tr_Status tr_World_MoveCharacters(tr_WorldId world, const tr_CharacterId* characters,
                                  const tr_Position* targets, int32_t count, int32_t threads,
                                  tr_CharacterState* states, tr_MoveStatus* statuses) {
  return call_guard([&] {
    check_batch(count, threads);
    if (count > 0) {
      required(characters, "characters");
      required(targets, "targets");
    }
    const World& w = world_of(world).world;
    std::vector<Position> resolved(static_cast<std::size_t>(count));
    for (int32_t i = 0; i < count; ++i)
      resolved[i] = resolve(w, targets[i], fmt::format("targets[{}]", i).c_str());
    run_batch(world, characters, count, threads, states, statuses,
              [&](std::size_t i, Character& character) { character.move_to(w, resolved[i]); });
  });
}

}
