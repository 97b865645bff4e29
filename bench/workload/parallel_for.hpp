#pragma once
// A fixed pool of std::jthreads that runs one job over [0, n) in blocks of
// kBlock indices, each thread taking the next free block, and returns when
// every block is done. Each index is handled by exactly one thread, so
// per-character work that only reads shared data gives the same results
// with any number of threads. Running a job allocates nothing.

#include <atomic>
#include <barrier>
#include <cstddef>
#include <thread>
#include <vector>

namespace transit::perf {

class ParallelFor {
 public:
  explicit ParallelFor(int threads);
  ~ParallelFor();
  ParallelFor(const ParallelFor&) = delete;
  ParallelFor& operator=(const ParallelFor&) = delete;

  static constexpr std::size_t kBlock = 64;

  int threads() const { return threads_; }

  // Calls body(begin, end) for every block of [0, n).
  template <typename Body>
  void run(std::size_t n, Body& body) {
    run_chunks(
        n,
        [](void* b, std::size_t begin, std::size_t end) { (*static_cast<Body*>(b))(begin, end); },
        &body);
  }

 private:
  using ChunkFn = void (*)(void*, std::size_t, std::size_t);
  void run_chunks(std::size_t n, ChunkFn fn, void* body);
  void run_blocks();
  void worker(int index);

  int threads_;
  std::barrier<> start_;
  std::barrier<> done_;
  ChunkFn fn_ = nullptr;
  void* body_ = nullptr;
  std::size_t n_ = 0;
  std::atomic<std::size_t> next_{0};
  bool stop_ = false;
  std::vector<std::jthread> workers_;
};

}  // namespace transit::perf
