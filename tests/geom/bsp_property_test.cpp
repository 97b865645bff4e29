// Every BSP query must answer what a loop over all polygons answers.
#include <random>

#include <gtest/gtest.h>

#include "geom/bsp_builder.hpp"
#include "geom/mesh.hpp"
#include "reliability/soak_environment.hpp"

namespace transit {
namespace {

// Random spheres and rays per query; the sanitizer preset runs fewer (each
// costs a loop over 5,000 polygons, ten times slower there).
const int kSpheres = std::stoi(reliability::env_or("TRANSIT_BSP_PROPERTY_SAMPLES", "100000"));
const int kRays = kSpheres;

// A torus (non-convex, with a hole) plus two boxes, one inside the hole.
Mesh test_mesh() {
  Mesh m = make_torus({0, 0, 0}, 10.0f, 4.0f, 80, 32);
  m.append(make_box({-2, -2, -3}, {2, 2, 3}));
  m.append(make_box({16, -1, -1}, {18, 1, 5}));
  return m;
}

// Independent inside test: parity of crossings of a ray in an odd direction.
bool inside_by_parity(const std::vector<Polygon>& polys, const Vec3& p) {
  const Vec3 dir = glm::normalize(Vec3(0.5377f, 0.1832f, 0.8229f));
  int crossings = 0;
  for (const Polygon& poly : polys) {
    const float denom = glm::dot(poly.plane().normal, dir);
    if (std::fabs(denom) < 1e-7f) continue;
    const float t = -poly.plane().distance(p) / denom;
    if (t > 0.0f && poly.point_in_polygon(p + dir * t)) ++crossings;
  }
  return crossings % 2 == 1;
}

class BspProperty : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    mesh_ = new Mesh(test_mesh());
    result_ = new BspBuildResult(build_bsp(mesh_->vertices, mesh_->polygons));
  }
  static void TearDownTestSuite() {
    delete result_;
    delete mesh_;
  }
  static const BspTree& tree() { return result_->tree; }
  static const std::vector<Polygon>& polys() { return result_->tree.polygons(); }

  static Sphere random_sphere(std::mt19937& rng) {
    std::uniform_real_distribution<float> x(-17.0f, 21.0f), z(-7.0f, 8.0f), r(0.05f, 2.5f);
    return Sphere{{x(rng), x(rng) - 2.0f, z(rng)}, r(rng)};
  }
  static Vec3 random_vector(std::mt19937& rng, float scale) {
    std::uniform_real_distribution<float> d(-scale, scale);
    return {d(rng), d(rng), d(rng)};
  }

  static inline Mesh* mesh_ = nullptr;
  static inline BspBuildResult* result_ = nullptr;
};

TEST_F(BspProperty, MeshIsLargeAndClosed) {
  EXPECT_GE(mesh_->polygons.size(), 5000u);
  EXPECT_TRUE(tree().solid_available());
  EXPECT_TRUE(result_->warnings.empty());
  EXPECT_GT(tree().stats().leaves, 100);
  EXPECT_LT(tree().stats().depth, 80);
}

TEST_F(BspProperty, SphereIntersectsPolyMatchesBruteForce) {
  std::mt19937 rng(1234);
  int hits = 0, touches = 0;
  for (int i = 0; i < kSpheres; ++i) {
    const Sphere s = random_sphere(rng);
    const Vec3 movement = random_vector(rng, 1.0f);
    bool brute_hit = false, brute_touch = false;
    for (const Polygon& p : polys()) {
      Vec3 c(0.0f);
      const Polygon* hp = nullptr;
      brute_hit = brute_hit || p.pos_hits_sphere(s, movement, c, hp);
      brute_touch = brute_touch || hp != nullptr;
    }
    const Polygon* hit_poly = nullptr;
    Vec3 contact(0.0f);
    const bool hit = tree().sphere_intersects_poly(s, movement, hit_poly, contact);
    ASSERT_EQ(hit, brute_hit) << "sphere " << i;
    if (hit) {
      ASSERT_NE(hit_poly, nullptr);
      Vec3 c(0.0f);
      const Polygon* hp = nullptr;
      ASSERT_TRUE(hit_poly->pos_hits_sphere(s, movement, c, hp));
    }
    // When nothing is hit, a touched polygon is still reported (retail's
    // hit_poly fallback) exactly when one exists.
    if (!hit) {
      ASSERT_EQ(hit_poly != nullptr, brute_touch) << "sphere " << i;
    }
    hits += hit;
    touches += brute_touch;
  }
  EXPECT_GT(hits, kSpheres / 20);  // the sample exercises both answers
  EXPECT_LT(hits, kSpheres - kSpheres / 20);
  EXPECT_GT(touches, hits);
}

