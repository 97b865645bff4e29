#include "transit/dat/region.hpp"

#include "dat/dat_stream.hpp"

namespace transit::dat {

namespace {

LandDefs read_land_defs(DatStream& s) {
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

// A u32 count of items of at least `each` bytes, each read past by `skip`.
template <typename Skip>
void skip_list(DatStream& s, std::size_t each, const char* what, Skip skip) {
  const std::uint32_t n = s.count(s.u32(), each, what);
  for (std::uint32_t i = 0; i < n; ++i) skip();
}

void skip_named(DatStream& s, std::size_t fixed) {
  s.skip(fixed);
  s.pstring();
  s.align();
}

// GameTime: the calendar, times of day, days of the week and seasons.
void skip_game_time(DatStream& s) {
  s.skip(8 + 4 + 4 + 4);  // zero time of year (f64), zero year, day length, days a year
  s.pstring();            // year spec
  s.align();
  skip_list(s, 10, "time-of-day count", [&] { skip_named(s, 8); });
  skip_list(s, 2, "weekday count", [&] { skip_named(s, 0); });
  skip_list(s, 6, "season count", [&] { skip_named(s, 4); });
}

// SkyDesc: tick sizes and day groups of sky objects and times of day.
void skip_sky(DatStream& s) {
  s.skip(16);
  s.align();
  skip_list(s, 14, "day group count", [&] {
    skip_named(s, 4);
    skip_list(s, 36, "sky object count", [&] { s.skip(36); });
    skip_list(s, 48, "sky time count", [&] {
      s.skip(44);
      skip_list(s, 24, "sky replacement count", [&] { s.skip(24); });
    });
  });
}

// SoundDesc: ambient sound tables.
void skip_sound(DatStream& s) {
  skip_list(s, 8, "ambient table count", [&] {
    s.skip(4);
    skip_list(s, 20, "ambient sound count", [&] { s.skip(20); });
  });
}

std::vector<std::uint32_t> id_list(DatStream& s, const char* what) {
  std::vector<std::uint32_t> ids(s.count(s.u32(), 4, what));
  for (std::uint32_t& id : ids) id = s.u32();
  return ids;
}

}  // namespace

const std::vector<std::uint32_t>& RegionScenery::scenes(int terrain_type, int scene_slot) const {
  static const std::vector<std::uint32_t> none;
  if (terrain_type < 0 || scene_slot < 0 || static_cast<std::size_t>(terrain_type) >= terrain_scene_types.size())
    return none;
  const auto& slots = terrain_scene_types[static_cast<std::size_t>(terrain_type)];
  if (static_cast<std::size_t>(scene_slot) >= slots.size()) return none;
  return scene_types.at(slots[static_cast<std::size_t>(scene_slot)]);
}

LandDefs parse_land_defs(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  return read_land_defs(s);
}

Region parse_region(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  Region r;
  r.land_defs = read_land_defs(s);
  skip_game_time(s);
  r.parts_mask = s.u32();
  if (r.parts_mask & 0x10) skip_sky(s);
  if (r.parts_mask & 0x01) skip_sound(s);
  if (r.parts_mask & 0x02) {
    const std::uint32_t n = s.count(s.u32(), 8, "scene type count");
    r.scenery.scene_types.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      s.u32();  // the ambient sound table's index
      r.scenery.scene_types.push_back(id_list(s, "scene count"));
    }
  }
  const std::uint32_t n = s.count(s.u32(), 10, "terrain type count");
  r.scenery.terrain_scene_types.reserve(n);
  for (std::uint32_t t = 0; t < n; ++t) {
    skip_named(s, 0);  // the terrain type's name
    s.u32();           // its colour
    r.scenery.terrain_scene_types.push_back(id_list(s, "scene type count"));
    const auto& slots = r.scenery.terrain_scene_types.back();
    for (std::size_t slot = 0; slot < slots.size(); ++slot)
      if (slots[slot] >= r.scenery.scene_types.size())
        s.fail(fmt::format("terrain type {}'s scene slot {} names scene type {}, and there are {}", t, slot,
                           slots[slot], r.scenery.scene_types.size()));
  }
  return r;  // land surfaces and the miscellany follow: not needed
}

}  // namespace transit::dat
