// Retail MotionTables (client_portal.dat 0x09......): their cycles'
// velocities and turning rates, read from the writer's bytes.
#include "transit/dat/motion_table.hpp"

#include <cmath>
#include <limits>
#include <numbers>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "dat/dat_writer.hpp"
#include "dat/synthetic_data.hpp"
#include "format/format_test_util.hpp"

namespace transit::dat {
namespace {

using ::testing::HasSubstr;
using transit::testing::input_error_of;

TEST(RetailMotionTable, ReadsItsStylesCyclesAndTurnRates) {
  const MotionTable t = parse_motion_table(testing::motion_table_bytes(testing::creature_motion_table()), "table");
  EXPECT_EQ(t.id, 0x09000001u);
  EXPECT_EQ(t.default_style, kStyleNonCombat);
  EXPECT_EQ(t.style_defaults.at(kStyleNonCombat), kMotionReady);
  EXPECT_EQ(t.cycles.size(), 5u);
  EXPECT_EQ(t.modifiers.size(), 2u);
  EXPECT_EQ(t.links, 2u);
  // The key is the style's low 16 bits over the motion's low 24.
  EXPECT_EQ(MotionTable::motion_key(kStyleNonCombat, kMotionTurnRight), 0x003D000Du);
  const MotionCycle* run = t.cycle(0, kMotionRunForward);
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->animations, 2u);
  EXPECT_EQ(run->velocity, Vec3(0.0f, 2.5f, 0.0f));
  EXPECT_FALSE(run->omega);
  EXPECT_EQ(t.cycle(kStyleNonCombat, kMotionWalkForward)->velocity, Vec3(0.0f, 1.2f, 0.0f));
  EXPECT_EQ(t.cycle(0, kMotionReady)->velocity, std::nullopt);
  // pi/3 rad/s is 60 degrees a second; hand combat's pi/2 is 90.
  ASSERT_TRUE(t.turn_rate_deg());
  EXPECT_NEAR(*t.turn_rate_deg(), 60.0f, 1e-4f);
  EXPECT_NEAR(*t.turn_rate_deg(0x8000003Cu), 90.0f, 1e-4f);
  EXPECT_FALSE(t.turn_rate_deg(0x8000003Eu));  // a style it has no cycles for
  EXPECT_EQ(t.cycle(0, kMotionSideStepRight), nullptr);
}

// Retail moves a body by its cycles' velocities: forward for the walk and
// run, sideways for the sidestep, which this table has only as a modifier
// kept for every style.
TEST(RetailMotionTable, ReadsTheSpeedsItsCyclesMoveABodyAt) {
  MotionTable t = parse_motion_table(testing::motion_table_bytes(testing::creature_motion_table()), "table");
  EXPECT_EQ(t.cycle_speed(kMotionWalkForward), 1.2f);
  EXPECT_EQ(t.cycle_speed(kMotionRunForward), 2.5f);
  EXPECT_EQ(t.cycle_speed(kMotionSideStepRight), 0.8f);
  EXPECT_FALSE(t.cycle_speed(kMotionRunForward, 0x8000003Cu));  // hand combat has no run cycle
  EXPECT_EQ(t.cycle_speed(kMotionReady), 0.0f);                  // a cycle without a velocity stands
  // A run that is only a modifier is no cycle: a substate is never a modifier.
  t.cycles.erase(MotionTable::motion_key(kStyleNonCombat, kMotionRunForward));
  EXPECT_FALSE(t.cycle_speed(kMotionRunForward));
}

// A table that turns only as a modifier: the style's own, else the one
// kept for every style.
TEST(RetailMotionTable, TurnsAsAModifierWhenNoCycleTurns) {
  MotionTable t = testing::creature_motion_table();
  t.cycles.clear();
  t.modifiers[kMotionTurnRight & 0xFFFFFFu] = {std::nullopt, Vec3(0.0f, 0.0f, -std::numbers::pi_v<float> / 4.0f), 0};
  const MotionTable back = parse_motion_table(testing::motion_table_bytes(t), "table");
  ASSERT_TRUE(back.turn_rate_deg());
  EXPECT_NEAR(*back.turn_rate_deg(), 45.0f, 1e-4f);
  t.modifiers[MotionTable::motion_key(kStyleNonCombat, kMotionTurnRight)] = {std::nullopt, Vec3(0.0f, 0.0f, 1.0f), 0};
  EXPECT_NEAR(*parse_motion_table(testing::motion_table_bytes(t), "table").turn_rate_deg(), 57.29578f, 1e-3f);
}

TEST(RetailMotionTable, ASetupNamesItsTablePastItsLights) {
  const dat::Setup s = parse_setup(testing::setup_bytes(testing::creature_setup(), {}, 0, 2), "setup");
  EXPECT_EQ(s.default_motion_table, 0x09000001u);
  EXPECT_EQ(s.step_down_height, 1.0f);
  EXPECT_EQ(parse_setup(testing::setup_bytes(testing::rock_setup()), "rock").default_motion_table, 0u);
}

TEST(RetailMotionTable, BadBytesAreRefusedSayingWhere) {
  MotionTable t = testing::creature_motion_table();
  t.id = 0x02000001;
  EXPECT_THAT(input_error_of([&] { parse_motion_table(testing::motion_table_bytes(t), "table 0x09000001"); }),
              HasSubstr("table 0x09000001: at byte 4: id 0x02000001 is not a MotionTable's (0x09......)"));
  const std::string whole = testing::motion_table_bytes(testing::creature_motion_table());
  EXPECT_THAT(input_error_of([&] { parse_motion_table(whole.substr(0, whole.size() - 3), "table"); }),
              HasSubstr("table: at byte"));
  t = testing::creature_motion_table();
  t.cycles.begin()->second.omega = Vec3(0.0f, 0.0f, std::numeric_limits<float>::infinity());
  EXPECT_THAT(input_error_of([&] { parse_motion_table(testing::motion_table_bytes(t), "table"); }),
              HasSubstr("a cycle's omega is not finite"));
  testing::Bytes huge;
  huge.u32(0x09000002).u32(kStyleNonCombat).u32(0).u32(0x10000000);
  EXPECT_THAT(input_error_of([&] { parse_motion_table(huge.str(), "table"); }),
              HasSubstr("cycle count 268435456 would need"));
}

}  // namespace
}  // namespace transit::dat
