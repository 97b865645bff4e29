#include "transit/format/baked_world.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <optional>
#include <exception>
#include <fstream>
#include <future>
#include <tuple>

#include <fmt/format.h>

#include "dat/mapped_file.hpp"
#include "format/baked_world_payload.hpp"
#include "format/binary_buffer.hpp"
#include "format/json_cursor.hpp"
#include "format/load_in_halves.hpp"
#include "format/scene_mesh_source.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/format/scene_writer.hpp"
#include "transit/math/input_error.hpp"
#include "transit/math/same_bits.hpp"
#include "transit/version.hpp"

namespace transit {

namespace {

constexpr std::array<char, 8> kMagic = {'T', 'R', 'N', 'B', 'A', 'K', 'E', '\x1a'};
constexpr std::uint32_t kEndianMark = 0x01020304u;
constexpr std::size_t kVersionField = 24;
// A node in the file: plane, bounds (4 floats each), pos, neg, first_ref,
// num_refs (4 bytes each) and the solid flag.
constexpr std::size_t kNodeBytes = 49;

// The fixed 64-byte header in front of the payload.
struct Header {
  std::array<char, 8> magic = kMagic;
  std::uint32_t format = kBakedWorldFormatVersion;
  std::uint32_t endian = kEndianMark;
  std::array<char, kVersionField> transit_version{};
  std::uint64_t payload_size = 0;
  std::uint64_t checksum = 0;
  std::uint64_t reserved = 0;
};
static_assert(sizeof(Header) == 64);

std::array<char, kVersionField> version_field() {
  std::array<char, kVersionField> field{};
  std::string_view v = kVersionString;
  std::copy_n(v.begin(), std::min(v.size(), kVersionField - 1), field.begin());
  return field;
}

// ---- writing ----

void put_mesh(BinaryWriter& w, const MeshDesc& mesh) {
  w.put_array(mesh.vertices);
  std::vector<std::uint32_t> sizes, indices;
  for (const auto& polygon : mesh.polygons) {
    sizes.push_back(static_cast<std::uint32_t>(polygon.size()));
    indices.insert(indices.end(), polygon.begin(), polygon.end());
  }
  w.put_array(sizes);
  w.put_array(indices);
}

// Which polygon of `mesh` each of the tree's polygons was built from (the
// builders keep the mesh's order, leaving portals out), or nothing when
// they do not match: the tree then keeps its own polygons in the file.
std::optional<std::vector<std::uint32_t>> mesh_polygons_of(const BspTree& tree, const MeshDesc& mesh) {
  std::vector<std::uint32_t> sources;
  sources.reserve(tree.polygons().size());
  std::size_t k = 0;
  for (const Polygon& p : tree.polygons()) {
    const auto& v = p.vertices();
    const auto same = [&](const std::vector<std::uint32_t>& indices) {
      if (indices.size() != v.size()) return false;
      for (std::size_t i = 0; i < v.size(); ++i)
        if (indices[i] >= mesh.vertices.size() || !same_bits(mesh.vertices[indices[i]], v[i])) return false;
      return true;
    };
    while (k < mesh.polygons.size() && !same(mesh.polygons[k])) ++k;
    if (k == mesh.polygons.size()) return std::nullopt;
    sources.push_back(static_cast<std::uint32_t>(k++));
  }
  return sources;
}

void put_tree(BinaryWriter& w, const BspTree& tree, const MeshDesc& mesh) {
  w.put(static_cast<std::uint8_t>(tree.role()));
  w.put(static_cast<std::uint8_t>(tree.solid_available()));
  const BspStats& s = tree.stats();
  w.put_array(std::vector<std::int32_t>{s.nodes, s.leaves, s.solid_leaves, s.depth, s.polygons,
                                        s.polygons_split, s.polygon_refs, s.max_leaf_polygons});
  const PolygonSides sides = tree.polygons().empty() ? PolygonSides::Single : tree.polygons()[0].sides();
  const bool one_sides = std::all_of(tree.polygons().begin(), tree.polygons().end(),
                                     [&](const Polygon& p) { return p.sides() == sides; });
  const auto sources = one_sides ? mesh_polygons_of(tree, mesh) : std::nullopt;
  w.put(static_cast<std::uint8_t>(sources ? 1 : 0));
  if (sources) {
    w.put(static_cast<std::uint8_t>(sides));
    w.put_array(*sources);
    std::vector<Plane> planes;
    planes.reserve(tree.polygons().size());
    std::vector<float> bounds;
    bounds.reserve(tree.polygons().size());
    for (const Polygon& p : tree.polygons()) {
      planes.push_back(p.plane());
      bounds.push_back(p.bound_radius());
    }
    w.put_array(planes);
    w.put_array(bounds);
  } else {
    w.put(static_cast<std::uint64_t>(tree.polygons().size()));
    for (const Polygon& p : tree.polygons()) {
      w.put(static_cast<std::uint8_t>(p.sides()));
      w.put_array(std::vector<Vec3>(p.vertices().begin(), p.vertices().end()));
    }
  }
  w.put(static_cast<std::uint64_t>(tree.nodes().size()));
  for (const BspNode& n : tree.nodes()) {
    w.put(n.plane.normal);
    w.put(n.plane.d);
    w.put(n.bounds.center);
    w.put(n.bounds.radius);
    w.put(n.pos);
    w.put(n.neg);
    w.put(n.first_ref);
    w.put(n.num_refs);
    w.put(static_cast<std::uint8_t>(n.solid));
  }
  w.put_array(tree.leaf_refs());
}

// The scene's meshes in document order (cells, then objects' mesh shapes),
// and the scene with them left out: their place in the JSON is kept by an
// empty inline mesh or the OBJ path, and read back by a MeshSource.
std::vector<const MeshDesc*> meshes_of(const SceneDesc& scene) {
  std::vector<const MeshDesc*> meshes;
  for (const CellDesc& c : scene.cells) meshes.push_back(&c.mesh);
  for (const ObjectDesc& o : scene.objects)
    for (const ShapeDesc& s : o.shapes)
      if (s.type == ShapeDesc::Type::Mesh) meshes.push_back(&s.mesh);
  return meshes;
}

SceneDesc without_meshes(SceneDesc scene) {
  const auto strip = [](MeshDesc& m) {
    m.vertices.clear();
    m.polygons.clear();
  };
  for (CellDesc& c : scene.cells) strip(c.mesh);
  for (ObjectDesc& o : scene.objects)
    for (ShapeDesc& s : o.shapes) strip(s.mesh);
  return scene;
}

std::string payload_of(const SceneDesc& scene, const SceneTrees& trees,
                       const std::vector<BakedSource>& sources) {
  BinaryWriter w;
  w.put(static_cast<std::uint64_t>(sources.size()));
  for (const BakedSource& s : sources) {
    w.put_string(s.path);
    w.put(s.size);
    w.put(s.modified_ns);
  }
  w.put_string(write_scene(without_meshes(scene)));
  const std::vector<const MeshDesc*> meshes = meshes_of(scene);
  w.put(static_cast<std::uint64_t>(meshes.size()));
  for (const MeshDesc* m : meshes) put_mesh(w, *m);
  w.put(static_cast<std::uint64_t>(trees.warnings.size()));
  for (const std::string& warning : trees.warnings) w.put_string(warning);
  // The trees' layout, so that they can be read before the scene is parsed.
  w.put(static_cast<std::uint64_t>(trees.cells.size()));
  std::vector<std::uint32_t> per_object;
  for (const auto& object : trees.object_meshes) per_object.push_back(static_cast<std::uint32_t>(object.size()));
  w.put_array(per_object);
  std::size_t m = 0;
  for (const auto& cell : trees.cells) {
    put_tree(w, cell->physics, *meshes[m]);
    put_tree(w, cell->cell, *meshes[m++]);
  }
  for (const auto& object : trees.object_meshes)
    for (const auto& tree : object) put_tree(w, *tree, *meshes[m++]);
  return w.bytes();
}

// ---- reading ----

// A mesh as the file keeps it, read in place: vertices, and polygons as
// sizes and indices.
struct FlatMesh {
  PackedArray<Vec3> vertices;
  PackedArray<std::uint32_t> sizes, indices;
  std::uint32_t uniform = 0;           ///< every polygon's size, when they all have one
  std::vector<std::uint32_t> starts;   ///< each polygon's first index, otherwise

