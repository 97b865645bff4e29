// Trajectories read back: every field of every sample and event as the run
// wrote it, older files without the added fields, and bad files refused.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "format/result_json.hpp"
#include "transit/format/trajectory_reader.hpp"
#include "transit/math/input_error.hpp"
#include "transit/math/same_bits.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/world/demo_world.hpp"

namespace transit {
namespace {

using ::testing::HasSubstr;

// The demo tour's first 20 s: runs, a jump, slides off the knoll.
Trajectory demo_run() {
  const SceneDesc scene = make_demo_world();
  Simulation sim(World::from_scene(scene), scene);
  ScriptDesc script = make_demo_script();
  script.duration = 20.0;
  return run_script(sim, script);
}

std::string message_of(const std::string& json) {
  try {
    parse_trajectory(json, "t.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(TrajectoryReader, ReadsBackEverySampleAndEventOfARun) {
  const Trajectory run = demo_run();
  const Trajectory back = parse_trajectory(write_trajectory(run), "t.json");
  EXPECT_EQ(back.dt, run.dt);
  EXPECT_EQ(back.ticks, run.ticks);
  ASSERT_EQ(back.characters.size(), run.characters.size());
  int with_plane = 0;
  for (std::size_t c = 0; c < run.characters.size(); ++c) {
    const CharacterTrack& a = run.characters[c];
    const CharacterTrack& b = back.characters[c];
    EXPECT_EQ(b.name, a.name);
    ASSERT_EQ(b.samples.size(), a.samples.size());
    for (std::size_t i = 0; i < a.samples.size(); ++i) {
      const TrajectorySample& x = a.samples[i];
      const TrajectorySample& y = b.samples[i];
      ASSERT_EQ(y.position.objcell_id, x.position.objcell_id) << a.name << " " << i;
      ASSERT_TRUE(same_bits(y.position.frame.origin, x.position.frame.origin)) << a.name << " " << i;
      ASSERT_TRUE(same_bits(y.velocity, x.velocity));
      ASSERT_EQ(y.heading, x.heading);
      ASSERT_EQ(y.contact, x.contact);
      ASSERT_EQ(y.on_walkable, x.on_walkable);
      ASSERT_EQ(y.contact_plane.has_value(), x.contact_plane.has_value());
      if (x.contact_plane) {
        ASSERT_TRUE(ac::same_bits(*y.contact_plane, *x.contact_plane));
        ++with_plane;
      }
      ASSERT_EQ(y.sliding_normal.has_value(), x.sliding_normal.has_value());
      ASSERT_EQ(y.status, x.status);
    }
    ASSERT_EQ(b.events.size(), a.events.size());
    for (std::size_t e = 0; e < a.events.size(); ++e) {
      EXPECT_EQ(b.events[e].kind, a.events[e].kind);
      // The file names the object or cell of these two kinds only.
      const SimEventKind k = a.events[e].kind;
      if (k == SimEventKind::CollidedObject || k == SimEventKind::EnteredCell) {
        EXPECT_EQ(b.events[e].id, a.events[e].id);
      }
      EXPECT_EQ(b.events[e].t, result_time(a.events[e].t));  // as written: 9 digits
    }
    EXPECT_EQ(b.stats.distance, a.stats.distance);
    EXPECT_EQ(b.stats.cells_visited, a.stats.cells_visited);
    EXPECT_EQ(b.stats.object_collisions, a.stats.object_collisions);
  }
  EXPECT_GT(with_plane, 500);
  EXPECT_FALSE(run.characters[0].events.empty());
}

TEST(TrajectoryReader, AFileWithoutTheAddedFieldsReadsWithDefaults) {
  const Trajectory t = parse_trajectory(R"({"format": "transit-trajectory/1", "dt": 0.5,
    "characters": {"p": [
      {"t": 0, "position": {"cell": "0xA9B40001", "local": [1, 2, 3]}, "velocity": [0, 0, 0],
       "contact": false, "on_walkable": false},
      {"t": 0.5, "position": {"cell": "0xA9B40001", "local": [1, 2.5, 3]}, "velocity": [0, 1, 0],
       "contact": true, "on_walkable": true}]}})",
                                        "old.json");
  ASSERT_EQ(t.characters.size(), 1u);
  EXPECT_EQ(t.ticks, 1);
  const TrajectorySample& s = t.characters[0].samples[1];
  EXPECT_EQ(s.position.frame.origin, Vec3(1.0f, 2.5f, 3.0f));
  EXPECT_FALSE(s.contact_plane);
  EXPECT_FALSE(s.sliding_normal);
  EXPECT_EQ(s.status, MoveStatus::Moved);
  EXPECT_DOUBLE_EQ(t.characters[0].stats.distance, 0.5);
  EXPECT_DOUBLE_EQ(t.characters[0].stats.grounded_seconds, 0.5);
}

TEST(TrajectoryReader, RefusesBadFilesNamingThePlace) {
  const std::string sample =
      R"({"t": 0, "position": {"cell": "0xA9B40001", "local": [1, 2, 3]}, "velocity": [0, 0, 0],
          "contact": false, "on_walkable": false STATUS})";
  const auto doc = [&](const std::string& status, const std::string& rest = "") {
    std::string s = sample;
    s.replace(s.find("STATUS"), 6, status);
    return R"({"format": "transit-trajectory/1", "dt": 0.5, "characters": {"p": [)" + s + "]}" + rest + "}";
  };
  EXPECT_THAT(message_of(doc("")), HasSubstr("accepted"));
  EXPECT_THAT(message_of(doc(R"(, "status": "flying")")),
              HasSubstr("t.json: /characters/p/0/status: not a known status"));
  EXPECT_THAT(message_of(doc(R"(, "speed": 3)")), HasSubstr("/characters/p/0"));
  EXPECT_THAT(message_of(doc("", R"(, "events": {"q": []})")), HasSubstr("/events/q"));
  EXPECT_THAT(message_of(doc("", R"(, "events": {"p": [{"t": 1, "event": "teleported"}]})")),
              HasSubstr("/events/p/0/event: not a known event"));
  EXPECT_THAT(message_of(R"({"format": "transit-scene/1", "dt": 1, "characters": {}})"),
              HasSubstr("/format: expected \"transit-trajectory/1\""));
  EXPECT_THAT(message_of(R"({"format": "transit-trajectory/1", "dt": 0, "characters": {}})"),
              HasSubstr("/dt: a frame time must be positive"));
  EXPECT_THAT(message_of(R"({"format": "transit-trajectory/1", "dt": 1, "characters": {"p": []}})"),
              HasSubstr("/characters/p: a character needs at least one sample"));
}

}  // namespace
}  // namespace transit
