// The demo world (see demo_world.hpp and docs/demo-world.md).
//
// Four landblocks, 384 m x 384 m. Global = (X * 192 + x, Y * 192 + y, z);
// X 0xA9 = 32448 m, 0xAA = 32640 m; Y 0xB4 = 34560 m, 0xB5 = 34752 m.
// Open ground stands at z 20. All headings are 0 (house-local and
// object-local axes are the landblock's: x east, y north).
//
// | feature                | block | local x, y (z)                | global x, y                |
// |------------------------|-------|-------------------------------|----------------------------|
// | village pad, flat z 20 | A9B4  | 48..168, 24..120              | 32496..32616, 34584..34680 |
// | house 7001 (walls)     | A9B4  | 100..114, 70..80, z 20..26.5  | 32548..32562, 34630..34640 |
// | front door (portal)    | A9B4  | 102..104, y 70, z 20..22.4    | 32550..32552, 34630        |
// | balcony, top z 23      | A9B4  | 101..105, 80..82              | 32549..32553, 34640..34642 |
// | wall 7002, 8 x 0.5 x 3 | A9B4  | 71..79, 99.75..100.25         | 32519..32527, 34660        |
// | box 7003, 0.3 m high   | A9B4  | 127..129, 49..51              | 32575..32577, 34609..34611 |
// | box 7004, 1.0 m high   | A9B4  | 137.25..138.75, 49.25..50.75  | 32585.25..32586.75, 34610  |
// | player, heading 0      | A9B4  | 103, 60, z 20 (cell 0x23)     | 32551, 34620               |
// | player2, heading 0     | A9B4  | 118, 58, z 20 (cell 0x23)     | 32566, 34618               |
// | creature 7021 drudge   | A9B4  | 86, 62                        | 32534, 34622               |
// | creature 7022 mosswart | A9B4  | 130, 88                       | 32578, 34648               |
// | creature 7023 golem    | AAB4  | 110, 70 (z 21.26)             | 32750, 34630               |
// | tree 7011 fir          | A9B4  | 60, 40                        | 32508, 34600               |
// | tree 7012 oak          | A9B4  | 155, 105                      | 32603, 34665               |
// | tree 7013 oak          | A9B4  | 30, 160 (z 21.25)             | 32478, 34720               |
// | tree 7014 fir          | A9B5  | 60, 60 (z 26.76)              | 32508, 34812               |
// | tree 7015 oak          | A9B5  | 150, 110 (z 22.61)            | 32598, 34862               |
// | tree 7016 fir          | AAB4  | 130, 150                      | 32770, 34710               |
// | big hill, peak z 30    | A9B5  | peak at 72, 96, radius 96     | 32520, 34848               |
// | hill, about z 26       | A9B5  | around 156, 156, radius 60    | 32604, 34908               |
// | knoll, z 24            | A9B5  | around 120, 24                | 32568, 34776               |
// | knoll, z 25            | A9B4  | around 0, 180 (west edge)     | 32448, 34740               |
// | knoll, z 25            | AAB4  | around 156, 60                | 32796, 34620               |
// | pond, water, z 18.5    | AAB4  | entirely water 24..72, 48..96 | 32664..32712, 34608..34656 |
// | partly water ring      | AAB4  | 0..96, 24..120                | 32640..32736, 34584..34680 |
// | valley, z 20           | AAB5  | 24..48, 0..192                | 32664..32688, 34752..34944 |
// | ramp up the mesa       | AAB5  | 72..120, 0..72, z 20 -> 58    | 32712..32760, 34752..34824 |
// | steep slope, nz 0.534  | AAB5  | 48..72, 72..192, z 20 -> 58   | 32688..32712, 34824..34944 |
// | mesa top, z 58         | AAB5  | 72..120, 72..192              | 32712..32760, 34824..34944 |
// | cliff, nz 0.433        | AAB5  | 120..144, 72..192, z 58 -> 8  | 32760..32784, 34824..34944 |
// | trench below, z 8      | AAB5  | 144..192, 0..192              | 32784..32832, 34752..34944 |
//
// Terrain outside the steep slope and cliff columns (kSteepSlopeColumn and
// kCliffColumn of the mesa block, all rows) has triangle normals with z
// above 0.8. The sides of the ramp (rows 0..2 of those columns) are partly
// too steep as well.
//
// The house (house-local metres; the frame is at A9B4 (100, 70, 20)):
//   walls 0.5 m thick around x 0..14, y 0..10, roof slab z 6..6.5;
//   0xA9B40100 hall: x 0.5..6.5, y 0.5..9.5, z 0..2.7; front door x 2..4 in
//     the south wall (portal "outside" at y 0), door x 6.5..7, y 2..4 to the
//     stair hall (portal at x 7);
//   0xA9B40101 stair hall: x 7..13.5, y 0.5..9.5, z 0..6; eleven 0.5 m deep
//     steps of 0.25 m north along the east wall (x 11.5..13.5, y 2..7.5,
//     reached along the 1.5 m strip south of them) and a landing (y 7.5..9.5)
//     reach z 3, a gallery at z 3 runs west along the north wall (x 7..11.5,
//     y 7.5..9.5) to the upper room's door;
//   0xA9B40102 upper room: above the hall, floor z 3, ceiling z 6; door to
//     the gallery x 6.5..7, y 7.8..9.3 (portal at x 7), balcony door x 2..4
//     in the north wall (portal "outside" at y 10) onto the balcony slab
//     x 1..5, y 10..12, top z 3: 3 m above the ground.
// Each cell's mesh faces into the room and is closed with its portal
// polygons. The building mesh is the closed solid of the walls, roof and
// balcony, plus its two portal polygons (front door to the hall, balcony
// door to the upper room) that lie over the door openings: without its
// portal polygons the building mesh is closed.

