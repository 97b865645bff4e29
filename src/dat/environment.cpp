#include "transit/dat/environment.hpp"

#include "dat/dat_shapes.hpp"

namespace transit::dat {

namespace {

constexpr std::uint8_t kNoPosUvs = 0x04, kNoNegUvs = 0x08;
constexpr std::int32_t kClockwise = 2;
// Far deeper than any retail tree; deeper is damage, not data.
constexpr int kMaxBspDepth = 256;

DatPolygon polygon(DatStream& s) {
  DatPolygon p;
  const std::uint8_t points = s.u8();
  p.stippling = s.u8();
  p.sides = s.i32();
  p.pos_surface = static_cast<std::int16_t>(s.u16());
  p.neg_surface = static_cast<std::int16_t>(s.u16());
  p.vertex_ids.resize(points);
  for (auto& id : p.vertex_ids) id = s.u16();
  if (!(p.stippling & kNoPosUvs)) s.skip(points);
  if (p.sides == kClockwise && !(p.stippling & kNoNegUvs)) s.skip(points);
  return p;
}

}  // namespace

std::map<std::uint16_t, DatPolygon> read_polygons(DatStream& s, std::uint32_t count) {
  std::map<std::uint16_t, DatPolygon> out;
  s.count(count, 12, "polygon count");
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint16_t id = s.u16();
    out[id] = polygon(s);
  }
  return out;
}

std::map<std::uint16_t, Vec3> read_vertices(DatStream& s) {
  const std::int32_t type = s.i32();
  if (type != 1) s.fail(fmt::format("vertex array type {}, expected 1", type));
  const std::uint32_t count = s.count(s.u32(), 28, "vertex count");
  std::map<std::uint16_t, Vec3> out;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint16_t id = s.u16();
    const std::uint16_t uvs = s.u16();
    out[id] = s.finite_vec3("a vertex");
    s.vec3();  // normal
    s.skip(static_cast<std::size_t>(uvs) * 8);
  }
  return out;
}

namespace {

Sphere sphere(DatStream& s) {
  Sphere out;
  out.center = s.finite_vec3("a node's bounding sphere");
  out.radius = s.finite_f32("a node's bounding radius");
  return out;
}

Plane plane(DatStream& s) {
  Plane out;
  out.normal = s.finite_vec3("a splitting plane");
  out.d = s.finite_f32("a splitting plane's distance");
  return out;
}

std::int32_t read_node(DatStream& s, BspKind kind, DatBspTree& tree, int depth);

void read_children(DatStream& s, BspKind kind, DatBspTree& tree, std::size_t at, bool pos, bool neg,
                   int depth) {
  if (pos) {
    const std::int32_t child = read_node(s, kind, tree, depth + 1);
    tree.nodes[at].pos = child;
  }
  if (neg) {
    const std::int32_t child = read_node(s, kind, tree, depth + 1);
    tree.nodes[at].neg = child;
  }
}

std::int32_t read_node(DatStream& s, BspKind kind, DatBspTree& tree, int depth) {
  if (depth > kMaxBspDepth) s.fail(fmt::format("a BSP tree deeper than {} levels", kMaxBspDepth));
  const auto at = tree.nodes.size();
  tree.nodes.emplace_back();
  const std::uint32_t tag = s.u32();
  tree.nodes[at].tag = tag;
  if (tag == bsp_tag("LEAF")) {
    tree.nodes[at].leaf_index = s.i32();
    if (kind == BspKind::Physics) {
      tree.nodes[at].solid = s.i32() != 0;
      tree.nodes[at].bounds = sphere(s);
      tree.nodes[at].polygons.resize(s.count(s.u32(), 2, "leaf polygon count"));
      for (auto& p : tree.nodes[at].polygons) p = s.u16();
    }
    return static_cast<std::int32_t>(at);
  }
  bool pos = false, neg = false;
  if (tag == bsp_tag("PORT") || tag == bsp_tag("BPIN") || tag == bsp_tag("BPnN")) {
    pos = neg = true;
  } else if (tag == bsp_tag("BPnn") || tag == bsp_tag("BPIn")) {
    pos = true;
  } else if (tag == bsp_tag("BpIN") || tag == bsp_tag("BpnN")) {
    neg = true;
  } else {
    s.fail(fmt::format("unknown BSP node tag 0x{:08X}", tag));
  }
  tree.nodes[at].plane = plane(s);
  read_children(s, kind, tree, at, pos, neg, depth);
  if (tag == bsp_tag("PORT")) {
    if (kind == BspKind::Drawing) {
      tree.nodes[at].bounds = sphere(s);
      const std::uint32_t polys = s.count(s.u32(), 2, "node polygon count");
      const std::uint32_t portals = s.count(s.u32(), 4, "node portal count");
      s.skip(static_cast<std::size_t>(polys) * 2 + static_cast<std::size_t>(portals) * 4);
    }
    return static_cast<std::int32_t>(at);
  }
  if (kind == BspKind::Cell) return static_cast<std::int32_t>(at);
  tree.nodes[at].bounds = sphere(s);
  if (kind == BspKind::Physics) return static_cast<std::int32_t>(at);
  tree.nodes[at].polygons.resize(s.count(s.u32(), 2, "node polygon count"));
  for (auto& p : tree.nodes[at].polygons) p = s.u16();
  return static_cast<std::int32_t>(at);
}

}  // namespace

DatBspTree read_bsp_tree(DatStream& s, BspKind kind) {
  DatBspTree tree;
  read_node(s, kind, tree, 0);
  return tree;
}

namespace {

CellStruct cell_struct(DatStream& s) {
  CellStruct c;
  const std::uint32_t num_polygons = s.u32();
  const std::uint32_t num_physics = s.u32();
  const std::uint32_t num_portals = s.u32();
  c.vertices = read_vertices(s);
  c.polygons = read_polygons(s, num_polygons);
  c.portals.resize(s.count(num_portals, 2, "portal count"));
  for (auto& p : c.portals) p = s.u16();
  s.align();
  c.cell_bsp = read_bsp_tree(s, BspKind::Cell);
  c.physics_polygons = read_polygons(s, num_physics);
  c.physics_bsp = read_bsp_tree(s, BspKind::Physics);
  if (s.u32() != 0) read_bsp_tree(s, BspKind::Drawing);
  s.align();
  return c;
}

}  // namespace

bool DatBspNode::is_leaf() const { return tag == bsp_tag("LEAF"); }

Environment parse_environment(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  Environment env;
  env.id = s.portal_file_id(0x0D, "an Environment's");
  const std::uint32_t count = s.count(s.u32(), 16, "cell-structure count");
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t index = s.u32();
    env.cells[index] = cell_struct(s);
  }
  return env;
}

}  // namespace transit::dat
