#include "transit/format/scene_reader.hpp"

#include <limits>

#include <fmt/format.h>

#include "format/desc_json.hpp"
#include "format/json_cursor.hpp"
#include "format/scene_mesh_source.hpp"
#include "transit/format/obj_reader.hpp"
#include "format/scene_validation.hpp"
#include "transit/math/input_error.hpp"

namespace transit {

namespace {

constexpr const char* kSceneFormat = "transit-scene/1";
constexpr std::int64_t kMaxIndex = std::numeric_limits<std::uint32_t>::max();
constexpr std::size_t kTerrainVertices = 81;

std::string flag_names_list() {
  std::string out;
  for (std::uint32_t bit = 1; entity_flag_name(bit) != nullptr; bit <<= 1)
    out += (out.empty() ? "" : ", ") + std::string(entity_flag_name(bit));
  return out;
}

std::uint32_t read_flags(const JsonCursor& list) {
  std::uint32_t flags = 0;
  for (const JsonCursor& name : list.elements()) {
    const std::uint32_t bit = entity_flag_from_name(name.as_string());
    if (bit == 0) name.fail("unknown flag (known: " + flag_names_list() + ")");
    flags |= bit;
  }
  return flags;
}

// Exactly 81 elements, one per terrain vertex.
std::vector<JsonCursor> terrain_elements(const JsonCursor& c, const std::string& what) {
  if (!c.node().is_array()) c.fail("must be an array of 81 " + what);
  if (c.node().size() != kTerrainVertices) {
    c.fail_here(fmt::format("must be an array of 81 {} (index vx * 9 + vy), got {} elements", what,
                            c.node().size()));
  }
  return c.elements();
}

LandblockDesc read_landblock(const JsonCursor& c) {
  c.expect_object({"x", "y", "heights", "terrain_types", "flat"});
  LandblockDesc out;
  out.x = static_cast<int>(c.field("x").as_integer(0, 254));
  out.y = static_cast<int>(c.field("y").as_integer(0, 254));
  if (c.has("heights") && c.has("flat"))
    c.fail_here("give either \"heights\" or \"flat\", not both");
  if (!c.has("heights") && !c.has("flat")) c.fail_here("needs \"heights\" or \"flat\"");
  if (auto heights = c.optional_field("heights")) {
    const std::vector<JsonCursor> e = terrain_elements(*heights, "numbers");
    out.heights.emplace();
    for (std::size_t i = 0; i < kTerrainVertices; ++i) (*out.heights)[i] = e[i].as_float();
  }
  if (auto flat = c.optional_field("flat")) out.flat = flat->as_float();
  if (auto types = c.optional_field("terrain_types")) {
    const std::vector<JsonCursor> e = terrain_elements(*types, "integers 0..31");
    out.terrain_types.emplace();
    for (std::size_t i = 0; i < kTerrainVertices; ++i)
      (*out.terrain_types)[i] = static_cast<std::uint8_t>(e[i].as_integer(0, 31));
  }
  return out;
}

std::vector<std::uint32_t> read_polygon(const JsonCursor& c) {
  std::vector<std::uint32_t> out;
  for (const JsonCursor& index : c.elements())
    out.push_back(static_cast<std::uint32_t>(index.as_integer(0, kMaxIndex)));
  return out;
}

// "vertices" and "polygons" of `c`.
MeshDesc read_inline_mesh(const JsonCursor& c) {
  MeshDesc out;
  for (const JsonCursor& v : c.field("vertices").elements()) out.vertices.push_back(v.as_vec3());
  for (const JsonCursor& p : c.field("polygons").elements())
    out.polygons.push_back(read_polygon(p));
  return out;
}

PortalDesc read_portal(const JsonCursor& c) {
  c.expect_object({"polygon", "to"});
  PortalDesc out;
  out.polygon = static_cast<std::uint32_t>(c.field("polygon").as_integer(0, kMaxIndex));
  const JsonCursor to = c.field("to");
  if (to.node().is_string() && to.node().get<std::string>() == "outside") return out;
  if (to.node().is_string() && to.node().get<std::string>().rfind("0x", 0) != 0)
    to.fail("must be a cell id like \"0xA9B40100\" or \"outside\"");
  out.to = to.as_id();
  return out;
}

std::vector<PortalDesc> read_portals(const JsonCursor& list) {
  std::vector<PortalDesc> out;
  for (const JsonCursor& p : list.elements()) out.push_back(read_portal(p));
  return out;
}

Sphere read_sphere(const JsonCursor& c) {
  c.expect_object({"center", "radius"});
  Sphere out;
  if (auto center = c.optional_field("center")) out.center = center->as_vec3();
  out.radius = c.field("radius").as_float();
  return out;
}

BoxMoverDesc read_box(const JsonCursor& c, bool with_step) {
  if (with_step) {
    c.expect_object({"mins", "maxs", "step_size"});
  } else {
    c.expect_object({"mins", "maxs"});
  }
  BoxMoverDesc out;
  if (auto mins = c.optional_field("mins")) out.mins = mins->as_vec3();
  if (auto maxs = c.optional_field("maxs")) out.maxs = maxs->as_vec3();
  if (auto step = c.optional_field("step_size")) out.step_size = step->as_float();
  return out;
}

MoverKind read_mover(const JsonCursor& c) {
  const std::string name = c.node().is_string() ? c.node().get<std::string>() : "";
  if (name == "ac") return MoverKind::Ac;
  if (name == "quake") return MoverKind::Quake;
  if (name == "tribes") return MoverKind::Tribes;
  c.fail("must be \"ac\", \"quake\" or \"tribes\"");
}

class SceneReader {
 public:
  SceneReader(const std::filesystem::path& base_dir, const std::string& source,
              MeshSource mesh_source = {}, MeshChecks mesh_checks = MeshChecks::Full,
              MeshPolygonCounts polygon_counts = {})
      : base_dir_(base_dir), source_(source), mesh_source_(std::move(mesh_source)),
        mesh_checks_(mesh_checks), polygon_counts_(polygon_counts) {}

