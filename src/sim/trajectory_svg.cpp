#include "transit/sim/trajectory_svg.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "transit/world/land_defs.hpp"
#include "transit/world/terrain.hpp"

namespace transit {

namespace {

constexpr double kMapPixels = 760.0;
constexpr double kMargin = 30.0;
constexpr double kProfileWidth = 520.0;
constexpr double kGap = 40.0;
constexpr std::array<const char*, 6> kPathColours{"#d7191c", "#2c7bb6", "#7b3294",
                                                  "#1a9641", "#e66101", "#404040"};
constexpr const char* kAirColour = "#ff9f1c";

// Global x/y of the world's loaded landblocks and how they map to pixels.
struct MapView {
  double min_x = 0.0, min_y = 0.0, max_x = 1.0, max_y = 1.0;
  double scale = 1.0;                    // pixels per metre
  double left = kMargin, top = kMargin;  // pixel position of (min_x, max_y)
  double px(double x) const { return left + (x - min_x) * scale; }
  double py(double y) const { return top + (max_y - y) * scale; }
};

MapView view_of(const World& world) {
  MapView v;
  v.min_x = v.min_y = std::numeric_limits<double>::max();
  v.max_x = v.max_y = std::numeric_limits<double>::lowest();
  for (const Landblock& b : world.landscape().landblocks()) {
    const double x = b.block_x() * kBlockLength, y = b.block_y() * kBlockLength;
    v.min_x = std::min(v.min_x, x);
    v.min_y = std::min(v.min_y, y);
    v.max_x = std::max(v.max_x, x + kBlockLength);
    v.max_y = std::max(v.max_y, y + kBlockLength);
  }
  if (v.min_x > v.max_x) v = MapView{};
  v.scale = kMapPixels / std::max(v.max_x - v.min_x, v.max_y - v.min_y);
  return v;
}

std::string xml_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string points(const MapView& v, const std::vector<Vec3>& global) {
  std::string s;
  for (const Vec3& p : global) s += fmt::format("{:.1f},{:.1f} ", v.px(p.x), v.py(p.y));
  return s;
}

// Height shading: low ground green, high ground tan to pale.
std::string height_colour(float z, float lo, float hi) {
  const float t = hi > lo ? std::clamp((z - lo) / (hi - lo), 0.0f, 1.0f) : 0.5f;
  const auto mix = [t](int a, int b) { return static_cast<int>(a + (b - a) * t); };
  return fmt::format("rgb({},{},{})", mix(120, 236), mix(170, 222), mix(100, 196));
}

void terrain_range(const World& world, float& lo, float& hi) {
  lo = std::numeric_limits<float>::max();
  hi = std::numeric_limits<float>::lowest();
  for (const Landblock& b : world.landscape().landblocks())
    for (float h : b.heights()) {
      lo = std::min(lo, h);
      hi = std::max(hi, h);
    }
}

void draw_terrain(std::string& svg, const World& world, const MapView& v) {
  float lo = 0.0f, hi = 0.0f;
  terrain_range(world, lo, hi);
  svg += "<g id=\"terrain\" stroke-width=\"0.3\">\n";
  for (const Landblock& b : world.landscape().landblocks())
    for (const LandCell& cell : b.cells())
      for (const Polygon& poly : cell.polygons()) {
        std::vector<Vec3> g;
        float z = 0.0f;
        for (const Vec3& p : poly.vertices()) {
          g.push_back(local_to_global(b.id(), p));
          z += p.z / static_cast<float>(poly.vertices().size());
        }
        const bool steep = poly.plane().normal.z < kFloorZ;
        const std::string fill = steep ? "#a0522d" : height_colour(z, lo, hi);
        svg += fmt::format("<polygon points=\"{}\" fill=\"{}\" stroke=\"{}\"/>\n", points(v, g), fill,
                           fill);
      }
  svg += "</g>\n";
}

// Water: a square of one cell around every water terrain vertex.
void draw_water(std::string& svg, const World& world, const MapView& v) {
  svg += "<g id=\"water\" fill=\"#3d8fd1\" fill-opacity=\"0.75\">\n";
  for (const Landblock& b : world.landscape().landblocks())
    for (int vx = 0; vx <= kBlockSide; ++vx)
      for (int vy = 0; vy <= kBlockSide; ++vy) {
        if (!is_water_terrain(b.terrain_type(vx, vy))) continue;
        const Vec3 c = local_to_global(b.id(), b.vertex(vx, vy));
        const double half = kCellLength / 2.0;
        svg +=
            fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\"/>\n",
                        v.px(c.x - half), v.py(c.y + half), 2 * half * v.scale, 2 * half * v.scale);
      }
  svg += "</g>\n";
}

std::string object_colour(const WorldObject& o) {
  if (o.is_building()) return "#7f7f7f";
  if (o.has(kFlagCreature)) return "#c51b7d";
  if (o.name.find("tree") != std::string::npos || o.name.find("fir") != std::string::npos ||
      o.name.find("oak") != std::string::npos)
    return "#1b7837";
  return "#4d4d4d";
}

// The upward faces of an object's meshes (roofs, tops of walls and boxes)
// and the circles of its spheres and cylinders, seen from above.
void draw_object(std::string& svg, const WorldObject& o, const MapView& v) {
  const std::string colour = object_colour(o);
  const auto to_global = [&](const Vec3& p) {
    return local_to_global(o.position.objcell_id, o.position.frame.local_to_global(p * o.scale));
  };
  svg += fmt::format(
      "<g class=\"object\" data-id=\"{}\" fill=\"{}\" stroke=\"#202020\" "
      "stroke-width=\"0.6\">\n<title>{} {}</title>\n",
      o.id, colour, o.id, xml_escape(o.name));
  for (const auto& mesh : o.meshes)
    for (const Polygon& poly : mesh->polygons()) {
      if (o.position.frame.local_to_global_vec(poly.plane().normal).z < 0.5f) continue;
      std::vector<Vec3> g;
      for (const Vec3& p : poly.vertices()) g.push_back(to_global(p));
      svg += fmt::format("<polygon points=\"{}\" fill-opacity=\"{}\"/>\n", points(v, g),
                         o.is_building() ? 0.55 : 0.9);
    }
  for (const CylSphere& c : o.cylspheres) {
    const Vec3 g = to_global(c.low_point);
    svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\"/>\n", v.px(g.x), v.py(g.y),
                       std::max(1.5, c.radius * o.scale * v.scale));
  }
  for (const Sphere& s : o.spheres) {
    const Vec3 g = to_global(s.center);
    svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\"/>\n", v.px(g.x), v.py(g.y),
                       std::max(1.5, s.radius * o.scale * v.scale));
  }
  svg += "</g>\n";
}

