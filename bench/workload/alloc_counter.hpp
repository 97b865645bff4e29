#pragma once
// Heap allocations made through operator new in this process (programs that
// link the workloads get a global operator new that counts them).

#include <cstdint>

namespace transit::perf {

std::uint64_t allocation_count();

}  // namespace transit::perf
