#pragma once
// Heap allocations made through operator new in this process (the bench
// binary replaces the global operator new to count them).

#include <cstdint>

namespace transit::perf {

std::uint64_t allocation_count();

}  // namespace transit::perf
