#include "workload/figures.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

#include "transit/geom/bsp_tree.hpp"
#include "workload/alloc_counter.hpp"
#include "workload/demo_fixture.hpp"
#include "workload/memory_stats.hpp"
#include "workload/sim_crowd.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/world_trace.hpp"

namespace transit::perf {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kWarmUpTicks = 300;
constexpr int kCrowdWarmUpTicks = 30;
constexpr int kIdentityTicks = 60;
constexpr int kSimulationRounds = 10;

// Runs `batch` until `seconds` have passed; returns ns per call of batch.
template <typename Batch>
double ns_per_batch(double seconds, Batch&& batch) {
  const auto start = Clock::now();
  const auto budget = std::chrono::duration<double>(seconds);
  long calls = 0;
  do {
    batch();
    ++calls;
  } while (Clock::now() - start < budget);
  const std::chrono::duration<double, std::nano> elapsed = Clock::now() - start;
  return elapsed.count() / static_cast<double>(calls);
}

bool same_as_one_thread(const Crowd& start, int threads) {
  Crowd one = start, many = start;
  ParallelFor serial(1), parallel(threads);
  for (int i = 0; i < kIdentityTicks; ++i) {
    step_crowd(demo_world(), human_body(), one, serial);
    step_crowd(demo_world(), human_body(), many, parallel);
  }
  return bit_identical(one.runners, many.runners);
}

// The heap a simulation of `characters` holds after a warm-up on two
// threads, less that of its world before the characters joined it, per
// character.
double simulation_bytes_per_character(std::size_t characters) {
  sim_crowd_scene(characters);
  const std::size_t before = heap_in_use();
  std::size_t world_bytes = 0;
  {
    const World world = demo_world();
    world_bytes = heap_in_use() - before;
  }
  const std::unique_ptr<Simulation> sim = make_sim_crowd(characters, 2);
  std::vector<SimEvent> events;
  for (int i = 0; i < kCrowdWarmUpTicks; ++i) {
    sim->step(kSimTickSeconds);
    sim->take_events(events);
  }
  return static_cast<double>(heap_in_use() - before - world_bytes) /
         static_cast<double>(characters);
}

}  // namespace

std::vector<TickFigure> measure_ticks(double seconds) {
  std::vector<TickFigure> figures;
  for (Scenario s : {Scenario::OpenTerrain, Scenario::TreesAndCreatures, Scenario::IndoorStairs,
                     Scenario::WallSlide, Scenario::Falling}) {
    const ScenarioSetup setup = make_scenario(demo_world(), human_body(), s);
    Runner runner = setup.start;
    ac::AcMoveResult move;  // kept from tick to tick, as a game keeps it per character or thread
    auto ticks = [&](int n) {
      for (int i = 0; i < n; ++i)
        step_runner(demo_world(), human_body(), setup.script, setup.start, runner, move);
    };
    ticks(kWarmUpTicks);
    constexpr int kBatch = 100;
    figures.push_back({s, ns_per_batch(seconds, [&] { ticks(kBatch); }) / kBatch});
  }
  return figures;
}

double measure_machine_scaling(double seconds) {
  const ScenarioSetup setup = make_scenario(demo_world(), human_body(), Scenario::IndoorStairs);
  constexpr int kBatch = 100;
  auto ns_per_tick = [&] {
    Runner runner = setup.start;
    ac::AcMoveResult move;
    return ns_per_batch(seconds, [&] {
             for (int i = 0; i < kBatch; ++i)
               step_runner(demo_world(), human_body(), setup.script, setup.start, runner, move);
           }) /
           kBatch;
  };
  ns_per_tick();  // warm-up
  const double alone = ns_per_tick();
  double together[2] = {0.0, 0.0};
  {
    std::jthread other([&] { together[1] = ns_per_tick(); });
    together[0] = ns_per_tick();
  }
  return alone / together[0] + alone / together[1];
}

CrowdFigure measure_crowd(std::size_t characters, int threads, double seconds) {
  CrowdFigure figure;
  figure.characters = characters;
  figure.threads = threads;
  Crowd crowd = demo_crowd(characters);
  if (threads > 1) figure.same_as_one_thread = same_as_one_thread(crowd, threads);
  ParallelFor pool(threads);
  auto tick = [&] { step_crowd(demo_world(), human_body(), crowd, pool); };
  for (int i = 0; i < kCrowdWarmUpTicks; ++i) tick();
  const double ns = ns_per_batch(seconds, tick);
  figure.ticks_per_second = 1e9 / ns;
  figure.ns_per_character_tick = ns / static_cast<double>(characters);
  return figure;
}