#include "transit/world/demo_world.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "geom/mesh.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/world/landblock.hpp"
#include "transit/world/terrain.hpp"

namespace transit {
namespace {

using demo::kGroundZ;

// =============================================================================
// Terrain: one 17 x 17 vertex grid over the four landblocks.
// =============================================================================

constexpr int kGridSide = 2 * kBlockSide + 1;  // 17 vertices, shared landblock edges

struct TerrainGrid {
  std::array<float, kGridSide * kGridSide> heights{};
  std::array<std::uint8_t, kGridSide * kGridSide> types{};

  static constexpr std::size_t index(int gx, int gy) {
    return static_cast<std::size_t>(gx * kGridSide + gy);
  }
  float& height(int gx, int gy) { return heights[index(gx, gy)]; }
  float height(int gx, int gy) const { return heights[index(gx, gy)]; }
  std::uint8_t& type(int gx, int gy) { return types[index(gx, gy)]; }
};

// A smooth round hill on the vertex grid: amplitude * (1 - d^2 / r^2)^2
// inside the radius (in vertex steps of 24 m), nothing outside. Only + - *
// / so that every platform computes the same heights.
struct HillBump {
  float gx, gy, radius, amplitude;
};

float bump_height(const HillBump& hill, int gx, int gy) {
  const float dx = static_cast<float>(gx) - hill.gx;
  const float dy = static_cast<float>(gy) - hill.gy;
  const float t = 1.0f - (dx * dx + dy * dy) / (hill.radius * hill.radius);
  return t > 0.0f ? hill.amplitude * t * t : 0.0f;
}

// Hills stay clear of the village pad (gx 2..7, gy 1..5), the pond
// (gx 8..12, gy 1..5) and the valley west of the mesa (gx 9..10, gy 8..16).
void raise_rolling_hills(TerrainGrid& grid) {
  constexpr std::array<HillBump, 5> kHills{{
      {3.0f, 12.0f, 4.0f, 10.0f},  // big hill, A9B5 (72, 96)
      {6.5f, 14.5f, 2.5f, 7.0f},   // A9B5 (156, 156)
      {5.0f, 9.0f, 2.0f, 4.0f},    // knoll between village and hills, A9B5 (120, 24)
      {0.0f, 7.5f, 2.0f, 6.0f},    // knoll on the west edge, A9B4 (0, 180)
      {14.5f, 2.5f, 2.5f, 6.0f},   // knoll east of the pond, AAB4 (156, 60)
  }};
  for (int gx = 0; gx < kGridSide; ++gx)
    for (int gy = 0; gy < kGridSide; ++gy) {
      float h = kGroundZ;
      for (const HillBump& hill : kHills) h += bump_height(hill, gx, gy);
      grid.height(gx, gy) = h;
    }
}

// The flat village pad under the house and the props: A9B4 vertices
// vx 2..7, vy 1..5 (local x 48..168, y 24..120) all at the ground height.
void flatten_village(TerrainGrid& grid) {
  for (int gx = 2; gx <= 7; ++gx)
    for (int gy = 1; gy <= 5; ++gy) grid.height(gx, gy) = kGroundZ;
}

// The mesa in AAB5 (grid gx 8..16, gy 8..16): valley at gx 10, plateau at
// gx 11..13 reached by a ramp from the south (gy 8..11), trench at gx 14..16.
// The face between gx 10 and 11 is the steep slope, the one between gx 13
// and 14 the cliff.
void build_mesa(TerrainGrid& grid) {
  constexpr int kValleyGx = 8 + demo::kSteepSlopeColumn;  // 10
  constexpr int kCliffTopGx = 8 + demo::kCliffColumn;     // 13
  constexpr int kRampBottomGy = 8;
  constexpr int kRampTopGy = 8 + demo::kMesaFirstSteepRow;  // 11
  const float ramp_rise_per_vertex =
      (demo::kMesaTopZ - kGroundZ) / static_cast<float>(kRampTopGy - kRampBottomGy);
  for (int gy = kRampBottomGy; gy < kGridSide; ++gy) {
    grid.height(kValleyGx, gy) = kGroundZ;
    const float top =
        gy >= kRampTopGy ? demo::kMesaTopZ
                         : kGroundZ + ramp_rise_per_vertex * static_cast<float>(gy - kRampBottomGy);
    for (int gx = kValleyGx + 1; gx <= kCliffTopGx; ++gx) grid.height(gx, gy) = top;
    for (int gx = kCliffTopGx + 1; gx < kGridSide; ++gx) grid.height(gx, gy) = demo::kTrenchZ;
  }
}

// The pond in AAB4: water terrain on vertices vx 1..3, vy 2..4 (grid gx
// 9..11, gy 2..4), sunk below the shore.
void dig_pond(TerrainGrid& grid) {
  for (int gx = 9; gx <= 11; ++gx)
    for (int gy = 2; gy <= 4; ++gy) {
      grid.height(gx, gy) = demo::kPondZ;
      grid.type(gx, gy) = kTerrainWaterStandingFresh;
    }
}

TerrainGrid make_terrain_grid() {
  TerrainGrid grid;
  raise_rolling_hills(grid);
  flatten_village(grid);
  build_mesa(grid);
  dig_pond(grid);
  return grid;
}

// The landblock `block` (0xXXYY0000) cut out of the grid, whose south-west
// vertex is (gx0, gy0). Terrain types are written only where there is water.
LandblockDesc cut_landblock(const TerrainGrid& grid, CellId block, int gx0, int gy0) {
  LandblockDesc desc;
  desc.x = static_cast<int>(landblock_x(block));
  desc.y = static_cast<int>(landblock_y(block));
  std::array<float, kVerticesPerBlock> heights{};
  std::array<std::uint8_t, kVerticesPerBlock> types{};
  bool has_water = false;
  for (int vx = 0; vx < kVertexDim; ++vx)
    for (int vy = 0; vy < kVertexDim; ++vy) {
      const auto i = static_cast<std::size_t>(Landblock::vertex_index(vx, vy));
      heights[i] = grid.height(gx0 + vx, gy0 + vy);
      types[i] = grid.types[TerrainGrid::index(gx0 + vx, gy0 + vy)];
      has_water = has_water || is_water_terrain(types[i]);
    }
  desc.heights = heights;
  if (has_water) desc.terrain_types = types;
  return desc;
}

std::vector<LandblockDesc> make_landblocks() {
  const TerrainGrid grid = make_terrain_grid();
  return {cut_landblock(grid, demo::kVillageBlock, 0, 0),
          cut_landblock(grid, demo::kHillsBlock, 0, kBlockSide),
          cut_landblock(grid, demo::kPondBlock, kBlockSide, 0),
          cut_landblock(grid, demo::kMesaBlock, kBlockSide, kBlockSide)};
}

// Terrain height queries on the finished landblocks, for placing things.
class Ground {
 public:
  explicit Ground(const std::vector<LandblockDesc>& descs) {
    for (const LandblockDesc& d : descs) {
      std::span<const std::uint8_t> types;
      if (d.terrain_types) types = *d.terrain_types;
      blocks_.emplace_back(
          make_landblock_id(static_cast<std::uint32_t>(d.x), static_cast<std::uint32_t>(d.y)),
          *d.heights, types);
    }
  }
  float z(CellId block, float x, float y) const {
    for (const Landblock& b : blocks_)
      if (b.id() == landblock_of(block)) return b.get_z(Vec3(x, y, 0.0f));
    return kGroundZ;
  }

