#include "dat/synthetic_data.hpp"

#include <fstream>
#include <map>

#include "dat/dat_writer.hpp"
#include "transit/dat/retail_data.hpp"

namespace transit::dat::testing {

LandDefs retail_like_land_defs() {
  LandDefs d;
  d.region_number = 1;
  d.version = 3;
  d.region_name = "Dereth";  // 6 bytes: two of padding follow
  d.num_block_length = 255;
  d.num_block_width = 255;
  d.square_length = 24.0f;
  d.lblock_length = 8;
  d.vertex_per_cell = 1;
  d.max_obj_height = 200.0f;
  d.sky_height = 1000.0f;
  d.road_width = 5.0f;
  for (std::size_t i = 0; i < 256; ++i) d.land_height_table[i] = static_cast<float>(i) * 2.0f;
  return d;
}

// Grass (type 1), with a road bit on the first column.
CellLandblock ramp_block(int x, int y, int base) {
  CellLandblock b;
  b.id = cell_landblock_id(x, y);
  b.has_objects = true;
  for (int vx = 0; vx < 9; ++vx)
    for (int vy = 0; vy < 9; ++vy) {
      const std::size_t i = static_cast<std::size_t>(vx * 9 + vy);
      b.heights[i] = static_cast<std::uint8_t>(base + vx);
      b.terrain[i] = static_cast<std::uint16_t>((1 << 2) | (vx == 0 ? 1 : 0));
    }
  return b;
}

LandblockInfo small_landblock_info(int x, int y) {
  LandblockInfo info;
  info.id = landblock_info_id(x, y);
  info.num_cells = 2;
  info.objects = {{0x01000A01, {{30.0f, 40.0f, 25.0f}, {1, 0, 0, 0}}},
                  {0x02000B02, {{60.0f, 80.0f, 30.0f}, {0.7071068f, 0, 0, 0.7071068f}}}};
  BuildingInfo house;
  house.model = 0x01001234;
  house.frame = {{120.0f, 100.0f, 30.0f}, {1, 0, 0, 0}};
  house.num_leaves = 3;
  house.portals = {{1, 0x0100, 0, {0x0100, 0x0101, 0x0102}}};  // 3 stabs: padded to 4 bytes
  info.buildings = {house};
  info.pack_mask = 1;
  info.restrictions = {{static_cast<std::uint32_t>(x << 24 | y << 16 | 0x0100), 0x7F000001}};
  return info;
}

void write_data_dir(const std::filesystem::path& dir) {
  std::map<std::uint32_t, std::string> cell{
      {cell_landblock_id(0xA9, 0xB4), cell_landblock_bytes(ramp_block(0xA9, 0xB4, 10))},
      {landblock_info_id(0xA9, 0xB4), landblock_info_bytes(small_landblock_info(0xA9, 0xB4))},
      {cell_landblock_id(0xAA, 0xB4), cell_landblock_bytes(ramp_block(0xAA, 0xB4, 18))}};
  std::map<std::uint32_t, std::string> portal{{kRegionId, region_bytes(retail_like_land_defs())}};
  std::ofstream(dir / kCellFileName, std::ios::binary) << write_dat(cell, {256, DataSet::Cell, true});
  std::ofstream(dir / kPortalFileName, std::ios::binary) << write_dat(portal, {1024, DataSet::Portal, true});
}

}  // namespace transit::dat::testing
