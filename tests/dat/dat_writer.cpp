#include "dat/dat_writer.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace transit::dat::testing {

namespace {

struct Chain {
  std::string data;
  std::vector<std::uint32_t> blocks;  // offsets, filled by place()
};

// A directory node to be written: its entries (ids) and child nodes.
struct TreeNode {
  std::vector<std::uint32_t> ids;
  std::vector<std::size_t> children;
  std::size_t chain = 0;
};

// Splits sorted ids into a B-tree: a leaf holds up to 61; above that, up to
// 62 children separated by single ids.
std::size_t build_tree(const std::vector<std::uint32_t>& ids, std::size_t from, std::size_t to,
                       std::vector<TreeNode>& nodes) {
  const std::size_t index = nodes.size();
  nodes.emplace_back();
  const std::size_t n = to - from;
  if (n <= kDirectoryEntries) {
    nodes[index].ids.assign(ids.begin() + from, ids.begin() + to);
    return index;
  }
  const std::size_t children = std::min<std::size_t>(kDirectoryBranches, (n + kDirectoryBranches) / kDirectoryBranches + 1);
  const std::size_t per_child = (n - (children - 1)) / children;
  std::size_t at = from;
  for (std::size_t c = 0; c < children; ++c) {
    const std::size_t end = c + 1 == children ? to : at + per_child;
    const std::size_t child = build_tree(ids, at, end, nodes);
    nodes[index].children.push_back(child);
    if (c + 1 < children) nodes[index].ids.push_back(ids[end]);
    at = end + 1;
  }
  return index;
}

}  // namespace

Bytes& Bytes::frame(const DatFrame& f) {
  f32(f.origin.x).f32(f.origin.y).f32(f.origin.z);
  return f32(f.orientation.w).f32(f.orientation.x).f32(f.orientation.y).f32(f.orientation.z);
}

std::string write_dat(const std::map<std::uint32_t, std::string>& files, const DatLayout& layout) {
  const std::uint32_t bs = layout.block_size;
  std::vector<std::uint32_t> ids;
  for (const auto& [id, bytes] : files) ids.push_back(id);
  std::vector<TreeNode> nodes;
  build_tree(ids, 0, ids.size(), nodes);

  std::vector<Chain> chains;
  std::map<std::uint32_t, std::size_t> file_chain;
  for (const auto& [id, bytes] : files) {
    file_chain[id] = chains.size();
    chains.push_back({bytes, {}});
  }
  for (TreeNode& node : nodes) {
    node.chain = chains.size();
    chains.emplace_back().data.assign(kDirectoryNodeBytes, '\0');
  }

  // Blocks are handed out one per chain in turn while any chain needs more.
  const std::uint32_t first_block = (kHeaderOffset + kHeaderBytes + bs - 1) / bs * bs;
  std::uint32_t next = first_block;
  std::vector<std::size_t> needed;
  for (const Chain& c : chains)
    needed.push_back(std::max<std::size_t>(1, (c.data.size() + bs - 5) / (bs - 4)));
  for (bool more = true; more;) {
    more = false;
    for (std::size_t i = 0; i < chains.size(); ++i) {
      if (chains[i].blocks.size() == needed[i]) continue;
      chains[i].blocks.push_back(next);
      next += bs;
      if (!layout.interleave)
        while (chains[i].blocks.size() < needed[i]) chains[i].blocks.push_back(next), next += bs;
      more = true;
    }
  }

  // Directory nodes: branches, count, entries of (flags, id, offset, size, time, iteration).
  for (const TreeNode& node : nodes) {
    Bytes b;
    for (std::size_t i = 0; i < kDirectoryBranches; ++i)
      b.u32(i < node.children.size() ? chains[nodes[node.children[i]].chain].blocks[0] : 0);
    b.u32(static_cast<std::uint32_t>(node.ids.size()));
    for (std::uint32_t id : node.ids) {
      const Chain& c = chains[file_chain.at(id)];
      b.u32(0x20000).u32(id).u32(c.blocks[0]).u32(static_cast<std::uint32_t>(c.data.size())).u32(0).u32(1);
    }
    std::string node_bytes = b.str();
    node_bytes.resize(kDirectoryNodeBytes, '\0');
    chains[node.chain].data = node_bytes;
  }

  std::string out(next, '\0');
  for (const Chain& c : chains) {
    for (std::size_t k = 0; k < c.blocks.size(); ++k) {
      const std::uint32_t link = k + 1 < c.blocks.size() ? c.blocks[k + 1] : 0;
      std::memcpy(&out[c.blocks[k]], &link, 4);
      const std::size_t from = k * (bs - 4);
      if (from < c.data.size())
        c.data.copy(&out[c.blocks[k] + 4], std::min<std::size_t>(bs - 4, c.data.size() - from), from);
    }
  }
  Bytes header;
  header.u32(kDatMagic).u32(bs).u32(next).u32(static_cast<std::uint32_t>(layout.data_set)).u32(0);
  header.u32(0).u32(0).u32(0).u32(chains[nodes[0].chain].blocks[0]);
  header.u32(0).u32(0).u32(0).u32(0).u32(22).u32(982);
  for (int i = 0; i < 16; ++i) header.u8(0);
  header.u32(1);
  header.str().copy(&out[kHeaderOffset], kHeaderBytes);
  return out;
}

