#pragma once
// The main performance figures, measured in-process with a steady clock:
// what `transit bench` prints and bench/ reports through Google Benchmark.

#include <cstddef>
#include <initializer_list>
#include <vector>

#include "workload/scripted_runner.hpp"

namespace transit::perf {

struct TickFigure {
  Scenario scenario;
  double ns_per_tick = 0.0;
};
// ns per character-tick of each single-character scenario, each run for
// about `seconds` after a warm-up.
std::vector<TickFigure> measure_ticks(double seconds);

// What the machine itself gives two threads: the stairs scenario run by one
// thread, then by two threads at once, each its own character sharing
// nothing; the throughput of the two over that of the one. Two cores of
// their own give 2.0; two hyperthreads of one core, or cores busy with
// other work, less. No code that shares a world can scale beyond it.
double measure_machine_scaling(double seconds);

struct CrowdFigure {
  std::size_t characters = 0;
  int threads = 1;
  double ticks_per_second = 0.0;
  double ns_per_character_tick = 0.0;
  bool same_as_one_thread = true;  // checked for threads > 1
};
CrowdFigure measure_crowd(std::size_t characters, int threads, double seconds);

struct SimulationFigure {
  std::size_t characters = 0;
  int threads = 1;
  double ticks_per_second = 0.0;
  double ns_per_character_tick = 0.0;
  double allocations_per_tick = 0.0;  // after the warm-up, over every figure's rounds
  bool same_as_one_thread = true;     // checked for threads > 1
};
// The crowd stepped through Simulation::step (workload/sim_crowd.hpp): one
// simulation, warmed up on each number of threads until its buffers
// stopped growing, then timed on each in turn for ten rounds of
// seconds / 10, the fastest round counting (allocations: all rounds). The
// first figure's threads should be 1.
std::vector<SimulationFigure> measure_simulation(std::size_t characters,
                                                 std::initializer_list<int> threads,
                                                 double seconds);

struct QueryFigure {
  const char* name;
  double per_second = 0.0;
};
// BSP sphere queries on the stair hall's physics tree, sphere traces and
// cell-list queries through the demo world.
std::vector<QueryFigure> measure_queries(double seconds);

struct MemoryFigure {
  double bytes_per_character = 0.0;  // runner state, start state, script, and their heap
  std::size_t runner_state_bytes = sizeof(Runner);  // what one tick reads and writes
  // A Simulation character: its state, step slot, world object, shadow
  // entries and their heap (the simulation's heap less its world's).
  double simulation_bytes_per_character = 0.0;
  double bytes_per_polygon = 0.0;  // the whole demo world's heap / its polygons
  std::size_t polygons = 0;
  std::size_t peak_resident_bytes = 0;  // VmHWM after a 10,000-character crowd ran
};
MemoryFigure measure_memory();

}  // namespace transit::perf
