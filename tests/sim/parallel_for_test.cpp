// The thread pool Simulation steps characters on.
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "transit/sim/parallel_for.hpp"

namespace transit {
namespace {

TEST(ParallelFor, EveryIndexIsHandledOnceByAThreadOfThePool) {
  for (int threads : {1, 2, 3}) {
    ParallelFor pool(threads);
    EXPECT_EQ(pool.threads(), threads);
    for (std::size_t n : {0u, 1u, 63u, 64u, 1000u}) {
      std::vector<int> seen(n, 0), worker(n, -1);
      auto body = [&](std::size_t begin, std::size_t end, int thread) {
        for (std::size_t i = begin; i < end; ++i) {
          ++seen[i];
          worker[i] = thread;
        }
      };
      pool.run(n, body);
      for (std::size_t i = 0; i < n; ++i) {
        EXPECT_EQ(seen[i], 1) << threads << " threads, n " << n << ", index " << i;
        EXPECT_GE(worker[i], 0);
        EXPECT_LT(worker[i], threads);
      }
    }
  }
}

TEST(ParallelFor, AnExceptionInABlockReachesTheCallerAndThePoolRunsOn) {
  ParallelFor pool(2);
  auto failing = [](std::size_t begin, std::size_t, int) {
    if (begin == 128) throw std::runtime_error("block 128");
  };
  EXPECT_THROW(pool.run(1000, failing), std::runtime_error);
  std::size_t total = 0;
  std::vector<std::size_t> sums(2, 0);
  auto summing = [&](std::size_t begin, std::size_t end, int thread) {
    for (std::size_t i = begin; i < end; ++i) sums[static_cast<std::size_t>(thread)] += i;
  };
  pool.run(100, summing);
  for (std::size_t s : sums) total += s;
  EXPECT_EQ(total, 4950u);
}

}  // namespace
}  // namespace transit
