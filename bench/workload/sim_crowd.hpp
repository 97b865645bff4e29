#pragma once
// Crowds stepped through the whole Simulation (motion interpreter, quanta,
// AC transition, events, the characters' own world objects): the demo
// world plus `count` characters standing where demo_crowd(count) puts its
// runners, each running in circles of its own size.

#include <cstddef>
#include <memory>

#include "transit/sim/simulation.hpp"

namespace transit::perf {

inline constexpr double kSimTickSeconds = 1.0 / 30.0;

// The demo world with the crowd's characters (built once per count).
const SceneDesc& sim_crowd_scene(std::size_t count);
// A simulation of that scene on `threads` threads, every character running
// with turn rate (i % 61) - 30 degrees per second.
std::unique_ptr<Simulation> make_sim_crowd(std::size_t count, int threads);

// Steps `sim` until its buffers have stopped growing: at least 60 steps,
// then until 60 steps in a row allocated nothing, at most 900 steps in
// all. Returns the steps taken.
int warm_up(Simulation& sim, std::vector<SimEvent>& events);
// A crowd simulation warmed up once per count and kept; callers set its
// threads and step it on.
Simulation& warmed_sim_crowd(std::size_t count);

// Every character's position, velocity, contact state and contact plane
// are the same bits in both.
bool same_state(const Simulation& a, const Simulation& b);
// `ticks` steps of the crowd on `threads` threads end in the same state,
// with the same events every step, as on one thread.
bool sim_same_as_one_thread(std::size_t count, int threads, int ticks);

}  // namespace transit::perf
