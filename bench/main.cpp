// Benchmark driver: runs every benchmark, then prints how many times faster
// each transit query is than its brute-force peer measured in the same run.
#include <map>
#include <string>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

namespace {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs)
      if (run.run_type == Run::RT_Iteration) ns_[run.benchmark_name()] = run.GetAdjustedRealTime();
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    fmt::print("\nratios measured in this run (peer time / transit time):\n");
    for (const auto& [name, ns] : ns_) {
      const auto cut = name.rfind("_Bsp");
      if (cut == std::string::npos) continue;
      const auto peer = ns_.find(name.substr(0, cut) + "_BruteForce");
      if (peer == ns_.end()) continue;
      fmt::print("  {:<40} {:8.1f} ns vs brute force {:10.1f} ns: {:6.1f}x faster\n",
                 name.substr(3, cut - 3), ns, peer->second, peer->second / ns);
    }
  }

 private:
  std::map<std::string, double> ns_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
