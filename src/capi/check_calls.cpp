// tr_*Checker*, tr_*ClaimState*, tr_*ClaimCrowd*: checking what clients
// claim their characters did (transit/server), one claim, a batch, or a
// frame's claims with the characters in each other's way.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <unordered_set>

#include <fmt/format.h>

#include "capi/call_guard.hpp"
#include "capi/conversions.hpp"
#include "capi/registry.hpp"

using namespace transit;
using namespace transit::capi;

namespace {

// Each option: its field in C and in C++, and its name.
struct OptionField {
  float tr_ClaimCheckOptions::*c;
  float ClaimCheckOptions::*cpp;
  const char* name;
};
#define TR_OPTION(name) OptionField{&tr_ClaimCheckOptions::name, &ClaimCheckOptions::name, #name}
constexpr OptionField kOptionFields[] = {
    TR_OPTION(speed_margin),     TR_OPTION(burst_seconds),         TR_OPTION(distance_slack),
    TR_OPTION(reach_tolerance),  TR_OPTION(height_slack),          TR_OPTION(below_terrain),
    TR_OPTION(fall_slack_per_second), TR_OPTION(replay_tolerance), TR_OPTION(replay_tolerance_per_second),
    TR_OPTION(replay_rise_tolerance), TR_OPTION(change_jitter)};
#undef TR_OPTION
static_assert(std::size(kOptionFields) * sizeof(float) == sizeof(tr_ClaimCheckOptions),
              "every field of tr_ClaimCheckOptions is converted");

ClaimCheckOptions check_options(const tr_ClaimCheckOptions* c) {
  ClaimCheckOptions o;
  if (!c) return o;
  for (const OptionField& f : kOptionFields) {
    const float value = c->*f.c;
    if (!(std::isfinite(value) && value >= 0.0f))
      refuse(tr_errorInvalidArgument, fmt::format("options.{}: must be a finite number >= 0, got {}", f.name, value));
    o.*f.cpp = value;
  }
  return o;
}

tr_MotionChange change_to_c(const MotionChange& m) {
  tr_MotionChange c{};
  c.t = m.t;
  c.forward = to_c(m.forward);
  c.strafe = to_c(m.strafe);
  c.turn_deg_per_s = m.turn_deg_per_s;
  c.jumped = m.jumped;
  c.jump_extent = m.jump_extent;
  return c;
}

// A change as the claim gives it: its values are the client's, which the
// check itself judges (an invalid verdict); only its enums must be ours.
MotionChange motion_change(const tr_MotionChange& c, const std::string& what) {
  return {c.t, forward_input(c.forward, what.c_str()), strafe_input(c.strafe, what.c_str()), c.turn_deg_per_s,
          c.jumped, c.jump_extent};
}

// The controls a server says a character holds at its start: its own values.
MotionChange start_controls(const tr_MotionChange& c) {
  MotionChange m = motion_change(c, "controls");
  if (!std::isfinite(m.t)) refuse(tr_errorInvalidArgument, "controls.t: must be finite");
  if (!(std::fabs(m.turn_deg_per_s) <= kMaxChangeTurnDegPerS))
    refuse(tr_errorInvalidArgument,
           fmt::format("controls.turn_deg_per_s: must be -{0}..{0}, got {1}", kMaxChangeTurnDegPerS, m.turn_deg_per_s));
  if (!(m.jump_extent >= 0.0f && m.jump_extent <= 1.0f))
    refuse(tr_errorInvalidArgument, fmt::format("controls.jump_extent: must be 0..1, got {}", m.jump_extent));
  return m;
}

bool unit_quaternion(const tr_Quat& q) {
  const float norm = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return std::fabs(norm - 1.0f) <= 1e-3f;  // also false for NaN
}

// The claimed position as the check takes it: a global point put in its
// cell; a point that is not finite or in no cell is left for the check to
// reject as invalid.
Position claimed_position(const World& world, const tr_Position& p, const std::string& what) {
  if (!unit_quaternion(p.orientation))
    refuse(tr_errorInvalidArgument, fmt::format("{}.position: orientation must be a unit quaternion", what));
  Position out;
  out.objcell_id = p.cell;
  out.frame = Frame{to_vec(p.origin), to_quat(p.orientation)};
  if (p.cell == 0)
    if (const auto found = world.resolve_global(to_vec(p.origin))) {
      out.objcell_id = found->objcell_id;
      out.frame.origin = found->frame.origin;
    }
  return out;
}

MovementClaim movement_claim(const World& world, const tr_Claim& c, const std::string& what) {
  MovementClaim claim;
  claim.t = c.t;
  claim.position = claimed_position(world, c.position, what);
  const std::string motion = what + ".motion";
  claim.motion.forward = forward_input(c.motion.forward, motion.c_str());
  claim.motion.strafe = strafe_input(c.motion.strafe, motion.c_str());
  claim.motion.jumped = c.motion.jumped;
  if (!(c.motion.jump_extent >= 0.0f && c.motion.jump_extent <= 1.0f))
    refuse(tr_errorInvalidArgument, fmt::format("{}.jump_extent: must be 0..1, got {}", motion, c.motion.jump_extent));
  claim.motion.jump_extent = c.motion.jump_extent;
  if (c.change_count < 0)
    refuse(tr_errorInvalidArgument, fmt::format("{}.change_count: must not be negative, got {}", what, c.change_count));
  if (c.change_count > 0 && !c.changes)
    refuse(tr_errorInvalidArgument, fmt::format("{}.changes: null with a change_count of {}", what, c.change_count));
  for (int32_t i = 0; i < c.change_count; ++i)
    claim.changes.push_back(motion_change(c.changes[i], fmt::format("{}.changes[{}]", what, i)));
  return claim;
}

void write_result(const ClaimCheck& check, const MovementClaim& claim, tr_ClaimResult& out) {
  std::memset(&out, 0, sizeof out);
  out.verdict = static_cast<tr_ClaimVerdict>(check.verdict);
  out.forced = to_c(check.accepted() ? claim.position : check.forced);
}

// The check's answer kept in the state and written for the caller.
void apply(const ClaimCheck& check, const MovementClaim& claim, ClaimStateEntry& state, tr_ClaimResult& out) {
  state.movement = check.next;
  state.reason = check.reason;
  write_result(check, claim, out);
}

template <typename Id>
WorldEntry& world_of_member(const Id& id, const char* what) {
  return worlds().get(id.world.index1, id.world.generation, fmt::format("{}'s world", what).c_str());
}

MovementChecker& checker_of(tr_CheckerId id, WorldEntry** world = nullptr, const char* what = "checker") {
  WorldEntry& entry = world_of_member(id, what);
  if (world) *world = &entry;
  return entry.checkers.get(id.index1, id.generation, what);
}

ClaimStateEntry& state_of(tr_ClaimStateId id, const char* what = "state") {
  return world_of_member(id, what).claim_states.get(id.index1, id.generation, what);
}

bool same_world(tr_WorldId a, tr_WorldId b) { return a.index1 == b.index1 && a.generation == b.generation; }

AcceptedMovement start_state(const MovementChecker& checker, WorldEntry& world, const tr_Position& position,
                             double t, tr_Vec3 velocity, const tr_MotionChange* controls) {
  const Position at = resolve(world.world, position, "position", Strictness::Stand);
  if (!std::isfinite(t)) refuse(tr_errorInvalidArgument, fmt::format("t: must be finite, got {}", t));
  constexpr float kFastest = 10000.0f;  // m/s, as tr_Character_SetVelocity
  if (!(std::fabs(velocity.x) <= kFastest && std::fabs(velocity.y) <= kFastest && std::fabs(velocity.z) <= kFastest))
    refuse(tr_errorInvalidArgument, "velocity: each component must be finite, at most 10000 m/s");
  std::optional<MotionChange> held;
  if (controls) held = start_controls(*controls);
  return checker.start(at, t, to_vec(velocity), held);
}

void check_batch_size(int32_t count, int32_t threads) {
  if (count < 0) refuse(tr_errorInvalidArgument, fmt::format("count: must not be negative, got {}", count));
  if (threads < 1 || threads > 256)
    refuse(tr_errorInvalidArgument, fmt::format("threads: must be 1..256, got {}", threads));
}

// The batch's states, each once, all of `world`.
std::vector<ClaimStateEntry*> batch_states(const tr_ClaimStateId* ids, int32_t count, tr_WorldId world,
                                           const char* what) {
  std::vector<ClaimStateEntry*> states;
  std::unordered_set<const ClaimStateEntry*> seen;
  for (int32_t i = 0; i < count; ++i) {
    const std::string name = fmt::format("{}[{}]", what, i);
    ClaimStateEntry& state = state_of(ids[i], name.c_str());
    if (!same_world(ids[i].world, world))
      refuse(tr_errorInvalidArgument, name + ": a state of another world than the checker's");
    if (!seen.insert(&state).second)
      refuse(tr_errorInvalidArgument, name + ": the same state as an earlier claim's (one claim per state)");
    states.push_back(&state);
  }
  return states;
}

ParallelFor* pool_for(WorldEntry& world, int32_t threads) {
  return threads > 1 ? &world.pool_of(threads) : nullptr;
}

}  // namespace

