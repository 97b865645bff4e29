#pragma once
// Memory figures of the benchmarks: the heap in use (glibc mallinfo2), the
// peak resident set (VmHWM of /proc/self/status) and the world's polygons.

#include <cstddef>

#include "transit/world/world.hpp"

namespace transit::perf {

// Bytes of heap in use now.
std::size_t heap_in_use();
// Peak resident memory of the process in bytes, 0 when unknown.
std::size_t peak_resident_bytes();
// Resident memory of the process now in bytes (VmRSS), 0 when unknown.
std::size_t resident_bytes();
// Starts the peak resident set over from what is resident now (Linux
// clear_refs), so that a later peak is the peak of what ran in between.
void reset_peak_resident();
// Polygons the world collides with: terrain triangles, room physics
// polygons (each room counted once per cell) and object mesh polygons.
std::size_t world_polygon_count(const World& world);

}  // namespace transit::perf
