// Simulation::step on several threads: every step gives the same bits
// (positions, velocities, contact planes, box states) and the same events
// as on one thread, for the demo tour and for a crowd that bumps into
// itself.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "transit/math/same_bits.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"
#include "support/demo_sim.hpp"

namespace transit {
namespace {

using test::demo_world;

// The first way character `i` differs between the two simulations, or "".
std::string difference(const SimCharacter& a, const SimCharacter& b) {
  const PhysicsBody &x = a.body, &y = b.body;
  if (!same_bits(x.position, y.position)) return "position";
  if (!same_bits(x.velocity, y.velocity)) return "velocity";
  if (x.contact != y.contact || x.on_walkable != y.on_walkable) return "contact";
  if (!same_bits(x.contact_plane, y.contact_plane)) return "contact plane";
  if (!same_bits(x.sliding_normal, y.sliding_normal)) return "sliding normal";
  if (!same_bits(a.box_state.position, b.box_state.position) ||
      !same_bits(a.box_state.velocity, b.box_state.velocity) ||
      a.box_state.on_ground != b.box_state.on_ground)
    return "box state";
  return "";
}

std::string difference(const SimEvent& a, const SimEvent& b) {
  if (a.t != b.t || a.character != b.character || a.kind != b.kind || a.id != b.id)
    return fmt::format("event {} of character {} against {} of character {}", to_string(a.kind),
                       a.character, to_string(b.kind), b.character);
  return "";
}

// The same scene stepped on 1, 2, ... threads side by side, the script's
// inputs applied to all before each step.
class Lockstep {
 public:
  Lockstep(const SceneDesc& scene, std::initializer_list<int> threads) {
    for (int n : threads) {
      SimulationOptions options;
      options.threads = n;
      sims_.push_back(std::make_unique<Simulation>(demo_world(), scene, options));
    }
    events_.resize(sims_.size());
  }
  Lockstep(const SceneDesc& scene, const std::vector<SimulationOptions>& options) {
    for (const SimulationOptions& o : options)
      sims_.push_back(std::make_unique<Simulation>(demo_world(), scene, o));
    events_.resize(sims_.size());
  }
  std::size_t size() const { return sims_.size(); }

  Simulation& sim(std::size_t i) { return *sims_[i]; }

  void apply(std::size_t character, const ScriptInput& input) {
    for (auto& sim : sims_) sim->apply(character, input);
  }

  // One step of every simulation; the first way one differs from the
  // first simulation, or "".
  std::string step(double dt) {
    for (std::size_t s = 0; s < sims_.size(); ++s) {
      sims_[s]->step(dt);
      sims_[s]->take_events(events_[s]);
    }
    for (std::size_t s = 1; s < sims_.size(); ++s) {
      const std::string d = difference(0, s);
      if (!d.empty()) return fmt::format("{} threads: {}", sims_[s]->threads(), d);
    }
    return "";
  }

  // The last step's events (the same in every simulation).
  const std::vector<SimEvent>& events() const { return events_[0]; }

 private:
  std::string difference(std::size_t a, std::size_t b) const {
    if (events_[a].size() != events_[b].size()) return "number of events";
    for (std::size_t e = 0; e < events_[a].size(); ++e) {
      const std::string d = transit::difference(events_[a][e], events_[b][e]);
      if (!d.empty()) return d;
    }
    for (std::size_t i = 0; i < sims_[a]->size(); ++i) {
      const std::string d = transit::difference(sims_[a]->character(i), sims_[b]->character(i));
      if (!d.empty()) return fmt::format("character {}: {}", i, d);
    }
    return "";
  }

