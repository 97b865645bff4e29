#include "demo_command.hpp"

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "geom/bsp_builder.hpp"
#include "geom/mesh.hpp"

namespace transit::cli {

namespace {

struct DemoMesh {
  std::string name;
  Mesh mesh;
  BspTree tree;
};

// A sphere of a character's size dropped straight down onto the geometry:
// where find_walkable would stand it, found by tracing its lowest point down.
struct Drop {
  Vec3 start{0.0f};
  bool landed = false;
  Vec3 rest{0.0f};
  Vec3 normal{0.0f};
  bool walkable = false;
};

constexpr float kRadius = 0.48f;  // a human's foot sphere

Drop drop_sphere(const std::vector<DemoMesh>& meshes, float x, float y) {
  Drop d;
  d.start = Vec3(x, y, 12.0f);
  float best = -1.0f;
  for (const DemoMesh& m : meshes) {
    BspTree::RayHit hit;
    if (m.tree.trace_ray(Ray::between(d.start, {x, y, -1.0f}), hit) &&
        (best < 0.0f || hit.time < best)) {
      best = hit.time;
      d.normal = hit.polygon->plane().normal;
    }
  }
  if (best < 0.0f) return d;
  d.landed = true;
  d.rest = d.start - Vec3(0, 0, best) + Vec3(0, 0, kRadius);
  d.walkable = d.normal.z >= kFloorZ;
  return d;
}

std::string colour_for(const Drop& d) {
  if (!d.landed) return "#dfe8d8";
  if (!d.walkable) return "#c0504d";
  const int shade = 230 - static_cast<int>(d.rest.z * 28.0f);
  return fmt::format("rgb({},{},{})", std::max(shade - 80, 0), std::max(shade - 30, 0), 255);
}

void write_svg(const std::string& path, const std::vector<DemoMesh>& meshes,
               const std::vector<Drop>& drops, float step) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error(fmt::format("cannot write {}", path));
  const float scale = 20.0f, lo = -16.0f, size = 40.0f;
  auto px = [&](float v) { return (v - lo) * scale; };
  auto py = [&](float v) { return (lo + size - v) * scale; };
  out << fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\">\n<rect width=\"100%\" height=\"100%\" fill=\"#f7f7f2\"/>\n",
      size * scale, size * scale + 60);
  for (const Drop& d : drops)
    out << fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                       "fill=\"{}\"/>\n",
                       px(d.start.x - step / 2), py(d.start.y + step / 2), step * scale,
                       step * scale, colour_for(d));
  for (const DemoMesh& m : meshes)
    for (const Polygon& p : m.tree.polygons()) {
      if (p.plane().normal.z < 0.5f) continue;  // outline the upward faces
      std::string points;
      for (const Vec3& v : p.vertices()) points += fmt::format("{:.1f},{:.1f} ", px(v.x), py(v.y));
      out << fmt::format("<polygon points=\"{}\" fill=\"none\" stroke=\"#333\" "
                         "stroke-width=\"0.4\"/>\n",
                         points);
    }
  out << fmt::format(
      "<text x=\"10\" y=\"{:.0f}\" font-family=\"sans-serif\" font-size=\"14\">transit demo: "
      "a {:.2f} m sphere dropped on a {:.1f} m grid onto a staircase, a box and a torus.</text>\n"
      "<text x=\"10\" y=\"{:.0f}\" font-family=\"sans-serif\" font-size=\"14\">Blue: walkable "
      "(darker is higher); red: too steep (normal z &lt; FloorZ); pale: nothing below.</text>\n"
      "</svg>\n",
      size * scale + 25, kRadius, step, size * scale + 48);
}