TEST_F(BspProperty, SolidQueriesMatchBruteForceAndParity) {
  std::mt19937 rng(99);
  int solid = 0, centre_inside = 0;
  for (int i = 0; i < kSpheres; ++i) {
    const Sphere s = random_sphere(rng);
    bool touches = false;
    for (const Polygon& p : polys()) touches = touches || p.hits_sphere(s);
    const bool inside = inside_by_parity(polys(), s.center);
    ASSERT_EQ(tree().sphere_intersects_solid(s, true), touches || inside) << "sphere " << i;
    ASSERT_EQ(tree().sphere_intersects_solid(s, false), touches) << "sphere " << i;
    ASSERT_EQ(tree().point_intersects_solid(s.center), inside) << "point " << i;
    bool centre_solid = false;
    const Polygon* hit_poly = nullptr;
    const bool placed_hit =
        tree().sphere_intersects_solid_poly(s, s.radius, centre_solid, hit_poly, true);
    ASSERT_EQ(centre_solid, inside) << "sphere " << i;
    ASSERT_EQ(hit_poly != nullptr, touches) << "sphere " << i;
    if (hit_poly) {
      ASSERT_TRUE(hit_poly->hits_sphere(s));
    }
    ASSERT_TRUE(!placed_hit || touches || inside);
    solid += touches || inside;
    centre_inside += inside;
  }
  EXPECT_GT(centre_inside, kSpheres / 50);
  EXPECT_GT(solid, centre_inside);
}

TEST_F(BspProperty, WalkableQueriesMatchBruteForce) {
  std::mt19937 rng(7);
  const Vec3 up = kUnitZ;
  int walkable_hits = 0;
  for (int i = 0; i < kSpheres / 4; ++i) {
    const Sphere s = random_sphere(rng);
    bool brute = false;
    for (const Polygon& p : polys())
      brute = brute || (p.walkable_hits_sphere(kFloorZ, s, up) && p.check_small_walkable(s, up));
    ASSERT_EQ(tree().hits_walkable(kFloorZ, s, up), brute) << "sphere " << i;
    walkable_hits += brute;

    // find_walkable moves the sphere as it goes; with one walkable polygon in
    // reach its answer is order-independent and must equal the brute force.
    int reachable = 0;
    for (const Polygon& p : polys()) reachable += p.walkable_hits_sphere(kLandingZ, s, up);
    if (reachable != 1) continue;
    const Vec3 movement(0.0f, 0.0f, -0.6f);
    Sphere tree_pos = s, brute_pos = s;
    float tree_interp = 1.0f, brute_interp = 1.0f;
    const Polygon *tree_poly = nullptr, *brute_poly = nullptr;
    bool tree_changed = false, brute_changed = false;
    tree().find_walkable(kLandingZ, tree_interp, tree_pos, tree_poly, movement, up, tree_changed);
    for (const Polygon& p : polys())
      if (p.walkable_hits_sphere(kLandingZ, brute_pos, up) &&
          p.adjust_sphere_to_plane(brute_interp, brute_pos, movement)) {
        brute_changed = true;
        brute_poly = &p;
      }
    ASSERT_EQ(tree_changed, brute_changed) << "sphere " << i;
    ASSERT_EQ(tree_poly, brute_poly) << "sphere " << i;
    ASSERT_EQ(tree_pos.center, brute_pos.center) << "sphere " << i;
    ASSERT_EQ(tree_interp, brute_interp) << "sphere " << i;
  }
  EXPECT_GT(walkable_hits, 100);
}

TEST_F(BspProperty, RayTraceMatchesBruteForce) {
  std::mt19937 rng(4321);
  int hits = 0;
  for (int i = 0; i < kRays; ++i) {
    const Sphere s = random_sphere(rng);
    const Ray ray = Ray::between(s.center, s.center + random_vector(rng, 20.0f));
    float best = 0.0f;
    bool brute = false;
    for (const Polygon& p : polys()) {
      float t = 0.0f;
      if (p.polygon_hits_ray(ray, t) && t <= ray.length && (!brute || t < best)) {
        best = t;
        brute = true;
      }
    }
    BspTree::RayHit hit;
    ASSERT_EQ(tree().trace_ray(ray, hit), brute) << "ray " << i;
    if (brute) {
      ASSERT_EQ(hit.time, best) << "ray " << i;
      float t = 0.0f;
      ASSERT_TRUE(hit.polygon->polygon_hits_ray(ray, t));
    }
    hits += brute;
  }
  EXPECT_GT(hits, kRays / 10);
}

}  // namespace
}  // namespace transit
