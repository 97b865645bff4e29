#include "format/scene_validation.hpp"

#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "format/desc_checks.hpp"
#include "format/field_error.hpp"
#include "transit/geom/polygon.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

constexpr int kMaxTerrainType = 31;

std::string format_indices(const std::vector<std::uint32_t>& indices) {
  return fmt::format("[{}]", fmt::join(indices, ", "));
}

// Where a mesh's parts are named in messages: inline meshes by the pointer of
// each vertex and polygon, OBJ meshes by their "obj" field and face number.
struct MeshPlace {
  std::string inline_path;  // the object holding "vertices" and "polygons"
  std::string holder_path;  // the object holding "obj"
};

class SceneValidator {
 public:
  SceneValidator(const SceneDesc& scene, const std::string& source, MeshChecks mesh_checks = MeshChecks::Full,
                 MeshPolygonCounts polygon_counts = {})
      : scene_(scene), check_(source), refs_(scene), mesh_checks_(mesh_checks), polygon_counts_(polygon_counts) {}
  SceneValidator(const SceneDesc& additions, SceneRefs refs, const std::string& source)
      : scene_(additions), check_(source), refs_(std::move(refs)), unique_object_ids_(false) {}

  void run() {
    for (std::size_t i = 0; i < scene_.landblocks.size(); ++i) landblock(i);
    for (std::size_t i = 0; i < scene_.cells.size(); ++i) cell(i);
    for (std::size_t i = 0; i < scene_.objects.size(); ++i) object(i);
    for (std::size_t i = 0; i < scene_.characters.size(); ++i) character(i);
  }

  void run_additions() {
    for (std::size_t i = 0; i < scene_.objects.size(); ++i) object(i);
    for (std::size_t i = 0; i < scene_.characters.size(); ++i) character(i);
  }

 private:
  void landblock(std::size_t i) {
    const LandblockDesc& lb = scene_.landblocks[i];
    const std::string path = fmt::format("/terrain/landblocks/{}", i);
    for (auto [value, name] : {std::pair{lb.x, "x"}, std::pair{lb.y, "y"}}) {
      if (value < 0 || value > kMaxBlockCoord)
        check_.fail(path + "/" + name, "must be an integer 0..254", std::to_string(value));
    }
    const auto [it, added] = landblock_paths_.emplace(std::pair{lb.x, lb.y}, path);
    if (!added) {
      check_.fail(path,
                  fmt::format("landblock ({}, {}) is already given at {}", lb.x, lb.y, it->second));
    }
    if (lb.heights && lb.flat) check_.fail(path, "give either \"heights\" or \"flat\", not both");
    if (!lb.heights && !lb.flat) check_.fail(path, "needs \"heights\" or \"flat\"");
    if (lb.flat) check_.finite(*lb.flat, path + "/flat");
    if (lb.heights) {
      for (std::size_t k = 0; k < lb.heights->size(); ++k)
        check_.finite((*lb.heights)[k], fmt::format("{}/heights/{}", path, k));
    }
    if (lb.terrain_types) {
      for (std::size_t k = 0; k < lb.terrain_types->size(); ++k) {
        const int type = (*lb.terrain_types)[k];
        if (type > kMaxTerrainType) {
          check_.fail(fmt::format("{}/terrain_types/{}", path, k), "must be an integer 0..31",
                      std::to_string(type));
        }
      }
    }
  }

  void cell(std::size_t i) {
    const CellDesc& c = scene_.cells[i];
    const std::string path = fmt::format("/cells/{}", i);
    if (!is_indoor(c.id) || !is_valid_cell_id(c.id)) {
      check_.fail(path + "/id",
                  "must be an indoor cell id 0xXXYYCCCC with XX and YY 0..254 and CCCC "
                  "0x0100..0xFFFD",
                  format_cell_id(c.id));
    }
    if (!refs_.has_landblock_of(c.id)) {
      check_.fail(path + "/id",
                  "lies in landblock " + format_landblock(c.id) + ", which is not in the scene",
                  format_cell_id(c.id));
    }
    const auto [it, added] = cell_paths_.emplace(c.id, path);
    if (!added)
      check_.fail(path + "/id", "cell id already used by " + it->second, format_cell_id(c.id));
    check_.finite(c.origin, path + "/origin");
    check_.orientation(c.orientation, path);
    mesh(c.mesh, {path + "/mesh", path});
    portals(c.portals, mesh_polygon_count(c.mesh), path, c.id);
  }

  // Called once for each mesh, in document order.
  std::size_t mesh_polygon_count(const MeshDesc& m) {
    if (polygon_counts_.empty()) return m.polygons.size();
    return next_count_ < polygon_counts_.size() ? polygon_counts_[next_count_++] : 0;
  }

