#include "workload/demo_fixture.hpp"

#include <map>
#include <mutex>

#include "transit/world/demo_world.hpp"

namespace transit::perf {

const World& demo_world() {
  static const World world = World::from_scene(make_demo_world());
  return world;
}

const ac::AcBody& human_body() {
  static const ac::AcBody body;
  return body;
}

const Crowd& demo_crowd(std::size_t count) {
  static std::mutex mutex;
  static std::map<std::size_t, Crowd> crowds;
  const std::lock_guard lock(mutex);
  auto it = crowds.find(count);
  if (it == crowds.end())
    it = crowds.emplace(count, make_crowd(demo_world(), human_body(), count)).first;
  return it->second;
}

}  // namespace transit::perf
