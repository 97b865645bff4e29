#include "workload/parallel_for.hpp"

#include <algorithm>

namespace transit::perf {

ParallelFor::ParallelFor(int threads)
    : threads_(std::max(threads, 1)), start_(threads_), done_(threads_) {
  workers_.reserve(static_cast<std::size_t>(threads_ - 1));
  for (int i = 1; i < threads_; ++i) workers_.emplace_back([this, i] { worker(i); });
}

ParallelFor::~ParallelFor() {
  stop_ = true;
  if (threads_ > 1) start_.arrive_and_wait();
}

void ParallelFor::run_chunks(std::size_t n, ChunkFn fn, void* body) {
  fn_ = fn;
  body_ = body;
  n_ = n;
  next_.store(0, std::memory_order_relaxed);
  if (threads_ == 1) {
    run_blocks();
    return;
  }
  start_.arrive_and_wait();
  run_blocks();
  done_.arrive_and_wait();
}

void ParallelFor::run_blocks() {
  for (;;) {
    const std::size_t begin = next_.fetch_add(kBlock, std::memory_order_relaxed);
    if (begin >= n_) return;
    fn_(body_, begin, std::min(begin + kBlock, n_));
  }
}

void ParallelFor::worker(int /*index*/) {
  for (;;) {
    start_.arrive_and_wait();
    if (stop_) return;
    run_blocks();
    done_.arrive_and_wait();
  }
}

}  // namespace transit::perf