  std::size_t polygon_count() const { return sizes.size(); }
  std::size_t start_of(std::size_t polygon) const { return starts.empty() ? polygon * uniform : starts[polygon]; }
  // fn(vertex) for each of the polygon's vertices, or fn(nullopt) for an
  // index past the vertices.
  template <typename Fn>
  void each_vertex(std::size_t polygon, Fn&& fn) const {
    const std::size_t first = start_of(polygon);
    const std::uint32_t size = sizes[polygon];
    for (std::uint32_t i = 0; i < size; ++i) {
      const std::uint32_t v = indices[first + i];
      fn(v < vertices.size() ? std::optional<Vec3>(vertices[v]) : std::nullopt);
    }
  }
  MeshDesc desc() const {
    MeshDesc mesh;
    mesh.vertices = vertices.to_vector();
    mesh.polygons.resize(sizes.size());
    for (std::size_t k = 0; k < sizes.size(); ++k) {
      auto& polygon = mesh.polygons[k];
      polygon.resize(sizes[k]);
      for (std::size_t i = 0, first = start_of(k); i < polygon.size(); ++i) polygon[i] = indices[first + i];
    }
    return mesh;
  }
};

FlatMesh get_mesh(BinaryReader& r) {
  FlatMesh mesh;
  mesh.vertices = r.get_packed<Vec3>("mesh vertices");
  mesh.sizes = r.get_packed<std::uint32_t>("mesh polygon sizes");
  mesh.indices = r.get_packed<std::uint32_t>("mesh polygon indices");
  const std::size_t count = mesh.sizes.size();
  mesh.uniform = count > 0 ? mesh.sizes[0] : 0;
  std::size_t at = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint32_t size = mesh.sizes[k];
    if (size < 3) throw InputError(fmt::format("a mesh polygon of {} vertices", size));
    if (size > mesh.indices.size() - at)
      throw InputError(fmt::format("mesh polygons need more than the {} indices given", mesh.indices.size()));
    if (size != mesh.uniform && mesh.starts.empty()) {
      mesh.starts.reserve(count);
      for (std::size_t j = 0; j < k; ++j) mesh.starts.push_back(static_cast<std::uint32_t>(j * mesh.uniform));
    }
    if (!mesh.starts.empty()) mesh.starts.push_back(static_cast<std::uint32_t>(at));
    at += size;
  }
  return mesh;
}

// Trees of more polygons and nodes than this are read on two threads.
constexpr std::size_t kParallelPolygons = 65536;

// The polygons were validated when baked and the checksum holds; what
// queries rely on (enough finite vertices) is checked again for less (for
// polygons made from a mesh: sizes in get_mesh, vertices as they are made).
bool polygon_usable(const std::vector<Vec3>& vertices) {
  return vertices.size() >= 3 &&
         std::all_of(vertices.begin(), vertices.end(), [](const Vec3& v) { return is_finite(v); });
}

// A tree's polygons as indices into the mesh they were built from, with
// their planes and bound radii, read in place.
struct MeshPolygonRecords {
  PolygonSides sides = PolygonSides::Single;
  PackedArray<std::uint32_t> sources;
  PackedArray<Plane> planes;
  PackedArray<float> bounds;
};

MeshPolygonRecords get_mesh_polygon_records(BinaryReader& r) {
  MeshPolygonRecords out;
  const auto sides = r.get<std::uint8_t>("polygon sides");
  if (sides > static_cast<std::uint8_t>(PolygonSides::Landblock))
    throw InputError(fmt::format("corrupt polygon sides before byte {}", r.offset()));
  out.sides = static_cast<PolygonSides>(sides);
  out.sources = r.get_packed<std::uint32_t>("polygon sources");
  out.planes = r.get_packed<Plane>("polygon planes");
  out.bounds = r.get_packed<float>("polygon bounds");
  if (out.planes.size() != out.sources.size() || out.bounds.size() != out.sources.size())
    throw InputError(fmt::format("{} planes and {} bounds for {} polygons before byte {}", out.planes.size(),
                                 out.bounds.size(), out.sources.size(), r.offset()));
  return out;
}

// Polygons [from, to) of `records` made into `polygons`, the same bits as
// when baked without computing planes or bounds again; grows `grown` by
// their vertices. False when one names a mesh polygon or vertex that is not
// there, or a vertex that is not finite.
bool make_mesh_polygons(const MeshPolygonRecords& records, const FlatMesh& mesh, std::size_t from,
                        std::size_t to, std::vector<Polygon>& polygons, SphereBox& grown) {
  SphereBox box = grown;  // a local: the other thread's box may share its cache line
  std::vector<Vec3> vertices;
  for (std::size_t i = from; i < to; ++i) {
    const std::uint32_t source = records.sources[i];
    if (source >= mesh.polygon_count()) return false;
    vertices.clear();
    bool usable = true;
    mesh.each_vertex(source, [&](std::optional<Vec3> v) {
      usable = usable && v && is_finite(*v);
      if (usable) vertices.push_back(*v);
    });
    if (!usable) return false;
    for (const Vec3& v : vertices) box.add(v, 0.0f);
    polygons[i] = Polygon::with_plane_and_bound(vertices, records.planes[i], records.sides, records.bounds[i]);
  }
  grown = box;
  return true;
}

std::vector<Polygon> get_whole_polygons(BinaryReader& r) {
  std::vector<Polygon> polygons(r.get_count("polygon count", 9));
  for (Polygon& p : polygons) {
    const auto sides = r.get<std::uint8_t>("polygon sides");
    std::vector<Vec3> vertices = r.get_array<Vec3>("polygon vertices");
    if (sides > static_cast<std::uint8_t>(PolygonSides::Landblock))
      throw InputError(fmt::format("corrupt polygon sides before byte {}", r.offset()));
    if (!polygon_usable(vertices)) throw InputError(fmt::format("corrupt polygon before byte {}", r.offset()));
    p = Polygon(vertices, static_cast<PolygonSides>(sides));
  }
  return polygons;
}

void read_nodes(const char* at, std::size_t from, std::size_t to, std::vector<BspNode>& nodes) {
  at += from * kNodeBytes;
  const auto field = [&at](auto& value) {
    std::memcpy(&value, at, sizeof(value));
    at += sizeof(value);
  };
  for (std::size_t i = from; i < to; ++i) {
    BspNode& n = nodes[i];
    std::uint8_t solid = 0;
    field(n.plane.normal);
    field(n.plane.d);
    field(n.bounds.center);
    field(n.bounds.radius);
    field(n.pos);
    field(n.neg);
    field(n.first_ref);
    field(n.num_refs);
    field(solid);
    n.solid = solid != 0;
  }
}

BspTree get_tree(BinaryReader& r, const FlatMesh& mesh) {
  const auto role = r.get<std::uint8_t>("tree role");
  const bool solid_available = r.get<std::uint8_t>("tree solid flag") != 0;
  const auto figures = r.get_array<std::int32_t>("tree stats");
  if (role > static_cast<std::uint8_t>(BspRole::Cell) || figures.size() != 8)
    throw InputError(fmt::format("corrupt tree before byte {}", r.offset()));
  const BspStats stats{figures[0], figures[1], figures[2], figures[3],
                       figures[4], figures[5], figures[6], figures[7]};
  std::optional<MeshPolygonRecords> records;
  std::vector<Polygon> polygons;
  if (r.get<std::uint8_t>("polygon source") != 0)
    records = get_mesh_polygon_records(r);
  else
    polygons = get_whole_polygons(r);
  const std::size_t node_count = r.get_count("node count", kNodeBytes);
  const char* node_bytes = r.get_records(node_count, kNodeBytes, "nodes");
  std::vector<std::uint32_t> refs = r.get_array<std::uint32_t>("leaf references");
  // A large tree is made on two threads, each polygon and node alone, so
  // the result is the same as on one.
  const std::size_t polygon_count = records ? records->sources.size() : 0;
  const bool two = polygon_count + node_count > kParallelPolygons;
  std::vector<BspNode> nodes;
  if (records) polygons.reserve(polygon_count);
  nodes.reserve(node_count);
  in_two_halves(two, [&](int k) {
    populate_half(polygons, polygon_count, k);
    populate_half(nodes, node_count, k);
  });
  if (records) polygons.resize(polygon_count);
  nodes.resize(node_count);
  std::array<SphereBox, 2> boxes;
  std::array<bool, 2> usable{true, true};
  in_two_halves(two, [&](int k) {
    if (records) {
      const auto [from, to] = half_of(polygon_count, k);
      usable[k] = make_mesh_polygons(*records, mesh, from, to, polygons, boxes[k]);
    }
    const auto [from, to] = half_of(node_count, k);
    read_nodes(node_bytes, from, to, nodes);
  });
  if (!usable[0] || !usable[1]) throw InputError(fmt::format("corrupt polygon before byte {}", r.offset()));
  std::optional<SphereBox> box;
  if (records) {
    box = boxes[0];
    if (!boxes[1].empty()) {
      box->add(boxes[1].lo(), 0.0f);
      box->add(boxes[1].hi(), 0.0f);
    }
  }
  return BspTree::assemble(static_cast<BspRole>(role), std::move(polygons), std::move(nodes), std::move(refs),
                           solid_available, stats, box ? &*box : nullptr);
}

Header check_header(std::string_view bytes, const std::string& name) {
  Header h;
  if (bytes.size() < sizeof(Header) || std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0)
    throw InputError(fmt::format("{}: not a baked world (no TRNBAKE header); make one with "
                                 "transit bake SCENE --out FILE", name));
  std::memcpy(&h, bytes.data(), sizeof(Header));
  if (h.endian != kEndianMark)
    throw InputError(fmt::format("{}: baked on a machine of the other byte order: bake it here", name));
  const std::string baked_by(h.transit_version.data(), strnlen(h.transit_version.data(), kVersionField));
  if (h.format != kBakedWorldFormatVersion || h.transit_version != version_field())
    throw InputError(fmt::format("{}: stale: baked by transit {} (bake format {}), this is transit {} "
                                 "(bake format {}); bake it again", name, baked_by, h.format,
                                 kVersionString, kBakedWorldFormatVersion));
  if (h.payload_size != bytes.size() - sizeof(Header))
    throw InputError(fmt::format("{}: corrupt: the header gives {} bytes after it, the file has {} "
                                 "(truncated or appended to)", name, h.payload_size,
                                 bytes.size() - sizeof(Header)));
  return h;
}

void check_fresh(const BakedSource& s, const std::string& name) {
  std::error_code ec;
  const std::filesystem::path path(s.path);
  if (!std::filesystem::exists(path, ec)) return;  // deployed without its sources
  const auto size = std::filesystem::file_size(path, ec);
  const auto time = std::filesystem::last_write_time(path, ec);
  if (ec) return;
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count();
  if (size != s.size || ns != s.modified_ns)
    throw InputError(fmt::format("{}: stale: {} has changed since it was baked ({} bytes then, {} now); "
                                 "bake it again", name, s.path, s.size, size));
}

BakedSource source_of(const std::filesystem::path& file) {
  const std::filesystem::path path = std::filesystem::weakly_canonical(std::filesystem::absolute(file));
  const auto time = std::filesystem::last_write_time(path);
  return BakedSource{path.string(), std::filesystem::file_size(path),
                     std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count()};
}

}  // namespace

