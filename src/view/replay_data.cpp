#include "view/replay_data.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "format/result_json.hpp"
#include "transit/math/constants.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/world/terrain.hpp"

namespace transit::view {

namespace {

using nlohmann::ordered_json;

// The binary block: arrays appended 4-byte aligned, each described in the
// header by {"offset", "count", "type"}.
class Blob {
 public:
  template <typename T>
  ordered_json add(const std::vector<T>& values, const char* type) {
    const std::size_t offset = bytes_.size();
    bytes_.resize(offset + values.size() * sizeof(T));
    if (!values.empty()) std::memcpy(bytes_.data() + offset, values.data(), values.size() * sizeof(T));
    bytes_.resize((bytes_.size() + 3) / 4 * 4, '\0');
    return ordered_json{{"offset", offset}, {"count", values.size()}, {"type", type}};
  }
  ordered_json add(const std::vector<float>& v) { return add(v, "f32"); }
  ordered_json add(const std::vector<std::uint32_t>& v) { return add(v, "u32"); }
  ordered_json add(const std::vector<std::uint8_t>& v) { return add(v, "u8"); }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

// Global coordinates relative to the page's origin, as floats for the GPU.
struct Placement {
  std::array<double, 3> origin{};
  void put(std::vector<float>& out, CellId cell, const Vec3& landblock_point) const {
    const Vec3 g = local_to_global(cell, landblock_point);
    out.push_back(static_cast<float>(static_cast<double>(g.x) - origin[0]));
    out.push_back(static_cast<float>(static_cast<double>(g.y) - origin[1]));
    out.push_back(static_cast<float>(static_cast<double>(g.z) - origin[2]));
  }
};

std::array<double, 3> origin_of(const World& world) {
  double lo_x = std::numeric_limits<double>::max(), lo_y = lo_x;
  double hi_x = std::numeric_limits<double>::lowest(), hi_y = hi_x;
  for (const Landblock& b : world.landscape().landblocks()) {
    lo_x = std::min(lo_x, b.block_x() * static_cast<double>(kBlockLength));
    lo_y = std::min(lo_y, b.block_y() * static_cast<double>(kBlockLength));
    hi_x = std::max(hi_x, (b.block_x() + 1) * static_cast<double>(kBlockLength));
    hi_y = std::max(hi_y, (b.block_y() + 1) * static_cast<double>(kBlockLength));
  }
  if (lo_x > hi_x) return {};
  return {std::floor((lo_x + hi_x) / 2.0), std::floor((lo_y + hi_y) / 2.0), 0.0};
}

// A convex polygon as a fan of triangles, each vertex through `to_world`.
template <typename ToWorld>
void add_fan(std::vector<float>& out, const Polygon& poly, const ToWorld& to_world) {
  const auto v = poly.vertices();
  for (std::size_t i = 1; i + 1 < v.size(); ++i)
    for (const Vec3& p : {v[0], v[i], v[i + 1]}) to_world(out, p);
}

enum TerrainClass : std::uint8_t { kWalkable = 0, kSteep = 1, kWater = 2 };

TerrainClass terrain_class(const Landblock& b, const Polygon& poly) {
  int water = 0;
  for (const Vec3& p : poly.vertices()) {
    const int vx = std::clamp(static_cast<int>(std::lround(p.x / kCellLength)), 0, kBlockSide);
    const int vy = std::clamp(static_cast<int>(std::lround(p.y / kCellLength)), 0, kBlockSide);
    if (is_water_terrain(b.terrain_type(vx, vy))) ++water;
  }
  if (water == static_cast<int>(poly.vertices().size())) return kWater;
  return poly.plane().normal.z < kFloorZ ? kSteep : kWalkable;
}

ordered_json terrain_json(const World& world, const Placement& at, Blob& blob) {
  std::vector<float> tris;
  std::vector<std::uint8_t> classes;
  for (const Landblock& b : world.landscape().landblocks())
    for (const LandCell& cell : b.cells())
      for (const Polygon& poly : cell.polygons()) {
        add_fan(tris, poly, [&](std::vector<float>& o, const Vec3& p) { at.put(o, b.id(), p); });
        for (std::size_t i = 2; i < poly.vertices().size(); ++i) classes.push_back(terrain_class(b, poly));
      }
  ordered_json blocks = ordered_json::array();
  for (const Landblock& b : world.landscape().landblocks())
    blocks.push_back(fmt::format("0x{:08X}", b.id()));
  return ordered_json{{"landblocks", blocks},
                      {"triangles", blob.add(tris)},
                      {"classes", blob.add(classes)}};
}

ordered_json cell_json(const EnvCell& cell, const Placement& at, Blob& blob) {
  std::vector<bool> portal(cell.geometry().cell.polygons().size(), false);
  ordered_json portals = ordered_json::array();
  for (const CellPortal& p : cell.portals()) {
    if (p.polygon < portal.size()) portal[p.polygon] = true;
    portals.push_back(p.leads_outside() ? std::string("outside") : fmt::format("0x{:08X}", p.other));
  }
  std::vector<float> walls, doors;
  const auto to_world = [&](std::vector<float>& o, const Vec3& p) {
    at.put(o, cell.id(), cell.frame().local_to_global(p));
  };
  const auto& polys = cell.geometry().cell.polygons();
  for (std::size_t i = 0; i < polys.size(); ++i) add_fan(portal[i] ? doors : walls, polys[i], to_world);
  return ordered_json{{"id", fmt::format("0x{:08X}", cell.id())},
                      {"portals_to", portals},
                      {"triangles", blob.add(walls)},
                      {"portals", blob.add(doors)}};
}

const char* object_kind(const WorldObject& o) {
  if (o.is_building()) return "building";
  if (o.has(kFlagCreature)) return "creature";
  if (o.has(kFlagStatic)) return "static";
  return "object";
}

ordered_json flag_names(std::uint32_t flags) {
  ordered_json names = ordered_json::array();
  for (std::uint32_t bit = 1; bit != 0; bit <<= 1)
    if (const char* name = (flags & bit) ? entity_flag_name(bit) : nullptr) names.push_back(name);
  return names;
}

ordered_json object_json(const WorldObject& o, const Placement& at, Blob& blob) {
  const CellId cell = o.position.objcell_id;
  const auto to_world = [&](std::vector<float>& out, const Vec3& p) {
    at.put(out, cell, o.position.frame.local_to_global(p * o.scale));
  };
  std::vector<bool> portal;
  for (const CellPortal& p : o.building_portals) {
    if (p.polygon >= portal.size()) portal.resize(p.polygon + 1, false);
    portal[p.polygon] = true;
  }
  std::vector<float> tris, doors;
  std::size_t index = 0;
  for (const auto& mesh : o.meshes)
    for (const Polygon& poly : mesh->polygons()) {
      const bool is_portal = index < portal.size() && portal[index];
      add_fan(is_portal ? doors : tris, poly, to_world);
      ++index;
    }
  std::vector<float> spheres, cylspheres;
  for (const Sphere& s : o.spheres) {
    to_world(spheres, s.center);
    spheres.push_back(s.radius * o.scale);
  }
  for (const CylSphere& c : o.cylspheres) {
    to_world(cylspheres, c.low_point);
    cylspheres.push_back(c.radius * o.scale);
    cylspheres.push_back(c.height * o.scale);
  }
  return ordered_json{{"id", o.id},
                      {"name", o.name},
                      {"kind", object_kind(o)},
                      {"flags", flag_names(o.flags)},
                      {"cell", fmt::format("0x{:08X}", cell)},
                      {"triangles", blob.add(tris)},
                      {"portals", blob.add(doors)},
                      {"spheres", blob.add(spheres)},
                      {"cylspheres", blob.add(cylspheres)}};
}

ordered_json world_json(const World& world, const Placement& at, Blob& blob) {
  ordered_json cells = ordered_json::array();
  for (const EnvCell& c : world.env_cells()) cells.push_back(cell_json(c, at, blob));
  ordered_json objects = ordered_json::array();
  // A Simulation's characters are objects of its world too; they are drawn as characters.
  for (const WorldObject& o : world.objects())
    if (o.id != 0 && o.id < kCharacterObjectIdBase) objects.push_back(object_json(o, at, blob));
  return ordered_json{{"terrain", terrain_json(world, at, blob)},
                      {"cells", cells},
                      {"objects", objects}};
}

ordered_json box_json(const BoxMoverDesc& box) {
  return ordered_json{{"mins", result_vec_json(box.mins)}, {"maxs", result_vec_json(box.maxs)}};
}

ordered_json character_json(const std::string& name, const SceneDesc& scene) {
  CharacterDesc c;
  for (const CharacterDesc& d : scene.characters)
    if (d.name == name) c = d;
  ordered_json spheres = ordered_json::array();
  for (const Sphere& s : c.spheres)
    spheres.push_back(ordered_json::array({shortest_double(s.center.x), shortest_double(s.center.y),
                                           shortest_double(s.center.z), shortest_double(s.radius)}));
  ordered_json j{{"name", name}, {"mover", to_string(c.mover)}, {"spheres", spheres}};
  if (c.mover == MoverKind::Quake) j["box"] = box_json(c.quake.value_or(BoxMoverDesc{}));
  if (c.mover == MoverKind::Tribes) j["box"] = box_json(c.tribes.value_or(BoxMoverDesc{}));
  return j;
}

// Repeated planes and normals are stored once; a sample refers to them by
// index + 1 (0: none).
class Table {
 public:
  using Key = std::array<std::uint32_t, 5>;
  std::uint32_t index(const Key& key, const std::vector<float>& values, std::uint32_t cell = 0) {
    auto [it, added] = ids_.try_emplace(key, static_cast<std::uint32_t>(ids_.size() + 1));
    if (added) {
      flat_.insert(flat_.end(), values.begin(), values.end());
      cells_.push_back(cell);
    }
    return it->second;
  }
  std::vector<float>& flat() { return flat_; }
  std::vector<std::uint32_t>& cells() { return cells_; }

