#include "dat_commands.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include <fmt/format.h>

#include "reporting_errors.hpp"
#include "transit/dat/retail_data.hpp"
#include "transit/format/scene_writer.hpp"
#include "transit/math/input_error.hpp"
#include "transit/world/retail_scenery.hpp"
#include "transit/world/retail_world.hpp"
#include "transit/world/world.hpp"

namespace transit::cli {

namespace {

const char* set_name(dat::DataSet set) {
  switch (set) {
    case dat::DataSet::Portal: return "portal";
    case dat::DataSet::Cell: return "cell";
    case dat::DataSet::Language: return "language";
    case dat::DataSet::HighRes: return "high-res";
  }
  return "unknown";
}

std::string archive_line(const dat::DatArchive& a, std::size_t files) {
  return fmt::format("{}: {} data set, block size {}, {} bytes, {} files\n", a.name(), set_name(a.data_set()),
                     a.header().block_size, a.header().file_size, files);
}

std::string scenery_line(const dat::RetailData& retail, const dat::CellLandblock& block) {
  dat::RetailObjects objects;
  const SceneryCounts s = add_retail_scenery(retail, block, objects);
  return fmt::format("  scenery: {} placed ({} objects); left out: {} by frequency, {} weenie, {} off the landblock, "
                     "{} on roads, {} in building cells, {} by slope, {} past the edge\n", s.placed,
                     objects.placed.size(), s.not_chosen, s.weenie, s.outside, s.road, s.building, s.slope, s.past_edge);
}

std::string landblock_report(const dat::RetailData& retail, std::pair<int, int> xy) {
  const auto [x, y] = xy;
  const auto block = retail.landblock(x, y);
  if (!block)
    throw InputError(fmt::format("{}: no terrain for landblock 0x{:02X}{:02X} (file 0x{:08X})", retail.cell().name(),
                                 x, y, dat::cell_landblock_id(x, y)));
  const LandblockDesc desc = retail.landblock_desc(*block);
  const auto [lo, hi] = std::minmax_element(desc.heights->begin(), desc.heights->end());
  std::set<int> types(desc.terrain_types->begin(), desc.terrain_types->end());
  std::string out = fmt::format("landblock 0x{:02X}{:02X}: terrain {:.1f}..{:.1f} m, terrain types {{{}}}, {}\n", x, y,
                                *lo, *hi, fmt::join(types, ", "),
                                block->has_objects ? "has objects" : "no objects");
  const auto info = retail.landblock_info(x, y);
  if (!info)
    return out + "  no LandblockInfo (0xXXYYFFFE): no buildings, objects or indoor cells\n" + scenery_line(retail, *block);
  std::size_t portals = 0, gfx = 0;
  for (const auto& b : info->buildings) portals += b.portals.size();
  for (const auto& o : info->objects) gfx += (o.id >> 24) == 0x01;
  out += fmt::format("  {} indoor cells, {} static objects ({} GfxObj, {} Setup), {} buildings ({} portals), {} "
                     "restricted cells\n", info->num_cells, info->objects.size(), gfx, info->objects.size() - gfx,
                     info->buildings.size(), portals, info->restrictions.size());
  const dat::RetailObjects objects = retail.static_objects(x, y);
  out += fmt::format("  {} objects placed (GfxObj shapes with physics, Setup parts, spheres and cylspheres), {} "
                     "parts left out\n", objects.placed.size(), objects.not_read.size());
  for (const dat::RetailCell& c : retail.indoor_cells(x, y))
    out += fmt::format("  cell 0x{:08X}: {} polygons, {} portals{}; physics BSP {} nodes over {} polygons\n", c.desc.id,
                       c.desc.mesh.polygons.size(), c.desc.portals.size(), c.desc.seen_outside ? ", seen outside" : "",
                       c.physics.nodes().size(), c.physics.polygons().size());
  return out + scenery_line(retail, *block);
}

}  // namespace

std::string retail_data_dir(const DatOptions& options) {
  if (!options.dir.empty()) return options.dir;
  if (auto dir = dat::dat_dir_from_environment()) return dir->string();
  throw InputError(fmt::format("no retail data directory: give --dat DIR or set {}", dat::kDatDirVariable));
}

std::pair<int, int> parse_landblock(const std::string& text) {
  std::string digits = text;
  if (digits.rfind("0x", 0) == 0 || digits.rfind("0X", 0) == 0) digits = digits.substr(2);
  const bool hex = !digits.empty() && digits.size() <= 8 &&
                   std::all_of(digits.begin(), digits.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  if (!hex || (digits.size() != 4 && digits.size() != 8))
    throw InputError(fmt::format("--landblock {}: expected 0xXXYY (or a cell id 0xXXYYCCCC)", text));
  const std::uint32_t value = static_cast<std::uint32_t>(std::stoul(digits, nullptr, 16));
  const std::uint32_t xxyy = digits.size() == 8 ? value >> 16 : value;
  return {static_cast<int>(xxyy >> 8), static_cast<int>(xxyy & 0xFF)};
}

SceneTrees retail_trees_for(const SceneDesc& scene, const std::string& dir) {
  const dat::RetailData retail = dat::RetailData::open(dir);
  std::vector<std::pair<int, int>> blocks;
  for (const LandblockDesc& lb : scene.landblocks) blocks.emplace_back(lb.x, lb.y);
  RetailScene r = retail_scene(retail, blocks);
  const auto same_ids = [](const auto& a, const auto& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) { return x.id == y.id; });
  };
  if (!same_ids(scene.cells, r.scene.cells) || !same_ids(scene.objects, r.scene.objects))
    throw InputError(fmt::format("the scene's {} cells and {} objects are not the {} and {} of its landblocks in {}: "
                                 "give --dat only with a scene written by transit dat export",
                                 scene.cells.size(), scene.objects.size(), r.scene.cells.size(),
                                 r.scene.objects.size(), dir));
  return std::move(r.trees);
}

