#include "workload/memory_stats.hpp"

#include <malloc.h>

#include <fstream>
#include <string>

namespace transit::perf {

std::size_t heap_in_use() {
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

std::size_t peak_resident_bytes() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmHWM:") {
      std::size_t kib = 0;
      status >> kib;
      return kib * 1024;
    }
    status.ignore(4096, '\n');
  }
  return 0;
}

std::size_t world_polygon_count(const World& world) {
  std::size_t count = 0;
  for (const Landblock& block : world.landscape().landblocks()) count += block.cells().size() * 2;
  for (const EnvCell& cell : world.env_cells()) count += cell.geometry().physics.polygons().size();
  for (const WorldObject& object : world.objects())
    for (const auto& mesh : object.meshes) count += mesh->polygons().size();
  return count;
}

}  // namespace transit::perf
