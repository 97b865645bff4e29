// Transitions share the world read-only: running them on two threads at once
// gives exactly what running them one after another gives.
#include <thread>

#include <gtest/gtest.h>

#include "transit/movers/ac/ac_mover.hpp"
#include "transit/world/demo_world.hpp"

namespace transit::ac {
namespace {

struct Walk {
  Position from, to;
};

std::vector<Walk> walks_around_the_house() {
  std::vector<Walk> walks;
  for (int i = 0; i < 200; ++i) {
    const float x = 90.0f + static_cast<float>(i % 20) * 1.5f;
    const float y = 55.0f + static_cast<float>(i / 20) * 3.0f;
    const Vec3 from(x, y, 20.0f), to(x + 3.0f * ((i % 3) - 1), y + 6.0f, 20.0f);
    walks.push_back({Position{outdoor_cell_from_local(0xA9B40000, from.x, from.y), Frame{from, {}}},
                     Position{outdoor_cell_from_local(0xA9B40000, from.x, from.y), Frame{to, {}}}});
  }
  return walks;
}

std::vector<AcMoveResult> run(const World& world, const std::vector<Walk>& walks, std::size_t first,
                              std::size_t step) {
  std::vector<AcMoveResult> results(walks.size());
  for (std::size_t i = first; i < walks.size(); i += step) {
    AcContact contact;
    contact.contact_plane = surface_under(world, walks[i].from.objcell_id, walks[i].from.frame.origin);
    contact.contact = contact.on_walkable = contact.contact_plane.has_value();
    results[i] = move_body(world, AcBody{}, walks[i].from, walks[i].to, contact);
  }
  return results;
}

TEST(AcThreads, TwoThreadsOnOneWorldMatchOneThread) {
  const World world = World::from_scene(make_demo_world());
  const std::vector<Walk> walks = walks_around_the_house();
  const std::vector<AcMoveResult> alone = run(world, walks, 0, 1);

  std::vector<AcMoveResult> even, odd;
  std::thread a([&] { even = run(world, walks, 0, 2); });
  std::thread b([&] { odd = run(world, walks, 1, 2); });
  a.join();
  b.join();
  int moved = 0;
  for (std::size_t i = 0; i < walks.size(); ++i) {
    const AcMoveResult& together = i % 2 == 0 ? even[i] : odd[i];
    EXPECT_EQ(together.position, alone[i].position) << "walk " << i;
    EXPECT_EQ(together.contact_plane, alone[i].contact_plane) << "walk " << i;
    EXPECT_EQ(together.steps, alone[i].steps) << "walk " << i;
    moved += alone[i].position != walks[i].from;
  }
  EXPECT_GT(moved, 150);  // the walks really go somewhere
}

}  // namespace
}  // namespace transit::ac
