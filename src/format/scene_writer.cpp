#include "transit/format/scene_writer.hpp"

#include "format/desc_json.hpp"

namespace transit {

namespace {

using nlohmann::ordered_json;

ordered_json flags_json(std::uint32_t flags) {
  ordered_json out = ordered_json::array();
  for (std::uint32_t bit = 1; bit != 0; bit <<= 1) {
    if ((flags & bit) == 0) continue;
    const char* name = entity_flag_name(bit);
    if (name != nullptr) out.push_back(name);
  }
  return out;
}

template <typename Range>
ordered_json floats_json(const Range& values) {
  ordered_json out = ordered_json::array();
  for (float v : values) out.push_back(float_json(v));
  return out;
}

ordered_json landblock_json(const LandblockDesc& lb) {
  ordered_json out = {{"x", lb.x}, {"y", lb.y}};
  if (lb.heights) out["heights"] = floats_json(*lb.heights);
  if (lb.flat) out["flat"] = float_json(*lb.flat);
  if (lb.terrain_types) {
    ordered_json types = ordered_json::array();
    for (std::uint8_t t : *lb.terrain_types) types.push_back(t);
    out["terrain_types"] = types;
  }
  return out;
}

// {"vertices", "polygons"} added to `out`.
void add_inline_mesh(const MeshDesc& mesh, ordered_json& out) {
  ordered_json vertices = ordered_json::array();
  for (const Vec3& v : mesh.vertices) vertices.push_back(vec3_json(v));
  ordered_json polygons = ordered_json::array();
  for (const auto& p : mesh.polygons) polygons.push_back(p);
  out["vertices"] = vertices;
  out["polygons"] = polygons;
}

ordered_json portals_json(const std::vector<PortalDesc>& portals) {
  ordered_json out = ordered_json::array();
  for (const PortalDesc& p : portals) {
    out.push_back(
        {{"polygon", p.polygon}, {"to", p.to ? cell_id_json(*p.to) : ordered_json("outside")}});
  }
  return out;
}

ordered_json cell_json(const CellDesc& cell) {
  ordered_json out = {{"id", cell_id_json(cell.id)}, {"origin", vec3_json(cell.origin)}};
  write_orientation(cell.orientation, out);
  if (!cell.mesh.obj.empty()) {
    out["obj"] = cell.mesh.obj;
  } else {
    ordered_json mesh = ordered_json::object();
    add_inline_mesh(cell.mesh, mesh);
    out["mesh"] = mesh;
  }
  out["portals"] = portals_json(cell.portals);
  out["seen_outside"] = cell.seen_outside;
  return out;
}

ordered_json shape_json(const ShapeDesc& shape) {
  ordered_json out = ordered_json::object();
  switch (shape.type) {
    case ShapeDesc::Type::Sphere:
      out = {{"type", "sphere"},
             {"center", vec3_json(shape.center)},
             {"radius", float_json(shape.radius)}};
      break;
    case ShapeDesc::Type::CylSphere:
      out = {{"type", "cylsphere"},
             {"low_point", vec3_json(shape.low_point)},
             {"radius", float_json(shape.radius)},
             {"height", float_json(shape.height)}};
      break;
    case ShapeDesc::Type::Mesh:
      out["type"] = "mesh";
      if (!shape.mesh.obj.empty()) {
        out["obj"] = shape.mesh.obj;
      } else {
        add_inline_mesh(shape.mesh, out);
      }
      break;
  }
  return out;
}

ordered_json object_json(const ObjectDesc& object) {
  ordered_json out = {
      {"id", object.id}, {"name", object.name}, {"position", position_json(object.position)}};
  write_orientation(object.orientation, out);
  out["scale"] = float_json(object.scale);
  ordered_json shapes = ordered_json::array();
  for (const ShapeDesc& s : object.shapes) shapes.push_back(shape_json(s));
  out["shapes"] = shapes;
  if (object.building_portals)
    out["building"] = {{"portals", portals_json(*object.building_portals)}};
  out["flags"] = flags_json(object.flags);
  return out;
}

ordered_json box_json(const BoxMoverDesc& box) {
  ordered_json out = {{"mins", vec3_json(box.mins)}, {"maxs", vec3_json(box.maxs)}};
  if (box.step_size) out["step_size"] = float_json(*box.step_size);
  return out;
}

ordered_json character_json(const CharacterDesc& c) {
  ordered_json out = {{"name", c.name}, {"position", position_json(c.position)}};
  write_orientation(c.orientation, out);
  out["mover"] = to_string(c.mover);
  ordered_json spheres = ordered_json::array();
  for (const Sphere& s : c.spheres)
    spheres.push_back({{"center", vec3_json(s.center)}, {"radius", float_json(s.radius)}});
  out["spheres"] = spheres;
  out["step_up_height"] = float_json(c.step_up_height);
  out["step_down_height"] = float_json(c.step_down_height);
  out["flags"] = flags_json(c.flags);
  out["run_skill"] = float_json(c.run_skill);
  out["jump_skill"] = float_json(c.jump_skill);
  out["free_heading"] = c.free_heading;
  if (c.turn_rate_deg) out["turn_rate_deg"] = float_json(*c.turn_rate_deg);
  if (const auto& s = c.cycle_speeds)
    out["cycle_speeds"] = {{"walk", float_json(s->walk)}, {"run", float_json(s->run)}, {"sidestep", float_json(s->sidestep)}};
  if (c.quake) out["quake"] = box_json(*c.quake);
  if (c.tribes) out["tribes"] = box_json(*c.tribes);
  return out;
}

template <typename T, typename F>
ordered_json list_json(const std::vector<T>& items, F to_json) {
  ordered_json out = ordered_json::array();
  for (const T& item : items) out.push_back(to_json(item));
  return out;
}

}  // namespace

std::string write_scene(const SceneDesc& scene) {
  ordered_json out = {{"format", "transit-scene/1"}};
  out["terrain"] = {{"landblocks", list_json(scene.landblocks, landblock_json)}};
  out["cells"] = list_json(scene.cells, cell_json);
  out["objects"] = list_json(scene.objects, object_json);
  out["characters"] = list_json(scene.characters, character_json);
  return pretty_json(out);
}

}  // namespace transit
