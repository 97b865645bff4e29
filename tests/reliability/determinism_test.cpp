// Same inputs, bit-identical outputs: a hash of every result of thousands of
// random transitions is the same on two runs, on one and two threads, and in
// every build (-O2 release, -O1 ASan, -O0 debug all check the checked-in
// hash in tests/reliability/determinism.hash).
//
// When the mover's behaviour changes on purpose, the hash changes: rerun with
// TRANSIT_UPDATE_DETERMINISM_HASH=1 in the release build to rewrite the file.
#include <cstdlib>
#include <fstream>
#include <thread>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "reliability/fnv1a.hpp"
#include "reliability/soak_moves.hpp"

namespace transit::reliability {
namespace {

constexpr std::uint64_t kSeed = 77;
constexpr int kWorlds = 12;
constexpr int kMovesPerWorld = 150;

struct WorldCases {
  SoakWorld soak;
  World world;
  std::vector<SoakCase> cases;
};

std::vector<WorldCases> make_cases() {
  std::vector<WorldCases> all;
  for (int w = 0; w < kWorlds; ++w) {
    SoakRng rng(derive_seed(kSeed, static_cast<std::uint64_t>(w)));
    SoakWorld soak = generate_world(rng, {});
    World world = World::from_scene(soak.scene);
    std::vector<SoakCase> cases;
    for (int m = 0; m < kMovesPerWorld; ++m)
      if (auto c = random_case(rng, soak, world, nullptr)) cases.push_back(*c);
    all.push_back({std::move(soak), std::move(world), std::move(cases)});
  }
  return all;
}

void add_result(Fnv1a& h, const ac::AcMoveResult& r) {
  h.add(r.ok), h.add(r.steps), h.add(r.position.objcell_id);
  h.add(r.position.frame.origin);
  h.add(r.position.frame.orientation.w), h.add(r.position.frame.orientation.z);
  h.add(r.contact), h.add(r.on_walkable);
  if (r.contact_plane) h.add(r.contact_plane->plane.normal), h.add(r.contact_plane->plane.d);
  if (r.sliding_normal) h.add(*r.sliding_normal);
}

// Results of every case, each world's cases split over `threads` threads.
std::vector<ac::AcMoveResult> run_all(const std::vector<WorldCases>& all, int threads) {
  std::vector<ac::AcMoveResult> results;
  for (const WorldCases& w : all) {
    std::vector<ac::AcMoveResult> mine(w.cases.size());
    auto share = [&](int first) {
      for (std::size_t i = static_cast<std::size_t>(first); i < w.cases.size(); i += threads)
        mine[i] = run_case(w.world, w.soak.scene, w.cases[i]).outcome.result;
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(share, t);
    for (std::thread& t : pool) t.join();
    results.insert(results.end(), mine.begin(), mine.end());
  }
  return results;
}

std::uint64_t hash_of(const std::vector<ac::AcMoveResult>& results) {
  Fnv1a h;
  for (const ac::AcMoveResult& r : results) add_result(h, r);
  return h.value();
}

const std::string kHashFile =
    std::string(TRANSIT_SOURCE_DIR) + "/tests/reliability/determinism.hash";

TEST(Determinism, TwoRunsAndTwoThreadsGiveBitIdenticalResults) {
  const std::vector<WorldCases> all = make_cases();
  const std::vector<ac::AcMoveResult> first = run_all(all, 1);
  ASSERT_GT(first.size(), static_cast<std::size_t>(kWorlds * kMovesPerWorld / 2));
  EXPECT_EQ(hash_of(run_all(all, 1)), hash_of(first));
  EXPECT_EQ(hash_of(run_all(all, 2)), hash_of(first));
}

TEST(Determinism, ResultsMatchTheCheckedInHashInEveryBuild) {
  const std::uint64_t hash = hash_of(run_all(make_cases(), 1));
  const std::string text = fmt::format("{:016x}", hash);
  if (std::getenv("TRANSIT_UPDATE_DETERMINISM_HASH")) std::ofstream(kHashFile) << text << "\n";
  std::string expected;
  std::ifstream(kHashFile) >> expected;
  EXPECT_EQ(text, expected) << "results differ from " << kHashFile
                            << " (a build that rounds differently, or a deliberate change of "
                               "the mover: then rerun with TRANSIT_UPDATE_DETERMINISM_HASH=1)";
}

}  // namespace
}  // namespace transit::reliability
