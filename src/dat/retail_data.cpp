#include "transit/dat/retail_data.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <map>

#include <fmt/format.h>

#include "dat/dat_shapes.hpp"
#include "transit/dat/model_placer.hpp"
#include "transit/dat/retail_bsp.hpp"
#include "transit/math/input_error.hpp"

namespace transit::dat {

namespace {

DatArchive open_in(const std::filesystem::path& dir, const char* file_name) {
  const std::filesystem::path file = dir / file_name;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec))
    throw InputError(fmt::format("{}: no {} here (transit reads {} and {} from a retail data "
                                 "directory)", dir.string(), file_name, kCellFileName, kPortalFileName));
  return DatArchive::open(file);
}

void expect_set(const DatArchive& archive, DataSet set, const char* role) {
  if (archive.data_set() != set)
    throw InputError(fmt::format("{}: data set {} is not a {} file's ({})", archive.name(),
                                 archive.header().data_set, role, static_cast<std::uint32_t>(set)));
}

}  // namespace

RetailData RetailData::open(const std::filesystem::path& dir) {
  DatArchive cell = open_in(dir, kCellFileName);
  return RetailData(std::move(cell), open_in(dir, kPortalFileName));
}

RetailData::RetailData(DatArchive cell, DatArchive portal)
    : cell_(std::move(cell)), portal_(std::move(portal)) {
  expect_set(cell_, DataSet::Cell, "cell");
  expect_set(portal_, DataSet::Portal, "portal");
  region_ = parse_region(portal_.read(kRegionId), fmt::format("{}: file 0x{:08X} (Region)", portal_.name(), kRegionId));
}

std::optional<CellLandblock> RetailData::landblock(int x, int y) const {
  const std::uint32_t id = cell_landblock_id(x, y);
  const auto bytes = cell_.read_if_present(id);
  if (!bytes) return std::nullopt;
  return parse_cell_landblock(*bytes, fmt::format("{}: file 0x{:08X} (CellLandblock)", cell_.name(), id));
}

CellLandblock RetailData::terrain(int x, int y) const {
  std::optional<CellLandblock> block = landblock(x, y);
  if (!block)
    throw InputError(fmt::format("{}: no terrain for landblock 0x{:02X}{:02X} (file 0x{:08X})", cell_.name(), x, y,
                                 cell_landblock_id(x, y)));
  return std::move(*block);
}

std::optional<LandblockInfo> RetailData::landblock_info(int x, int y) const {
  const std::uint32_t id = landblock_info_id(x, y);
  const auto bytes = cell_.read_if_present(id);
  if (!bytes) return std::nullopt;
  return parse_landblock_info(*bytes, fmt::format("{}: file 0x{:08X} (LandblockInfo)", cell_.name(), id));
}

namespace {

std::string env_cell_label(const std::string& file, std::uint32_t id) {
  return fmt::format("{}: file 0x{:08X} (EnvCell)", file, id);
}

}  // namespace

EnvCellFile RetailData::env_cell(std::uint32_t id) const {
  return parse_env_cell(cell_.read(id), env_cell_label(cell_.name(), id));
}

// An indoor cell with the cell structure of its Environment, read once a call.
RetailData::IndoorCell RetailData::indoor_cell(std::uint32_t id, Environments& environments) const {
  IndoorCell out{env_cell(id), nullptr, env_cell_label(cell_.name(), id)};
  auto env = environments.find(out.file.environment);
  if (env == environments.end()) {
    const std::string env_label = fmt::format("{}: file 0x{:08X} (Environment)", portal_.name(), out.file.environment);
    env = environments.emplace(out.file.environment, parse_environment(portal_.read(out.file.environment), env_label)).first;
  }
  const auto shape = env->second.cells.find(out.file.cell_structure);
  if (shape == env->second.cells.end())
    throw InputError(fmt::format("{}: cell structure {} is not in Environment 0x{:08X}", out.label,
                                 out.file.cell_structure, out.file.environment));
  out.shape = &shape->second;
  return out;
}

