#include "workload/sim_crowd.hpp"

#include <map>
#include <mutex>
#include <string>

#include "transit/math/same_bits.hpp"
#include "workload/alloc_counter.hpp"
#include "workload/demo_fixture.hpp"
#include "transit/world/demo_world.hpp"

namespace transit::perf {

namespace {

constexpr int kMinWarmUpTicks = 60;
constexpr int kQuietTicks = 60;
constexpr int kMaxWarmUpTicks = 900;

SceneDesc build_scene(std::size_t count) {
  SceneDesc scene = make_demo_world();
  const Crowd& crowd = demo_crowd(count);
  for (std::size_t i = 0; i < count; ++i) {
    CharacterDesc c;
    c.name = "c" + std::to_string(i);
    c.position.cell = crowd.starts[i].position.objcell_id;
    c.position.local = crowd.starts[i].position.frame.origin;
    scene.characters.push_back(c);
  }
  return scene;
}

bool same_body(const PhysicsBody& a, const PhysicsBody& b) {
  return same_bits(a.position, b.position) && same_bits(a.velocity, b.velocity) &&
         a.contact == b.contact && a.on_walkable == b.on_walkable &&
         same_bits(a.contact_plane, b.contact_plane);
}

bool same_events(const std::vector<SimEvent>& a, const std::vector<SimEvent>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].character != b[i].character || a[i].kind != b[i].kind || a[i].id != b[i].id ||
        a[i].t != b[i].t)
      return false;
  return true;
}

}  // namespace

const SceneDesc& sim_crowd_scene(std::size_t count) {
  static std::mutex mutex;
  static std::map<std::size_t, SceneDesc> scenes;
  const std::lock_guard lock(mutex);
  auto it = scenes.find(count);
  if (it == scenes.end()) it = scenes.emplace(count, build_scene(count)).first;
  return it->second;
}

std::unique_ptr<Simulation> make_sim_crowd(std::size_t count, int threads) {
  const SceneDesc& scene = sim_crowd_scene(count);
  SimulationOptions options;
  options.threads = threads;
  auto sim = std::make_unique<Simulation>(World(demo_world()), scene, options);
  for (std::size_t i = 0; i < sim->size(); ++i) {
    ScriptInput input;
    input.forward = ForwardInput::Run;
    input.turn_deg_per_s = static_cast<float>(i % 61) - 30.0f;
    sim->apply(i, input);
  }
  return sim;
}

int warm_up(Simulation& sim, std::vector<SimEvent>& events) {
  int ticks = 0, quiet = 0;
  while (ticks < kMaxWarmUpTicks && (ticks < kMinWarmUpTicks || quiet < kQuietTicks)) {
    const std::uint64_t before = allocation_count();
    sim.step(kSimTickSeconds);
    sim.take_events(events);
    quiet = allocation_count() == before ? quiet + 1 : 0;
    ++ticks;
  }
  return ticks;
}

Simulation& warmed_sim_crowd(std::size_t count) {
  static std::mutex mutex;
  static std::map<std::size_t, std::unique_ptr<Simulation>> sims;
  const std::lock_guard lock(mutex);
  std::unique_ptr<Simulation>& sim = sims[count];
  if (!sim) {
    sim = make_sim_crowd(count, 1);
    std::vector<SimEvent> events;
    warm_up(*sim, events);
  }
  return *sim;
}

bool same_state(const Simulation& a, const Simulation& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same_body(a.character(i).body, b.character(i).body)) return false;
  return true;
}

bool sim_same_as_one_thread(std::size_t count, int threads, int ticks) {
  const std::unique_ptr<Simulation> one = make_sim_crowd(count, 1);
  const std::unique_ptr<Simulation> many = make_sim_crowd(count, threads);
  bool same = same_state(*one, *many);
  for (int i = 0; i < ticks && same; ++i) {
    one->step(kSimTickSeconds);
    many->step(kSimTickSeconds);
    same = same_events(one->take_events(), many->take_events()) && same_state(*one, *many);
  }
  return same;
}

}  // namespace transit::perf