 private:
  std::vector<Landblock> blocks_;
};

// =============================================================================
// Box-grid solids: the house is painted into a grid of axis-aligned boxes,
// each labelled with the space it belongs to; meshes are the faces between
// spaces, merged into rectangles. Faces meet edge to edge because missing
// vertices on shared edges (T-junctions) are inserted afterwards.
// =============================================================================

enum class Space : std::uint8_t { Outside, Ground, Shell, Fill, Hall, StairHall, UpperRoom };

struct Box {
  Vec3 lo, hi;
};

struct Stroke {
  Box box;
  Space space;
};

class SpaceGrid {
 public:
  // Later strokes paint over earlier ones. Everything not painted is
  // Outside; below the grid is Ground.
  explicit SpaceGrid(std::span<const Stroke> strokes) {
    for (int a = 0; a < 3; ++a) {
      auto& l = lines_[static_cast<std::size_t>(a)];
      for (const Stroke& s : strokes) l.insert(l.end(), {s.box.lo[a], s.box.hi[a]});
      std::sort(l.begin(), l.end());
      l.erase(std::unique(l.begin(), l.end()), l.end());
    }
    spaces_.assign(static_cast<std::size_t>(count(0) * count(1) * count(2)), Space::Outside);
    for (const Stroke& s : strokes) paint(s);
  }