  void portals(const std::vector<PortalDesc>& list, std::size_t polygon_count,
               const std::string& owner_path, std::optional<CellId> own_cell) {
    for (std::size_t k = 0; k < list.size(); ++k) {
      const PortalDesc& p = list[k];
      const std::string path = fmt::format("{}/portals/{}", owner_path, k);
      if (p.polygon >= polygon_count) {
        check_.fail(path + "/polygon",
                    polygon_count == 0
                        ? std::string("must be a polygon index, but there are no polygons")
                        : fmt::format("must be a polygon index 0..{}", polygon_count - 1),
                    std::to_string(p.polygon));
      }
      if (!p.to) {
        if (!own_cell)
          check_.fail(path + "/to", "a building portal must lead to a cell", "\"outside\"");
        continue;
      }
      if (!refs_.has_cell(*p.to)) {
        check_.fail(path + "/to", "must be a cell of the scene or \"outside\"",
                    format_cell_id(*p.to));
      }
      if (own_cell && *p.to == *own_cell)
        check_.fail(path + "/to", "a portal cannot lead to its own cell", format_cell_id(*p.to));
    }
  }

  void mesh(const MeshDesc& m, const MeshPlace& place) {
    if (mesh_checks_ == MeshChecks::Counts) return;
    const bool from_obj = !m.obj.empty();
    const std::string obj_path = place.holder_path + "/obj";
    // Paths are formatted only for a failure: a mesh can have a million vertices.
    for (std::size_t k = 0; k < m.vertices.size(); ++k) {
      if (is_finite(m.vertices[k])) continue;
      if (from_obj) check_.fail(obj_path, fmt::format("{}: vertex {} is not finite", m.obj, k + 1));
      check_.finite(m.vertices[k], fmt::format("{}/vertices/{}", place.inline_path, k));
    }
    if (m.polygons.empty()) {
      if (from_obj) check_.fail(obj_path, m.obj + ": the OBJ file has no faces");
      check_.fail(place.inline_path + "/polygons", "a mesh needs at least one polygon", "[]");
    }
    for (std::size_t k = 0; k < m.polygons.size(); ++k) polygon(m, k, place);
  }

  void polygon(const MeshDesc& m, std::size_t k, const MeshPlace& place) {
    const std::vector<std::uint32_t>& indices = m.polygons[k];
    const bool from_obj = !m.obj.empty();
    const auto path = [&] {
      return from_obj ? place.holder_path + "/obj" : fmt::format("{}/polygons/{}", place.inline_path, k);
    };
    const auto prefix = [&] {
      return from_obj ? fmt::format("{}: polygon {} (face {} of the file) ", m.obj, k, k + 1)
                      : std::string("polygon ");
    };
    if (indices.size() < 3)
      check_.fail(path(), prefix() + "needs at least 3 vertices", format_indices(indices));
    std::vector<Vec3> points;
    points.reserve(indices.size());
    for (std::size_t v = 0; v < indices.size(); ++v) {
      if (indices[v] >= m.vertices.size()) {
        const std::string where = from_obj ? path() : fmt::format("{}/{}", path(), v);
        check_.fail(where,
                    fmt::format("{}names vertex index {}, but the mesh has {} vertices", prefix(),
                                indices[v], m.vertices.size()),
                    format_indices(indices));
      }
      if (mesh_checks_ == MeshChecks::Full) points.push_back(m.vertices[indices[v]]);
    }
    if (mesh_checks_ != MeshChecks::Full) return;
    if (std::optional<std::string> problem = validate_polygon(points))
      check_.fail(path(), prefix() + *problem, format_indices(indices));
  }

  void object(std::size_t i) {
    const ObjectDesc& o = scene_.objects[i];
    const std::string path = fmt::format("/objects/{}", i);
    const auto [it, added] = object_paths_.emplace(o.id, path);
    if (!added && unique_object_ids_)
      check_.fail(path + "/id", "object id already used by " + it->second, std::to_string(o.id));
    placement(o.position, o.orientation, path);
    check_.positive(o.scale, path + "/scale");
    if (o.shapes.empty()) check_.fail(path + "/shapes", "an object needs at least one shape", "[]");
    std::size_t mesh_polygons = 0;
    for (std::size_t k = 0; k < o.shapes.size(); ++k) {
      shape(o.shapes[k], fmt::format("{}/shapes/{}", path, k));
      if (o.shapes[k].type == ShapeDesc::Type::Mesh)
        mesh_polygons += mesh_polygon_count(o.shapes[k].mesh);
    }
    if (o.building_portals) {
      if (mesh_polygons == 0)
        check_.fail(path + "/building", "a building needs a mesh shape for its portals");
      portals(*o.building_portals, mesh_polygons, path + "/building", std::nullopt);
    }
    check_.flags(o.flags, path + "/flags");
  }

  void shape(const ShapeDesc& s, const std::string& path) {
    switch (s.type) {
      case ShapeDesc::Type::Sphere:
        check_.finite(s.center, path + "/center");
        check_.positive(s.radius, path + "/radius");
        break;
      case ShapeDesc::Type::CylSphere:
        check_.finite(s.low_point, path + "/low_point");
        check_.positive(s.radius, path + "/radius");
        check_.positive(s.height, path + "/height");
        break;
      case ShapeDesc::Type::Mesh:
        mesh(s.mesh, {path, path});
        break;
      default:
        check_.fail(path + "/type", "must be \"sphere\", \"cylsphere\" or \"mesh\"");
    }
  }

