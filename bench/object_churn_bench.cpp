// A game server's object churn: creatures spawned and despawned all day.
// Ten million add/remove cycles with at most 10,000 objects alive keep the
// slot count and resident memory flat (removed slots are reused).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "workload/memory_stats.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/world.hpp"

namespace transit::perf {
namespace {

constexpr std::size_t kLive = 10000;

WorldObject creature_at(std::uint64_t n) {
  WorldObject o;
  o.id = static_cast<std::uint32_t>(100000 + n % 1000000);
  o.flags = kFlagCreature;
  const float x = 10.0f + static_cast<float>(n % 170);
  const float y = 10.0f + static_cast<float>((n / 170) % 170);
  o.position = Position{0xA9B40001, Frame{{x, y, 25.0f}, {1, 0, 0, 0}}};
  o.position.objcell_id = 0xA9B40000 | static_cast<CellId>(static_cast<int>(x / 24) * 8 +
                                                           static_cast<int>(y / 24) + 1);
  o.cylspheres.push_back({{0, 0, 0}, 0.5f, 1.8f});
  return o;
}

void BM_ObjectChurn(benchmark::State& state) {
  const auto cycles = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) {
    World world = World::from_scene(make_demo_world());
    std::vector<ObjectId> live;
    live.reserve(kLive);
    std::uint64_t n = 0;
    for (; live.size() < kLive; ++n) live.push_back(world.add_object(creature_at(n)));
    const std::size_t rss_before = resident_bytes();
    const std::size_t slots_before = world.object_slots();
    for (std::uint64_t cycle = 0; cycle < cycles; ++cycle, ++n) {
      const std::size_t k = (cycle * 7919) % kLive;
      world.remove_object(live[k]);
      live[k] = world.add_object(creature_at(n));
    }
    state.counters["cycles"] = static_cast<double>(cycles);
    state.counters["slots_before"] = static_cast<double>(slots_before);
    state.counters["slots_after"] = static_cast<double>(world.object_slots());
    state.counters["rss_before_MiB"] = static_cast<double>(rss_before) / (1024.0 * 1024.0);
    state.counters["rss_after_MiB"] = static_cast<double>(resident_bytes()) / (1024.0 * 1024.0);
  }
}
BENCHMARK(BM_ObjectChurn)->Arg(10000000)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace transit::perf