void add_dat_options(CLI::App& command, DatOptions& options) {
  command.add_option("--dat", options.dir,
                     fmt::format("retail data directory holding {} and {} (or set {})", dat::kCellFileName,
                                 dat::kPortalFileName, dat::kDatDirVariable));
  command.add_option("--landblock", options.landblocks, "a landblock 0xXXYY to look at (repeatable)");
}

void inspect_retail_data(const DatOptions& options) {
  const std::string dir = retail_data_dir(options);
  const auto start = std::chrono::steady_clock::now();
  const dat::RetailData retail = dat::RetailData::open(dir);
  std::size_t cell_files = 0, portal_files = 0;
  retail.cell().for_each_entry(0, 0xFFFFFFFFu, [&](const dat::DatEntry&) { ++cell_files; });
  retail.portal().for_each_entry(0, 0xFFFFFFFFu, [&](const dat::DatEntry&) { ++portal_files; });
  const auto terrain = retail.landblocks();
  const dat::LandDefs& d = retail.land_defs();
  std::cout << fmt::format("retail data: {}\n", dir) << archive_line(retail.cell(), cell_files)
            << archive_line(retail.portal(), portal_files)
            << fmt::format("region {} \"{}\": {} x {} landblocks, {} m squares; {} landblocks have terrain\n",
                           d.region_number, d.region_name, d.num_block_length, d.num_block_width, d.square_length,
                           terrain.size());
  for (const std::string& lb : options.landblocks) std::cout << landblock_report(retail, parse_landblock(lb));
  std::cout << "not read: what physics does not use (drawn polygons, textures, sky, sound; docs/retail-data.md)\n";
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  fmt::print(stderr, "transit inspect: read in {:.1f} ms\n", ms);
}

void add_dat_command(CLI::App& app) {
  auto* dat = app.add_subcommand("dat", "Retail Asheron's Call data files (docs/retail-data.md)");
  dat->require_subcommand(1);
  auto dir = std::make_shared<std::string>();
  auto landblocks = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  auto* exp = dat->add_subcommand("export", "Write retail landblocks as a transit scene (terrain, indoor cells, "
                                            "static objects, buildings and scenery; docs/retail-data.md)");
  exp->add_option("dir", *dir, fmt::format("retail data directory (or set {})", dat::kDatDirVariable));
  exp->add_option("--landblock", *landblocks, "landblock 0xXXYY to export (repeatable)")->required();
  exp->add_option("--out", *out, "the scene file to write")->required();
  exp->callback([dir, landblocks, out]() {
    reporting_errors("dat export", [&] {
      const dat::RetailData retail = dat::RetailData::open(retail_data_dir(DatOptions{*dir, {}}));
      std::vector<std::pair<int, int>> chosen;
      for (const std::string& lb : *landblocks) chosen.push_back(parse_landblock(lb));
      const RetailScene r = retail_scene(retail, chosen);
      const SceneDesc& scene = r.scene;
      (void)World::from_scene(scene);  // what is written must build
      std::ofstream file(*out);
      if (!(file << write_scene(scene))) throw std::runtime_error(fmt::format("cannot write {}", *out));
      fmt::print(stderr, "transit dat export: {} landblocks, {} indoor cells and {} objects written to {} ({} "
                         "scenery placements among them)\n", chosen.size(), scene.cells.size(), scene.objects.size(),
                 *out, r.scenery.placed);
    });
  });
}

}  // namespace transit::cli