 private:
  std::map<Key, std::uint32_t> ids_;
  std::vector<float> flat_;
  std::vector<std::uint32_t> cells_;
};
std::uint32_t bits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

struct TrackArrays {
  std::vector<float> local, heading, velocity;
  std::vector<std::uint32_t> cell, plane, sliding;
  std::vector<std::uint8_t> flags, status;
};

void add_sample(TrackArrays& a, const TrajectorySample& s, Table& planes, Table& normals) {
  const Vec3& p = s.position.frame.origin;
  a.local.insert(a.local.end(), {p.x, p.y, p.z});
  a.heading.push_back(s.heading);
  a.velocity.insert(a.velocity.end(), {s.velocity.x, s.velocity.y, s.velocity.z});
  a.cell.push_back(s.position.objcell_id);
  a.flags.push_back(static_cast<std::uint8_t>((s.contact ? 1 : 0) | (s.on_walkable ? 2 : 0) |
                                              (s.contact_plane && s.contact_plane->water ? 4 : 0)));
  a.status.push_back(static_cast<std::uint8_t>(s.status));
  std::uint32_t plane = 0;
  if (const auto& c = s.contact_plane) {
    const Plane& pl = c->plane;
    plane = planes.index({bits(pl.normal.x), bits(pl.normal.y), bits(pl.normal.z), bits(pl.d), c->cell},
                         {pl.normal.x, pl.normal.y, pl.normal.z, pl.d}, c->cell);
  }
  a.plane.push_back(plane);
  std::uint32_t slide = 0;
  if (const auto& n = s.sliding_normal)
    slide = normals.index({bits(n->x), bits(n->y), bits(n->z), 0, 0}, {n->x, n->y, n->z});
  a.sliding.push_back(slide);
}

ordered_json trajectory_json(const Trajectory& t, const SceneDesc& scene, Blob& blob) {
  std::size_t samples = 0;
  for (const CharacterTrack& track : t.characters) samples = std::max(samples, track.samples.size());
  TrackArrays a;
  Table planes, normals;
  ordered_json events = ordered_json::array();
  ordered_json characters = ordered_json::array();
  for (std::size_t c = 0; c < t.characters.size(); ++c) {
    const CharacterTrack& track = t.characters[c];
    characters.push_back(character_json(track.name, scene));
    // A track shorter than the longest keeps its last sample to the end.
    for (std::size_t i = 0; i < samples; ++i)
      add_sample(a, track.samples[std::min(i, track.samples.size() - 1)], planes, normals);
    for (const SimEvent& e : track.events) {
      ordered_json j{{"character", c},
                     {"tick", std::llround(e.t / t.dt)},
                     {"t", result_time(e.t)},
                     {"event", to_string(e.kind)}};
      if (e.kind == SimEventKind::CollidedObject) j["object"] = e.id;
      if (e.kind == SimEventKind::EnteredCell) j["cell"] = fmt::format("0x{:08X}", e.id);
      events.push_back(j);
    }
  }
  ordered_json statuses = ordered_json::array();
  for (int s = 0; s <= static_cast<int>(MoveStatus::InvalidInput); ++s)
    statuses.push_back(to_string(static_cast<MoveStatus>(s)));
  return ordered_json{{"dt", t.dt},
                      {"samples", samples},
                      {"characters", characters},
                      {"local", blob.add(a.local)},
                      {"heading", blob.add(a.heading)},
                      {"velocity", blob.add(a.velocity)},
                      {"cell", blob.add(a.cell)},
                      {"flags", blob.add(a.flags)},
                      {"status", blob.add(a.status)},
                      {"status_names", statuses},
                      {"plane", blob.add(a.plane)},
                      {"sliding", blob.add(a.sliding)},
                      {"planes", blob.add(planes.flat())},
                      {"plane_cells", blob.add(planes.cells())},
                      {"normals", blob.add(normals.flat())},
                      {"events", events}};
}

ordered_json optional_position(const std::optional<Position>& p) {
  return p ? result_position_json(*p) : ordered_json(nullptr);
}

ordered_json moves_json(const std::vector<MoveResult>& moves, const SceneDesc& scene) {
  ordered_json list = ordered_json::array();
  for (const MoveResult& m : moves)
    list.push_back(ordered_json{{"name", m.name},
                                {"character", character_json(m.character, scene)},
                                {"from", optional_position(m.from)},
                                {"to", optional_position(m.to)},
                                {"end", result_position_json(m.end)},
                                {"state", m.state},
                                {"status", m.status},
                                {"contact", m.contact},
                                {"on_walkable", m.on_walkable},
                                {"contact_plane", result_plane_json(m.contact_plane)},
                                {"collision_normal", result_optional_vec_json(m.collision_normal)},
                                {"sliding_normal", result_optional_vec_json(m.sliding_normal)},
                                {"steps", m.steps}});
  return list;
}

}  // namespace

ReplayData replay_data(const ReplayInput& in) {
  Blob blob;
  const Placement at{origin_of(*in.world)};
  ordered_json header{{"format", "transit-view/1"},
                      {"title", in.title},
                      {"origin", ordered_json::array({at.origin[0], at.origin[1], at.origin[2]})},
                      {"block_length", kBlockLength},
                      {"floor_z", kFloorZ},
                      {"world", world_json(*in.world, at, blob)}};
  header["trajectory"] = in.trajectory ? trajectory_json(*in.trajectory, *in.scene, blob) : nullptr;
  header["moves"] = in.moves ? moves_json(*in.moves, *in.scene) : nullptr;
  return ReplayData{header.dump(), blob.take()};
}

}  // namespace transit::view
