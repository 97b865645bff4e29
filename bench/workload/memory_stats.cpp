#include "workload/memory_stats.hpp"

#include <malloc.h>

#include <fstream>
#include <string>

namespace transit::perf {

std::size_t heap_in_use() {
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

namespace {

// A "VmXXX:" figure of /proc/self/status in bytes, 0 when unknown.
std::size_t status_bytes(const std::string& wanted) {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == wanted) {
      std::size_t kib = 0;
      status >> kib;
      return kib * 1024;
    }
    status.ignore(4096, '\n');
  }
  return 0;
}

}  // namespace

std::size_t peak_resident_bytes() { return status_bytes("VmHWM:"); }

std::size_t resident_bytes() { return status_bytes("VmRSS:"); }

void reset_peak_resident() { std::ofstream("/proc/self/clear_refs") << "5"; }

std::size_t world_polygon_count(const World& world) {
  std::size_t count = 0;
  for (const Landblock& block : world.landscape().landblocks()) count += block.cells().size() * 2;
  for (const EnvCell& cell : world.env_cells()) count += cell.geometry().physics.polygons().size();
  for (const WorldObject& object : world.objects())
    for (const auto& mesh : object.meshes) count += mesh->polygons().size();
  return count;
}

}  // namespace transit::perf