void draw_label(std::string& svg, const WorldObject& o, const MapView& v) {
  if (!o.is_building() && !o.has(kFlagCreature) && o.meshes.empty()) return;
  const Sphere b = o.bounds();
  const Vec3 g = local_to_global(o.position.objcell_id, b.center);
  svg += fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"10\" fill=\"#111\" class=\"label\">{}</text>\n",
      v.px(g.x) + std::max(4.0, b.radius * 0.6 * v.scale), v.py(g.y) + 3.0, xml_escape(o.name));
}

void draw_objects(std::string& svg, const World& world, const MapView& v) {
  svg += "<g id=\"objects\">\n";
  for (const WorldObject& o : world.objects())
    if (o.id != 0) draw_object(svg, o, v);
  for (const WorldObject& o : world.objects())
    if (o.id != 0) draw_label(svg, o, v);
  svg += "</g>\n";
}

Vec3 global_of(const Position& p) {
  return local_to_global(p.objcell_id, p.frame.origin);
}

// Runs of consecutive samples with the same ground state, as polylines.
void draw_path(std::string& svg, const CharacterTrack& track, const MapView& v,
               const char* colour) {
  svg += fmt::format("<g class=\"path\" id=\"path-{}\" fill=\"none\" stroke-linecap=\"round\">\n",
                     xml_escape(track.name));
  std::size_t start = 0;
  const auto& s = track.samples;
  for (std::size_t i = 1; i <= s.size(); ++i) {
    if (i < s.size() && s[i].on_walkable == s[start].on_walkable) continue;
    std::vector<Vec3> g;
    for (std::size_t k = start == 0 ? 0 : start - 1; k < i; ++k)
      g.push_back(global_of(s[k].position));
    const bool ground = s[start].on_walkable;
    svg += fmt::format("<polyline points=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
                       points(v, g), ground ? colour : kAirColour, ground ? 2.2 : 2.8);
    start = i;
  }
  const Vec3 a = global_of(s.front().position), b = global_of(s.back().position);
  svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\" stroke=\"white\"/>\n",
                     v.px(a.x), v.py(a.y), colour);
  svg += fmt::format(
      "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"8\" height=\"8\" fill=\"{}\" stroke=\"white\"/>\n",
      v.px(b.x) - 4, v.py(b.y) - 4, colour);
  svg += "</g>\n";
}