extern "C" {

tr_ClaimCheckOptions tr_DefaultClaimCheckOptions(void) {
  const ClaimCheckOptions o;
  tr_ClaimCheckOptions c{};
  for (const OptionField& f : kOptionFields) c.*f.c = o.*f.cpp;
  return c;
}

tr_MotionChange tr_DefaultMotionChange(void) { return change_to_c(MotionChange{}); }

tr_Claim tr_DefaultClaim(void) {
  const ClaimedMotion motion;
  tr_Claim c{};
  c.position = tr_MakePosition(0, {0.0f, 0.0f, 0.0f}, 0.0f);
  c.motion = {to_c(motion.forward), to_c(motion.strafe), motion.jumped, motion.jump_extent};
  return c;
}

const char* tr_ClaimVerdictName(tr_ClaimVerdict verdict) {
  const std::int32_t raw = enum_value(verdict);
  if (raw < tr_claimAccepted || raw > tr_claimInvalid) return "unknown";
  return to_string(static_cast<ClaimVerdict>(raw));
}

tr_Status tr_CreateChecker(tr_WorldId world, const tr_CharacterDef* def, const tr_ClaimCheckOptions* options,
                           tr_CheckerId* out) {
  return call_guard([&] {
    tr_CheckerId& result = required(out, "out");
    const tr_CharacterDef& d = required(def, "def");
    WorldEntry& entry = world_of(world);
    if (enum_value(d.mover) != tr_moverAc)
      refuse(tr_errorInvalidArgument,
             fmt::format("def.mover: movement checks take AC characters only (tr_moverAc), got {}", enum_value(d.mover)));
    if (!(std::isfinite(d.run_skill) && d.run_skill >= 0.0f && std::isfinite(d.jump_skill) && d.jump_skill >= 0.0f))
      refuse(tr_errorInvalidArgument,
             fmt::format("def: run_skill and jump_skill must be finite numbers >= 0, got {} and {}", d.run_skill,
                         d.jump_skill));
    const CharacterDesc desc = character_desc(d, "checker", tr_MakePosition(0, {0.0f, 0.0f, 0.0f}, 0.0f));
    auto checker = std::make_unique<MovementChecker>(entry.world, CharacterSettings::from_desc(desc),
                                                     check_options(options));
    const auto [index1, generation] = entry.checkers.add(std::move(checker));
    result = {index1, generation, world};
  });
}

tr_Status tr_DestroyChecker(tr_CheckerId checker) {
  return call_guard([&] {
    world_of_member(checker, "checker").checkers.remove(checker.index1, checker.generation, "checker");
  });
}

tr_Status tr_CreateClaimState(tr_CheckerId checker, tr_Position position, double t, tr_Vec3 velocity,
                              const tr_MotionChange* controls, tr_ClaimStateId* out) {
  return call_guard([&] {
    tr_ClaimStateId& result = required(out, "out");
    WorldEntry* world = nullptr;
    const MovementChecker& c = checker_of(checker, &world);
    auto state = std::make_unique<ClaimStateEntry>();
    state->movement = start_state(c, *world, position, t, velocity, controls);
    const auto [index1, generation] = world->claim_states.add(std::move(state));
    result = {index1, generation, checker.world};
  });
}

tr_Status tr_ClaimState_Restart(tr_ClaimStateId state, tr_CheckerId checker, tr_Position position, double t,
                                tr_Vec3 velocity, const tr_MotionChange* controls) {
  return call_guard([&] {
    ClaimStateEntry& entry = state_of(state);
    WorldEntry* world = nullptr;
    const MovementChecker& c = checker_of(checker, &world);
    if (!same_world(state.world, checker.world))
      refuse(tr_errorInvalidArgument, "state: a state of another world than the checker's");
    entry.movement = start_state(c, *world, position, t, velocity, controls);
    entry.reason.clear();
  });
}

tr_Status tr_DestroyClaimState(tr_ClaimStateId state) {
  return call_guard([&] {
    world_of_member(state, "state").claim_states.remove(state.index1, state.generation, "state");
  });
}

tr_Status tr_ClaimState_Get(tr_ClaimStateId state, tr_AcceptedMovement* out) {
  return call_guard([&] {
    tr_AcceptedMovement& result = required(out, "out");
    const AcceptedMovement& m = state_of(state).movement;
    std::memset(&result, 0, sizeof result);
    result.t = m.t;
    result.position = to_c(m.position);
    result.velocity = to_c(m.velocity);
    result.supported = m.supported;
    result.has_controls = m.controls.has_value();
    result.controls = change_to_c(m.controls.value_or(MotionChange{}));
  });
}

tr_Status tr_ClaimState_Bystander(tr_ClaimStateId state, tr_CheckerId shape, double now, tr_CrowdBystander* out) {
  return call_guard([&] {
    tr_CrowdBystander& result = required(out, "out");
    const AcceptedMovement& m = state_of(state).movement;
    if (!same_world(shape.world, state.world))
      refuse(tr_errorInvalidArgument, "shape: a checker of another world than the state's");
    const MovementChecker& checker = checker_of(shape, nullptr, "shape");
    if (!std::isfinite(now) || now < m.t)
      refuse(tr_errorInvalidArgument,
             fmt::format("now: {} s; give a finite time no earlier than the state's, {} s", now, m.t));
    const CrowdBystander b = bystander_since(checker.settings().body, m, now);
    std::memset(&result, 0, sizeof result);
    result.shape = shape;
    result.position = to_c(b.position);
    result.still = b.still;
    result.roamed = b.roamed;
    result.rose = b.rose;
  });
}

tr_Status tr_ClaimState_GetReason(tr_ClaimStateId state, char* buffer, int32_t capacity, int32_t* length) {
  return call_guard([&] {
    const std::string& reason = state_of(state).reason;
    if (capacity < 0 || (capacity > 0 && !buffer))
      refuse(tr_errorInvalidArgument, "buffer: null buffer or negative capacity");
    if (capacity > 0) {
      const std::size_t n = std::min(reason.size(), static_cast<std::size_t>(capacity - 1));
      std::memcpy(buffer, reason.data(), n);
      buffer[n] = '\0';
    }
    if (length) *length = static_cast<int32_t>(reason.size());
  });
}

tr_Status tr_Checker_Check(tr_CheckerId checker, tr_ClaimStateId state, const tr_Claim* claim,
                           tr_ClaimResult* out) {
  return call_guard([&] {
    tr_ClaimResult& result = required(out, "out");
    const MovementChecker& c = checker_of(checker);
    ClaimStateEntry& entry = state_of(state);
    if (!same_world(state.world, checker.world))
      refuse(tr_errorInvalidArgument, "state: a state of another world than the checker's");
    const MovementClaim mc = movement_claim(c.world(), required(claim, "claim"), "claim");
    apply(c.check(entry.movement, mc), mc, entry, result);
  });
}

tr_Status tr_Checker_CheckBatch(tr_CheckerId checker, const tr_ClaimStateId* states, const tr_Claim* claims,
                                int32_t count, int32_t threads, tr_ClaimResult* results) {
  return call_guard([&] {
    check_batch_size(count, threads);
    if (count > 0) {
      required(states, "states");
      required(claims, "claims");
      required(results, "results");
    }
    WorldEntry* world = nullptr;
    const MovementChecker& c = checker_of(checker, &world);
    const std::vector<ClaimStateEntry*> entries = batch_states(states, count, checker.world, "states");
    std::vector<AcceptedMovement> last;
    std::vector<MovementClaim> batch;
    for (int32_t i = 0; i < count; ++i) {
      last.push_back(entries[i]->movement);
      batch.push_back(movement_claim(c.world(), claims[i], fmt::format("claims[{}]", i)));
    }
    std::vector<ClaimCheck> out(static_cast<std::size_t>(count));
    check_claims(c, last, batch, out, pool_for(*world, threads));
    for (int32_t i = 0; i < count; ++i) apply(out[i], batch[i], *entries[i], results[i]);
  });
}

tr_Status tr_CreateClaimCrowd(tr_WorldId world, tr_ClaimCrowdId* out) {
  return call_guard([&] {
    tr_ClaimCrowdId& result = required(out, "out");
    WorldEntry& entry = world_of(world);
    const auto [index1, generation] = entry.crowds.add(std::make_unique<ClaimCrowd>(entry.world));
    result = {index1, generation, world};
  });
}

tr_Status tr_DestroyClaimCrowd(tr_ClaimCrowdId crowd) {
  return call_guard([&] {
    world_of_member(crowd, "crowd").crowds.remove(crowd.index1, crowd.generation, "crowd");
  });
}

tr_Status tr_ClaimCrowd_Check(tr_ClaimCrowdId crowd, const tr_CrowdClaim* claims, int32_t count,
                              const tr_CrowdBystander* bystanders, int32_t bystander_count, int32_t threads,
                              tr_ClaimResult* results) {
  return call_guard([&] {
    check_batch_size(count, threads);
    if (bystander_count < 0)
      refuse(tr_errorInvalidArgument, fmt::format("bystander_count: must not be negative, got {}", bystander_count));
    if (count > 0) {
      required(claims, "claims");
      required(results, "results");
    }
    if (bystander_count > 0) required(bystanders, "bystanders");
    WorldEntry& world = world_of_member(crowd, "crowd");
    ClaimCrowd& c = world.crowds.get(crowd.index1, crowd.generation, "crowd");
    std::vector<tr_ClaimStateId> state_ids;
    for (int32_t i = 0; i < count; ++i) state_ids.push_back(claims[i].state);
    const std::vector<ClaimStateEntry*> entries = batch_states(state_ids.data(), count, crowd.world, "claims[].state");
    std::vector<CrowdClaim> batch;
    for (int32_t i = 0; i < count; ++i) {
      const std::string what = fmt::format("claims[{}]", i);
      if (!same_world(claims[i].checker.world, crowd.world))
        refuse(tr_errorInvalidArgument, what + ".checker: a checker of another world than the crowd's");
      const MovementChecker& checker = checker_of(claims[i].checker, nullptr, (what + ".checker").c_str());
      batch.push_back({&checker, entries[i]->movement, movement_claim(world.world, claims[i].claim, what + ".claim")});
    }
    std::vector<CrowdBystander> others;
    for (int32_t i = 0; i < bystander_count; ++i) {
      const std::string what = fmt::format("bystanders[{}]", i);
      if (!same_world(bystanders[i].shape.world, crowd.world))
        refuse(tr_errorInvalidArgument, what + ".shape: a checker of another world than the crowd's");
      const MovementChecker& shape = checker_of(bystanders[i].shape, nullptr, (what + ".shape").c_str());
      if (!std::isfinite(bystanders[i].roamed) || bystanders[i].roamed < 0.0f)
        refuse(tr_errorInvalidArgument,
               fmt::format("{}.roamed: {} m; give a finite distance, 0 or more", what, bystanders[i].roamed));
      const float rose = bystanders[i].rose;
      if (std::isnan(rose))
        refuse(tr_errorInvalidArgument,
               fmt::format("{}.rose: NaN; give metres, 0 or more (negative: any of roamed)", what));
      others.push_back({&shape.settings().body,
                        resolve(world.world, bystanders[i].position, (what + ".position").c_str()),
                        bystanders[i].still, bystanders[i].roamed,
                        rose < 0.0f ? std::numeric_limits<float>::infinity() : rose});
    }
    std::vector<ClaimCheck> out(static_cast<std::size_t>(count));
    check_claims(c, batch, others, out, pool_for(world, threads));
    for (int32_t i = 0; i < count; ++i) apply(out[i], batch[i].claim, *entries[i], results[i]);
  });
}

}
