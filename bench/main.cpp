// Benchmark driver: runs every benchmark, then prints the ratios measured in
// the same run: transit's BSP queries against the brute-force loop
// (X_Bsp / X_BruteForce), transit against Bullet per character-tick
// (X_Transit / X_Bullet), and the crowds' 1 -> 2 thread scaling, each
// from the fastest of a benchmark's repetitions.
#include <cstring>
#include <map>
#include <string>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "digest.hpp"

namespace {

struct Measured {
  double ns = 0.0;  // per iteration
  double ns_per_item = 0.0;
};

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration || run.error_occurred) continue;
      Measured m;
      m.ns = run.GetAdjustedRealTime() * to_ns(run.time_unit);
      const auto it = run.counters.find("ns_per_char_tick");
      m.ns_per_item = it != run.counters.end() ? static_cast<double>(it->second) : m.ns;
      // With --benchmark_repetitions the fastest repetition stands: other
      // work on a shared machine only ever slows a run down.
      const auto [it_m, fresh] = measured_.try_emplace(run.benchmark_name(), m);
      if (!fresh && m.ns < it_m->second.ns) it_m->second = m;
    }
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    print_pairs("_Bsp", "_BruteForce", "brute force", "BSP queries against the brute-force loop");
    print_pairs("_Tick", "_BruteForce", "one brute-force query",
                "character-ticks over large meshes against one sphere query looping over "
                "every polygon of the mesh");
    print_pairs("_FromBake", "_FromScene", "building",
                "a world loaded from its baked file against built from its scene and OBJ files");
    print_pairs("_Transit", "_Bullet", "Bullet",
                "transit's AC mover against Bullet's btKinematicCharacterController, "
                "ns per character-tick");
    print_scaling();
    print_overheads();
  }

 private:
  static double to_ns(benchmark::TimeUnit unit) {
    switch (unit) {
      case benchmark::kNanosecond:
        return 1.0;
      case benchmark::kMicrosecond:
        return 1e3;
      case benchmark::kMillisecond:
        return 1e6;
      case benchmark::kSecond:
        return 1e9;
    }
    return 1.0;
  }

  void print_pairs(const std::string& ours, const std::string& theirs, const char* peer_name,
                   const char* title) const {
    bool header = false;
    for (const auto& [name, m] : measured_) {
      const auto cut = name.find(ours);
      if (cut == std::string::npos) continue;
      const std::string peer_key = name.substr(0, cut) + theirs + name.substr(cut + ours.size());
      const auto peer = measured_.find(peer_key);
      if (peer == measured_.end()) continue;
      if (!header) fmt::print("\n{} (peer time / transit time):\n", title);
      header = true;
      const std::string label = name.substr(3, cut - 3) + name.substr(cut + ours.size());
      fmt::print("  {:<44} {:10.1f} ns vs {} {:10.1f} ns: {:6.1f}x faster\n", label, m.ns_per_item,
                 peer_name, peer->second.ns_per_item, peer->second.ns_per_item / m.ns_per_item);
    }
  }

  void print_scaling() const {
    bool header = false;
    for (const auto& [name, m] : measured_) {
      const auto cut = name.find("/threads:1");
      if (cut == std::string::npos) continue;
      const std::string rest = name.substr(cut + std::string("/threads:1").size());
      const auto two = measured_.find(name.substr(0, cut) + "/threads:2" + rest);
      if (two == measured_.end()) continue;
      if (!header) fmt::print("\nscaling, 1 -> 2 threads (ticks per second):\n");
      header = true;
      fmt::print("  {:<44} {:8.1f} -> {:8.1f} ticks/s: {:4.2f}x\n", name.substr(3, cut - 3),
                 1e9 / m.ns, 1e9 / two->second.ns, m.ns / two->second.ns);
    }
  }

  // The C API's frames against the C++ API's (BM_Frame_*), time / C++ time.
  void print_overheads() const {
    bool header = false;
    for (const auto& [name, m] : measured_) {
      const auto cut = name.find("_C");
      if (name.rfind("BM_Frame_C", 0) != 0 || name.find("_Cpp") != std::string::npos) continue;
      const auto slash = name.find('/');
      const auto cpp = measured_.find("BM_Frame_Cpp" + name.substr(slash));
      if (cpp == measured_.end() || cut == std::string::npos) continue;
      if (!header) fmt::print("\nC API against the C++ API (time / C++ time, 1.00 = no overhead):\n");
      header = true;
      fmt::print("  {:<44} {:8.3f} ms vs C++ {:8.3f} ms per frame: {:5.3f}\n", name.substr(3),
                 m.ns / 1e6, cpp->second.ns / 1e6, m.ns / cpp->second.ns);
    }
  }

  std::map<std::string, Measured> measured_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--digest") == 0) {
    transit::perf::print_digest();
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
