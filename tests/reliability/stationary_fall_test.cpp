// A body that falls but cannot move, wedged in a crease of two unwalkable
// slopes: retail counts the stuck frames (FramesStationaryFall) and stops
// the body's velocity on them, so it rests in the crease instead of falling
// with growing speed, and is never pushed through either face.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "transit/motion/body_update.hpp"
#include "support/test_scenes.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {
namespace {

using test::kBlock;

// A trough of two unwalkable slopes (normal z 0.32) meeting along a level
// line 1 m above flat ground, as a static object's mesh: a sphere in it
// touches both faces, every way out of the crease is blocked and gravity
// pulls it straight down into them.
SceneDesc trough() {
  SceneDesc scene = test::two_by_two_flat();
  ShapeDesc faces;
  faces.type = ShapeDesc::Type::Mesh;
  faces.mesh.vertices = {{-1, -5, 4}, {0, -5, 1}, {0, 5, 1}, {-1, 5, 4},
                         {1, -5, 4},  {1, 5, 4}};
  faces.mesh.polygons = {{0, 1, 2, 3}, {1, 4, 5, 2}};
  ObjectDesc object;
  object.id = 1;
  object.name = "trough";
  object.position.cell = kBlock | outdoor_cell_id(kBlock, 2, 2);
  object.position.local = Vec3(60, 60, 0);
  object.shapes = {faces};
  object.flags = kFlagStatic;
  scene.objects.push_back(object);
  return scene;
}

TEST(Fault, BodyWedgedInACreaseCountsStationaryFramesAndStaysPut) {
  const World world = World::from_scene(trough());
  PhysicsBody body(ac::AcBody{},
                   Position{kBlock | outdoor_cell_id(kBlock, 2, 2), Frame{{60, 60, 3}, {}}});
  body.calc_acceleration();
  int most_stationary_frames = 0;
  for (int tick = 0; tick < 60; ++tick) {
    update_object(world, body, nullptr, 1.0 / 30.0);
    most_stationary_frames = std::max(most_stationary_frames, body.frames_stationary_fall);
    ASSERT_TRUE(std::isfinite(body.position.frame.origin.z));
    if (tick < 20) continue;  // still falling in
    // Resting in the crease: the foot sphere touches both faces with its
    // centre 0.48 / sin(18.4 deg) = 1.52 m above the crease line (z 1 + 1.52
    // - 0.48 for the origin), and the speed never builds up.
    EXPECT_NEAR(body.position.frame.origin.x, 60.0f, 0.02f) << "tick " << tick;
    EXPECT_NEAR(body.position.frame.origin.z, 2.04f, 0.04f) << "tick " << tick;
    EXPECT_LT(glm::length(body.velocity), 2.0f) << "tick " << tick;
  }
  EXPECT_GE(most_stationary_frames, 1);
  EXPECT_TRUE(body.contact);
  EXPECT_FALSE(body.on_walkable);
}

}  // namespace
}  // namespace transit