std::string baked_payload(const SceneDesc& scene, const SceneTrees& trees,
                          const std::vector<BakedSource>& sources) {
  return payload_of(scene, trees, sources);
}

std::string with_baked_header(std::string_view payload) {
  Header h;
  h.transit_version = version_field();
  h.payload_size = payload.size();
  h.checksum = checksum64(payload);
  std::string file(reinterpret_cast<const char*>(&h), sizeof(h));
  file.append(payload);
  return file;
}

void write_baked_world(const std::filesystem::path& out, const SceneDesc& scene,
                       const SceneTrees& trees, const std::vector<BakedSource>& sources) {
  const std::string bytes = with_baked_header(payload_of(scene, trees, sources));
  // Written beside the target and renamed over it: a reader never sees half a file.
  const std::filesystem::path partial = out.string() + ".partial";
  {
    std::ofstream file(partial, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file) throw InputError(fmt::format("{}: cannot write the file", partial.string()));
  }
  std::filesystem::rename(partial, out);
}

std::vector<std::string> bake_scene_file(const std::filesystem::path& scene_file,
                                         const std::filesystem::path& out) {
  const SceneDesc scene = read_scene_file(scene_file);
  std::vector<std::string> warnings;
  const World world = World::from_scene(scene, &warnings);
  std::vector<BakedSource> sources{source_of(scene_file)};
  const std::filesystem::path dir = scene_file.parent_path().empty() ? "." : scene_file.parent_path();
  for (const MeshDesc* mesh : meshes_of(scene))
    if (!mesh->obj.empty()) sources.push_back(source_of(dir / mesh->obj));
  write_baked_world(out, scene, world.trees_of(scene, warnings), sources);
  return warnings;
}