std::vector<SimulationFigure> measure_simulation(std::size_t characters,
                                                 std::initializer_list<int> threads,
                                                 double seconds) {
  std::vector<SimulationFigure> figures;
  const std::unique_ptr<Simulation> sim = make_sim_crowd(characters, 1);
  std::vector<SimEvent> events;
  for (int n : threads) {
    SimulationFigure& figure = figures.emplace_back();
    figure.characters = characters;
    figure.threads = n;
    if (n > 1) figure.same_as_one_thread = sim_same_as_one_thread(characters, n, kIdentityTicks);
    sim->set_threads(n);
    warm_up(*sim, events);  // the buffers of this many threads
  }
  // Rounds taking turns, the fastest of each kept: a machine busy with
  // other work for a while slows one round, not one thread count.
  std::vector<double> best_ns(figures.size(), 1e300);
  std::vector<long> ticks(figures.size(), 0);
  std::uint64_t allocations = 0;  // during the timed steps
  for (int round = 0; round < kSimulationRounds; ++round) {
    for (std::size_t f = 0; f < figures.size(); ++f) {
      sim->set_threads(figures[f].threads);
      const std::uint64_t before = allocation_count();
      const double ns = ns_per_batch(seconds / kSimulationRounds, [&] {
        sim->step(kSimTickSeconds);
        sim->take_events(events);
        ++ticks[f];
      });
      allocations += allocation_count() - before;
      best_ns[f] = std::min(best_ns[f], ns);
    }
  }
  long all_ticks = 0;
  for (long t : ticks) all_ticks += t;
  const double allocations_per_tick =
      static_cast<double>(allocations) / static_cast<double>(all_ticks);
  for (std::size_t f = 0; f < figures.size(); ++f) {
    figures[f].allocations_per_tick = allocations_per_tick;
    figures[f].ticks_per_second = 1e9 / best_ns[f];
    figures[f].ns_per_character_tick = best_ns[f] / static_cast<double>(characters);
  }
  return figures;
}

std::vector<QueryFigure> measure_queries(double seconds) {
  const World& world = demo_world();
  std::vector<QueryFigure> figures;
  const EnvCell& stairs = *world.env_cell(demo::kStairHallCell);
  const BspTree& tree = stairs.geometry().physics;
  // Spheres along the staircase, in the cell's own frame.
  std::vector<Sphere> spheres;
  for (int i = 0; i < 64; ++i)
    spheres.push_back({{7.5f + 0.09f * static_cast<float>(i), 1.0f + 0.13f * static_cast<float>(i),
                        0.5f + 0.04f * static_cast<float>(i)},
                       0.48f});
  std::size_t i = 0;
  const double poly_ns = ns_per_batch(seconds, [&] {
    const Polygon* hit = nullptr;
    Vec3 contact(0.0f);
    tree.sphere_intersects_poly(spheres[i++ % spheres.size()], {0.0f, 0.3f, 0.0f}, hit, contact);
  });
  figures.push_back({"BSP sphere_intersects_poly (stair hall)", 1e9 / poly_ns});

  const Crowd& crowd = demo_crowd(1000);
  i = 0;
  const double trace_ns = ns_per_batch(seconds, [&] {
    const Runner& r = crowd.runners[i++ % crowd.runners.size()];
    const Vec3 from = r.position.frame.origin + Vec3(0.0f, 0.0f, 1.0f);
    trace_sphere(world, r.position.objcell_id, from, from + Vec3(2.0f, 1.0f, -0.5f), 0.48f);
  });
  figures.push_back({"world trace_sphere, 2.3 m", 1e9 / trace_ns});

  i = 0;
  CellList cells;
  const double cells_ns = ns_per_batch(seconds, [&] {
    const Runner& r = crowd.runners[i++ % crowd.runners.size()];
    const Sphere s[2] = {{r.position.frame.origin + Vec3(0.0f, 0.0f, 0.48f), 0.48f},
                         {r.position.frame.origin + Vec3(0.0f, 0.0f, 1.35f), 0.48f}};
    world.find_cell_list(r.position, s, cells);
  });
  figures.push_back({"world find_cell_list, 2 spheres", 1e9 / cells_ns});
  return figures;
}

MemoryFigure measure_memory() {
  MemoryFigure figure;
  const SceneDesc scene = make_demo_world();
  const std::size_t before_world = heap_in_use();
  {
    const World world = World::from_scene(scene);
    figure.bytes_per_polygon = static_cast<double>(heap_in_use() - before_world);
    figure.polygons = world_polygon_count(world);
    figure.bytes_per_polygon /= static_cast<double>(figure.polygons);
  }
  constexpr std::size_t kCharacters = 10000;
  const Crowd& source = demo_crowd(kCharacters);
  const std::size_t before_crowd = heap_in_use();
  Crowd crowd;
  crowd.runners = source.runners;
  crowd.starts = source.starts;
  crowd.scripts = source.scripts;
  // A character is its state, its script and (for restarts) its start state.
  figure.bytes_per_character =
      static_cast<double>(heap_in_use() - before_crowd) / static_cast<double>(kCharacters);
  ParallelFor pool(2);
  for (int i = 0; i < kCrowdWarmUpTicks; ++i) step_crowd(demo_world(), human_body(), crowd, pool);
  figure.simulation_bytes_per_character = simulation_bytes_per_character(kCharacters);
  figure.peak_resident_bytes = peak_resident_bytes();
  return figure;
}

}  // namespace transit::perf