  std::vector<std::unique_ptr<Simulation>> sims_;
  std::vector<std::vector<SimEvent>> events_;
};

TEST(SimulationThreads, TheDemoTourIsBitIdenticalOnOneAndTwoThreads) {
  const ScriptDesc script = make_demo_script();
  Lockstep lockstep(make_demo_world(), {1, 2});
  ASSERT_EQ(lockstep.sim(1).threads(), 2);
  const auto ticks = static_cast<long long>(std::llround(script.duration / script.dt));
  std::map<std::string, std::size_t> next;
  std::size_t events = 0;
  for (long long tick = 0; tick < ticks; ++tick) {
    const double now = static_cast<double>(tick) * script.dt + script.dt * 1e-6;
    for (const auto& [name, inputs] : script.inputs) {
      std::size_t& i = next[name];
      for (; i < inputs.size() && inputs[i].t <= now; ++i)
        lockstep.apply(*lockstep.sim(0).find(name), inputs[i]);
    }
    ASSERT_EQ(lockstep.step(script.dt), "") << "tick " << tick;
    events += lockstep.events().size();
  }
  EXPECT_GT(events, 50u);  // the tour's collisions, landings, cells...
}

// `count` characters on the village pad, close enough to run into each
// other: player killers (who collide), creatures (who block), plain players
// (who pass through each other), and every 25th a Quake or Tribes box.
SceneDesc crowd_scene(int count) {
  SceneDesc scene = make_demo_world();
  scene.characters.clear();
  for (int i = 0; i < count; ++i) {
    CharacterDesc c;
    c.name = fmt::format("c{}", i);
    c.position.cell = demo::kVillageBlock | 0x23;
    c.position.local = Vec3(90.0f + static_cast<float>((i * 37) % 45),
                            48.0f + static_cast<float>((i * 53) % 45), demo::kGroundZ);
    c.orientation.heading_deg = static_cast<float>((i * 47) % 360);
    c.flags = kFlagEdgeSlide | kFlagGravity;
    c.flags |= i % 6 < 2 ? kFlagPlayer | kFlagPk : i % 6 == 2 ? kFlagCreature : kFlagPlayer;
    if (i % 25 == 3) c.mover = MoverKind::Quake;
    if (i % 25 == 7) c.mover = MoverKind::Tribes;
    scene.characters.push_back(c);
  }
  return scene;
}

ScriptInput crowd_input(int i, int tick) {
  ScriptInput input;
  if (tick == 0) {
    input.forward = ForwardInput::Run;
    input.turn_deg_per_s = static_cast<float>(i % 9) * 10.0f - 40.0f;
  }
  if (tick == 20 && i % 5 == 0) input.jump = 0.5f;
  if (tick == 45 && i % 3 == 0) {
    input.forward = ForwardInput::Walk;
    input.strafe = StrafeInput::Left;
  }
  return input;
}

TEST(SimulationThreads, ACrowdIsBitIdenticalOnOneTwoAndThreeThreads) {
  constexpr int kCharacters = 240;
  constexpr int kTicks = 75;
  Lockstep lockstep(crowd_scene(kCharacters), {1, 2, 3});
  std::size_t collisions = 0;
  for (int tick = 0; tick < kTicks; ++tick) {
    for (int i = 0; i < kCharacters; ++i)
      lockstep.apply(static_cast<std::size_t>(i), crowd_input(i, tick));
    ASSERT_EQ(lockstep.step(1.0 / 30.0), "") << "tick " << tick;
    for (const SimEvent& e : lockstep.events())
      collisions += e.kind == SimEventKind::CollidedObject;
  }
  // The crowd did run into itself.
  EXPECT_GT(collisions, 100u);
}

// Characters on a 6 m grid around the corner where the demo's four
// landblocks meet (village-local (192, 192)), running every way across the
// borders; every fourth chasing another.
SceneDesc border_crowd(int count) {
  SceneDesc scene = make_demo_world();
  scene.characters.clear();
  for (int i = 0; i < count; ++i) {
    CharacterDesc c;
    c.name = fmt::format("c{}", i);
    Vec3 at(32448.0f + 150.0f + static_cast<float>(i % 15 * 6),
            34560.0f + 150.0f + static_cast<float>(i / 15 * 6), 100.0f);
    const Position p = *demo_world().resolve_global(at);
    Vec3 ground = p.frame.origin;
    ac::surface_under(demo_world(), p.objcell_id, ground)->plane.set_height(ground);
    at.z = ground.z;
    c.position.global = at;
    c.orientation.heading_deg = static_cast<float>((i * 47) % 360);
    c.flags = kFlagEdgeSlide | kFlagGravity | (i % 3 == 0 ? kFlagCreature : kFlagPlayer | kFlagPk);
    scene.characters.push_back(c);
  }
  return scene;
}

std::uint32_t group_key(CellId cell, std::uint32_t span) {
  return (landblock_x(cell) / span) << 16 | (landblock_y(cell) / span);
}

TEST(SimulationThreads, LandblockGroupsHandCrossersOverAndMatchOneThreadBitForBit) {
  constexpr int kCharacters = 200;
  constexpr int kTicks = 90;
  std::vector<SimulationOptions> options(4);
  options[1].scheduling = options[2].scheduling = options[3].scheduling = SimScheduling::LandblockGroups;
  options[1].landblock_group_span = options[2].landblock_group_span = options[3].landblock_group_span = 1;
  options[2].threads = 2;
  options[3].threads = 3;
  Lockstep lockstep(border_crowd(kCharacters), options);
  for (std::size_t s = 0; s < lockstep.size(); ++s)
    for (std::size_t i = 0; i < kCharacters; i += 4)
      lockstep.sim(s).move_to_character(i, (i + 7) % kCharacters);

  int handovers = 0;
  std::vector<std::uint32_t> groups_used;
  for (int tick = 0; tick < kTicks; ++tick) {
    for (int i = 1; i < kCharacters; ++i)
      if (i % 4 != 0) lockstep.apply(static_cast<std::size_t>(i), crowd_input(i, tick));
    std::vector<std::uint32_t> before(kCharacters);
    for (std::size_t i = 0; i < kCharacters; ++i)
      before[i] = group_key(lockstep.sim(2).character(i).body.position.objcell_id, 1);
    ASSERT_EQ(lockstep.step(1.0 / 30.0), "") << "tick " << tick;
    for (std::size_t i = 0; i < kCharacters; ++i) {
      // Every character was updated in the group it stood in at the start
      // of the step: never in none, never in two.
      ASSERT_EQ(lockstep.sim(2).group_of(i), before[i]) << "character " << i << " tick " << tick;
      const std::uint32_t now = group_key(lockstep.sim(2).character(i).body.position.objcell_id, 1);
      handovers += now != before[i];
      if (std::find(groups_used.begin(), groups_used.end(), now) == groups_used.end())
        groups_used.push_back(now);
    }
  }
  EXPECT_EQ(groups_used.size(), 4u);
  EXPECT_GT(handovers, 50);
}

}  // namespace
}  // namespace transit
