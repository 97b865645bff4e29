#include "transit/dat/model_placer.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "dat/dat_shapes.hpp"
#include "transit/dat/retail_bsp.hpp"

namespace transit::dat {

MeshDesc mesh_of(const std::map<std::uint16_t, Vec3>& vertices, const std::map<std::uint16_t, DatPolygon>& polygons) {
  MeshDesc mesh;
  std::map<std::uint16_t, std::uint32_t> vertex_index;
  for (const auto& [id, v] : vertices) {
    vertex_index[id] = static_cast<std::uint32_t>(mesh.vertices.size());
    mesh.vertices.push_back(v);
  }
  for (const auto& [id, p] : polygons) {
    std::vector<std::uint32_t> indices;
    for (std::uint16_t v : p.vertex_ids) indices.push_back(vertex_index.at(v));
    mesh.polygons.push_back(std::move(indices));
  }
  return mesh;
}

CellId outdoor_cell_under(std::uint32_t block, const Vec3& local) {
  const auto cell_of = [](float v) { return static_cast<std::uint32_t>(std::clamp(v / 24.0f, 0.0f, 7.0f)); };
  return block | (cell_of(local.x) * 8 + cell_of(local.y) + 1);
}

ModelPlacer::ModelPlacer(const RetailData& retail, std::uint32_t block, RetailObjects& out, std::string prefix)
    : retail_(retail), block_(block), out_(out), prefix_(std::move(prefix)) {}

const std::optional<ModelPlacer::Shape>& ModelPlacer::shape_of(std::uint32_t id) {
  auto it = shapes_.find(id);
  if (it != shapes_.end()) return it->second;
  const std::string label = fmt::format("{}: file 0x{:08X} (GfxObj)", retail_.portal().name(), id);
  const GfxObj g = parse_gfx_obj(retail_.portal().read(id), label);
  std::optional<Shape> shape;
  if (g.has_physics() && !g.physics_polygons.empty())
    shape = Shape{mesh_of(g.vertices, g.physics_polygons),
                  std::make_shared<const BspTree>(physics_bsp(g.physics_bsp, g.physics_polygons, g.vertices,
                                                              label + ": physics BSP")),
                  g.physics_bsp.nodes.empty() ? Sphere{Vec3(0.0f), 0.0f} : g.physics_bsp.nodes[0].bounds};
  return shapes_.emplace(id, std::move(shape)).first->second;
}

const Setup& ModelPlacer::setup_of(std::uint32_t id) {
  auto it = setups_.find(id);
  if (it == setups_.end()) it = setups_.emplace(id, retail_.setup(id)).first;
  return it->second;
}

RetailObject ModelPlacer::new_object(std::string name, const DatFrame& frame, std::optional<CellId> cell) {
  RetailObject o;
  o.desc.id = (block_ >> 16) << 16 | static_cast<std::uint32_t>(out_.placed.size());
  o.desc.name = prefix_ + name;
  o.desc.position.cell = cell ? *cell : outdoor_cell_under(block_, frame.origin);
  o.desc.position.local = frame.origin;
  o.desc.orientation.rotation = frame.orientation;
  o.desc.flags = kFlagStatic;
  return o;
}

void ModelPlacer::place_gfx(std::uint32_t model, const DatFrame& frame, std::optional<CellId> cell, float scale) {
  const std::optional<Shape>& shape = shape_of(model);
  if (!shape) return;
  RetailObject o = new_object(fmt::format("GfxObj 0x{:08X}", model), frame, cell);
  o.desc.scale = scale;
  ShapeDesc mesh;
  mesh.type = ShapeDesc::Type::Mesh;
  mesh.mesh = shape->mesh;
  o.desc.shapes.push_back(std::move(mesh));
  o.tree = shape->tree;
  out_.placed.push_back(std::move(o));
}

// Retail scales a Setup's part offsets with the object (CPartArray::SetScaleInternal).
void ModelPlacer::place_setup(std::uint32_t model, const DatFrame& frame, std::optional<CellId> cell, float scale) {
  const Setup& s = setup_of(model);
  const std::vector<DatFrame>* parts = s.default_frames();
  for (std::size_t i = 0; parts && i < s.parts.size(); ++i) {
    const Vec3 part_scale = s.part_scales.empty() ? Vec3(1.0f) : s.part_scales[i];
    if (part_scale.x != part_scale.y || part_scale.y != part_scale.z || !(part_scale.x > 0.0f)) {
      out_.not_read.push_back(s.parts[i]);
      continue;
    }
    const DatFrame& part = (*parts)[i];
    const DatFrame placed{frame.origin + frame.orientation * (part.origin * scale),
                          frame.orientation * part.orientation};
    place_gfx(s.parts[i], placed, cell, part_scale.x * scale);
  }
  if (s.spheres.empty() && s.cylspheres.empty()) return;
  RetailObject o = new_object(fmt::format("Setup 0x{:08X}", model), frame, cell);
  o.desc.scale = scale;
  for (const Sphere& sp : s.spheres) {
    ShapeDesc shape;
    shape.center = sp.center;
    shape.radius = sp.radius;
    o.desc.shapes.push_back(shape);
  }
  for (const DatCylSphere& c : s.cylspheres) {
    ShapeDesc shape;
    shape.type = ShapeDesc::Type::CylSphere;
    shape.low_point = c.low_point;
    shape.radius = c.radius;
    shape.height = c.height;
    o.desc.shapes.push_back(shape);
  }
  out_.placed.push_back(std::move(o));
}

void ModelPlacer::place(std::uint32_t model, const DatFrame& frame, std::optional<CellId> cell, float scale) {
  if (model >> 24 == 0x01)
    place_gfx(model, frame, cell, scale);
  else if (model >> 24 == 0x02)
    place_setup(model, frame, cell, scale);
  else
    out_.not_read.push_back(model);
}

// Retail CPartArray::GetSortingSphere and CacheHasPhysicsBSP: a GfxObj's
// sorting sphere is its physics tree's; a Setup's is stored with it.
ModelBounds ModelPlacer::bounds(std::uint32_t model) {
  ModelBounds b;
  if (model >> 24 == 0x01) {
    if (const std::optional<Shape>& shape = shape_of(model)) {
      b.physics_bsp = true;
      b.sorting = shape->bounds;
    }
  } else if (model >> 24 == 0x02) {
    const Setup& s = setup_of(model);
    b.sorting = s.sorting_sphere;
    b.cylspheres = s.cylspheres;
    b.spheres = !s.spheres.empty();
    for (std::uint32_t part : s.parts) b.physics_bsp |= (part >> 24 == 0x01) && shape_of(part).has_value();
  }
  return b;
}

}  // namespace transit::dat
