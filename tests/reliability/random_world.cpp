#include "reliability/random_world.hpp"

#include <algorithm>
#include <cmath>

#include "support/profile_room.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/world/world.hpp"

namespace transit::reliability {

namespace {

using test::FloorSegment;

constexpr CellId kSoakBlock = (static_cast<CellId>(kSoakBlockX) << 24) |
                              (static_cast<CellId>(kSoakBlockY) << 16);
constexpr float kRoomDepth = -100.0f;  // rooms are buried far below every terrain

// ---- terrain -----------------------------------------------------------------

// Heights of the global vertex grid (8 * blocks + 1 per side), one landscape
// so that neighbouring landblocks share their edge vertices.
std::vector<float> random_height_field(SoakRng& rng, int nx, int ny) {
  const int kind = rng.between(0, 4);
  const float amplitude = std::array<float, 5>{0.0f, 6.0f, 16.0f, 45.0f, 0.0f}[kind];
  std::vector<float> h(static_cast<std::size_t>(nx * ny), 20.0f);
  for (float& v : h) v += rng.uniform(0.0f, amplitude);
  if (kind == 4) {  // cliffs: flat ground with raised plateaus
    for (int i = 0; i < rng.between(1, 6); ++i) {
      const int cx = rng.between(0, nx - 1), cy = rng.between(0, ny - 1);
      const float rise = rng.uniform(3.0f, 50.0f);
      for (int dx = 0; dx < 2 && cx + dx < nx; ++dx)
        for (int dy = 0; dy < 2 && cy + dy < ny; ++dy) h[(cx + dx) * ny + cy + dy] += rise;
    }
  }
  return h;
}

std::vector<LandblockDesc> random_terrain(SoakRng& rng, int bx, int by) {
  const int nx = bx * 8 + 1, ny = by * 8 + 1;
  const std::vector<float> field = random_height_field(rng, nx, ny);
  std::vector<LandblockDesc> blocks;
  for (int x = 0; x < bx; ++x)
    for (int y = 0; y < by; ++y) {
      LandblockDesc lb;
      lb.x = kSoakBlockX + x;
      lb.y = kSoakBlockY + y;
      std::array<float, 81> heights{};
      for (int vx = 0; vx < 9; ++vx)
        for (int vy = 0; vy < 9; ++vy) heights[vx * 9 + vy] = field[(x * 8 + vx) * ny + y * 8 + vy];
      lb.heights = heights;
      blocks.push_back(lb);
    }
  return blocks;
}

// ---- rooms -------------------------------------------------------------------

// Where the i-th room group of a world sits (landblock-local, south-west block).
Vec3 slot_origin(int slot) {
  return {8.0f + static_cast<float>(slot % 3) * 60.0f, 8.0f + static_cast<float>(slot / 3) * 40.0f,
          kRoomDepth};
}

float random_rise(SoakRng& rng) {
  switch (rng.between(0, 7)) {
    case 0: return 0.0f;
    case 1: return rng.uniform(0.05f, 0.5f);
    case 2: return rng.chance(0.5f) ? 0.89f : 0.91f;  // either side of 1.5 x 0.6 m
    case 3: return rng.uniform(0.5f, 1.5f);
    case 4: return -rng.uniform(0.05f, 0.5f);
    case 5: return -rng.uniform(1.0f, 4.0f);  // a ledge
    default: return rng.uniform(-0.3f, 0.3f);
  }
}

// Adds a floor segment, at the height of the one before when the riser
// between them would be too low to be a valid polygon (stairs and a rise
// that cancel out leave a few ulps).
void add_segment(std::vector<FloorSegment>& floor, float x0, float x1, float z) {
  if (!floor.empty() && std::fabs(z - floor.back().z) < 0.02f) z = floor.back().z;
  floor.push_back({x0, x1, z});
}

// The floor of one room, from x0 at height z, as back-to-back segments.
std::vector<FloorSegment> random_floor(SoakRng& rng, float x0, float z) {
  std::vector<FloorSegment> floor;
  const int pieces = rng.between(1, 6);
  for (int i = 0; i < pieces; ++i) {
    if (rng.chance(0.2f)) {  // a flight of stairs
      const float rise = rng.uniform(0.1f, 0.35f) * (rng.chance(0.7f) ? 1.0f : -1.0f);
      const float run = rng.uniform(0.2f, 0.45f);
      for (int s = rng.between(2, 8); s > 0; --s, x0 += run, z += rise)
        add_segment(floor, x0, x0 + run, z);
      continue;
    }
    const float length = rng.chance(0.15f) ? rng.uniform(0.05f, 0.3f) : rng.uniform(0.5f, 4.0f);
    if (i > 0) {
      const float rise = random_rise(rng);
      if (std::fabs(rise) >= 0.02f) z += rise;  // no risers too low to be a valid polygon
    }
    add_segment(floor, x0, x0 + length, z);
    x0 += length;
  }
  return floor;
}

void add_room_spot(SoakWorld& world, CellId cell, const Vec3& origin,
                   const std::vector<FloorSegment>& floor, float width, float height) {
  RoomSpot spot{cell, origin + Vec3(floor.front().x0, 0.0f, 0.0f),
                origin + Vec3(floor.back().x1, width, height), {}};
  spot.min.z = origin.z + std::min_element(floor.begin(), floor.end(), [](auto& a, auto& b) {
                            return a.z < b.z;
                          })->z;
  for (const FloorSegment& s : floor) spot.edge_x.push_back(origin.x + s.x1);
  world.rooms.push_back(spot);
}

// 1 to 3 profile rooms in a row, each opening into the next through a
// portal in their shared end wall.
void add_room_chain(SoakRng& rng, SoakWorld& world, int slot, CellId& next_id) {
  const Vec3 origin = slot_origin(slot);
  const float width = rng.chance(0.3f) ? rng.uniform(0.7f, 1.3f) : rng.uniform(1.5f, 6.0f);
  std::vector<std::vector<FloorSegment>> floors;
  float x = 0.0f, z = 0.0f, top = 0.0f;
  for (int r = rng.between(1, 3); r > 0; --r) {
    floors.push_back(random_floor(rng, x, z));
    x = floors.back().back().x1;
    z = floors.back().back().z;
    for (const FloorSegment& s : floors.back()) top = std::max(top, s.z);
  }
  const float height = top + rng.uniform(2.0f, 5.0f);
  for (std::size_t r = 0; r < floors.size(); ++r) {
    const test::ProfileRoom room = test::profile_room(floors[r], width, height);
    CellDesc cell;
    cell.id = next_id++;
    cell.origin = origin;
    cell.mesh = room.mesh;
    if (r > 0) cell.portals.push_back({room.first_wall, cell.id - 1});
    if (r + 1 < floors.size()) cell.portals.push_back({room.last_wall, cell.id + 1});
    world.scene.cells.push_back(cell);
    add_room_spot(world, cell.id, origin, floors[r], width, height);
  }
}

// Two 4 x 4 x 3 rooms back to back, the second turned round, joined through
// the doorway of the wall they share; that wall has no thickness.
void add_back_to_back_rooms(SoakWorld& world, int slot, CellId& next_id) {
  const Vec3 s = slot_origin(slot);
  const CellId a = next_id++, b = next_id++;
  CellDesc first{a, s + Vec3(4, 0, 0), {}, test::room_with_door(), {{8, b}}, false};
  CellDesc second{b, s + Vec3(4, 4, 0), {}, test::room_with_door(), {{8, a}}, false};
  second.orientation.heading_deg = 180.0f;
  world.scene.cells.push_back(first);
  world.scene.cells.push_back(second);
  world.rooms.push_back({a, s + Vec3(4, 0, 0), s + Vec3(8, 4, 3), {s.x + 4.0f}});
  world.rooms.push_back({b, s, s + Vec3(4, 4, 3), {s.x + 4.0f}});
}

// A triangular room with one acute corner of 8 to 45 degrees at its origin.
void add_acute_room(SoakRng& rng, SoakWorld& world, int slot, CellId& next_id) {
  const Vec3 s = slot_origin(slot);
  const float length = rng.uniform(4.0f, 12.0f);
  const float angle = rng.uniform(8.0f, 45.0f) * 3.14159265f / 180.0f;
  const std::vector<Vec3> outline{
      {0, 0, 0}, {length, 0, 0}, {length * std::cos(angle), length * std::sin(angle), 0}};
  CellDesc cell;
  cell.id = next_id++;
  cell.origin = s;
  cell.mesh = test::prism_room(outline, rng.uniform(2.0f, 4.0f));
  world.scene.cells.push_back(cell);
  world.rooms.push_back({cell.id, s, s + Vec3(length, length * std::sin(angle), 3.0f), {}});
}

void add_rooms(SoakRng& rng, SoakWorld& world) {
  CellId next_id = kSoakBlock | 0x0100u;
  const int groups = rng.between(0, 6);
  for (int slot = 0; slot < groups; ++slot) {
    const int kind = rng.between(0, 5);
    if (kind <= 3)
      add_room_chain(rng, world, slot, next_id);
    else if (kind == 4)
      add_back_to_back_rooms(world, slot, next_id);
    else
      add_acute_room(rng, world, slot, next_id);
  }
}

// ---- characters --------------------------------------------------------------

CharacterDesc character(const std::string& name, std::vector<Sphere> spheres) {
  CharacterDesc c;
  c.name = name;
  c.position.cell = kSoakBlock | 0x01u;
  c.position.local = {1.0f, 1.0f, 0.0f};
  c.spheres = std::move(spheres);
  return c;
}

std::vector<Sphere> stacked_spheres(float radius, bool two) {
  std::vector<Sphere> s{{{0.0f, 0.0f, radius}, radius}};
  if (two) s.push_back({{0.0f, 0.0f, radius * 2.8f}, radius});
  return s;
}

std::uint32_t random_flags(SoakRng& rng) {
  std::uint32_t flags = 0;
  if (rng.chance(0.7f)) flags |= kFlagEdgeSlide;
  if (rng.chance(0.8f)) flags |= kFlagGravity;
  if (rng.chance(0.5f)) flags |= kFlagPlayer;
  return flags;
}

void add_characters(SoakRng& rng, SoakWorld& world) {
  auto& out = world.scene.characters;
  out.push_back(character("human", stacked_spheres(0.48f, true)));
  out.push_back(character("tiny", stacked_spheres(rng.uniform(0.02f, 0.15f), false)));
  out.push_back(character("large", stacked_spheres(rng.uniform(0.9f, 2.5f), rng.chance(0.5f))));
  CharacterDesc odd = character("random", stacked_spheres(rng.uniform(0.1f, 1.0f),
                                                          rng.chance(0.5f)));
  odd.step_up_height = rng.chance(0.2f) ? 0.0f : rng.uniform(0.0f, 2.0f);
  odd.step_down_height = rng.chance(0.2f) ? 0.0f : rng.uniform(0.0f, 2.0f);
  odd.flags = random_flags(rng);
  out.push_back(odd);
}

// ---- objects -----------------------------------------------------------------

ShapeDesc random_box(SoakRng& rng) {
  const float sx = rng.chance(0.3f) ? 0.02f : rng.uniform(0.2f, 4.0f);
  const float sy = rng.uniform(0.2f, 4.0f), sz = rng.uniform(0.1f, 4.0f);
  ShapeDesc box{ShapeDesc::Type::Mesh, {}, {}, 0.0f, 0.0f, {}};
  for (int i = 0; i < 8; ++i)
    box.mesh.vertices.emplace_back((i & 1) ? sx / 2 : -sx / 2, (i & 2) ? sy / 2 : -sy / 2,
                                   (i & 4) ? sz : 0.0f);
  // Faces point out of the solid box.
  box.mesh.polygons = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                       {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  return box;
}

ShapeDesc random_shape(SoakRng& rng) {
  switch (rng.between(0, 2)) {
    case 0: {
      const float r = rng.uniform(0.1f, 3.0f);
      return {ShapeDesc::Type::Sphere, {0, 0, r * rng.uniform(-0.5f, 1.0f)}, {}, r, 0.0f, {}};
    }
    case 1:
      return {ShapeDesc::Type::CylSphere, {}, {}, rng.uniform(0.1f, 1.5f), rng.uniform(0.5f, 5.0f),
              {}};
    default: return random_box(rng);
  }
}

std::optional<float> terrain_height(const World& terrain, CellId block, float x, float y) {
  const CellId cell = outdoor_cell_from_local(block, x, y);
  const LandCell* land = terrain.land_cell(cell);
  const Polygon* poly = land ? land->find_terrain_poly({x, y, 0.0f}) : nullptr;
  if (!poly) return std::nullopt;
  Vec3 p(x, y, 0.0f);
  poly->plane().set_height(p);
  return p.z;
}

}  // namespace

SoakWorld generate_world(SoakRng& rng, const SoakWorldOptions& options) {
  SoakWorld world;
  if (rng.chance(0.5f)) world.blocks_x = world.blocks_y = 2;
  world.scene.landblocks = random_terrain(rng, world.blocks_x, world.blocks_y);
  add_rooms(rng, world);
  add_characters(rng, world);
  if (options.objects) add_object_field(rng, world);
  return world;
}

void add_object_field(SoakRng& rng, SoakWorld& world) {
  SceneDesc terrain_only;
  terrain_only.landblocks = world.scene.landblocks;
  const World terrain = World::from_scene(terrain_only);
  std::uint32_t id = 1000;
  for (int i = rng.between(5, 40); i > 0; --i) {
    const float x = rng.uniform(1.0f, 191.0f), y = rng.uniform(1.0f, 191.0f);
    const auto z = terrain_height(terrain, kSoakBlock, x, y);
    if (!z) continue;
    ObjectDesc o;
    o.id = id++;
    o.position.cell = outdoor_cell_from_local(kSoakBlock, x, y);
    o.position.local = {x, y, *z};
    o.orientation.heading_deg = rng.uniform(0.0f, 360.0f);
    o.shapes.push_back(random_shape(rng));
    o.flags = kFlagStatic;
    world.scene.objects.push_back(o);
  }
}

}  // namespace transit::reliability
