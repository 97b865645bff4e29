#include "transit/sim/parallel_for.hpp"

#include <algorithm>
#include <utility>

namespace transit {

ParallelFor::ParallelFor(int threads)
    : threads_(std::max(threads, 1)), start_(threads_), done_(threads_) {
  workers_.reserve(static_cast<std::size_t>(threads_ - 1));
  for (int i = 1; i < threads_; ++i) workers_.emplace_back([this, i] { worker_loop(i); });
}

ParallelFor::~ParallelFor() {
  stop_ = true;
  if (threads_ > 1) start_.arrive_and_wait();
}

void ParallelFor::run_blocks_of(std::size_t n, std::size_t block, BlockFn fn, void* body) {
  fn_ = fn;
  body_ = body;
  n_ = n;
  block_ = block;
  next_.store(0, std::memory_order_relaxed);
  if (threads_ > 1) start_.arrive_and_wait();
  take_blocks(0);
  if (threads_ > 1) done_.arrive_and_wait();
  if (failed_.load(std::memory_order_relaxed)) {
    failed_.store(false, std::memory_order_relaxed);
    std::rethrow_exception(std::exchange(failure_, nullptr));
  }
}

void ParallelFor::take_blocks(int worker) noexcept {
  for (;;) {
    const std::size_t begin = next_.fetch_add(block_, std::memory_order_relaxed);
    if (begin >= n_) return;
    try {
      fn_(body_, begin, std::min(begin + block_, n_), worker);
    } catch (...) {
      // The first failure is kept; the other threads stop taking blocks.
      if (!failed_.exchange(true)) failure_ = std::current_exception();
      next_.store(n_, std::memory_order_relaxed);
    }
  }
}

void ParallelFor::worker_loop(int worker) {
  for (;;) {
    start_.arrive_and_wait();
    if (stop_) return;
    take_blocks(worker);
    done_.arrive_and_wait();
  }
}

}  // namespace transit
