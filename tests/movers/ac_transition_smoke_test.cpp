#include <gtest/gtest.h>

#include "movers/ac/ac_mover.hpp"

namespace transit::ac {
namespace {

constexpr CellId kBlock = 0xA9B40000;

SceneDesc flat_scene() {
  SceneDesc s;
  LandblockDesc lb;
  lb.x = 169;
  lb.y = 180;
  lb.flat = 0.0f;
  s.landblocks.push_back(lb);
  return s;
}

AcContact standing_on(const World& w, const Position& p) {
  AcContact c;
  c.contact_plane = surface_under(w, p.objcell_id, p.frame.origin);
  c.contact = c.contact_plane.has_value();
  c.on_walkable = c.contact && c.contact_plane->plane.normal.z >= kFloorZ;
  return c;
}

TEST(AcSmoke, WalkOnFlatGround) {
  const World w = World::from_scene(flat_scene());
  const Position from{kBlock | 0x13, Frame{{50, 50, 0}, {}}};
  const Position to{kBlock | 0x13, Frame{{55, 50, 0}, {}}};
  const AcMoveResult r = move_body(w, AcBody{}, from, to, standing_on(w, from));
  EXPECT_TRUE(r.ok);
  EXPECT_NEAR(r.position.frame.origin.x, 55.0f, 1e-4f);
  EXPECT_NEAR(r.position.frame.origin.z, 0.0f, 1e-4f);
  EXPECT_TRUE(r.contact);
  EXPECT_TRUE(r.on_walkable);
  ASSERT_TRUE(r.contact_plane);
  EXPECT_EQ(r.contact_plane->plane.normal, Vec3(0, 0, 1));
  EXPECT_EQ(r.steps, 11);  // 5 m / 0.48 m = 10.4 -> 11 sub-steps
}

}  // namespace
}  // namespace transit::ac
