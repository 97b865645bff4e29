// The C API's cost over the C++ API: one frame of N characters (running and
// turning over the demo village) updated through Character::update in C++,
// through tr_World_UpdateCharacters (one batch call), and through
// tr_Character_Update one by one. Each iteration is one frame of all N; the
// ratios (C / C++) are printed after the run. The C# and Python bindings
// measure their batch path with their own programs (docs/performance.md).
#include <cmath>
#include <vector>

#include <benchmark/benchmark.h>

#include "transit/sim/character.hpp"
#include "transit/transit.h"
#include "transit/world/demo_world.hpp"
#include "workload/demo_fixture.hpp"

namespace transit::perf {
namespace {

constexpr double kDt = 1.0 / 30.0;
constexpr int kWarmUpFrames = 10;

// The i-th character's start on the village pad (A9B4 x 50..98, y 24..68,
// clear of the house) and its turn rate: the same in both APIs.
Vec3 start_of(std::size_t i, std::size_t count) {
  const std::size_t side = 1 + static_cast<std::size_t>(std::sqrt(static_cast<double>(count)));
  const float step = 44.0f / static_cast<float>(side);
  return {50.0f + step * static_cast<float>(i % side), 24.0f + step * static_cast<float>(i / side), 20.0f};
}
// Every character circles (9 to 4 m across), so that the work per frame
// stays the same however many frames a benchmark runs.
float turn_of(std::size_t i) { return 30.0f + 10.0f * static_cast<float>(i % 7); }

std::vector<Character> cpp_characters(std::size_t count) {
  const World& world = demo_world();
  std::vector<Character> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    PositionDesc at;
    const Vec3 local = start_of(i, count);
    at.global = {32448.0f + local.x, 34560.0f + local.y, local.z};
    out.emplace_back(CharacterSettings{}, *world.resolve(at));
    out.back().place(world);
    out.back().set_controls({ForwardInput::Run, StrafeInput::Stop, turn_of(i)});
  }
  return out;
}

struct CWorld {
  tr_WorldId world{};
  std::vector<tr_CharacterId> ids;
  explicit CWorld(std::size_t count) {
    tr_CreateDemoWorld(&world);
    const tr_CharacterDef def = tr_DefaultCharacterDef();
    for (std::size_t i = 0; i < count; ++i) {
      const Vec3 local = start_of(i, count);
      tr_CharacterId id;
      tr_CreateCharacter(world, &def,
                         tr_MakePosition(0, {32448.0f + local.x, 34560.0f + local.y, local.z}, 0.0f),
                         &id);
      tr_Character_Place(id, nullptr);
      tr_Controls c = tr_DefaultControls();
      c.forward = tr_forwardRun;
      c.turn_deg_per_s = turn_of(i);
      tr_Character_SetControls(id, &c);
      ids.push_back(id);
    }
  }
  ~CWorld() { tr_DestroyWorld(world); }
};

void set_counters(benchmark::State& state, std::size_t count) {
  state.counters["ns_per_char_tick"] = benchmark::Counter(
      static_cast<double>(count), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_Frame_Cpp(benchmark::State& state) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const World& world = demo_world();
  std::vector<Character> characters = cpp_characters(count);
  for (int f = 0; f < kWarmUpFrames; ++f)
    for (Character& c : characters) c.update(world, kDt);
  for (auto _ : state)
    for (Character& c : characters) c.update(world, kDt);
  set_counters(state, count);
}

void BM_Frame_CBatch(benchmark::State& state) {
  const auto count = static_cast<std::size_t>(state.range(0));
  CWorld c(count);
  const auto n = static_cast<std::int32_t>(count);
  for (int f = 0; f < kWarmUpFrames; ++f)
    tr_World_UpdateCharacters(c.world, c.ids.data(), nullptr, n, kDt, 1, nullptr, nullptr);
  for (auto _ : state)
    tr_World_UpdateCharacters(c.world, c.ids.data(), nullptr, n, kDt, 1, nullptr, nullptr);
  set_counters(state, count);
}

// The batch that also hands every character's state back (position, cell,
// velocity, ground plane ...), as a server reading them each frame would.
void BM_Frame_CBatchStates(benchmark::State& state) {
  const auto count = static_cast<std::size_t>(state.range(0));
  CWorld c(count);
  const auto n = static_cast<std::int32_t>(count);
  std::vector<tr_CharacterState> states(count);
  for (int f = 0; f < kWarmUpFrames; ++f)
    tr_World_UpdateCharacters(c.world, c.ids.data(), nullptr, n, kDt, 1, states.data(), nullptr);
  for (auto _ : state)
    tr_World_UpdateCharacters(c.world, c.ids.data(), nullptr, n, kDt, 1, states.data(), nullptr);
  set_counters(state, count);
}

void BM_Frame_COneByOne(benchmark::State& state) {
  const auto count = static_cast<std::size_t>(state.range(0));
  CWorld c(count);
  for (int f = 0; f < kWarmUpFrames; ++f)
    for (const tr_CharacterId id : c.ids) tr_Character_Update(id, kDt, nullptr);
  for (auto _ : state)
    for (const tr_CharacterId id : c.ids) tr_Character_Update(id, kDt, nullptr);
  set_counters(state, count);
}

void frame_sizes(benchmark::internal::Benchmark* b) {
  b->ArgName("characters")->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond)->UseRealTime();
}
BENCHMARK(BM_Frame_Cpp)->Apply(frame_sizes);
BENCHMARK(BM_Frame_CBatch)->Apply(frame_sizes);
BENCHMARK(BM_Frame_CBatchStates)->Apply(frame_sizes);
BENCHMARK(BM_Frame_COneByOne)->Apply(frame_sizes);

}  // namespace
}  // namespace transit::perf