  SceneDesc read(const std::string& text) const {
    const nlohmann::json document = parse_json_document(text, source_);
    const JsonCursor root(document, source_);
    check_format_field(root, kSceneFormat);
    root.expect_object({"format", "terrain", "cells", "objects", "characters"});
    SceneDesc out;
    if (auto terrain = root.optional_field("terrain")) {
      terrain->expect_object({"landblocks"});
      for (const JsonCursor& lb : terrain->field("landblocks").elements())
        out.landblocks.push_back(read_landblock(lb));
    }
    if (auto cells = root.optional_field("cells")) {
      for (const JsonCursor& c : cells->elements()) out.cells.push_back(read_cell(c));
    }
    if (auto objects = root.optional_field("objects")) {
      for (const JsonCursor& o : objects->elements()) out.objects.push_back(read_object(o));
    }
    if (auto characters = root.optional_field("characters")) {
      for (const JsonCursor& c : characters->elements())
        out.characters.push_back(read_character(c));
    }
    validate_scene(out, source_, mesh_checks_, polygon_counts_);
    return out;
  }

 private:
  MeshDesc load_obj(const JsonCursor& obj) const {
    const std::string relative = obj.as_string();
    if (relative.empty()) obj.fail("must be the path of an OBJ file");
    try {
      MeshDesc out = read_obj_mesh(base_dir_ / relative);
      out.obj = relative;
      return out;
    } catch (const InputError& e) {
      obj.fail_here(e.what());
    }
  }

  MeshDesc read_cell_mesh(const JsonCursor& cell) const {
    if (mesh_source_) return mesh_source_(cell);
    if (cell.has("mesh") && cell.has("obj"))
      cell.fail_here("give either \"mesh\" or \"obj\", not both");
    if (cell.has("obj")) return load_obj(cell.field("obj"));
    if (!cell.has("mesh")) cell.fail_here("needs \"mesh\" or \"obj\"");
    const JsonCursor mesh = cell.field("mesh");
    mesh.expect_object({"vertices", "polygons"});
    return read_inline_mesh(mesh);
  }

  CellDesc read_cell(const JsonCursor& c) const {
    c.expect_object(
        {"id", "origin", "heading", "rotation", "mesh", "obj", "portals", "seen_outside"});
    CellDesc out;
    out.id = c.field("id").as_id();
    if (auto origin = c.optional_field("origin")) out.origin = origin->as_vec3();
    out.orientation = read_orientation(c);
    out.mesh = read_cell_mesh(c);
    if (auto portals = c.optional_field("portals")) out.portals = read_portals(*portals);
    if (auto seen = c.optional_field("seen_outside")) out.seen_outside = seen->as_bool();
    return out;
  }

  ShapeDesc read_shape(const JsonCursor& c) const {
    const JsonCursor type = c.field("type");
    const std::string name = type.node().is_string() ? type.node().get<std::string>() : "";
    ShapeDesc out;
    if (name == "sphere") {
      c.expect_object({"type", "center", "radius"});
      if (auto center = c.optional_field("center")) out.center = center->as_vec3();
      out.radius = c.field("radius").as_float();
    } else if (name == "cylsphere") {
      c.expect_object({"type", "low_point", "radius", "height"});
      out.type = ShapeDesc::Type::CylSphere;
      if (auto low = c.optional_field("low_point")) out.low_point = low->as_vec3();
      out.radius = c.field("radius").as_float();
      out.height = c.field("height").as_float();
    } else if (name == "mesh") {
      c.expect_object({"type", "vertices", "polygons", "obj"});
      out.type = ShapeDesc::Type::Mesh;
      out.mesh = read_shape_mesh(c);
    } else {
      type.fail("must be \"sphere\", \"cylsphere\" or \"mesh\"");
    }
    return out;
  }

