// Run a character across retail terrain read from a data directory holding
// client_cell_1.dat and client_portal.dat (docs/retail-data.md):
//   retail_terrain DIR [0xXXYY]      (DIR may also come from TRANSIT_DAT)
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include <transit/transit.hpp>

int main(int argc, char** argv) try {
  const char* dir = argc > 1 ? argv[1] : std::getenv("TRANSIT_DAT");
  if (!dir) {
    std::fprintf(stderr, "usage: retail_terrain DIR [0xXXYY] (or set TRANSIT_DAT)\n");
    return 2;
  }
  const transit::dat::RetailData retail = transit::dat::RetailData::open(dir);
  const unsigned xxyy = argc > 2 ? static_cast<unsigned>(std::stoul(argv[2], nullptr, 16)) : 0xA9B4u;
  const int x = static_cast<int>(xxyy >> 8), y = static_cast<int>(xxyy & 0xFF);

  // The landblock and those of its eight neighbours that the map has.
  std::vector<std::pair<int, int>> blocks;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy)
      if (retail.landblock(x + dx, y + dy)) blocks.emplace_back(x + dx, y + dy);
  const transit::SceneDesc scene = retail.terrain_scene(blocks);
  const transit::World world = transit::World::from_scene(scene);

  // Start 1 m above the landblock's middle vertex, heading north-east.
  const transit::LandblockDesc middle = retail.landblock_desc(*retail.landblock(x, y));
  transit::PositionDesc start;
  start.cell = (xxyy << 16) | 0x25u;  // the outdoor cell at (96, 96)
  start.local = {96.0f, 96.0f, (*middle.heights)[4 * 9 + 4] + 1.0f};
  transit::OrientationDesc heading;
  heading.heading_deg = 45.0f;
  transit::Character runner(transit::CharacterSettings{}, *world.resolve(start, heading));
  runner.place(world);
  runner.set_controls({transit::ForwardInput::Run, transit::StrafeInput::Stop, 20.0f});
  for (int tick = 0; tick < 90; ++tick) runner.update(world, 1.0 / 30.0);

  const transit::Vec3 p = runner.position().frame.origin;
  std::printf("%zu landblocks of %s; after 3 s the runner is in cell 0x%08X at (%.2f, %.2f, %.2f), %s\n",
              blocks.size(), dir, runner.cell(), p.x, p.y, p.z,
              runner.ground_state() == transit::GroundState::OnGround ? "on the ground" : "not on the ground");
  return 0;
} catch (const transit::InputError& e) {
  std::fprintf(stderr, "%s\n", e.what());
  return 1;
}
