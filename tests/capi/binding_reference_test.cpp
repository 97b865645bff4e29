// The runs every binding repeats (tests/data/binding_reference.json): the C++
// API's Character gives the checked-in bits, and so does the C API; the C#
// and Python tests compare their own runs with the same file, so all four
// languages are held to the C++ library's bits.
// TRANSIT_UPDATE_BINDING_REFERENCE=1 in the release build rewrites the file.
#include <bit>
#include <cstdlib>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "transit/format/scene_reader.hpp"
#include "transit/sim/character.hpp"
#include "transit/transit.h"
#include "transit/world/demo_world.hpp"
#include "transit/world/land_defs.hpp"
#include "support/demo_sim.hpp"

namespace transit {
namespace {

using test::kDt;

const std::string kReferenceFile = std::string(TRANSIT_SOURCE_DIR) + "/tests/data/binding_reference.json";

// One run: a default (retail human) character on the demo world, placed,
// then updated `frames` times by dt under fixed controls.
struct ReferenceRun {
  const char* name;
  std::uint32_t start_cell;  // 0: start is global
  Vec3 start;
  float heading_deg;
  ForwardInput forward;
  float turn_deg_per_s;
  int frames;
};

const ReferenceRun kRuns[] = {
    {"wall", 0, {32523.0f, 34655.0f, 20.0f}, 0.0f, ForwardInput::Run, 0.0f, 60},
    {"stairs", 0xA9B40101u, {112.5f, 71.25f, 20.0f}, 0.0f, ForwardInput::Run, 0.0f, 75},
    {"turning_walk", 0, {32551.0f, 34620.0f, 20.0f}, 0.0f, ForwardInput::Walk, 45.0f, 90},
};

const char* forward_name(ForwardInput f) {
  switch (f) {
    case ForwardInput::Run: return "run";
    case ForwardInput::Walk: return "walk";
    case ForwardInput::Back: return "back";
    case ForwardInput::Stop: break;
  }
  return "stop";
}

nlohmann::json bits(const Position& p) {
  const Vec3& o = p.frame.origin;
  const Quat& q = p.frame.orientation;
  return {{"cell", p.objcell_id},
          {"origin_bits", {std::bit_cast<std::uint32_t>(o.x), std::bit_cast<std::uint32_t>(o.y),
                           std::bit_cast<std::uint32_t>(o.z)}},
          {"orientation_bits",
           {std::bit_cast<std::uint32_t>(q.w), std::bit_cast<std::uint32_t>(q.x),
            std::bit_cast<std::uint32_t>(q.y), std::bit_cast<std::uint32_t>(q.z)}}};
}

Position start_of(const World& world, const ReferenceRun& run) {
  PositionDesc desc;
  if (run.start_cell) {
    desc.cell = run.start_cell;
    desc.local = run.start;
  } else {
    desc.global = run.start;
  }
  desc.orientation.heading_deg = run.heading_deg;
  return *world.resolve(desc);
}

nlohmann::json run_cpp(const World& world, const ReferenceRun& run) {
  Character hero(CharacterSettings{}, start_of(world, run));
  hero.place(world);
  hero.set_controls({run.forward, StrafeInput::Stop, run.turn_deg_per_s});
  for (int i = 0; i < run.frames; ++i) hero.update(world, kDt);
  nlohmann::json out = bits(hero.position());
  out["status"] = to_string(hero.status());
  return out;
}

nlohmann::json run_c(const ReferenceRun& run) {
  tr_WorldId world;
  EXPECT_EQ(tr_CreateDemoWorld(&world), tr_ok);
  const tr_CharacterDef def = tr_DefaultCharacterDef();
  tr_CharacterId hero;
  EXPECT_EQ(tr_CreateCharacter(world, &def,
                               tr_MakePosition(run.start_cell, {run.start.x, run.start.y, run.start.z},
                                               run.heading_deg),
                               &hero),
            tr_ok)
      << tr_GetLastError();
  EXPECT_EQ(tr_Character_Place(hero, nullptr), tr_ok);
  tr_Controls controls = tr_DefaultControls();
  controls.forward = run.forward == ForwardInput::Run ? tr_forwardRun : tr_forwardWalk;
  controls.turn_deg_per_s = run.turn_deg_per_s;
  EXPECT_EQ(tr_Character_SetControls(hero, &controls), tr_ok);
  for (int i = 0; i < run.frames; ++i) EXPECT_EQ(tr_Character_Update(hero, kDt, nullptr), tr_ok);
  tr_CharacterState s;
  EXPECT_EQ(tr_Character_GetState(hero, &s), tr_ok);
  EXPECT_EQ(tr_DestroyWorld(world), tr_ok);
  Position p{s.position.cell, Frame{{s.position.origin.x, s.position.origin.y, s.position.origin.z},
                                    {s.position.orientation.w, s.position.orientation.x,
                                     s.position.orientation.y, s.position.orientation.z}}};
  nlohmann::json out = bits(p);
  out["status"] = tr_MoveStatusName(s.status);
  return out;
}

nlohmann::json reference_of_cpp() {
  const World world = World::from_scene(make_demo_world());
  nlohmann::json runs = nlohmann::json::array();
  for (const ReferenceRun& run : kRuns) {
    runs.push_back({{"name", run.name},
                    {"start_cell", run.start_cell},
                    {"start", {run.start.x, run.start.y, run.start.z}},
                    {"heading_deg", run.heading_deg},
                    {"forward", forward_name(run.forward)},
                    {"turn_deg_per_s", run.turn_deg_per_s},
                    {"frames", run.frames},
                    {"final", run_cpp(world, run)}});
  }
  return {{"format", "transit-binding-reference/1"},
          {"about", "a default character on the demo world: created at start (start_cell 0: "
                    "start is global), placed, controls set, updated frames x dt; final "
                    "position as float bit patterns (tests/capi/binding_reference_test.cpp)"},
          {"dt", kDt},
          {"runs", runs}};
}

TEST(BindingReference, CppGivesTheCheckedInBits) {
  const nlohmann::json expected = reference_of_cpp();
  if (std::getenv("TRANSIT_UPDATE_BINDING_REFERENCE"))
    std::ofstream(kReferenceFile) << expected.dump(2) << "\n";
  std::ifstream in(kReferenceFile);
  ASSERT_TRUE(in) << kReferenceFile;
  EXPECT_EQ(nlohmann::json::parse(in), expected)
      << "the C++ results changed: if that is meant, rerun with TRANSIT_UPDATE_BINDING_REFERENCE=1";
}

TEST(BindingReference, CApiGivesTheBitsOfTheCppApi) {
  const World world = World::from_scene(make_demo_world());
  for (const ReferenceRun& run : kRuns) EXPECT_EQ(run_c(run), run_cpp(world, run)) << run.name;
}

TEST(BindingReference, RunsEndWhereTheirNamesSay) {
  const World world = World::from_scene(make_demo_world());
  EXPECT_EQ(run_cpp(world, kRuns[0])["status"], "blocked");
  Character climber(CharacterSettings{}, start_of(world, kRuns[1]));
  climber.place(world);
  climber.set_controls({ForwardInput::Run, StrafeInput::Stop, 0.0f});
  for (int i = 0; i < kRuns[1].frames; ++i) climber.update(world, kDt);
  EXPECT_NEAR(climber.position().frame.origin.z, 23.0f, 0.01f);  // the landing
}

}  // namespace
}  // namespace transit