std::string cell_landblock_bytes(const CellLandblock& block) {
  Bytes b;
  b.u32(block.id).u32(block.has_objects ? 1 : 0);
  for (std::uint16_t t : block.terrain) b.u16(t);
  for (std::uint8_t h : block.heights) b.u8(h);
  return b.align().str();
}

std::string landblock_info_bytes(const LandblockInfo& info) {
  Bytes b;
  b.u32(info.id).u32(info.num_cells).u32(static_cast<std::uint32_t>(info.objects.size()));
  for (const Stab& s : info.objects) b.u32(s.id).frame(s.frame);
  b.u16(static_cast<std::uint16_t>(info.buildings.size())).u16(info.pack_mask);
  for (const BuildingInfo& bi : info.buildings) {
    b.u32(bi.model).frame(bi.frame).u32(bi.num_leaves).u32(static_cast<std::uint32_t>(bi.portals.size()));
    for (const BuildingPortal& p : bi.portals) {
      b.u16(p.flags).u16(p.other_cell).u16(p.other_portal).u16(static_cast<std::uint16_t>(p.stabs.size()));
      for (std::uint16_t s : p.stabs) b.u16(s);
      b.align();
    }
  }
  if (info.pack_mask & 1) {
    b.u16(static_cast<std::uint16_t>(info.restrictions.size())).u16(64);
    for (const auto& [cell, guid] : info.restrictions) b.u32(cell).u32(guid);
  }
  return b.str();
}

namespace {

void put_sphere(Bytes& b, const Sphere& s) { b.f32(s.center.x).f32(s.center.y).f32(s.center.z).f32(s.radius); }

void put_node(Bytes& b, const DatBspTree& tree, std::int32_t i, BspKind kind) {
  const DatBspNode& n = tree.nodes.at(static_cast<std::size_t>(i));
  b.u32(n.tag);
  if (n.is_leaf()) {
    b.u32(static_cast<std::uint32_t>(n.leaf_index));
    if (kind == BspKind::Physics) {
      b.u32(n.solid ? 1 : 0);
      put_sphere(b, n.bounds);
      b.u32(static_cast<std::uint32_t>(n.polygons.size()));
      for (std::uint16_t p : n.polygons) b.u16(p);
    }
    return;
  }
  b.f32(n.plane.normal.x).f32(n.plane.normal.y).f32(n.plane.normal.z).f32(n.plane.d);
  if (n.pos >= 0) put_node(b, tree, n.pos, kind);
  if (n.neg >= 0) put_node(b, tree, n.neg, kind);
  if (kind == BspKind::Cell) return;
  put_sphere(b, n.bounds);
  if (kind == BspKind::Drawing) {
    b.u32(static_cast<std::uint32_t>(n.polygons.size()));
    for (std::uint16_t p : n.polygons) b.u16(p);
  }
}

void put_polygons(Bytes& b, const std::map<std::uint16_t, DatPolygon>& polygons) {
  for (const auto& [id, p] : polygons) {
    b.u16(id).u8(static_cast<std::uint8_t>(p.vertex_ids.size())).u8(p.stippling);
    b.u32(static_cast<std::uint32_t>(p.sides)).u16(static_cast<std::uint16_t>(p.pos_surface));
    b.u16(static_cast<std::uint16_t>(p.neg_surface));
    for (std::uint16_t v : p.vertex_ids) b.u16(v);
    const std::size_t uvs = (p.stippling & 0x04 ? 0 : 1) + (p.sides == 2 && !(p.stippling & 0x08) ? 1 : 0);
    for (std::size_t k = 0; k < uvs * p.vertex_ids.size(); ++k) b.u8(0);
  }
}

}  // namespace

void put_vertices(Bytes& b, const std::map<std::uint16_t, Vec3>& vertices) {
  b.u32(1).u32(static_cast<std::uint32_t>(vertices.size()));
  for (const auto& [id, v] : vertices) b.u16(id).u16(0).f32(v.x).f32(v.y).f32(v.z).f32(0).f32(0).f32(1);
}

