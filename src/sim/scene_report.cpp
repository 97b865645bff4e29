#include "sim/scene_report.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace transit {

namespace {

std::string hex(CellId id) { return fmt::format("0x{:08X}", id); }

std::string water_name(WaterType w) {
  switch (w) {
    case WaterType::NotWater: return "none";
    case WaterType::PartiallyWater: return "partial";
    case WaterType::EntirelyWater: return "entire";
  }
  return "none";
}

std::string tree_stats(const BspTree& t) {
  const BspStats& s = t.stats();
  return fmt::format("{} polygons, {} nodes, {} leaves ({} solid), depth {}, {} polygon splits",
                     s.polygons, s.nodes, s.leaves, s.solid_leaves, s.depth, s.polygons_split);
}

void report_landblocks(std::string& out, const World& world) {
  out += fmt::format("landblocks: {}\n", world.landscape().landblocks().size());
  for (const Landblock& lb : world.landscape().landblocks()) {
    int water_cells = 0;
    for (const LandCell& c : lb.cells()) water_cells += c.is_water() ? 1 : 0;
    out += fmt::format("  {} ({}, {}): heights {:.2f} to {:.2f} m, water {} ({} of 64 cells)\n",
                       hex(lb.id()), lb.block_x(), lb.block_y(), lb.min_z(), lb.max_z(),
                       water_name(lb.water_type()), water_cells);
  }
}

void report_cells(std::string& out, const World& world) {
  out += fmt::format("indoor cells: {}\n", world.env_cells().size());
  for (const EnvCell& cell : world.env_cells()) {
    const Vec3& o = cell.frame().origin;
    std::vector<std::string> portals;
    for (const CellPortal& p : cell.portals())
      portals.push_back(fmt::format("polygon {} -> {}", p.polygon,
                                    p.leads_outside() ? std::string("outside") : hex(p.other)));
    out += fmt::format("  {} at ({:.2f}, {:.2f}, {:.2f}){}\n", hex(cell.id()), o.x, o.y, o.z,
                       cell.seen_outside() ? ", seen outside" : "");
    out += fmt::format("    portals: {}\n", portals.empty() ? std::string("none") : fmt::format("{}", fmt::join(portals, ", ")));
    out += fmt::format("    physics BSP: {}\n", tree_stats(cell.geometry().physics));
    out += fmt::format("    cell BSP: {}{}\n", tree_stats(cell.geometry().cell),
                       cell.geometry().cell.solid_available() ? "" : " (open: containment unavailable)");
  }
}

std::string flag_names(std::uint32_t flags) {
  std::vector<std::string> names;
  for (std::uint32_t bit = 1; bit != 0 && bit <= flags; bit <<= 1)
    if ((flags & bit) && entity_flag_name(bit)) names.push_back(entity_flag_name(bit));
  return names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, " "));
}

void report_objects(std::string& out, const World& world) {
  out += fmt::format("objects: {}\n", world.objects().size());
  for (std::size_t i = 0; i < world.objects().size(); ++i) {
    const WorldObject& o = world.objects()[i];
    const Vec3& p = o.position.frame.origin;
    out += fmt::format("  {} '{}' at {} ({:.2f}, {:.2f}, {:.2f}), scale {}, flags: {}\n", o.id,
                       o.name, hex(o.position.objcell_id), p.x, p.y, p.z, o.scale,
                       flag_names(o.flags));
    out += fmt::format("    shapes: {} sphere(s), {} cylsphere(s), {} mesh(es); shadow in {} cell(s){}\n",
                       o.spheres.size(), o.cylspheres.size(), o.meshes.size(),
                       world.shadow_cells(i).size(),
                       o.is_building() ? fmt::format("; building with {} portal(s)", o.building_portals.size())
                                       : std::string());
    for (const auto& mesh : o.meshes)
      out += fmt::format("    mesh BSP: {}{}\n", tree_stats(*mesh),
                         mesh->solid_available() ? "" : " (open: polygon-only solid queries)");
  }
}

void report_characters(std::string& out, const SceneDesc& scene) {
  out += fmt::format("characters: {}\n", scene.characters.size());
  for (const CharacterDesc& c : scene.characters) {
    const char* mover = c.mover == MoverKind::Ac ? "ac" : c.mover == MoverKind::Quake ? "quake" : "tribes";
    const std::string at = c.position.is_global()
                               ? fmt::format("global ({:.2f}, {:.2f}, {:.2f})", c.position.global.x,
                                             c.position.global.y, c.position.global.z)
                               : fmt::format("{} ({:.2f}, {:.2f}, {:.2f})", hex(*c.position.cell),
                                             c.position.local.x, c.position.local.y, c.position.local.z);
    out += fmt::format("  {}: mover {}, at {}, {} sphere(s), step up {} m, step down {} m, flags: {}\n",
                       c.name, mover, at, c.spheres.size(), c.step_up_height, c.step_down_height,
                       flag_names(c.flags));
  }
}

}  // namespace

std::string scene_report(const SceneDesc& scene, const World& world,
                         const std::vector<std::string>& warnings) {
  std::string out;
  report_landblocks(out, world);
  report_cells(out, world);
  report_objects(out, world);
  report_characters(out, scene);
  out += fmt::format("warnings: {}\n", warnings.size());
  for (const std::string& w : warnings) out += fmt::format("  {}\n", w);
  return out;
}

}  // namespace transit