  // A position and the orientation beside it: not both oriented.
  void placement(const PositionDesc& position, const OrientationDesc& beside,
                 const std::string& path) {
    check_.position(position, path + "/position");
    refs_.check_position(check_, position, path + "/position");
    // A character or object stands in its landblock (a move's target may
    // lie beyond it, in its start's coordinates).
    const Vec3& local = position.local;
    if (position.cell && is_outdoor(*position.cell) &&
        !(local.x >= 0.0f && local.y >= 0.0f && local.x < kBlockLength && local.y < kBlockLength))
      check_.fail(path + "/position/local",
                  "must lie in the landblock of its cell: x and y 0 up to 192 (give the cell of "
                  "the landblock that holds the point, or \"global\")",
                  format_vec3(local));
    check_.orientation(beside, path);
    const bool inside = position.orientation.heading_deg || position.orientation.rotation;
    if (inside && (beside.heading_deg || beside.rotation)) {
      check_.fail(path + (beside.heading_deg ? "/heading" : "/rotation"),
                  "the orientation is given both here and inside \"position\"");
    }
  }

  void character(std::size_t i) {
    const CharacterDesc& c = scene_.characters[i];
    const std::string path = fmt::format("/characters/{}", i);
    if (c.name.empty()) check_.fail(path + "/name", "must not be empty", "\"\"");
    const auto [it, added] = character_paths_.emplace(c.name, path);
    if (!added)
      check_.fail(path + "/name", "character name already used by " + it->second,
                  "\"" + c.name + "\"");
    placement(c.position, c.orientation, path);
    spheres(c.spheres, path + "/spheres");
    check_.non_negative(c.step_up_height, path + "/step_up_height");
    check_.non_negative(c.step_down_height, path + "/step_down_height");
    check_.flags(c.flags, path + "/flags");
    check_.non_negative(c.run_skill, path + "/run_skill");
    check_.non_negative(c.jump_skill, path + "/jump_skill");
    if (c.turn_rate_deg) check_.positive(*c.turn_rate_deg, path + "/turn_rate_deg");
    if (const auto& s = c.cycle_speeds) {
      check_.non_negative(s->walk, path + "/cycle_speeds/walk");
      check_.non_negative(s->run, path + "/cycle_speeds/run");
      check_.non_negative(s->sidestep, path + "/cycle_speeds/sidestep");
    }
    if (c.quake) box(*c.quake, path + "/quake", true);
    if (c.tribes) box(*c.tribes, path + "/tribes", false);
  }

  void spheres(const std::vector<Sphere>& list, const std::string& path) {
    if (list.empty() || list.size() > 2) {
      check_.fail(path, "a character needs 1 or 2 spheres (foot sphere first)",
                  fmt::format("{} spheres", list.size()));
    }
    for (std::size_t k = 0; k < list.size(); ++k) {
      check_.finite(list[k].center, fmt::format("{}/{}/center", path, k));
      check_.positive(list[k].radius, fmt::format("{}/{}/radius", path, k));
    }
  }

  void box(const BoxMoverDesc& b, const std::string& path, bool has_step) {
    check_.finite(b.mins, path + "/mins");
    check_.finite(b.maxs, path + "/maxs");
    if (!(b.mins.x < b.maxs.x && b.mins.y < b.maxs.y && b.mins.z < b.maxs.z)) {
      check_.fail(path + "/mins", "must be below \"maxs\" on every axis",
                  format_vec3(b.mins) + " with maxs " + format_vec3(b.maxs));
    }
    if (b.step_size && !has_step)
      check_.fail(path + "/step_size", "only the quake box has a step size");
    if (b.step_size) check_.non_negative(*b.step_size, path + "/step_size");
  }

  const SceneDesc& scene_;
  DescChecker check_;
  SceneRefs refs_;
  std::map<std::pair<int, int>, std::string> landblock_paths_;
  std::map<CellId, std::string> cell_paths_;
  std::map<std::uint32_t, std::string> object_paths_;
  std::map<std::string, std::string> character_paths_;
  bool unique_object_ids_ = true;
  MeshChecks mesh_checks_ = MeshChecks::Full;
  MeshPolygonCounts polygon_counts_;
  std::size_t next_count_ = 0;  // into polygon_counts_, in document order
};

}  // namespace

void validate_scene(const SceneDesc& scene, const std::string& source_name, MeshChecks mesh_checks,
                    MeshPolygonCounts polygon_counts) {
  SceneValidator(scene, source_name, mesh_checks, polygon_counts).run();
}

void validate_additions(const SceneDesc& additions, std::set<CellId> landblocks,
                        std::set<CellId> cells, const std::string& source_name) {
  SceneValidator(additions, SceneRefs(std::move(landblocks), std::move(cells)), source_name)
      .run_additions();
}

}  // namespace transit