std::string environment_bytes(const Environment& env) {
  Bytes b;
  b.u32(env.id).u32(static_cast<std::uint32_t>(env.cells.size()));
  for (const auto& [index, c] : env.cells) {
    b.u32(index).u32(static_cast<std::uint32_t>(c.polygons.size()));
    b.u32(static_cast<std::uint32_t>(c.physics_polygons.size())).u32(static_cast<std::uint32_t>(c.portals.size()));
    put_vertices(b, c.vertices);
    put_polygons(b, c.polygons);
    for (std::uint16_t p : c.portals) b.u16(p);
    b.align();
    put_node(b, c.cell_bsp, 0, BspKind::Cell);
    put_polygons(b, c.physics_polygons);
    put_node(b, c.physics_bsp, 0, BspKind::Physics);
    b.u32(0).align();  // no drawing tree
  }
  return b.str();
}

std::string gfx_obj_bytes(const GfxObj& g) {
  Bytes b;
  b.u32(g.id).u32(1).compressed(0);
  put_vertices(b, g.vertices);
  b.compressed(static_cast<std::uint32_t>(g.physics_polygons.size()));
  put_polygons(b, g.physics_polygons);
  put_node(b, g.physics_bsp, 0, BspKind::Physics);
  b.frame({});
  return b.str();
}

std::string setup_bytes(const Setup& setup, const std::string& hooks, std::uint32_t hook_count,
                        std::uint32_t lights) {
  Bytes b;
  b.u32(setup.id).u32(setup.flags).u32(static_cast<std::uint32_t>(setup.parts.size()));
  for (std::uint32_t p : setup.parts) b.u32(p);
  if (setup.flags & 2)
    for (const Vec3& v : setup.part_scales) b.f32(v.x).f32(v.y).f32(v.z);
  b.u32(0).u32(0).u32(static_cast<std::uint32_t>(setup.placements.size()));
  std::string out = b.str();
  for (const auto& [key, frames] : setup.placements) {
    Bytes f;
    f.u32(static_cast<std::uint32_t>(key));
    for (const DatFrame& frame : frames) f.frame(frame);
    f.u32(hook_count);
    out += f.str() + hooks;
  }
  Bytes rest;
  rest.u32(static_cast<std::uint32_t>(setup.cylspheres.size()));
  for (const DatCylSphere& c : setup.cylspheres)
    rest.f32(c.low_point.x).f32(c.low_point.y).f32(c.low_point.z).f32(c.radius).f32(c.height);
  rest.u32(static_cast<std::uint32_t>(setup.spheres.size()));
  for (const Sphere& sp : setup.spheres) put_sphere(rest, sp);
  rest.f32(setup.height).f32(setup.radius).f32(setup.step_up_height).f32(setup.step_down_height);
  put_sphere(rest, setup.sorting_sphere);
  for (int i = 0; i < 4; ++i) rest.f32(0.0f);  // selection sphere
  rest.u32(lights);
  for (std::uint32_t i = 0; i < lights * 12; ++i) rest.u32(0);  // key, frame, colour, three floats
  rest.u32(0).u32(0);                                            // default animation, script
  rest.u32(setup.default_motion_table).u32(0).u32(0);            // motion, sound, script tables
  return out + rest.str();
}

namespace {

void put_motion(Bytes& b, const MotionCycle& m) {
  const std::uint8_t has = (m.velocity ? 1 : 0) | (m.omega ? 2 : 0);
  b.u8(static_cast<std::uint8_t>(m.animations)).u8(0).u8(has).align();
  for (std::uint32_t i = 0; i < m.animations * 4; ++i) b.u32(0);
  if (m.velocity) b.f32(m.velocity->x).f32(m.velocity->y).f32(m.velocity->z);
  if (m.omega) b.f32(m.omega->x).f32(m.omega->y).f32(m.omega->z);
}

void put_motions(Bytes& b, const std::map<std::uint32_t, MotionCycle>& motions) {
  b.u32(static_cast<std::uint32_t>(motions.size()));
  for (const auto& [key, m] : motions) put_motion(b.u32(key), m);
}

}  // namespace

std::string motion_table_bytes(const MotionTable& table) {
  Bytes b;
  b.u32(table.id).u32(table.default_style).u32(static_cast<std::uint32_t>(table.style_defaults.size()));
  for (const auto& [style, motion] : table.style_defaults) b.u32(style).u32(motion);
  put_motions(b, table.cycles);
  put_motions(b, table.modifiers);
  b.u32(table.links);
  for (std::uint32_t i = 0; i < table.links; ++i) put_motions(b.u32(0x003D0003u + i), {{kMotionRunForward, {}}});
  return b.str();
}