std::vector<RetailCell> RetailData::indoor_cells(int x, int y) const {
  const auto info = landblock_info(x, y);
  if (!info) return {};
  Environments environments;
  std::vector<RetailCell> out;
  const std::uint32_t block = (static_cast<std::uint32_t>(x) << 24) | (static_cast<std::uint32_t>(y) << 16);
  for (std::uint32_t i = 0; i < info->num_cells && i < 0xFEFEu; ++i) {
    const std::uint32_t id = block | (0x0100u + i);
    const IndoorCell indoor = indoor_cell(id, environments);
    const EnvCellFile& file = indoor.file;
    const std::string& label = indoor.label;
    const CellStruct& c = *indoor.shape;
    RetailCell cell;
    cell.desc.id = id;
    cell.desc.origin = file.frame.origin;
    cell.desc.orientation.rotation = file.frame.orientation;
    cell.desc.mesh = mesh_of(c.vertices, c.polygons);
    cell.desc.seen_outside = file.seen_outside();
    for (const DatCellPortal& p : file.portals) {
      const int at = polygon_position(c.polygons, p.polygon);
      if (at < 0) throw InputError(fmt::format("{}: portal polygon {} is not in its cell structure", label, p.polygon));
      PortalDesc portal;
      portal.polygon = static_cast<std::uint32_t>(at);
      if (!p.leads_outside()) portal.to = block | p.other_cell;
      cell.desc.portals.push_back(portal);
    }
    cell.physics = physics_bsp(c.physics_bsp, c.physics_polygons, c.vertices, label + ": physics BSP");
    cell.cell = cell_bsp(c.cell_bsp, c.polygons, c.vertices, label + ": cell BSP");
    out.push_back(std::move(cell));
  }
  return out;
}

RetailObjects RetailData::static_objects(int x, int y) const {
  const std::uint32_t block = (static_cast<std::uint32_t>(x) << 24) | (static_cast<std::uint32_t>(y) << 16);
  RetailObjects out;
  ModelPlacer placer(*this, block, out);
  Environments environments;
  if (const auto info = landblock_info(x, y)) {
    for (const Stab& s : info->objects) placer.place(s.id, s.frame, std::nullopt);
    for (const BuildingInfo& b : info->buildings) {
      const std::size_t first = out.placed.size();
      placer.place(b.model, b.frame, std::nullopt);
      if (out.placed.size() > first && !b.portals.empty() && out.placed[first].desc.shapes.at(0).type == ShapeDesc::Type::Mesh)
        add_doorways(out.placed[first], b, block, environments);
    }
    for (std::uint32_t i = 0; i < info->num_cells && i < 0xFEFEu; ++i) {
      const std::uint32_t cell_id = block | (0x0100u + i);
      for (const Stab& s : env_cell(cell_id).objects) placer.place(s.id, s.frame, cell_id);
    }
  }
  return out;
}

// Retail keeps a building's doorway polygons in the indoor cells behind
// them (the portal of the cell that leads outside); transit's buildings
// list them among their own mesh polygons: each is brought into the
// building's frame and added to its first mesh, with the cell it leads to.
void RetailData::add_doorways(RetailObject& building, const BuildingInfo& info, std::uint32_t block,
                              Environments& environments) const {
  const Quat to_building = glm::conjugate(info.frame.orientation);
  std::vector<PortalDesc> doorways;
  for (const BuildingPortal& p : info.portals) {
    const std::uint32_t cell_id = block | p.other_cell;
    const IndoorCell indoor = indoor_cell(cell_id, environments);
    const EnvCellFile& cell = indoor.file;
    if (p.other_portal >= cell.portals.size())
      throw InputError(fmt::format("{}: a building's portal names portal {} of {}", indoor.label, p.other_portal,
                                   cell.portals.size()));
    const auto polygon = indoor.shape->polygons.find(cell.portals[p.other_portal].polygon);
    if (polygon == indoor.shape->polygons.end())
      throw InputError(fmt::format("{}: portal polygon {} is not in its cell structure", indoor.label,
                                   cell.portals[p.other_portal].polygon));
    MeshDesc& mesh = building.desc.shapes.at(0).mesh;
    std::vector<std::uint32_t> indices;
    for (std::uint16_t v : polygon->second.vertex_ids) {
      const Vec3 in_block = cell.frame.origin + cell.frame.orientation * indoor.shape->vertices.at(v);
      indices.push_back(static_cast<std::uint32_t>(mesh.vertices.size()));
      mesh.vertices.push_back(to_building * (in_block - info.frame.origin));
    }
    mesh.polygons.push_back(std::move(indices));
    doorways.push_back(PortalDesc{static_cast<std::uint32_t>(mesh.polygons.size() - 1), cell_id});
  }
  building.desc.building_portals = std::move(doorways);
}