namespace {

std::shared_ptr<const BspTree> shared_tree(BspTree tree) {
  return std::make_shared<const BspTree>(std::move(tree));
}

// The part of the payload after the scene: meshes, warnings and trees. The
// scene's JSON and the checksum are worked on meanwhile on another thread.
struct BakedParts {
  std::vector<BakedSource> sources;
  std::string scene_json;
  std::vector<FlatMesh> meshes;
  SceneTrees trees;
};

void read_trees(BinaryReader& r, BakedParts& parts) {
  const auto cells = r.get_count("cell tree count", 2);
  const auto per_object = r.get_array<std::uint32_t>("object tree counts");
  std::size_t m = 0;
  const auto next_mesh = [&]() -> const FlatMesh& {
    if (m >= parts.meshes.size()) throw InputError("more trees than meshes");
    return parts.meshes[m++];
  };
  for (std::size_t i = 0; i < cells; ++i) {
    const FlatMesh& mesh = next_mesh();
    auto geometry = std::make_shared<CellGeometry>();
    geometry->physics = get_tree(r, mesh);
    geometry->cell = get_tree(r, mesh);
    parts.trees.cells.push_back(std::move(geometry));
  }
  for (std::uint32_t count : per_object) {
    auto& trees = parts.trees.object_meshes.emplace_back();
    for (std::uint32_t k = 0; k < count; ++k) trees.push_back(shared_tree(get_tree(r, next_mesh())));
  }
}

BakedParts read_parts(BinaryReader& r, const std::string& name) {
  BakedParts parts;
  parts.sources.resize(r.get_count("source count", 24));
  for (BakedSource& s : parts.sources) {
    s.path = r.get_string("source path");
    s.size = r.get<std::uint64_t>("source size");
    s.modified_ns = r.get<std::int64_t>("source time");
  }
  for (const BakedSource& s : parts.sources) check_fresh(s, name);
  parts.scene_json = r.get_string("scene");
  parts.meshes.resize(r.get_count("mesh count", 24));
  for (FlatMesh& m : parts.meshes) m = get_mesh(r);
  parts.trees.warnings.resize(r.get_count("warning count", 8));
  for (std::string& w : parts.trees.warnings) w = r.get_string("warning");
  return parts;
}

// Whether the scene read from a baked world gets its meshes' vertices and
// polygons back, or empty meshes whose polygon counts are given to the
// validation apart: a World built with the baked trees needs no more, and a
// million polygon lists cost more to make and free than the trees take to
// read.
enum class MeshLists { Full, CountsOnly };

SceneDesc scene_of(const BakedParts& parts, const std::string& name, MeshLists lists) {
  std::size_t next = 0;
  const auto source = [&](const JsonCursor& c) {
    if (next >= parts.meshes.size()) c.fail_here("has no baked mesh");
    const FlatMesh& flat = parts.meshes[next++];
    MeshDesc mesh;
    if (lists == MeshLists::Full) mesh = flat.desc();
    if (auto obj = c.optional_field("obj")) mesh.obj = obj->as_string();
    return mesh;
  };
  std::vector<std::size_t> counts;
  if (lists == MeshLists::CountsOnly)
    for (const FlatMesh& flat : parts.meshes) counts.push_back(flat.polygon_count());
  SceneDesc scene = parse_scene_with_meshes(
      parts.scene_json, name + " (scene)", source,
      lists == MeshLists::Full ? MeshChecks::Indices : MeshChecks::Counts, counts);
  if (next != parts.meshes.size())
    throw InputError(fmt::format("{} meshes for a scene of {}", parts.meshes.size(), next));
  return scene;
}

// Runs `body`, giving an InputError that does not name the file the
// file's name and "corrupt".
template <typename Fn>
auto naming_file(const std::string& name, Fn&& body) {
  try {
    return body();
  } catch (const InputError& e) {
    const std::string what = e.what();
    if (what.rfind(name, 0) == 0) throw;
    throw InputError(fmt::format("{}: corrupt: {}", name, what));
  }
}

BakedWorld read_baked(const std::filesystem::path& file, MeshLists lists) {
  const std::string name = file.string();
  const MappedFile mapped(file);
  const std::string_view bytes = mapped.view();
  const Header header = check_header(bytes, name);
  const std::string_view payload = bytes.substr(sizeof(Header));
  BinaryReader r(payload, name, sizeof(Header));
  const auto intact = [&] { return checksum64(payload) == header.checksum; };
  const auto corrupt = [&] {
    return InputError(fmt::format("{}: corrupt: the checksum does not match its contents", name));
  };
  BakedParts parts;
  try {
    parts = naming_file(name, [&] { return read_parts(r, name); });
  } catch (const InputError&) {
    if (!intact()) throw corrupt();
    throw;
  }
  // The checksum and the scene on a second thread, the trees on this one.
  // Reading unchecked bytes is safe (every read is bounds-checked); the
  // checksum's verdict comes first.
  auto side = std::async(std::launch::async, [&] {
    const bool whole = intact();
    std::optional<SceneDesc> scene;
    std::exception_ptr error;
    if (whole) try {
        scene = naming_file(name, [&] { return scene_of(parts, name, lists); });
      } catch (...) {
        error = std::current_exception();
      }
    return std::tuple{whole, std::move(scene), error};
  });
  std::exception_ptr tree_error;
  try {
    naming_file(name, [&] {
      read_trees(r, parts);
      if (!r.at_end()) throw InputError(fmt::format("bytes left over after byte {}", r.offset()));
      return 0;
    });
  } catch (...) {
    tree_error = std::current_exception();
  }
  auto [whole, scene, scene_error] = side.get();
  if (!whole) throw corrupt();
  if (scene_error) std::rethrow_exception(scene_error);
  if (tree_error) std::rethrow_exception(tree_error);
  return BakedWorld{std::move(*scene), std::move(parts.trees), std::move(parts.sources)};
}

}  // namespace

BakedWorld read_baked_world(const std::filesystem::path& file) {
  return read_baked(file, MeshLists::Full);
}

bool is_baked_world_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::array<char, 8> start{};
  return in.read(start.data(), start.size()) && start == kMagic;
}

SceneInput read_scene_input(const std::filesystem::path& file) {
  if (!is_baked_world_file(file)) return SceneInput{read_scene_file(file), std::nullopt};
  BakedWorld baked = read_baked_world(file);
  return SceneInput{std::move(baked.scene), std::move(baked.trees)};
}

World SceneInput::build_world(std::vector<std::string>* warnings) const {
  return World::from_scene(scene, warnings, trees ? &*trees : nullptr);
}

World read_world_file(const std::filesystem::path& file, std::vector<std::string>* warnings) {
  if (!is_baked_world_file(file)) return World::from_scene(read_scene_file(file), warnings);
  const BakedWorld baked = read_baked(file, MeshLists::CountsOnly);
  return World::from_scene(baked.scene, warnings, &baked.trees);
}

}  // namespace transit
