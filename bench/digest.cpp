// `transit_bench --digest`: a hash of every character's state after a few
// hundred ticks of each scenario and of a 1,000-character crowd, to check
// that a speed-up left every float bit unchanged.
#include "digest.hpp"

#include <bit>
#include <cstdint>

#include <fmt/format.h>

#include "workload/demo_fixture.hpp"

namespace transit::perf {
namespace {

constexpr int kTicks = 300;

struct Fnv {
  std::uint64_t h = 1469598103934665603ull;
  void add(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) h = (h ^ ((v >> (8 * i)) & 0xFFu)) * 1099511628211ull;
  }
  void add(float f) { add(std::bit_cast<std::uint32_t>(f)); }
  void add(const Vec3& v) { add(v.x), add(v.y), add(v.z); }
};

void add(Fnv& fnv, const Runner& r) {
  fnv.add(r.position.objcell_id);
  fnv.add(r.position.frame.origin);
  fnv.add(r.position.frame.orientation.w);
  fnv.add(static_cast<std::uint32_t>(r.contact.contact * 2 + r.contact.on_walkable));
  if (r.contact.contact_plane)
    fnv.add(r.contact.contact_plane->plane.normal), fnv.add(r.contact.contact_plane->plane.d);
  if (r.contact.sliding_normal) fnv.add(*r.contact.sliding_normal);
  fnv.add(static_cast<std::uint32_t>(r.contact.frames_stationary_fall));
  fnv.add(r.fall_speed);
}

}  // namespace

void print_digest() {
  const World& world = demo_world();
  for (Scenario s : {Scenario::OpenTerrain, Scenario::TreesAndCreatures, Scenario::IndoorStairs,
                     Scenario::WallSlide, Scenario::Falling}) {
    const ScenarioSetup setup = make_scenario(world, human_body(), s);
    Runner r = setup.start;
    Fnv fnv;
    for (int i = 0; i < kTicks; ++i) {
      step_runner(world, human_body(), setup.script, setup.start, r);
      add(fnv, r);
    }
    fmt::print("{:<22} {:016x}\n", to_string(s), fnv.h);
  }
  Crowd crowd = demo_crowd(1000);
  ParallelFor pool(1);
  Fnv fnv;
  for (int i = 0; i < kTicks; ++i) {
    step_crowd(world, human_body(), crowd, pool);
    for (const Runner& r : crowd.runners) add(fnv, r);
  }
  fmt::print("{:<22} {:016x}\n", "crowd_1000", fnv.h);
}

}  // namespace transit::perf
