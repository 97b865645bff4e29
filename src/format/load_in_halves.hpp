#pragma once
// Loading large arrays on two threads: each thread makes one half, and
// first asks the kernel for that half's pages in one call. Loading a baked
// world is bound by how fast fresh memory arrives; one thread writing the
// elements for the first time takes a page fault every 4 KiB.

#include <sys/mman.h>

#include <cstdint>
#include <future>
#include <utility>
#include <vector>

namespace transit {

// Runs work(0) here and work(1) on a second thread when `two`, else both here.
template <typename Fn>
void in_two_halves(bool two, Fn&& work) {
  auto second = std::async(two ? std::launch::async : std::launch::deferred, [&] { work(1); });
  work(0);
  second.get();
}

// [from, to) of `count` things for half `k` of two.
inline std::pair<std::size_t, std::size_t> half_of(std::size_t count, int k) {
  return k == 0 ? std::pair{std::size_t{0}, count / 2} : std::pair{count / 2, count};
}

// Below this many bytes the pages are left to fault in as they are written.
inline constexpr std::size_t kPopulateBytes = std::size_t{4} << 20;

// Populates (MADV_POPULATE_WRITE) the pages of half `k` of the first
// `count` elements of `reserved`'s capacity, as huge pages where the kernel
// has them (MADV_HUGEPAGE): one fault and one clear per 2 MiB instead of
// per 4 KiB, about a quarter of a million-triangle load.
template <typename T>
void populate_half(const std::vector<T>& reserved, std::size_t count, int k) {
  const std::size_t bytes = count * sizeof(T);
  if (bytes < kPopulateBytes || reserved.capacity() < count) return;
  constexpr std::uintptr_t kPage = 4096;
  const auto [from, to] = half_of(bytes, k);
  const auto start = reinterpret_cast<std::uintptr_t>(reserved.data());
  const auto first = (start + from + kPage - 1) & ~(kPage - 1);
  const auto last = (start + to) & ~(kPage - 1);
  // Advice only: where the kernel refuses, the pages fault in as before.
  if (last > first) {
    ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
    ::madvise(reinterpret_cast<void*>(first), last - first, MADV_POPULATE_WRITE);
  }
}

}  // namespace transit