void draw_layers(std::string& svg, const World& world, const Trajectory& t, const MapView& v) {
  draw_terrain(svg, world, v);
  draw_water(svg, world, v);
  draw_objects(svg, world, v);
  for (std::size_t i = 0; i < t.characters.size(); ++i)
    if (t.characters[i].stats.distance > 0.01)
      draw_path(svg, t.characters[i], v, kPathColours[i % kPathColours.size()]);
}

void draw_map(std::string& svg, const World& world, const Trajectory& t, const MapView& v) {
  svg += fmt::format(
      "<g id=\"map\">\n<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
      "fill=\"#eeeeee\"/>\n",
      kMargin, kMargin, kMapPixels, kMapPixels);
  draw_layers(svg, world, t, v);
  svg += fmt::format(
      "<text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">Top-down map ({:.0f} m x "
      "{:.0f} m); brown: too steep to walk; orange: in the air</text>\n</g>\n",
      kMargin, kMargin - 10, v.max_x - v.min_x, v.max_y - v.min_y);
}

struct ProfilePoint {
  double distance;
  double z;
  bool ground;
};

std::vector<ProfilePoint> profile_of(const CharacterTrack& track) {
  std::vector<ProfilePoint> out;
  double d = 0.0;
  for (std::size_t i = 0; i < track.samples.size(); ++i) {
    if (i > 0)
      d += glm::length(get_offset(track.samples[i - 1].position, track.samples[i].position));
    out.push_back({d, track.samples[i].position.frame.origin.z, track.samples[i].on_walkable});
  }
  return out;
}

// One character's elevation against distance travelled, in a box.
void draw_profile(std::string& svg, const CharacterTrack& track, double x0, double y0, double w,
                  double h, const char* colour) {
  const std::vector<ProfilePoint> p = profile_of(track);
  double lo = p.front().z, hi = p.front().z;
  for (const ProfilePoint& q : p) lo = std::min(lo, q.z), hi = std::max(hi, q.z);
  lo = std::floor(lo - 1.0);
  hi = std::ceil(hi + 1.0);
  const double total = std::max(p.back().distance, 1.0);
  const auto X = [&](double d) { return x0 + d / total * w; };
  const auto Y = [&](double z) { return y0 + h - (z - lo) / (hi - lo) * h; };
  svg += fmt::format(
      "<g class=\"profile\" id=\"profile-{}\">\n<rect x=\"{:.1f}\" y=\"{:.1f}\" "
      "width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#fafafa\" stroke=\"#999\"/>\n",
      xml_escape(track.name), x0, y0, w, h);
  for (int k = 0; k <= 4; ++k) {
    const double z = lo + (hi - lo) * k / 4.0;
    svg += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
        "stroke=\"#ddd\"/><text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"9\" "
        "text-anchor=\"end\">{:.1f} m</text>\n",
        x0, Y(z), x0 + w, Y(z), x0 - 3, Y(z) + 3, z);
  }
  for (std::size_t i = 1; i < p.size(); ++i)
    svg += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
        "stroke=\"{}\" stroke-width=\"1.6\"/>\n",
        X(p[i - 1].distance), Y(p[i - 1].z), X(p[i].distance), Y(p[i].z),
        p[i].ground ? colour : kAirColour);
  svg += fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" font-weight=\"bold\">"
      "{}: height (z) over {:.0f} m of path</text>\n</g>\n",
      x0, y0 - 6, xml_escape(track.name), total);
}