  MeshDesc read_shape_mesh(const JsonCursor& c) const {
    if (mesh_source_) return mesh_source_(c);
    if (c.has("obj") && (c.has("vertices") || c.has("polygons")))
      c.fail_here("give either \"vertices\" and \"polygons\" or \"obj\", not both");
    if (c.has("obj")) return load_obj(c.field("obj"));
    return read_inline_mesh(c);
  }

  ObjectDesc read_object(const JsonCursor& c) const {
    c.expect_object(
        {"id", "name", "position", "heading", "rotation", "scale", "shapes", "building", "flags"});
    ObjectDesc out;
    out.id = c.field("id").as_id();
    if (auto name = c.optional_field("name")) out.name = name->as_string();
    out.position = read_position(c.field("position"));
    out.orientation = read_orientation(c);
    if (auto scale = c.optional_field("scale")) out.scale = scale->as_float();
    for (const JsonCursor& s : c.field("shapes").elements()) out.shapes.push_back(read_shape(s));
    if (auto building = c.optional_field("building")) {
      building->expect_object({"portals"});
      out.building_portals = read_portals(building->field("portals"));
    }
    if (auto flags = c.optional_field("flags")) out.flags = read_flags(*flags);
    return out;
  }

  CharacterDesc read_character(const JsonCursor& c) const {
    c.expect_object({"name", "position", "heading", "rotation", "mover", "spheres",
                     "step_up_height", "step_down_height", "flags", "run_skill", "jump_skill",
                     "free_heading", "turn_rate_deg", "cycle_speeds", "quake", "tribes"});
    CharacterDesc out;
    out.name = c.field("name").as_string();
    out.position = read_position(c.field("position"));
    out.orientation = read_orientation(c);
    if (auto mover = c.optional_field("mover")) out.mover = read_mover(*mover);
    if (auto spheres = c.optional_field("spheres")) {
      out.spheres.clear();
      for (const JsonCursor& s : spheres->elements()) out.spheres.push_back(read_sphere(s));
    }
    if (auto up = c.optional_field("step_up_height")) out.step_up_height = up->as_float();
    if (auto down = c.optional_field("step_down_height")) out.step_down_height = down->as_float();
    if (auto flags = c.optional_field("flags")) out.flags = read_flags(*flags);
    if (auto run = c.optional_field("run_skill")) out.run_skill = run->as_float();
    if (auto jump = c.optional_field("jump_skill")) out.jump_skill = jump->as_float();
    if (auto free = c.optional_field("free_heading")) out.free_heading = free->as_bool();
    if (auto turn = c.optional_field("turn_rate_deg")) out.turn_rate_deg = turn->as_float();
    if (auto cycles = c.optional_field("cycle_speeds")) {
      cycles->expect_object({"walk", "run", "sidestep"});
      out.cycle_speeds = CycleSpeedsDesc{cycles->field("walk").as_float(), cycles->field("run").as_float(),
                                         cycles->field("sidestep").as_float()};
    }
    if (auto quake = c.optional_field("quake")) out.quake = read_box(*quake, true);
    if (auto tribes = c.optional_field("tribes")) out.tribes = read_box(*tribes, false);
    return out;
  }

  std::filesystem::path base_dir_;
  const std::string& source_;
  MeshSource mesh_source_;
  MeshChecks mesh_checks_;
  MeshPolygonCounts polygon_counts_;
};

}  // namespace

SceneDesc read_scene_file(const std::filesystem::path& file) {
  const std::string text = read_text_file(file);
  std::filesystem::path base_dir = file.parent_path();
  if (base_dir.empty()) base_dir = ".";
  return parse_scene(text, base_dir, file.string());
}

SceneDesc parse_scene(const std::string& json_text, const std::filesystem::path& base_dir_for_obj,
                      const std::string& source_name) {
  return SceneReader(base_dir_for_obj, source_name).read(json_text);
}

SceneDesc parse_scene_with_meshes(const std::string& json_text, const std::string& source_name,
                                  MeshSource mesh_source, MeshChecks mesh_checks,
                                  MeshPolygonCounts polygon_counts) {
  return SceneReader(".", source_name, std::move(mesh_source), mesh_checks, polygon_counts).read(json_text);
}

}  // namespace transit
