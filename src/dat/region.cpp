#include "transit/dat/region.hpp"

#include "dat/dat_stream.hpp"

namespace transit::dat {

LandDefs parse_land_defs(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  s.portal_file_id(0x13, "a Region's");
  LandDefs d;
  d.region_number = s.u32();
  d.version = s.u32();
  d.region_name = s.pstring();
  s.align();
  d.num_block_length = s.i32();
  d.num_block_width = s.i32();
  d.square_length = s.f32();
  d.lblock_length = s.i32();
  d.vertex_per_cell = s.i32();
  d.max_obj_height = s.f32();
  d.sky_height = s.f32();
  d.road_width = s.f32();
  for (float& h : d.land_height_table) h = s.finite_f32("a land height");
  return d;
}

}  // namespace transit::dat