void draw_profiles(std::string& svg, const Trajectory& t, double x0) {
  std::vector<std::size_t> moving;
  for (std::size_t i = 0; i < t.characters.size(); ++i)
    if (t.characters[i].stats.distance > 0.01) moving.push_back(i);
  svg += fmt::format(
      "<g id=\"elevation\">\n<text x=\"{}\" y=\"{}\" font-size=\"14\" "
      "font-weight=\"bold\">Elevation profile</text>\n",
      x0, kMargin - 10);
  const double slot = 370.0 / std::max<std::size_t>(moving.size(), 1);
  for (std::size_t k = 0; k < moving.size(); ++k)
    draw_profile(svg, t.characters[moving[k]], x0 + 40, kMargin + k * slot + 24, kProfileWidth - 50,
                 slot - 48, kPathColours[moving[k] % kPathColours.size()]);
  svg += "</g>\n";
}

// The first building and 40 m around it, enlarged, clipped to a square.
void draw_close_up(std::string& svg, const World& world, const Trajectory& t, double left,
                   double top, double size) {
  const auto building = std::find_if(world.objects().begin(), world.objects().end(),
                                     [](const WorldObject& o) { return o.is_building(); });
  if (building == world.objects().end()) return;
  const Sphere b = building->bounds();
  const Vec3 c = local_to_global(building->position.objcell_id, b.center);
  const double half = b.radius + 30.0;
  MapView v{c.x - half, c.y - half, c.x + half, c.y + half, size / (2 * half), left, top};
  svg += fmt::format(
      "<g id=\"close-up\">\n<clipPath id=\"close-up-clip\"><rect x=\"{0:.1f}\" "
      "y=\"{1:.1f}\" width=\"{2:.1f}\" height=\"{2:.1f}\"/></clipPath>\n"
      "<g clip-path=\"url(#close-up-clip)\">\n",
      left, top, size);
  draw_layers(svg, world, t, v);
  svg += fmt::format(
      "</g>\n<rect x=\"{0:.1f}\" y=\"{1:.1f}\" width=\"{2:.1f}\" "
      "height=\"{2:.1f}\" fill=\"none\" stroke=\"#999\"/>\n<text x=\"{0:.1f}\" "
      "y=\"{3:.1f}\" font-size=\"12\" font-weight=\"bold\">Close-up: {4} "
      "({5:.0f} m x {5:.0f} m)</text>\n</g>\n",
      left, top, size, top - 6, xml_escape(building->name), 2 * half);
}

}  // namespace

std::string trajectory_svg(const World& world, const Trajectory& trajectory) {
  const MapView view = view_of(world);
  const double width = kMargin + kMapPixels + kGap + kProfileWidth;
  const double height = kMargin * 2 + kMapPixels;
  std::string svg = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
      "width=\"{0:.0f}\" height=\"{1:.0f}\" viewBox=\"0 0 {0:.0f} {1:.0f}\" "
      "font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      width, height);
  draw_map(svg, world, trajectory, view);
  draw_profiles(svg, trajectory, kMargin + kMapPixels + kGap);
  draw_close_up(svg, world, trajectory, kMargin + kMapPixels + kGap + 40, kMargin + 400,
                kMapPixels - 400);
  svg += "</svg>\n";
  return svg;
}

}  // namespace transit
