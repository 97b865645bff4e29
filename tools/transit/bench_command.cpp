#include "bench_command.hpp"

#include <memory>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "workload/figures.hpp"

namespace transit::cli {

namespace {

struct BenchOptions {
  bool quick = false;
};

void print_ticks(double seconds) {
  fmt::print("one character, one tick (1/30 s at {} m/s), AC mover\n", perf::kRunSpeed);
  fmt::print("  {:<24} {:>12}\n", "scenario", "ns/tick");
  for (const perf::TickFigure& f : perf::measure_ticks(seconds))
    fmt::print("  {:<24} {:>12.0f}\n", perf::to_string(f.scenario), f.ns_per_tick);
}

void print_crowds(std::size_t largest, double seconds) {
  fmt::print("\ncrowds running scripted paths over the demo world\n");
  fmt::print("  {:>10} {:>8} {:>12} {:>16} {:>9} {:>14}\n", "characters", "threads", "ticks/s",
             "ns/char-tick", "scaling", "same bits");
  for (std::size_t n = 1000; n <= largest; n *= 10) {
    const perf::CrowdFigure one = perf::measure_crowd(n, 1, seconds);
    const perf::CrowdFigure two = perf::measure_crowd(n, 2, seconds);
    for (const perf::CrowdFigure& f : {one, two})
      fmt::print("  {:>10} {:>8} {:>12.1f} {:>16.0f} {:>9} {:>14}\n", f.characters, f.threads,
                 f.ticks_per_second, f.ns_per_character_tick,
                 f.threads == 1 ? std::string("")
                                : fmt::format("{:.2f}x", f.ticks_per_second / one.ticks_per_second),
                 f.threads == 1 ? "" : (f.same_as_one_thread ? "yes" : "NO"));
  }
}

void print_simulation(std::size_t largest, double seconds) {
  fmt::print("\ncrowds through Simulation::step (motion, quanta, transition, events)\n");
  fmt::print("  {:>10} {:>8} {:>12} {:>16} {:>9} {:>14} {:>12}\n", "characters", "threads",
             "ticks/s", "ns/char-tick", "scaling", "same bits", "allocs/tick");
  for (std::size_t n = 1000; n <= largest; n *= 10) {
    const std::vector<perf::SimulationFigure> figures =
        perf::measure_simulation(n, {1, 2}, seconds);
    const perf::SimulationFigure& one = figures.front();
    for (const perf::SimulationFigure& f : figures)
      fmt::print("  {:>10} {:>8} {:>12.1f} {:>16.0f} {:>9} {:>14} {:>12.2f}\n", f.characters,
                 f.threads, f.ticks_per_second, f.ns_per_character_tick,
                 f.threads == 1 ? std::string("")
                                : fmt::format("{:.2f}x", f.ticks_per_second / one.ticks_per_second),
                 f.threads == 1 ? "" : (f.same_as_one_thread ? "yes" : "NO"),
                 f.allocations_per_tick);
  }
}

void print_machine_scaling(double seconds) {
  fmt::print("\nthe machine: two threads sharing nothing (the stairs, one character each)\n");
  fmt::print("  {:<42} {:>11.2f}x one thread\n", "throughput of two threads",
             perf::measure_machine_scaling(seconds));
}

void print_queries(double seconds) {
  fmt::print("\nqueries\n");
  for (const perf::QueryFigure& f : perf::measure_queries(seconds))
    fmt::print("  {:<42} {:>12.0f} /s\n", f.name, f.per_second);
}

void print_memory() {
  const perf::MemoryFigure m = perf::measure_memory();
  fmt::print("\nmemory\n");
  fmt::print("  {:<42} {:>12.0f} B ({} B of tick state)\n", "per character", m.bytes_per_character,
             m.runner_state_bytes);
  fmt::print("  {:<42} {:>12.0f} B\n", "per Simulation character",
             m.simulation_bytes_per_character);
  fmt::print("  {:<42} {:>12.0f} B ({} polygons)\n", "per world polygon, BSP included",
             m.bytes_per_polygon, m.polygons);
  fmt::print("  {:<42} {:>12.1f} MiB\n", "peak resident (VmHWM), 10,000 characters",
             static_cast<double>(m.peak_resident_bytes) / (1024.0 * 1024.0));
}

void run_bench(const BenchOptions& options) {
  const double seconds = options.quick ? 0.05 : 0.5;
  fmt::print("transit bench{}: {} hardware threads\n\n", options.quick ? " --quick" : "",
             std::thread::hardware_concurrency());
  print_ticks(seconds);
  print_crowds(options.quick ? 1000 : 10000, seconds * 2.0);
  print_simulation(options.quick ? 1000 : 10000, seconds * 2.0);
  print_machine_scaling(seconds * 2.0);
  print_queries(seconds);
  if (!options.quick) print_memory();
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "measure one character-tick, crowds and simulations on 1 and 2 threads, queries and memory");
  cmd->add_flag("--quick", options->quick,
                "a short run: brief timings, the 1,000-character crowd only, no memory figures");
  cmd->callback([options] { run_bench(*options); });
}

}  // namespace transit::cli