Setup RetailData::setup(std::uint32_t id) const {
  return parse_setup(portal_.read(id), fmt::format("{}: file 0x{:08X} (Setup)", portal_.name(), id));
}

MotionTable RetailData::motion_table(std::uint32_t id) const {
  return parse_motion_table(portal_.read(id), fmt::format("{}: file 0x{:08X} (MotionTable)", portal_.name(), id));
}

MotionTable setup_motion_table(const RetailData& retail, std::uint32_t setup_id) {
  const Setup setup = retail.setup(setup_id);
  if (setup.default_motion_table == 0)
    throw InputError(fmt::format("Setup 0x{:08X} has no MotionTable", setup_id));
  return retail.motion_table(setup.default_motion_table);
}

float setup_turn_rate_deg(const RetailData& retail, std::uint32_t setup_id) {
  const MotionTable table = setup_motion_table(retail, setup_id);
  const std::optional<float> rate = table.turn_rate_deg();
  if (!rate)
    throw InputError(fmt::format("MotionTable 0x{:08X} (of Setup 0x{:08X}) has no TurnRight cycle or modifier with an omega "
                                 "in its default style 0x{:08X}", table.id, setup_id, table.default_style));
  return *rate;
}

SceneFile RetailData::scene_file(std::uint32_t id) const {
  return parse_scene_file(portal_.read(id), fmt::format("{}: file 0x{:08X} (Scene)", portal_.name(), id));
}

std::vector<std::pair<int, int>> RetailData::landblocks() const {
  std::vector<std::pair<int, int>> out;
  cell_.for_each_entry(0, 0xFFFFFFFFu, [&](const DatEntry& e) {
    if ((e.id & 0xFFFFu) == 0xFFFFu) out.emplace_back(static_cast<int>(e.id >> 24), static_cast<int>((e.id >> 16) & 0xFF));
  });
  return out;
}

LandblockDesc RetailData::landblock_desc(const CellLandblock& block) const {
  LandblockDesc desc;
  desc.x = static_cast<int>(block.id >> 24);
  desc.y = static_cast<int>((block.id >> 16) & 0xFF);
  std::array<float, 81> heights{};
  std::array<std::uint8_t, 81> types{};
  for (std::size_t i = 0; i < 81; ++i) {
    heights[i] = region_.land_defs.land_height_table[block.heights[i]];
    types[i] = static_cast<std::uint8_t>(block.terrain_type(i));
  }
  desc.heights = heights;
  desc.terrain_types = types;
  return desc;
}

SceneDesc RetailData::terrain_scene(const std::vector<std::pair<int, int>>& landblocks) const {
  SceneDesc scene;
  for (const auto& [x, y] : landblocks) scene.landblocks.push_back(landblock_desc(terrain(x, y)));
  return scene;
}

std::optional<std::filesystem::path> dat_dir_from_environment() {
  const char* dir = std::getenv(kDatDirVariable);
  if (!dir || !*dir) return std::nullopt;
  return std::filesystem::path(dir);
}

}  // namespace transit::dat
