#pragma once
// A fixed pool of std::jthreads that runs one job over [0, n) in blocks of
// indices, each thread taking the next free block, and returns when every
// block is done. Each index is handled by exactly one thread, so work that
// only writes its own index's data gives the same results with any number
// of threads. Running a job allocates nothing.
//
//   transit::ParallelFor pool(2);
//   auto body = [&](std::size_t begin, std::size_t end, int worker) { ... };
//   pool.run(items.size(), body);   // worker: 0 .. pool.threads() - 1

#include <atomic>
#include <barrier>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace transit {

/// A pool of threads that runs the blocks of an index range (kBlock indices
/// each) on its threads and the caller's, for Simulation::step.
class ParallelFor {
 public:
  /// A pool of `threads` threads in all, the caller's included (at least 1).
  explicit ParallelFor(int threads);
  /// Joins the threads.
  ~ParallelFor();
  ParallelFor(const ParallelFor&) = delete;
  ParallelFor& operator=(const ParallelFor&) = delete;

  static constexpr std::size_t kBlock = 64;

  int threads() const { return threads_; }

  /// Calls body(begin, end, worker) for every block [k kBlock, (k + 1) kBlock)
  /// of [0, n) (the last one cut at n), `worker` being the calling thread's
  /// number (0 is the caller's own thread). The first exception a block
  /// throws is rethrown here once every thread is done.
  template <typename Body>
  void run(std::size_t n, Body& body) {
    run_blocks_of(n, kBlock, &call<Body>, &body);
  }
  /// The same with blocks of one index: body(k, k + 1, worker) for every k
  /// in [0, n), for a few big items (a landblock group's characters).
  template <typename Body>
  void run_each(std::size_t n, Body& body) {
    run_blocks_of(n, 1, &call<Body>, &body);
  }

 private:
  using BlockFn = void (*)(void*, std::size_t, std::size_t, int);
  template <typename Body>
  static void call(void* b, std::size_t begin, std::size_t end, int worker) {
    (*static_cast<Body*>(b))(begin, end, worker);
  }
  void run_blocks_of(std::size_t n, std::size_t block, BlockFn fn, void* body);
  void take_blocks(int worker) noexcept;
  void worker_loop(int worker);

  int threads_;
  std::barrier<> start_;
  std::barrier<> done_;
  BlockFn fn_ = nullptr;
  void* body_ = nullptr;
  std::size_t n_ = 0;
  std::size_t block_ = kBlock;
  std::atomic<std::size_t> next_{0};
  std::atomic<bool> failed_{false};
  std::exception_ptr failure_;
  bool stop_ = false;
  std::vector<std::jthread> workers_;
};

/// Calls each(i) for every i in [0, n): on `pool`'s threads in its blocks,
/// or on the caller's alone without a pool.
template <typename Each>
void for_each_index(ParallelFor* pool, std::size_t n, Each&& each) {
  auto block = [&](std::size_t begin, std::size_t end, int) {
    for (std::size_t i = begin; i < end; ++i) each(i);
  };
  if (pool)
    pool->run(n, block);
  else
    block(0, n, 0);
}

}  // namespace transit