int run_demo(const std::string& svg_path) {
  std::vector<DemoMesh> meshes;
  auto add = [&](std::string name, Mesh mesh) {
    BspBuildResult built = build_bsp(mesh.vertices, mesh.polygons, {BspRole::Physics});
    meshes.push_back({std::move(name), std::move(mesh), std::move(built.tree)});
  };
  add("staircase (12 steps of 0.25 m)", make_stairs({-12, -12, 0}, 3.0f, 0.4f, 0.25f, 12));
  add("box 1 m", make_box({-4, -12, 0}, {-2, -10, 1}));
  add("torus", make_torus({6, 4, 0}, 8.0f, 3.0f, 48, 24));

  fmt::print("transit demo: BSP trees built from meshes, queried the retail way\n\n");
  fmt::print("{:<32} {:>8} {:>7} {:>7} {:>6} {:>7} {:>6}\n", "mesh", "polygons", "nodes",
             "leaves", "depth", "splits", "closed");
  for (const DemoMesh& m : meshes) {
    const BspStats& s = m.tree.stats();
    fmt::print("{:<32} {:>8} {:>7} {:>7} {:>6} {:>7} {:>6}\n", m.name, s.polygons, s.nodes,
               s.leaves, s.depth, s.polygons_split, m.tree.solid_available() ? "yes" : "no");
  }

  fmt::print("\nsphere queries (radius {} m, moving down 0.1 m):\n", kRadius);
  const Vec3 down(0.0f, 0.0f, -0.1f);
  const std::vector<Sphere> probes{{{-10.5f, -11.8f, 0.6f}, kRadius},
                                   {{-3.0f, -11.0f, 1.4f}, kRadius},
                                   {{6.0f, 12.0f, 3.3f}, kRadius},
                                   {{6.0f, 4.0f, 0.0f}, kRadius}};
  for (const Sphere& s : probes) {
    for (const DemoMesh& m : meshes) {
      const Polygon* hit = nullptr;
      Vec3 contact(0.0f);
      const bool blocked = m.tree.sphere_intersects_poly(s, down, hit, contact);
      const bool solid = m.tree.sphere_intersects_solid(s, true);
      if (!blocked && !solid && !hit) continue;
      fmt::print("  at ({:6.2f}, {:6.2f}, {:5.2f}) vs {:<32} {}{}\n", s.center.x, s.center.y,
                 s.center.z, m.name,
                 blocked ? fmt::format("hits polygon {} (normal {:.2f} {:.2f} {:.2f})",
                                       m.tree.polygon_index(hit), hit->plane().normal.x,
                                       hit->plane().normal.y, hit->plane().normal.z)
                         : "touches nothing it moves into",
                 solid ? ", overlaps solid" : "");
    }
  }

  const float step = 0.5f;
  std::vector<Drop> drops;
  int landed = 0, walkable = 0;
  for (float y = -16.0f + step / 2; y < 24.0f; y += step)
    for (float x = -16.0f + step / 2; x < 24.0f; x += step) {
      drops.push_back(drop_sphere(meshes, x, y));
      landed += drops.back().landed;
      walkable += drops.back().walkable;
    }
  fmt::print("\ndropped {} spheres on a {} m grid: {} landed, {} on walkable ground, {} on "
             "slopes steeper than FloorZ ({:.4f})\n",
             drops.size(), step, landed, walkable, landed - walkable, kFloorZ);
  write_svg(svg_path, meshes, drops, step);
  fmt::print("picture written to {}\n", svg_path);
  return 0;
}

}  // namespace

void add_demo_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("demo", "Build BSP trees for demo meshes, query them, draw an SVG");
  auto svg = std::make_shared<std::string>("demo.svg");
  cmd->add_option("--svg", *svg, "where to write the picture")->capture_default_str();
  cmd->callback([svg]() {
    try {
      const int rc = run_demo(*svg);
      if (rc != 0) throw CLI::RuntimeError(rc);
    } catch (const std::exception& e) {
      fmt::print(stderr, "transit demo: {}\n", e.what());
      throw CLI::RuntimeError(1);
    }
  });
}

}  // namespace transit::cli
