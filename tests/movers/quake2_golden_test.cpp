// The Quake mover's quake2 mode against id's own pmove.c: the scenarios of
// tests/data/quake2-golden/scenarios.json replayed frame by frame and
// compared with the frames id's code gave on the same brushes
// (tools/quake2-golden, docs/quake-tribes.md "Golden traces").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "geom/brush_clip.hpp"
#include "movers/box_mover_scenes.hpp"
#include "transit/movers/quake/quake_mover.hpp"

namespace transit::quake {
namespace {

using namespace transit::test;
using nlohmann::json;

constexpr float kUnits = 32.0f;      // Quake units per metre
constexpr float kEighths = 256.0f;   // 1/8 units per metre
const std::string kDir = TRANSIT_SOURCE_DIR "/tests/data/quake2-golden/";

struct Frame {
  int msec = 0;
  int forward = 0;
  int side = 0;
  int up = 0;
};

struct Scenario {
  std::string name;
  SceneDesc scene;
  std::array<int, 3> start{};
  std::array<int, 3> velocity{};
  std::vector<Frame> frames;
};

// One frame of pmove_state_t (origin and velocity in 1/8 units).
struct Snapshot {
  std::array<int, 3> origin{};
  std::array<int, 3> velocity{};
  bool on_ground = false;
  int pm_flags = 0;
  int pm_time = 0;
};

Vec3 metres(const json& v) {
  return Vec3(v[0].get<float>(), v[1].get<float>(), v[2].get<float>()) / kUnits;
}

ObjectDesc object_of(std::uint32_t id, const json& o) {
  if (o.contains("ramp")) {
    const json& r = o["ramp"];
    const auto m = [&](const char* key) { return r[key].get<float>() / kUnits; };
    return ramp_object(id, m("x0"), m("x1"), m("y0"), m("y1"), m("z0"), m("z1"), m("bottom"));
  }
  const Vec3 lo = metres(o["box"][0]);
  const Vec3 hi = metres(o["box"][1]);
  const Vec3 origin = (lo + hi) * 0.5f;
  return mesh_object(id, origin, mesh_desc(make_box(lo - origin, hi - origin)),
                     o.value("heading", 0.0f));
}

std::vector<Scenario> load_scenarios() {
  std::ifstream in(kDir + "scenarios.json");
  const json doc = json::parse(in);
  std::vector<Scenario> out;
  for (const json& s : doc["scenarios"]) {
    Scenario sc;
    sc.name = s["name"].get<std::string>();
    sc.scene = two_by_two_flat();
    std::uint32_t id = 1;
    for (const json& o : s["objects"]) sc.scene.objects.push_back(object_of(id++, o));
    sc.start = s["start"].get<std::array<int, 3>>();
    sc.velocity = s["velocity"].get<std::array<int, 3>>();
    for (const json& run : s["frames"]) {
      const bool alternate = run.size() > 5 && run[5].get<int>() != 0;
      for (int i = 0; i < run[0].get<int>(); ++i) {
        const int up = alternate && i % 2 == 1 ? 0 : run[4].get<int>();
        sc.frames.push_back({run[1].get<int>(), run[2].get<int>(), run[3].get<int>(), up});
      }
    }
    out.push_back(std::move(sc));
  }
  return out;
}

int eighths(float metres_value) { return static_cast<int>(std::lround(metres_value * kEighths)); }

std::vector<Snapshot> replay(const Scenario& sc, const QuakeSettings& settings = {}) {
  const World world = World::from_scene(sc.scene);
  const QuakeMover mover(settings);
  BoxMoverState state;
  const Vec3 origin(sc.start[0] / kEighths, sc.start[1] / kEighths, sc.start[2] / kEighths);
  state.position.objcell_id = outdoor_cell_from_local(kBlock, origin.x, origin.y);
  state.position.frame.origin = origin;
  state.velocity =
      Vec3(sc.velocity[0] / kEighths, sc.velocity[1] / kEighths, sc.velocity[2] / kEighths);
  std::vector<Snapshot> out;
  for (const Frame& f : sc.frames) {
    BoxMoverInput input;
    input.wish_velocity = Vec3(static_cast<float>(f.forward), static_cast<float>(-f.side), 0.0f) / kUnits;
    input.jump = f.up > 0;
    input.crouch = f.up < 0;
    mover.step(world, state, input, static_cast<float>(f.msec) / 1000.0f);
    Snapshot s;
    for (int i = 0; i < 3; ++i) {
      s.origin[static_cast<std::size_t>(i)] = eighths(state.position.frame.origin[i]);
      s.velocity[static_cast<std::size_t>(i)] = eighths(state.velocity[i]);
    }
    s.on_ground = state.on_ground;
    s.pm_flags = state.quake.pm_flags;
    s.pm_time = state.quake.pm_time;
    out.push_back(s);
  }
  return out;
}

std::vector<Snapshot> golden(const std::string& name) {
  std::ifstream in(kDir + name + ".json");
  if (!in) return {};
  const json doc = json::parse(in);
  std::vector<Snapshot> out;
  for (const json& f : doc["frames"]) {
    out.push_back({f["origin"].get<std::array<int, 3>>(), f["velocity"].get<std::array<int, 3>>(),
                   f["on_ground"].get<bool>(), f["pm_flags"].get<int>(), f["pm_time"].get<int>()});
  }
  return out;
}

struct Comparison {
  int frames_off = 0;      // frames whose origin or velocity differ at all
  int first_off = -1;      // the first of them
  int worst_origin = 0;    // largest origin difference, 1/8 units
  int worst_velocity = 0;  // largest velocity difference, 1/8 units/s
  int flags_off = 0;       // frames whose ground flag, pm_flags or pm_time differ
};

Comparison compare(const std::vector<Snapshot>& ours, const std::vector<Snapshot>& ids) {
  Comparison c;
  for (std::size_t f = 0; f < ours.size() && f < ids.size(); ++f) {
    int origin = 0, velocity = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      origin = std::max(origin, std::abs(ours[f].origin[i] - ids[f].origin[i]));
      velocity = std::max(velocity, std::abs(ours[f].velocity[i] - ids[f].velocity[i]));
    }
    if (origin != 0 || velocity != 0) {
      if (c.first_off < 0) c.first_off = static_cast<int>(f);
      ++c.frames_off;
    }
    c.worst_origin = std::max(c.worst_origin, origin);
    c.worst_velocity = std::max(c.worst_velocity, velocity);
    if (ours[f].on_ground != ids[f].on_ground || ours[f].pm_flags != ids[f].pm_flags ||
        ours[f].pm_time != ids[f].pm_time)
      ++c.flags_off;
  }
  return c;
}

TEST(Quake2Golden, MatchesIdsPmoveFrameForFrame) {
  const std::vector<Scenario> scenarios = load_scenarios();
  ASSERT_GE(scenarios.size(), 15u);
  int exact = 0;
  for (const Scenario& sc : scenarios) {
    const std::vector<Snapshot> ids = golden(sc.name);
    ASSERT_EQ(ids.size(), sc.frames.size()) << sc.name << ": golden frames missing";
    const Comparison c = compare(replay(sc), ids);
    std::printf("%-18s %3zu frames: %3d off (first %d), origin within %d/8, velocity within %d/8, "
                "flags off in %d\n",
                sc.name.c_str(), ids.size(), c.frames_off, c.first_off, c.worst_origin,
                c.worst_velocity, c.flags_off);
    if (c.frames_off == 0 && c.flags_off == 0) ++exact;
    // Every frame within 1/8 unit of id's, in every scenario.
    EXPECT_LE(c.worst_origin, 1) << sc.name;
    EXPECT_LE(c.worst_velocity, 1) << sc.name;
  }
  // Bit for bit in all but at most one.
  EXPECT_GE(exact, static_cast<int>(scenarios.size()) - 1);
}

// What these scenarios are for: they reach the cases they are named after
// (Quake 2's refusal to step up under a low ceiling, which quake3_step
// climbs; the crouched hull under an overhang; a jump held through a
// landing, which Quake 2 takes on the next frame since the landing frame's
// clip stops the fall before PM_CatagorizePosition could start the land
// timer).
TEST(Quake2Golden, ScenariosShowWhatTheyAreNamedAfter) {
  std::map<std::string, Scenario> by_name;
  for (Scenario& sc : load_scenarios()) by_name[sc.name] = sc;
  const std::vector<Snapshot> q2 = replay(by_name.at("low_ceiling_step"));
  EXPECT_LT(q2.back().origin[0], 1064 * 8 - 16 * 8);  // stopped at the 6-unit step
  QuakeSettings q3;
  q3.quake3_step = true;
  const std::vector<Snapshot> climbed = replay(by_name.at("low_ceiling_step"), q3);
  EXPECT_GT(climbed.back().origin[0], 1064 * 8);  // climbed it
  EXPECT_EQ(climbed.back().origin[2], (6 + 24) * 8 + 1);

  const std::vector<Snapshot> duck = replay(by_name.at("duck_under"));
  bool ducked_under = false;
  for (const Snapshot& s : duck)
    ducked_under = ducked_under || ((s.pm_flags & kPmfDucked) && s.origin[0] > 1100 * 8);
  EXPECT_TRUE(ducked_under);
  EXPECT_EQ(duck.back().pm_flags & kPmfDucked, 0);  // stood up past the overhang

  const std::vector<Snapshot> drop = replay(by_name.at("drop_20ms"));
  std::size_t landed = 0;
  while (landed < drop.size() && !drop[landed].on_ground) ++landed;
  ASSERT_LT(landed + 1, drop.size());
  EXPECT_EQ(drop[landed].origin[2], 24 * 8 + 1);  // 1/8 unit above the floor
  EXPECT_EQ(drop[landed].pm_flags & kPmfTimeLand, 0);
  EXPECT_FALSE(drop[landed + 1].on_ground);  // jumped at once
  EXPECT_NE(drop[landed + 1].pm_flags & kPmfJumpHeld, 0);
}

// Writes the harness's input for every scenario into $TRANSIT_Q2_GOLDEN_OUT:
// the brushes (the floor, and each object as one convex brush of its faces'
// planes and the axial planes of its bounds, in Quake units as hex floats),
// the start and the frames. Run by tools/quake2-golden/regenerate.sh.
TEST(Quake2Golden, DISABLED_ExportHarnessInput) {
  const char* out_dir = std::getenv("TRANSIT_Q2_GOLDEN_OUT");
  ASSERT_NE(out_dir, nullptr) << "set TRANSIT_Q2_GOLDEN_OUT";
  for (const Scenario& sc : load_scenarios()) {
    const World world = World::from_scene(sc.scene);
    const std::vector<TraceFace> faces =
        trace_faces(world, kBlock, Vec3(0.0f, 0.0f, -4.0f), Vec3(128.0f, 128.0f, 16.0f));
    // Brushes in trace order: the terrain as one floor brush, then objects.
    std::map<std::pair<int, std::uint64_t>, std::vector<TraceFace>> groups;
    for (const TraceFace& f : faces) {
      const bool floor = f.kind == TraceHitKind::Terrain;
      groups[{floor ? 0 : 1, floor ? 0 : (std::uint64_t{f.id} << 32 | f.shape)}].push_back(f);
    }
    std::string text = "brushes " + std::to_string(groups.size()) + "\n";
    for (const auto& [key, group] : groups) {
      Vec3 lo = group[0].lo, hi = group[0].hi;
      for (const TraceFace& f : group) {
        lo = glm::min(lo, f.lo);
        hi = glm::max(hi, f.hi);
      }
      if (key.first == 0) lo.z = -2.0f;  // the floor brush is 64 units thick
      std::vector<BrushPlane> planes;
      for (int axis = 0; axis < 3; ++axis) {
        Vec3 n(0.0f);
        n[axis] = -1.0f;
        planes.push_back({n, -lo[axis]});
        n[axis] = 1.0f;
        planes.push_back({n, hi[axis]});
      }
      for (const TraceFace& f : group) {
        const bool known = std::any_of(planes.begin(), planes.end(), [&](const BrushPlane& p) {
          return p.normal == f.normal && p.dist == f.dist;
        });
        if (!known) planes.push_back({f.normal, f.dist});
      }
      text += "brush " + std::to_string(planes.size()) + "\n";
      char line[160];
      for (const BrushPlane& p : planes) {
        std::snprintf(line, sizeof line, "%a %a %a %a\n", p.normal.x, p.normal.y, p.normal.z,
                      p.dist * kUnits);
        text += line;
      }
    }
    text += "start " + std::to_string(sc.start[0]) + " " + std::to_string(sc.start[1]) + " " +
            std::to_string(sc.start[2]) + " " + std::to_string(sc.velocity[0]) + " " +
            std::to_string(sc.velocity[1]) + " " + std::to_string(sc.velocity[2]) + "\n";
    text += "frames " + std::to_string(sc.frames.size()) + "\n";
    for (const Frame& f : sc.frames)
      text += std::to_string(f.msec) + " " + std::to_string(f.forward) + " " +
              std::to_string(f.side) + " " + std::to_string(f.up) + "\n";
    std::ofstream(std::string(out_dir) + "/" + sc.name + ".in") << text;
  }
}

}  // namespace
}  // namespace transit::quake
