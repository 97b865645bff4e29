#pragma once
// What every crowd benchmark reports and the sizes it runs at: one
// benchmark iteration is one tick of the whole crowd.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>

namespace transit::perf {

inline void set_crowd_counters(benchmark::State& state, std::size_t characters) {
  const double ticks = static_cast<double>(state.iterations());
  state.counters["ticks_per_s"] = benchmark::Counter(ticks, benchmark::Counter::kIsRate);
  state.counters["ns_per_char_tick"] =
      benchmark::Counter(ticks * static_cast<double>(characters) * 1e-9,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(characters));
}

// 1,000 and 10,000 characters, each on 1 and 2 threads.
inline void crowd_sizes_and_threads(benchmark::internal::Benchmark* b) {
  b->ArgNames({"characters", "threads"});
  for (int characters : {1000, 10000})
    for (int threads : {1, 2}) b->Args({characters, threads});
  b->Unit(benchmark::kMillisecond)->UseRealTime();
}

}  // namespace transit::perf
