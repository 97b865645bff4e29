// Trees of large, coplanar-heavy meshes (issue 19): a tiled floor and a
// terraced one must not pile their polygons into a few huge leaves, and the
// tree must answer sphere queries exactly as testing every polygon does.
#include <chrono>
#include <cmath>
#include <optional>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "geom/bsp_builder.hpp"
#include "workload/mesh_soups.hpp"

namespace transit {
namespace {

struct Soup {
  std::vector<Vec3> vertices;
  std::vector<std::vector<std::uint32_t>> polygons;
};

// n x n one-metre quads at height z(x, y), facing up; terraces get risers.
template <typename Height>
Soup tiled_floor(int n, Height z) {
  Soup s;
  for (int x = 0; x < n; ++x)
    for (int y = 0; y < n; ++y) {
      const auto base = static_cast<std::uint32_t>(s.vertices.size());
      const float h = z(x, y);
      const float fx = static_cast<float>(x), fy = static_cast<float>(y);
      s.vertices.insert(s.vertices.end(), {{fx, fy, h}, {fx + 1, fy, h}, {fx + 1, fy + 1, h}, {fx, fy + 1, h}});
      s.polygons.push_back({base, base + 1, base + 2, base + 3});
      if (x > 0 && z(x - 1, y) < h) {  // riser facing -x down to the lower terrace
        const auto r = static_cast<std::uint32_t>(s.vertices.size());
        const float low = z(x - 1, y);
        s.vertices.insert(s.vertices.end(), {{fx, fy, low}, {fx, fy, h}, {fx, fy + 1, h}, {fx, fy + 1, low}});
        s.polygons.push_back({r, r + 1, r + 2, r + 3});
      }
    }
  return s;
}

const Polygon* brute_force_hit(const BspTree& tree, const Sphere& sphere, const Vec3& move) {
  for (const Polygon& p : tree.polygons()) {
    Vec3 contact(0.0f);
    const Polygon* hit = nullptr;
    if (p.pos_hits_sphere(sphere, move, contact, hit)) return &p;
  }
  return nullptr;
}

// Random spheres resting on, above, or sunk into the floor: whether the tree
// finds a hit is what testing every polygon finds.
void expect_queries_match_brute_force(const BspTree& tree, float size, float top) {
  std::mt19937 rng(19);
  std::uniform_real_distribution<float> xy(-2.0f, size + 2.0f), dz(-0.3f, 0.9f), d(-0.4f, 0.4f);
  int hits = 0;
  for (int i = 0; i < 2000; ++i) {
    const Sphere sphere{{xy(rng), xy(rng), top + 0.48f + dz(rng)}, 0.48f};
    const Vec3 move(d(rng), d(rng), d(rng));
    const Polygon* hit = nullptr;
    Vec3 contact(0.0f);
    const bool tree_hit = tree.sphere_intersects_poly(sphere, move, hit, contact);
    const bool brute_hit = brute_force_hit(tree, sphere, move) != nullptr;
    EXPECT_EQ(tree_hit, brute_hit) << "sphere at " << sphere.center.x << ", " << sphere.center.y << ", " << sphere.center.z;
    hits += brute_hit;
  }
  EXPECT_GT(hits, 200);  // the queries do touch the floor
}

TEST(BspLargeMesh, TiledFloorHasSmallLeavesAndAnswersAsEveryPolygonDoes) {
  const Soup floor = tiled_floor(100, [](int, int) { return 0.0f; });
  const BspTree tree = build_bsp(floor.vertices, floor.polygons).tree;
  // Before spatial splitting: 3 nodes, all 10,000 tiles in each of 2 leaves.
  // An open mesh this large takes the spatial tree: at most 4 a leaf, and
  // planes on the tiles' shared edges, so no tile is listed twice.
  EXPECT_LE(tree.stats().max_leaf_polygons, 4);
  EXPECT_EQ(tree.stats().polygon_refs, tree.stats().polygons);
  EXPECT_LE(tree.stats().depth, 40);
  EXPECT_GE(tree.stats().leaves, 10000 / 32);
  expect_queries_match_brute_force(tree, 100.0f, 0.0f);
}

TEST(BspLargeMesh, TerracedFloorHasSmallLeavesAndAnswersAsEveryPolygonDoes) {
  const Soup terraces = tiled_floor(60, [](int x, int) { return 0.5f * static_cast<float>(x / 15); });
  const BspTree tree = build_bsp(terraces.vertices, terraces.polygons).tree;
  EXPECT_LE(tree.stats().max_leaf_polygons, 32);
  EXPECT_LE(tree.stats().depth, 48);
  expect_queries_match_brute_force(tree, 60.0f, 0.75f);
}

// The nearest polygon a ray hits, found by testing every polygon.
std::optional<float> brute_force_ray(const BspTree& tree, const Ray& ray) {
  std::optional<float> nearest;
  for (const Polygon& p : tree.polygons()) {
    float t = 0.0f;
    if (p.polygon_hits_ray(ray, t) && t <= ray.length && (!nearest || t < *nearest)) nearest = t;
  }
  return nearest;
}

// Large open meshes take the spatial tree (axis planes on polygons' box
// edges, whole polygons in every leaf they reach): leaves of at most 4
// polygons, each triangle of the grid in one leaf, sphere queries and ray
// traces answering as the loop over every polygon does.
TEST(BspLargeMesh, BumpyOpenMeshHasLeavesOfAtMostFourAndAnswersAsEveryPolygonDoes) {
  const MeshDesc grid = perf::bumpy_grid(100, 0.5f);  // 20,000 triangles, 50 m square
  const BspTree tree = build_bsp(grid.vertices, grid.polygons).tree;
  EXPECT_FALSE(tree.solid_available());
  EXPECT_LE(tree.stats().max_leaf_polygons, 4);
  EXPECT_EQ(tree.stats().polygon_refs, tree.stats().polygons);
  EXPECT_LE(tree.stats().depth, 40);
  expect_queries_match_brute_force(tree, 50.0f, 0.0f);

  // Spheres exactly at the reach of a splitting plane (the grid's lines):
  // radius - kEpsilon from it, where the tree sends a sphere to one side.
  std::mt19937 edge_rng(11);
  std::uniform_int_distribution<int> line(1, 99);
  std::uniform_real_distribution<float> along(0.0f, 50.0f), side(-1.0f, 1.0f), lift(-0.2f, 0.5f);
  for (int i = 0; i < 2000; ++i) {
    const float r = 0.48f;
    const float offset = (side(edge_rng) < 0.0f ? -1.0f : 1.0f) * (r - kEpsilon);
    Vec3 c(static_cast<float>(line(edge_rng)) * 0.5f + offset, along(edge_rng), r + lift(edge_rng));
    if (i % 2) std::swap(c.x, c.y);
    const Sphere sphere{c, r};
    const Vec3 move(side(edge_rng) * 0.3f, side(edge_rng) * 0.3f, side(edge_rng) * 0.3f);
    const Polygon* hit = nullptr;
    Vec3 contact(0.0f);
    EXPECT_EQ(tree.sphere_intersects_poly(sphere, move, hit, contact),
              brute_force_hit(tree, sphere, move) != nullptr)
        << "sphere at " << c.x << ", " << c.y << ", " << c.z;
    bool brute_solid = false;
    for (const Polygon& p : tree.polygons()) brute_solid = brute_solid || p.hits_sphere(sphere);
    EXPECT_EQ(tree.sphere_intersects_solid(sphere, false), brute_solid) << c.x << ", " << c.y;
  }

  std::mt19937 rng(7);
  std::uniform_real_distribution<float> xy(-1.0f, 51.0f), d(-1.0f, 1.0f);
  int hits = 0;
  for (int i = 0; i < 2000; ++i) {
    const Vec3 start(xy(rng), xy(rng), 1.0f);
    const Vec3 dir = glm::normalize(Vec3(d(rng), d(rng), -1.0f));
    const Ray ray{start, dir, 3.0f};
    BspTree::RayHit hit;
    const bool tree_hit = tree.trace_ray(ray, hit);
    const std::optional<float> brute = brute_force_ray(tree, ray);
    ASSERT_EQ(tree_hit, brute.has_value()) << "ray from " << start.x << ", " << start.y;
    if (brute) {
      EXPECT_EQ(hit.time, *brute);
    }
    hits += tree_hit;
  }
  EXPECT_GT(hits, 1000);
}

TEST(BspLargeMesh, SmallMeshesKeepTheirTrees) {
  // Under kMaxLeafPieces pieces on one plane nothing is cut spatially: a
  // 4 x 4 floor is one plane split and two leaves, as before.
  const Soup floor = tiled_floor(4, [](int, int) { return 0.0f; });
  const BspTree tree = build_bsp(floor.vertices, floor.polygons).tree;
  EXPECT_EQ(tree.stats().nodes, 3);
  EXPECT_EQ(tree.stats().max_leaf_polygons, 16);
}

}  // namespace
}  // namespace transit
