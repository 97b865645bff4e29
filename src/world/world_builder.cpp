// World::from_scene: turns validated scene data into a world.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "geom/bsp_builder.hpp"
#include "transit/math/input_error.hpp"
#include "transit/world/world.hpp"

namespace transit {

namespace {

std::string hex(CellId id) { return fmt::format("0x{:08X}", id); }

Landblock make_landblock(const LandblockDesc& desc) {
  const CellId id = make_landblock_id(static_cast<std::uint32_t>(desc.x),
                                      static_cast<std::uint32_t>(desc.y));
  std::array<float, kVerticesPerBlock> heights;
  if (desc.heights)
    heights = *desc.heights;
  else
    heights.fill(desc.flat.value_or(0.0f));
  std::array<std::uint8_t, kVerticesPerBlock> types{};
  if (desc.terrain_types) types = *desc.terrain_types;
  return Landblock(id, heights, types);
}

std::shared_ptr<const CellGeometry> make_cell_geometry(const CellDesc& desc,
                                                       std::vector<std::string>& warnings) {
  std::set<std::uint32_t> portal_polys;
  for (const PortalDesc& p : desc.portals) portal_polys.insert(p.polygon);
  std::vector<std::vector<std::uint32_t>> walls;
  for (std::uint32_t i = 0; i < desc.mesh.polygons.size(); ++i)
    if (!portal_polys.count(i)) walls.push_back(desc.mesh.polygons[i]);

  auto geometry = std::make_shared<CellGeometry>();
  const std::string name = fmt::format("cell {}", hex(desc.id));
  // Portal openings leave the walls open by design: no warning for them.
  geometry->physics = build_bsp(desc.mesh.vertices, walls, {BspRole::Physics, PolygonSides::Single,
                                                            name, 16}).tree;
  BspBuildResult cell = build_bsp(desc.mesh.vertices, desc.mesh.polygons,
                                  {BspRole::Cell, PolygonSides::Single, name, 16});
  warnings.insert(warnings.end(), cell.warnings.begin(), cell.warnings.end());
  geometry->cell = std::move(cell.tree);
  return geometry;
}

std::vector<CellPortal> make_portals(const std::vector<PortalDesc>& descs) {
  std::vector<CellPortal> portals;
  for (const PortalDesc& p : descs) portals.push_back({p.polygon, p.to.value_or(0)});
  return portals;
}

// Cells joined by portals see each other (retail's stab lists).
void link_visible_cells(std::vector<EnvCell>& cells, const World& world) {
  std::map<CellId, CellId> root;
  for (const EnvCell& c : cells) root[c.id()] = c.id();
  auto find = [&](CellId id) {
    while (root[id] != id) id = root[id] = root[root[id]];
    return id;
  };
  for (const EnvCell& c : cells)
    for (const CellPortal& p : c.portals())
      if (!p.leads_outside() && world.env_cell(p.other)) root[find(c.id())] = find(p.other);
  for (EnvCell& c : cells) {
    std::vector<CellId> group;
    for (const EnvCell& other : cells)
      if (find(other.id()) == find(c.id())) group.push_back(other.id());
    c.set_visible_cells(std::move(group));
  }
}

// A building's doorways are portal polygons of its meshes, numbered across
// all of its mesh shapes in order: they lead inside instead of blocking, so
// its physics trees are built without them.
std::vector<std::vector<std::uint32_t>> blocking_polygons(const ObjectDesc& desc,
                                                          std::size_t shape) {
  std::uint32_t first = 0;  // the object-wide number of this shape's polygon 0
  for (std::size_t i = 0; i < shape; ++i)
    if (desc.shapes[i].type == ShapeDesc::Type::Mesh)
      first += static_cast<std::uint32_t>(desc.shapes[i].mesh.polygons.size());
  std::set<std::uint32_t> portals;
  if (desc.building_portals)
    for (const PortalDesc& p : *desc.building_portals) portals.insert(p.polygon);
  const MeshDesc& mesh = desc.shapes[shape].mesh;
  std::vector<std::vector<std::uint32_t>> kept;
  for (std::uint32_t i = 0; i < mesh.polygons.size(); ++i)
    if (!portals.count(first + i)) kept.push_back(mesh.polygons[i]);
  return kept;
}

WorldObject make_object(const ObjectDesc& desc, const World& world,
                        std::vector<std::string>& warnings,
                        const std::vector<std::shared_ptr<const BspTree>>* prebuilt = nullptr) {
  WorldObject o;
  o.id = desc.id;
  o.name = desc.name;
  const auto pos = world.resolve(desc.position, desc.orientation);
  if (!pos)
    throw InputError(fmt::format("object {} '{}': its position is in no loaded cell", desc.id,
                                 desc.name));
  o.position = *pos;
  o.scale = desc.scale;
  o.flags = desc.flags;
  for (std::size_t i = 0; i < desc.shapes.size(); ++i) {
    const ShapeDesc& s = desc.shapes[i];
    switch (s.type) {
      case ShapeDesc::Type::Sphere: o.spheres.push_back({s.center, s.radius}); break;
      case ShapeDesc::Type::CylSphere: o.cylspheres.push_back({s.low_point, s.radius, s.height}); break;
      case ShapeDesc::Type::Mesh: {
        if (prebuilt) {
          o.meshes.push_back(prebuilt->at(o.meshes.size()));
          break;
        }
        const std::string name = fmt::format("object {} '{}' shape {}", desc.id, desc.name, i);
        BspBuildResult built = build_bsp(s.mesh.vertices, blocking_polygons(desc, i),
                                         {BspRole::Physics, PolygonSides::Single, name, 16});
        warnings.insert(warnings.end(), built.warnings.begin(), built.warnings.end());
        o.meshes.push_back(std::make_shared<const BspTree>(std::move(built.tree)));
        break;
      }
    }
  }
  if (desc.building_portals) o.building_portals = make_portals(*desc.building_portals);
  o.local_bounds = o.shape_bounds();
  return o;
}

void warn_unreachable_cells(const World& world, std::vector<std::string>& warnings) {
  std::set<CellId> reached;
  std::vector<CellId> todo;
  for (const EnvCell& c : world.env_cells())
    for (const CellPortal& p : c.portals())
      if (p.leads_outside()) todo.push_back(c.id());
  for (const WorldObject& o : world.objects())
    for (const CellPortal& p : o.building_portals) todo.push_back(p.other);
  while (!todo.empty()) {
    const CellId id = todo.back();
    todo.pop_back();
    const EnvCell* cell = world.env_cell(id);
    if (!cell || !reached.insert(id).second) continue;
    for (const CellPortal& p : cell->portals())
      if (!p.leads_outside()) todo.push_back(p.other);
  }
  for (const EnvCell& c : world.env_cells())
    if (!reached.count(c.id()))
      warnings.push_back(fmt::format(
          "cell {}: unreachable: no portal leads into it from outside or from a building",
          hex(c.id())));
}

// What only the built world can tell of the scene's positions: a
// character's indoor cell must contain its point (an error), an object's
// should (a warning: a retail object's origin may sit in a wall), and an
// outdoor cell id that disagrees with its point is replaced by the one that
// holds it (a warning).
void check_scene_positions(const SceneDesc& scene, const World& world,
                           std::vector<std::string>& warnings) {
  const auto disagreement = [&](const PositionDesc& p, const std::string& path) {
    if (const auto holding = world.cell_disagrees(p))
      warnings.push_back(fmt::format("{}/cell: {} does not hold local point [{}, {}, {}]: it lies in {}, "
                                     "which is used instead", path, hex(*p.cell), p.local.x, p.local.y,
                                     p.local.z, hex(*holding)));
  };
  for (std::size_t i = 0; i < scene.characters.size(); ++i) {
    const std::string path = fmt::format("/characters/{}/position", i);
    const PositionDesc& p = scene.characters[i].position;
    if (const auto problem = world.position_problem(p))
      throw InputError(fmt::format("{}: {}", path, *problem));
    disagreement(p, path);
  }
  for (std::size_t i = 0; i < scene.objects.size(); ++i) {
    const std::string path = fmt::format("/objects/{}/position", i);
    const PositionDesc& p = scene.objects[i].position;
    if (const auto problem = world.position_problem(p)) warnings.push_back(path + ": " + *problem);
    disagreement(p, path);
  }
}

}  // namespace

WorldObject World::build_object(const ObjectDesc& desc, std::vector<std::string>* warnings) const {
  std::vector<std::string> found;
  WorldObject object = make_object(desc, *this, found);
  if (warnings) warnings->insert(warnings->end(), found.begin(), found.end());
  return object;
}

namespace {

std::size_t mesh_shapes(const ObjectDesc& desc) {
  return static_cast<std::size_t>(std::count_if(desc.shapes.begin(), desc.shapes.end(), [](const ShapeDesc& s) {
    return s.type == ShapeDesc::Type::Mesh;
  }));
}

void check_trees_fit(const SceneDesc& scene, const SceneTrees& trees) {
  bool fit = trees.cells.size() == scene.cells.size() && trees.object_meshes.size() == scene.objects.size();
  for (std::size_t i = 0; fit && i < scene.objects.size(); ++i)
    fit = trees.object_meshes[i].size() == mesh_shapes(scene.objects[i]);
  for (const auto& cell : trees.cells) fit = fit && cell != nullptr;
  for (const auto& meshes : trees.object_meshes)
    for (const auto& tree : meshes) fit = fit && tree != nullptr;
  if (!fit)
    throw InputError(fmt::format("the prebuilt trees ({} cells, {} objects) do not fit the scene "
                                 "({} cells, {} objects)", trees.cells.size(),
                                 trees.object_meshes.size(), scene.cells.size(), scene.objects.size()));
}

}  // namespace

SceneTrees World::trees_of(const SceneDesc& scene, std::vector<std::string> warnings) const {
  SceneTrees trees;
  for (const CellDesc& desc : scene.cells) trees.cells.push_back(env_cell(desc.id)->shared_geometry());
  for (std::size_t i = 0; i < scene.objects.size(); ++i) trees.object_meshes.push_back(objects_.at(i).meshes);
  trees.warnings = std::move(warnings);
  return trees;
}

World World::from_scene(const SceneDesc& scene, std::vector<std::string>* warnings_out,
                        const SceneTrees* trees) {
  if (trees) check_trees_fit(scene, *trees);
  std::vector<std::string> warnings;
  if (trees) warnings = trees->warnings;
  World world;
  for (const LandblockDesc& desc : scene.landblocks)
    if (!world.landscape_.add(make_landblock(desc)))
      throw InputError(fmt::format("landblock ({}, {}) is given twice", desc.x, desc.y));

  for (std::size_t i = 0; i < scene.cells.size(); ++i) {
    const CellDesc& desc = scene.cells[i];
    world.env_cells_.emplace_back(desc.id, Frame{desc.origin, desc.orientation.quat()},
                                  trees ? trees->cells[i] : make_cell_geometry(desc, warnings),
                                  make_portals(desc.portals), desc.seen_outside);
  }
  std::sort(world.env_cells_.begin(), world.env_cells_.end(),
            [](const EnvCell& a, const EnvCell& b) { return a.id() < b.id(); });
  link_visible_cells(world.env_cells_, world);

  for (std::size_t i = 0; i < scene.objects.size(); ++i)
    world.objects_.push_back(
        make_object(scene.objects[i], world, warnings, trees ? &trees->object_meshes[i] : nullptr));
  world.object_cells_.resize(world.objects_.size());
  world.generations_.assign(world.objects_.size(), 0);
  world.free_.assign(world.objects_.size(), false);
  for (std::size_t i = 0; i < world.objects_.size(); ++i)
    if (world.objects_[i].is_building()) world.register_building(i);
  for (std::size_t i = 0; i < world.objects_.size(); ++i) world.register_shadow(i);

  warn_unreachable_cells(world, warnings);
  check_scene_positions(scene, world, warnings);
  if (warnings_out) warnings_out->insert(warnings_out->end(), warnings.begin(), warnings.end());
  return world;
}

}  // namespace transit
