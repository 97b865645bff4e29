#pragma once
// The demo world and the AC human body the benchmarks share, built once.

#include "transit/movers/ac/ac_mover.hpp"
#include "workload/scripted_runner.hpp"
#include "transit/world/world.hpp"

namespace transit::perf {

const World& demo_world();
const ac::AcBody& human_body();
// A crowd of `count` characters over the demo world (built once per count;
// callers copy it).
const Crowd& demo_crowd(std::size_t count);

}  // namespace transit::perf