  // Boxes along `axis`.
  int count(int axis) const { return static_cast<int>(lines(axis).size()) - 1; }
  const std::vector<float>& lines(int axis) const { return lines_[static_cast<std::size_t>(axis)]; }
  Space at(const std::array<int, 3>& c) const {
    if (c[2] < 0) return Space::Ground;
    for (int a = 0; a < 3; ++a)
      if (c[static_cast<std::size_t>(a)] < 0 || c[static_cast<std::size_t>(a)] >= count(a))
        return Space::Outside;
    return spaces_[flat(c)];
  }

 private:
  std::size_t flat(const std::array<int, 3>& c) const {
    return static_cast<std::size_t>((c[0] * count(1) + c[1]) * count(2) + c[2]);
  }
  float centre(int axis, int i) const {
    return 0.5f * (lines(axis)[static_cast<std::size_t>(i)] +
                   lines(axis)[static_cast<std::size_t>(i + 1)]);
  }
  void paint(const Stroke& s) {
    std::array<int, 3> c{};
    for (c[0] = 0; c[0] < count(0); ++c[0])
      for (c[1] = 0; c[1] < count(1); ++c[1])
        for (c[2] = 0; c[2] < count(2); ++c[2]) {
          bool inside = true;
          for (int a = 0; a < 3; ++a) {
            const float m = centre(a, c[static_cast<std::size_t>(a)]);
            inside = inside && m > s.box.lo[a] && m < s.box.hi[a];
          }
          if (inside) spaces_[flat(c)] = s.space;
        }
  }

  std::array<std::vector<float>, 3> lines_;
  std::vector<Space> spaces_;
};

// Which faces a mesh takes: for a box of space `inside` next to a box of
// space `neighbour`, nothing, or the face tagged `tag` whose normal points
// towards the neighbour (`outward`) or back into the box.
struct FaceChoice {
  int tag;
  bool outward;
};
using FaceRule = std::optional<FaceChoice> (*)(Space inside, Space neighbour, Space target);

// A mesh whose polygons carry tags (the space on their other side, or a
// portal's room), in the same order as mesh.polygons.
struct TaggedMesh {
  Mesh mesh;
  std::vector<int> tags;
};

// One plane of faces with one tag and facing; the faces are grid squares
// (u, v) on the plane's two other axes.
struct FacePlane {
  int axis, sign, plane, tag;
  auto operator<=>(const FacePlane&) const = default;
};

using FaceSquares = std::map<FacePlane, std::vector<std::array<int, 2>>>;

FaceSquares collect_faces(const SpaceGrid& grid, FaceRule rule, Space target) {
  FaceSquares faces;
  std::array<int, 3> c{};
  for (c[0] = 0; c[0] < grid.count(0); ++c[0])
    for (c[1] = 0; c[1] < grid.count(1); ++c[1])
      for (c[2] = 0; c[2] < grid.count(2); ++c[2])
        for (int axis = 0; axis < 3; ++axis)
          for (int side : {-1, 1}) {
            std::array<int, 3> n = c;
            n[static_cast<std::size_t>(axis)] += side;
            const auto choice = rule(grid.at(c), grid.at(n), target);
            if (!choice) continue;
            const int own = c[static_cast<std::size_t>(axis)];
            const FacePlane key{axis, choice->outward ? side : -side, side > 0 ? own + 1 : own,
                                choice->tag};
            faces[key].push_back({c[static_cast<std::size_t>((axis + 1) % 3)],
                                  c[static_cast<std::size_t>((axis + 2) % 3)]});
          }
  return faces;
}

// Vertices welded by exact position, so that faces share their corners.
class MeshWriter {
 public:
  std::uint32_t vertex(const Vec3& p) {
    const auto [it, added] =
        index_.emplace(std::array<float, 3>{p.x, p.y, p.z},
                       static_cast<std::uint32_t>(result_.mesh.vertices.size()));
    if (added) result_.mesh.vertices.push_back(p);
    return it->second;
  }
  void polygon(std::span<const Vec3> points, int tag) {
    auto& poly = result_.mesh.polygons.emplace_back();
    for (const Vec3& p : points) poly.push_back(vertex(p));
    result_.tags.push_back(tag);
  }
  TaggedMesh take() { return std::move(result_); }