std::string env_cell_bytes(const EnvCellFile& c) {
  Bytes b;
  b.u32(c.id).u32(c.flags).u32(c.id);
  b.u8(static_cast<std::uint8_t>(c.surfaces.size())).u8(static_cast<std::uint8_t>(c.portals.size()));
  b.u16(static_cast<std::uint16_t>(c.visible_cells.size()));
  for (std::uint16_t s : c.surfaces) b.u16(s);
  b.u16(static_cast<std::uint16_t>(c.environment & 0xFFFF)).u16(c.cell_structure).frame(c.frame);
  for (const DatCellPortal& p : c.portals) b.u16(p.flags).u16(p.polygon).u16(p.other_cell).u16(p.other_portal);
  for (std::uint16_t v : c.visible_cells) b.u16(v);
  if (c.flags & 2) {
    b.u32(static_cast<std::uint32_t>(c.objects.size()));
    for (const Stab& o : c.objects) b.u32(o.id).frame(o.frame);
  }
  if (c.flags & 8) b.u32(c.restriction);
  return b.str();
}

std::string region_bytes(const LandDefs& d, const RegionScenery& scenery) {
  Bytes b;
  b.u32(kRegionId).u32(d.region_number).u32(d.version).pstring(d.region_name);
  b.u32(static_cast<std::uint32_t>(d.num_block_length)).u32(static_cast<std::uint32_t>(d.num_block_width));
  b.f32(d.square_length).u32(static_cast<std::uint32_t>(d.lblock_length));
  b.u32(static_cast<std::uint32_t>(d.vertex_per_cell)).f32(d.max_obj_height).f32(d.sky_height).f32(d.road_width);
  for (float h : d.land_height_table) b.f32(h);
  // Game time: zero time, zero year, day length, days a year, year spec;
  // a time of day (start, night, name), a weekday, a season (start, name).
  b.f64(0.0).u32(10).f32(7620.0f).u32(360).pstring("P.Y.");
  b.u32(1).f32(0.0f).u32(0).pstring("Dawnsong");
  b.u32(1).pstring("Snowreap");
  b.u32(1).u32(0).pstring("Springtime");
  b.u32(0x13);  // sky, sound and scenes
  // Sky: tick sizes; a day group (chance, name) of one sky object and one
  // time of day with one replacement.
  b.f64(1.0).f64(0.5).u32(1).f32(100.0f).pstring("Sunny");
  b.u32(1);
  for (int i = 0; i < 9; ++i) b.u32(0);
  b.u32(1);
  for (int i = 0; i < 11; ++i) b.u32(0);
  b.u32(1);
  for (int i = 0; i < 6; ++i) b.u32(0);
  // Sound: an ambient table of one sound.
  b.u32(1).u32(0x20000001).u32(1);
  for (int i = 0; i < 5; ++i) b.u32(0);
  b.u32(static_cast<std::uint32_t>(scenery.scene_types.size()));
  for (const auto& scenes : scenery.scene_types) {
    b.u32(0).u32(static_cast<std::uint32_t>(scenes.size()));
    for (std::uint32_t id : scenes) b.u32(id);
  }
  b.u32(static_cast<std::uint32_t>(scenery.terrain_scene_types.size()));
  for (std::size_t t = 0; t < scenery.terrain_scene_types.size(); ++t) {
    b.pstring("Terrain " + std::to_string(t)).u32(0xFF808080u);
    b.u32(static_cast<std::uint32_t>(scenery.terrain_scene_types[t].size()));
    for (std::uint32_t slot : scenery.terrain_scene_types[t]) b.u32(slot);
  }
  b.u32(0).u32(512).u32(0).u32(0).u32(0).u32(0);  // land surfaces: a texture merge of nothing
  return b.str();
}

std::string scene_bytes(const SceneFile& scene) {
  Bytes b;
  b.u32(scene.id).u32(static_cast<std::uint32_t>(scene.objects.size()));
  for (const SceneObject& o : scene.objects) {
    b.u32(o.model).frame(o.base).f32(o.frequency).f32(o.displace_x).f32(o.displace_y);
    b.f32(o.min_scale).f32(o.max_scale).f32(o.max_rotation).f32(o.min_slope).f32(o.max_slope);
    b.u32(o.align).u32(o.orient).u32(o.weenie);
  }
  return b.str();
}

}  // namespace transit::dat::testing