 private:
  std::map<std::array<float, 3>, std::uint32_t> index_;
  TaggedMesh result_;
};

// Emits one rectangle of grid squares [u0, u1) x [v0, v1) on a face plane,
// counter-clockwise seen from the side its normal points to.
void emit_rectangle(const SpaceGrid& grid, const FacePlane& fp, int u0, int u1, int v0, int v1,
                    MeshWriter& out) {
  const int ua = (fp.axis + 1) % 3, va = (fp.axis + 2) % 3;
  auto line = [&](int axis, int i) { return grid.lines(axis)[static_cast<std::size_t>(i)]; };
  auto point = [&](int u, int v) {
    Vec3 p(0.0f);
    p[fp.axis] = line(fp.axis, fp.plane);
    p[ua] = line(ua, u);
    p[va] = line(va, v);
    return p;
  };
  std::array<Vec3, 4> quad{point(u0, v0), point(u1, v0), point(u1, v1), point(u0, v1)};
  if (fp.sign < 0) std::reverse(quad.begin(), quad.end());
  out.polygon(quad, fp.tag);
}

// Greedy merge of a plane's squares into rectangles: grow along u, then
// along v while whole rows are free.
void merge_plane(const SpaceGrid& grid, const FacePlane& fp,
                 const std::vector<std::array<int, 2>>& squares, MeshWriter& out) {
  const int nu = grid.count((fp.axis + 1) % 3), nv = grid.count((fp.axis + 2) % 3);
  std::vector<char> free(static_cast<std::size_t>(nu * nv), 0);
  auto cell = [&](int u, int v) -> char& { return free[static_cast<std::size_t>(u * nv + v)]; };
  for (const auto& s : squares) cell(s[0], s[1]) = 1;
  for (int u0 = 0; u0 < nu; ++u0)
    for (int v0 = 0; v0 < nv; ++v0) {
      if (!cell(u0, v0)) continue;
      int u1 = u0 + 1;
      while (u1 < nu && cell(u1, v0)) ++u1;
      int v1 = v0 + 1;
      for (;; ++v1) {
        bool row_free = v1 < nv;
        for (int u = u0; row_free && u < u1; ++u) row_free = cell(u, v1) != 0;
        if (!row_free) break;
      }
      for (int u = u0; u < u1; ++u)
        for (int v = v0; v < v1; ++v) cell(u, v) = 0;
      emit_rectangle(grid, fp, u0, u1, v0, v1, out);
    }
}

// Adds to every polygon the mesh vertices lying inside its edges, so that
// neighbouring faces share whole edges (all edges here are axis-aligned and
// all coordinates come from the same grid lines, so exact compares hold).
void insert_t_junction_vertices(Mesh& mesh) {
  for (auto& poly : mesh.polygons) {
    std::vector<std::uint32_t> result;
    for (std::size_t i = 0; i < poly.size(); ++i) {
      const Vec3 p = mesh.vertices[poly[i]];
      const Vec3 q = mesh.vertices[poly[(i + 1) % poly.size()]];
      result.push_back(poly[i]);
      int axis = 0;
      while (axis < 2 && p[axis] == q[axis]) ++axis;
      const int o1 = (axis + 1) % 3, o2 = (axis + 2) % 3;
      const float lo = std::min(p[axis], q[axis]), hi = std::max(p[axis], q[axis]);
      std::vector<std::uint32_t> between;
      for (std::uint32_t w = 0; w < mesh.vertices.size(); ++w) {
        const Vec3& v = mesh.vertices[w];
        if (v[o1] == p[o1] && v[o2] == p[o2] && v[axis] > lo && v[axis] < hi) between.push_back(w);
      }
      std::sort(between.begin(), between.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::abs(mesh.vertices[a][axis] - p[axis]) <
               std::abs(mesh.vertices[b][axis] - p[axis]);
      });
      result.insert(result.end(), between.begin(), between.end());
    }
    poly = std::move(result);
  }
}

TaggedMesh mesh_of(const SpaceGrid& grid, FaceRule rule, Space target) {
  MeshWriter out;
  for (const auto& [plane, squares] : collect_faces(grid, rule, target))
    merge_plane(grid, plane, squares, out);
  TaggedMesh result = out.take();
  insert_t_junction_vertices(result.mesh);
  return result;
}

// =============================================================================
// The stone house.
// =============================================================================

constexpr bool is_room(Space s) {
  return s == Space::Hall || s == Space::StairHall || s == Space::UpperRoom;
}

constexpr int kWallTag = -1;

// Building mesh: the outside of the shell solid, plus the door openings
// (a room box next to the outside) as portal polygons facing out.
std::optional<FaceChoice> building_face(Space inside, Space neighbour, Space /*target*/) {
  if (inside == Space::Shell && neighbour != Space::Shell) return FaceChoice{kWallTag, true};
  if (is_room(inside) && neighbour == Space::Outside)
    return FaceChoice{static_cast<int>(inside), true};
  return std::nullopt;
}

// Cell mesh of the room `target`: its boundary, facing into the room, each
// face tagged with the space behind it.
std::optional<FaceChoice> room_face(Space inside, Space neighbour, Space target) {
  if (inside == target && neighbour != target)
    return FaceChoice{static_cast<int>(neighbour), false};
  return std::nullopt;
}

Stroke stroke(float x0, float y0, float z0, float x1, float y1, float z1, Space space) {
  return {Box{Vec3(x0, y0, z0), Vec3(x1, y1, z1)}, space};
}

constexpr float kUp = demo::kUpperFloorZ;

// The shell block, hollowed into three rooms, the floor between the storeys
// and the partition wall.
void add_rooms(std::vector<Stroke>& s) {
  s.push_back(stroke(0, 0, 0, 14, 10, 6.5f, Space::Shell));  // walls and roof
  s.push_back(stroke(0.5f, 0.5f, 0, 6.5f, 9.5f, 2.7f, Space::Hall));
  s.push_back(stroke(0.5f, 0.5f, 2.7f, 6.5f, 9.5f, kUp, Space::Fill));  // upper floor
  s.push_back(stroke(0.5f, 0.5f, kUp, 6.5f, 9.5f, 6, Space::UpperRoom));
  s.push_back(stroke(6.5f, 0.5f, 0, 7, 9.5f, 6, Space::Fill));  // partition wall
  s.push_back(stroke(7, 0.5f, 0, 13.5f, 9.5f, 6, Space::StairHall));
}

// Eleven 0.25 m steps north along the east wall from y 2 (a 1.5 m strip
// south of them leads to the first step), a landing (the twelfth rise,
// z 3) and the gallery west along the north wall.
void add_staircase(std::vector<Stroke>& s) {
  for (int i = 0; i < 11; ++i) {
    const float y0 = 2.0f + 0.5f * static_cast<float>(i);
    const float top = demo::kStepRise * static_cast<float>(i + 1);
    s.push_back(stroke(11.5f, y0, 0, 13.5f, y0 + 0.5f, top, Space::Fill));
  }
  s.push_back(stroke(11.5f, 7.5f, 0, 13.5f, 9.5f, kUp, Space::Fill));  // landing
  s.push_back(stroke(7, 7.5f, 2.7f, 11.5f, 9.5f, kUp, Space::Fill));   // gallery
}

// Door openings belong to the room they open from; the balcony is part of
// the shell.
void add_doors_and_balcony(std::vector<Stroke>& s) {
  s.push_back(stroke(2, 0, 0, 4, 0.5f, 2.4f, Space::Hall));               // front door
  s.push_back(stroke(6.5f, 2, 0, 7, 4, 2.4f, Space::Hall));               // to the stair hall
  s.push_back(stroke(6.5f, 7.8f, kUp, 7, 9.3f, 5.4f, Space::UpperRoom));  // to the gallery
  s.push_back(stroke(2, 9.5f, kUp, 4, 10, 5.4f, Space::UpperRoom));       // balcony door
  s.push_back(stroke(demo::kBalconyMinX, demo::kBalconyMinY, 2.7f, demo::kBalconyMaxX,
                     demo::kBalconyMaxY, kUp, Space::Shell));
}

std::vector<Stroke> house_strokes() {
  std::vector<Stroke> s;
  add_rooms(s);
  add_staircase(s);
  add_doors_and_balcony(s);
  return s;
}

CellId cell_id_of(Space room) {
  switch (room) {
    case Space::Hall:
      return demo::kHallCell;
    case Space::StairHall:
      return demo::kStairHallCell;
    case Space::UpperRoom:
      return demo::kUpperRoomCell;
    default:
      return 0;
  }
}

MeshDesc mesh_desc(const Mesh& mesh) {
  MeshDesc d;
  d.vertices = mesh.vertices;
  d.polygons = mesh.polygons;
  return d;
}

PositionDesc outdoor_position(CellId block, const Vec3& local) {
  PositionDesc p;
  p.cell = outdoor_cell_from_local(block, local.x, local.y);
  p.local = local;
  return p;
}

const Vec3 kHouseOrigin(demo::kHouseX, demo::kHouseY, demo::kHouseZ);

ObjectDesc make_house(const SpaceGrid& grid) {
  const TaggedMesh shell = mesh_of(grid, building_face, Space::Shell);
  ObjectDesc house;
  house.id = demo::kHouseId;
  house.name = "stone house";
  house.position = outdoor_position(demo::kVillageBlock, kHouseOrigin);
  house.shapes.push_back({.type = ShapeDesc::Type::Mesh, .mesh = mesh_desc(shell.mesh)});
  house.building_portals.emplace();
  for (std::size_t i = 0; i < shell.tags.size(); ++i)
    if (shell.tags[i] != kWallTag)
      house.building_portals->push_back(
          {static_cast<std::uint32_t>(i), cell_id_of(static_cast<Space>(shell.tags[i]))});
  house.flags = kFlagStatic;
  return house;
}

CellDesc make_room_cell(const SpaceGrid& grid, Space room) {
  const TaggedMesh walls = mesh_of(grid, room_face, room);
  CellDesc cell;
  cell.id = cell_id_of(room);
  cell.origin = kHouseOrigin;
  cell.orientation.heading_deg = 0.0f;
  cell.mesh = mesh_desc(walls.mesh);
  for (std::size_t i = 0; i < walls.tags.size(); ++i) {
    const auto behind = static_cast<Space>(walls.tags[i]);
    const auto index = static_cast<std::uint32_t>(i);
    if (behind == Space::Outside) {
      cell.portals.push_back({index, std::nullopt});
      cell.seen_outside = true;
    } else if (is_room(behind)) {
      cell.portals.push_back({index, cell_id_of(behind)});
    }
  }
  return cell;
}

// =============================================================================
// Props, creatures and characters.
// =============================================================================

ObjectDesc make_static_object(std::uint32_t id, const char* name, CellId block, const Vec3& local,
                              std::vector<ShapeDesc> shapes) {
  ObjectDesc o;
  o.id = id;
  o.name = name;
  o.position = outdoor_position(block, local);
  o.shapes = std::move(shapes);
  o.flags = kFlagStatic;
  return o;
}

ShapeDesc mesh_shape(const Mesh& mesh) {
  return {.type = ShapeDesc::Type::Mesh, .mesh = mesh_desc(mesh)};
}

ShapeDesc cylsphere_shape(const Vec3& low_point, float radius, float height) {
  ShapeDesc s;
  s.type = ShapeDesc::Type::CylSphere;
  s.low_point = low_point;
  s.radius = radius;
  s.height = height;
  return s;
}

ObjectDesc make_free_standing_wall(const Ground& ground) {
  const Vec3 at(75.0f, 100.0f, ground.z(demo::kVillageBlock, 75.0f, 100.0f));
  return make_static_object(
      demo::kWallId, "stone wall", demo::kVillageBlock, at,
      {mesh_shape(make_box(Vec3(-4.0f, -0.25f, 0.0f), Vec3(4.0f, 0.25f, 3.0f)))});
}

std::vector<ObjectDesc> make_boxes(const Ground& ground) {
  const float z = ground.z(demo::kVillageBlock, 128.0f, 50.0f);
  const float low = demo::kLowBoxHeight, high = demo::kHighBoxHeight;
  return {
      make_static_object(demo::kLowBoxId, "low crate", demo::kVillageBlock, Vec3(128.0f, 50.0f, z),
                         {mesh_shape(make_box(Vec3(-1.0f, -1.0f, 0.0f), Vec3(1.0f, 1.0f, low)))}),
      make_static_object(
          demo::kHighBoxId, "high crate", demo::kVillageBlock, Vec3(138.0f, 50.0f, z),
          {mesh_shape(make_box(Vec3(-0.75f, -0.75f, 0.0f), Vec3(0.75f, 0.75f, high)))})};
}

// A closed octagonal frustum around the z axis: bottom radius at z0, top
// radius at z1. The octagon's corners use exact constants, not sin/cos.
Mesh make_octagonal_frustum(float bottom_radius, float top_radius, float z0, float z1) {
  constexpr float r = 0.70710678f;
  constexpr std::array<std::array<float, 2>, 8> kDirs{
      {{1, 0}, {r, r}, {0, 1}, {-r, r}, {-1, 0}, {-r, -r}, {0, -1}, {r, -r}}};
  Mesh m;
  for (const auto& [dx, dy] : kDirs)
    m.vertices.emplace_back(bottom_radius * dx, bottom_radius * dy, z0);
  for (const auto& [dx, dy] : kDirs) m.vertices.emplace_back(top_radius * dx, top_radius * dy, z1);
  std::vector<std::uint32_t> bottom, top;
  for (std::uint32_t k = 0; k < 8; ++k) {
    bottom.push_back(7 - k);  // clockwise seen from above: faces down
    top.push_back(8 + k);
    const std::uint32_t next = (k + 1) % 8;
    m.polygons.push_back({k, next, 8 + next, 8 + k});
  }
  m.polygons.push_back(bottom);
  m.polygons.push_back(top);
  return m;
}

struct TreeSpec {
  CellId block;
  float x, y;
  bool fir;  // a fir's canopy starts at 1.2 m (a walker runs into it); an oak's at 3 m
};

ObjectDesc make_tree(std::uint32_t id, const TreeSpec& spec, const Ground& ground) {
  const Vec3 at(spec.x, spec.y, ground.z(spec.block, spec.x, spec.y));
  // Trunks reach 0.5 m into the ground so that they stand on slopes too.
  if (spec.fir)
    return make_static_object(id, "fir", spec.block, at,
                              {cylsphere_shape(Vec3(0.0f, 0.0f, -0.5f), 0.35f, 3.0f),
                               mesh_shape(make_octagonal_frustum(2.0f, 0.5f, 1.2f, 7.0f))});
  return make_static_object(id, "oak", spec.block, at,
                            {cylsphere_shape(Vec3(0.0f, 0.0f, -0.5f), 0.5f, 4.0f),
                             mesh_shape(make_octagonal_frustum(2.5f, 1.5f, 3.0f, 6.0f))});
}

std::vector<ObjectDesc> make_trees(const Ground& ground) {
  constexpr std::array<TreeSpec, 6> kTrees{{
      {demo::kVillageBlock, 60.0f, 40.0f, true},
      {demo::kVillageBlock, 155.0f, 105.0f, false},
      {demo::kVillageBlock, 30.0f, 160.0f, false},
      {demo::kHillsBlock, 60.0f, 60.0f, true},
      {demo::kHillsBlock, 150.0f, 110.0f, false},
      {demo::kPondBlock, 130.0f, 150.0f, true},
  }};
  std::vector<ObjectDesc> trees;
  for (std::size_t i = 0; i < kTrees.size(); ++i)
    trees.push_back(
        make_tree(demo::kFirstTreeId + static_cast<std::uint32_t>(i), kTrees[i], ground));
  return trees;
}

struct CreatureSpec {
  const char* name;
  CellId block;
  float x, y, radius, height;
};

std::vector<ObjectDesc> make_creatures(const Ground& ground) {
  constexpr std::array<CreatureSpec, 3> kCreatures{{
      {"drudge", demo::kVillageBlock, 86.0f, 62.0f, 0.5f, 1.6f},
      {"mosswart", demo::kVillageBlock, 130.0f, 88.0f, 0.6f, 1.4f},
      {"golem", demo::kPondBlock, 110.0f, 70.0f, 1.0f, 2.6f},
  }};
  std::vector<ObjectDesc> creatures;
  for (std::size_t i = 0; i < kCreatures.size(); ++i) {
    const CreatureSpec& c = kCreatures[i];
    ObjectDesc o;
    o.id = demo::kFirstCreatureId + static_cast<std::uint32_t>(i);
    o.name = c.name;
    o.position = outdoor_position(c.block, Vec3(c.x, c.y, ground.z(c.block, c.x, c.y)));
    o.shapes.push_back(cylsphere_shape(Vec3(0.0f), c.radius, c.height));
    o.flags = kFlagCreature;
    creatures.push_back(std::move(o));
  }
  return creatures;
}

CharacterDesc make_player(const char* name, const Vec3& local) {
  CharacterDesc c;  // AC mover, the default human spheres, edge_slide, gravity, player
  c.name = name;
  c.position = outdoor_position(demo::kVillageBlock, local);
  c.orientation.heading_deg = 0.0f;  // facing north, towards the front door
  return c;
}

}  // namespace

SceneDesc make_demo_world() {
  SceneDesc scene;
  scene.landblocks = make_landblocks();
  const Ground ground(scene.landblocks);

  const SpaceGrid house_grid(house_strokes());
  for (Space room : {Space::Hall, Space::StairHall, Space::UpperRoom})
    scene.cells.push_back(make_room_cell(house_grid, room));

  scene.objects.push_back(make_house(house_grid));
  scene.objects.push_back(make_free_standing_wall(ground));
  for (ObjectDesc& box : make_boxes(ground)) scene.objects.push_back(std::move(box));
  for (ObjectDesc& tree : make_trees(ground)) scene.objects.push_back(std::move(tree));
  for (ObjectDesc& creature : make_creatures(ground)) scene.objects.push_back(std::move(creature));

  scene.characters.push_back(make_player("player", Vec3(103.0f, 60.0f, kGroundZ)));
  scene.characters.push_back(make_player("player2", Vec3(118.0f, 58.0f, kGroundZ)));
  return scene;
}

}  // namespace transit
