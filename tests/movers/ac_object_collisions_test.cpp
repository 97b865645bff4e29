// Object collisions on small hand-made scenes (flat ground at z 0): spheres,
// cylspheres and meshes block, slide and carry the body; the rules decide
// who collides with whom; the move reports what it hit.
#include <gtest/gtest.h>

#include "movers/object_test_support.hpp"

namespace transit::ac {
namespace {

using namespace objtest;

AcBody player() {
  return AcBody{};
}

AcBody pk_player() {
  AcBody b;
  b.flags |= kFlagPk;
  return b;
}

// The penetration measure the other tests rely on.
TEST(ObjectPenetration, MeasuresDepthInEveryKindOfShape) {
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagStatic, {box_shape({-1, -1, 0}, {1, 1, 2})}),
       object_at(2, {110, 100, 0}, kFlagStatic, {sphere_shape({0, 0, 1}, 1.0f)}),
       object_at(3, {120, 100, 0}, kFlagStatic, {cylsphere_shape({0, 0, 0}, 0.5f, 2.0f)})}));
  const AcBody body = player();
  EXPECT_NEAR(test::deepest_penetration(w, body, at({98.6f, 100, 0})), 0.08f, 1e-4f);       // box face
  EXPECT_GT(test::deepest_penetration(w, body, at({100, 100, 0})), 1.0f);                   // inside the box
  EXPECT_NEAR(test::deepest_penetration(w, body, at({108.6f, 100, 0.52f})), 0.08f, 1e-3f);  // sphere
  EXPECT_NEAR(test::deepest_penetration(w, body, at({119.1f, 100, 0})), 0.08f, 1e-4f);      // cylinder side
  EXPECT_LE(test::deepest_penetration(w, body, at({105, 105, 0})), 0.0f);  // standing on the ground
}

// --- blocking and sliding --------------------------------------------------------

TEST(ObjectCylsphere, TrunkBlocksAHeadOnWalk) {
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagStatic, {cylsphere_shape({0, 0, -0.5f}, 0.5f, 4.0f)})}));
  Walker walker(w, player(), at({96, 100, 0}));
  const AcMoveResult& r = walker.walk({6, 0, 0}, 12);
  EXPECT_LE(walker.xyz().x, 100.0f - 0.5f - kBodyRadius + 0.01f);
  EXPECT_GT(walker.xyz().x, 100.0f - 0.5f - kBodyRadius - 0.1f);
  EXPECT_NEAR(walker.xyz().y, 100.0f, 1e-3f);
  ASSERT_TRUE(r.sliding_normal);
  EXPECT_NEAR(r.sliding_normal->x, -1.0f, 1e-3f);
  EXPECT_TRUE(r.contact);
  EXPECT_TRUE(r.collided_objects.empty());  // static: environment to retail
  EXPECT_LE(walker.deepest, kMaxPenetration);
}

TEST(ObjectCylsphere, GlancingWalkSlidesAroundTheTrunk) {
  // 0.6 m north of the trunk's axis, walking east: the body meets the trunk
  // on its north-west side and is pushed round it to the north-east.
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagStatic, {cylsphere_shape({0, 0, -0.5f}, 0.5f, 4.0f)})}));
  Walker walker(w, player(), at({97, 100.6f, 0}));
  walker.walk({2.4f, 0, 0}, 6);  // to just past the first touch (x 99.22)
  ASSERT_TRUE(walker.last.sliding_normal);
  const Vec3 n = *walker.last.sliding_normal;
  EXPECT_LT(n.x, -0.5f);  // the trunk's north-west face
  EXPECT_GT(n.y, 0.3f);
  walker.walk({2.6f, 0, 0}, 6);
  EXPECT_GT(walker.xyz().x, 100.5f);  // past the trunk
  EXPECT_GT(walker.xyz().y, 100.6f);  // pushed aside along its surface
  EXPECT_LE(walker.deepest, kMaxPenetration);
}

TEST(ObjectMesh, FreeStandingWallBlocksAndSlides) {
  // A wall 8 x 0.5 x 3 m, its south face at y 99.75.
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagStatic, {box_shape({-4, -0.25f, 0}, {4, 0.25f, 3})})}));
  Walker head_on(w, player(), at({100, 97, 0}));
  head_on.walk({0, 4, 0}, 8);
  EXPECT_LE(head_on.xyz().y, 99.75f - kBodyRadius + 0.01f);
  EXPECT_GT(head_on.xyz().y, 99.75f - kBodyRadius - 0.1f);
  EXPECT_LE(head_on.deepest, kMaxPenetration);

  // At 45 degrees: the northward part is lost, the eastward part kept.
  Walker glancing(w, player(), at({98, 98.5f, 0}));
  const AcMoveResult& r = glancing.walk({3, 3, 0}, 6);
  EXPECT_LE(glancing.xyz().y, 99.75f - kBodyRadius + 0.01f);
  EXPECT_GT(glancing.xyz().x, 98.0f + 2.8f);
  ASSERT_TRUE(r.sliding_normal);
  EXPECT_NEAR(r.sliding_normal->y, -1.0f, 1e-3f);
  EXPECT_LE(glancing.deepest, kMaxPenetration);
}

TEST(ObjectMesh, ScaledMeshBlocksAtItsScaledSize) {
  // A 1 m cube at scale 2 is a 2 m cube: its west face at x 99.
  ObjectDesc cube =
      object_at(1, {100, 100, 0}, kFlagStatic, {box_shape({-0.5f, -0.5f, 0}, {0.5f, 0.5f, 1})});
  cube.scale = 2.0f;
  const World w = World::from_scene(flat_with({cube}));
  Walker walker(w, player(), at({96, 100, 0}));
  walker.walk({4, 0, 0}, 8);
  EXPECT_LE(walker.xyz().x, 99.0f - kBodyRadius + 0.01f);
  EXPECT_GT(walker.xyz().x, 99.0f - kBodyRadius - 0.1f);
  EXPECT_NEAR(walker.xyz().z, 0.0f, 1e-3f);  // 2 m high: no step up
  EXPECT_LE(walker.deepest, kMaxPenetration);
}

TEST(ObjectSphere, BoulderBlocksAndDeflects) {
  // A boulder of radius 1 half sunk into the ground: too high to step on.
  const World w = World::from_scene(
      flat_with({object_at(1, {100, 100, 0}, kFlagStatic, {sphere_shape({0, 0, 0.5f}, 1.0f)})}));
  Walker head_on(w, player(), at({97, 100, 0}));
  head_on.walk({3, 0, 0}, 6);
  EXPECT_LT(head_on.xyz().x, 99.0f);
  EXPECT_NEAR(head_on.xyz().y, 100.0f, 1e-3f);
  EXPECT_LE(head_on.deepest, kMaxPenetration);

  Walker glancing(w, player(), at({97, 100.8f, 0}));
  glancing.walk({4, 0, 0}, 8);
  EXPECT_GT(glancing.xyz().x, 100.0f);  // went round it
  EXPECT_GT(glancing.xyz().y, 100.8f);
  EXPECT_LE(glancing.deepest, kMaxPenetration);
}

// --- stepping -----------------------------------------------------------------------

TEST(ObjectStep, StepsUpOntoALowBoxAndNotAHighOne) {
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagStatic, {box_shape({-1, -1, 0}, {1, 1, 0.3f})}),
       object_at(2, {100, 110, 0}, kFlagStatic, {box_shape({-1, -1, 0}, {1, 1, 1.0f})})}));
  Walker low(w, player(), at({96, 100, 0}));
  const AcMoveResult& up = low.walk({4, 0, 0}, 8);
  EXPECT_NEAR(low.xyz().x, 100.0f, 1e-3f);
  EXPECT_NEAR(low.xyz().z, 0.3f, 1e-3f);
  EXPECT_TRUE(up.contact);
  EXPECT_TRUE(up.on_walkable);
  EXPECT_LE(low.deepest, kMaxPenetration);

  Walker high(w, player(), at({96, 110, 0}));
  high.walk({4, 0, 0}, 8);
  EXPECT_LE(high.xyz().x, 99.0f - kBodyRadius + 0.01f);
  EXPECT_NEAR(high.xyz().z, 0.0f, 1e-3f);
  EXPECT_LE(high.deepest, kMaxPenetration);
}

// --- standing on objects ------------------------------------------------------------

TEST(ObjectLanding, StandsOnTopOfASphere) {
  // Radius 1 centred 0.5 m up: its top at z 1.5.
  const World w = World::from_scene(
      flat_with({object_at(1, {100, 100, 0}, kFlagStatic, {sphere_shape({0, 0, 0.5f}, 1.0f)})}));
  Walker walker(w, player(), at({100, 100, 3}));
  ASSERT_TRUE(fall_until_contact(walker, 40));
  EXPECT_NEAR(walker.xyz().z, 1.5f, 0.01f);
  EXPECT_TRUE(walker.last.on_walkable);
  ASSERT_TRUE(walker.last.contact_plane);
  EXPECT_GT(walker.last.contact_plane->plane.normal.z, 0.99f);
  EXPECT_LE(walker.deepest, kMaxPenetration);

  // Still standing there after a small step: the step down finds the sphere.
  walker.move({0.05f, 0, 0});
  EXPECT_TRUE(walker.last.contact);
  EXPECT_NEAR(walker.xyz().z, 1.5f, 0.01f);
  EXPECT_LE(walker.deepest, kMaxPenetration);
}

TEST(ObjectLanding, StandsOnTopOfACylinder) {
  // A stump of radius 1, 1 m high.
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagStatic, {cylsphere_shape({0, 0, 0}, 1.0f, 1.0f)})}));
  Walker walker(w, player(), at({100.3f, 100, 3}));
  ASSERT_TRUE(fall_until_contact(walker, 40));
  EXPECT_NEAR(walker.xyz().z, 1.0f, 0.01f);
  EXPECT_NEAR(walker.xyz().x, 100.3f, 1e-3f);
  EXPECT_TRUE(walker.last.on_walkable);
  ASSERT_TRUE(walker.last.contact_plane);
  EXPECT_EQ(walker.last.contact_plane->plane.normal, kUnitZ);
  EXPECT_LE(walker.deepest, kMaxPenetration);

  walker.move({0.1f, 0, 0});
  EXPECT_TRUE(walker.last.contact);
  EXPECT_NEAR(walker.xyz().z, 1.0f, 0.01f);
  EXPECT_LE(walker.deepest, kMaxPenetration);
}

// --- who collides with whom ------------------------------------------------------

TEST(PkCollision, NonPkPlayersPassThroughEachOther) {
  const World w =
      World::from_scene(flat_with({object_at(1, {100, 100, 0}, kFlagPlayer, human_shapes())}));
  Walker walker(w, player(), at({97, 100, 0}));
  walker.ignored = {1};
  const AcMoveResult& r = walker.walk({6, 0, 0}, 12);
  EXPECT_NEAR(walker.xyz().x, 103.0f, 1e-3f);
  EXPECT_TRUE(r.collided_objects.empty());
  EXPECT_TRUE(walker.collided_ids.empty());
}

TEST(PkCollision, PkMeetingANonPkPlayerPassesToo) {
  const World w =
      World::from_scene(flat_with({object_at(1, {100, 100, 0}, kFlagPlayer, human_shapes())}));
  Walker walker(w, pk_player(), at({97, 100, 0}));
  walker.walk({6, 0, 0}, 12);
  EXPECT_NEAR(walker.xyz().x, 103.0f, 1e-3f);
  EXPECT_TRUE(walker.collided_ids.empty());
}

TEST(PkCollision, TwoPkPlayersCollide) {
  const World w = World::from_scene(
      flat_with({object_at(1, {100, 100, 0}, kFlagPlayer | kFlagPk, human_shapes())}));
  Walker walker(w, pk_player(), at({97, 100, 0}));
  const AcMoveResult& r = walker.walk({6, 0, 0}, 12);
  EXPECT_LE(walker.xyz().x, 100.0f - 2 * kBodyRadius + 0.01f);
  EXPECT_GT(walker.xyz().x, 100.0f - 2 * kBodyRadius - 0.1f);
  EXPECT_EQ(walker.collided_ids, std::vector<std::uint32_t>{1});
  EXPECT_EQ(walker.last_blocker, index_of(w, 1));
  EXPECT_FALSE(r.collided_with_environment);
  EXPECT_LE(walker.deepest, kMaxPenetration);
}

TEST(PkCollision, AnImpenetrablePlayerBlocksEveryone) {
  const World w = World::from_scene(
      flat_with({object_at(1, {100, 100, 0}, kFlagPlayer | kFlagImpenetrable, human_shapes())}));
  Walker walker(w, player(), at({97, 100, 0}));
  walker.walk({6, 0, 0}, 12);
  EXPECT_LT(walker.xyz().x, 100.0f - 2 * kBodyRadius + 0.01f);
  EXPECT_EQ(walker.collided_ids, std::vector<std::uint32_t>{1});
}

TEST(EtherealObject, IsPassedThroughAndReported) {
  // Retail reports what an object passes through (a portal, say) without
  // letting it block.
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagEthereal, {cylsphere_shape({0, 0, 0}, 0.8f, 2.0f)})}));
  Walker walker(w, player(), at({97, 100, 0}));
  walker.ignored = {1};
  const AcMoveResult& r = walker.walk({6, 0, 0}, 12);
  EXPECT_NEAR(walker.xyz().x, 103.0f, 1e-3f);
  EXPECT_EQ(walker.collided_ids, std::vector<std::uint32_t>{1});
  EXPECT_FALSE(r.last_collided_object);
}

TEST(IgnoreCollisions, AnObjectNothingCollidesWithIsPassedUnreported) {
  const World w = World::from_scene(flat_with({object_at(
      1, {100, 100, 0}, kFlagIgnoreCollisions | kFlagStatic, {box_shape({-1, -1, 0}, {1, 1, 2})})}));
  Walker walker(w, player(), at({97, 100, 0}));
  walker.walk({6, 0, 0}, 12);
  EXPECT_NEAR(walker.xyz().x, 103.0f, 1e-3f);
  EXPECT_TRUE(walker.collided_ids.empty());
}

TEST(EtherealObject, AStaticObjectThatIsMerelyEtherealStillBlocks) {
  // Retail (and ACE) test the static branch before the ethereal one: the
  // box is environment and stops the walker at its face, x = 99.
  const World w = World::from_scene(flat_with({object_at(
      1, {100, 100, 0}, kFlagEthereal | kFlagStatic, {box_shape({-1, -1, 0}, {1, 1, 2})})}));
  Walker walker(w, player(), at({97, 100, 0}));
  walker.walk({6, 0, 0}, 12);
  EXPECT_LE(walker.xyz().x, 99.0f - kBodyRadius + 0.01f);
  EXPECT_GT(walker.xyz().x, 99.0f - kBodyRadius - 0.1f);
}

TEST(EtherealObject, AnEtherealBodyPassesDynamicObjectsButNotScenery) {
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagCreature, {cylsphere_shape({0, 0, 0}, 0.5f, 1.6f)}),
       object_at(2, {100, 110, 0}, kFlagStatic, {box_shape({-1, -1, 0}, {1, 1, 2})})}));
  AcBody ghost;
  ghost.flags |= kFlagEthereal;
  Walker through(w, ghost, at({97, 100, 0}));
  through.ignored = {1};
  through.walk({6, 0, 0}, 12);
  EXPECT_NEAR(through.xyz().x, 103.0f, 1e-3f);

  Walker blocked(w, ghost, at({97, 110, 0}));
  blocked.walk({6, 0, 0}, 12);
  EXPECT_LE(blocked.xyz().x, 99.0f - kBodyRadius + 0.01f);
}

TEST(CreatureCollision, CreatureBlocksAndIsReported) {
  const World w = World::from_scene(flat_with(
      {object_at(5, {100, 100, 0}, kFlagCreature, {cylsphere_shape({0, 0, 0}, 0.5f, 1.6f)})}));
  Walker walker(w, player(), at({97, 100, 0}));
  walker.walk({6, 0, 0}, 12);
  EXPECT_LE(walker.xyz().x, 100.0f - 0.5f - kBodyRadius + 0.01f);
  EXPECT_GT(walker.xyz().x, 100.0f - 0.5f - kBodyRadius - 0.1f);
  EXPECT_EQ(walker.collided_ids, std::vector<std::uint32_t>{5});
  EXPECT_EQ(walker.last_blocker, index_of(w, 5));
  EXPECT_LE(walker.deepest, kMaxPenetration);
}

TEST(CreatureCollision, IgnoreCreaturesPassesCreaturesOnly) {
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagCreature, {cylsphere_shape({0, 0, 0}, 0.5f, 1.6f)}),
       object_at(2, {100, 110, 0}, kFlagStatic, {cylsphere_shape({0, 0, 0}, 0.5f, 3.0f)})}));
  AcBody monster;
  monster.flags = kFlagCreature | kFlagIgnoreCreatures | kFlagEdgeSlide | kFlagGravity;
  Walker through(w, monster, at({97, 100, 0}));
  through.ignored = {1};
  through.walk({6, 0, 0}, 12);
  EXPECT_NEAR(through.xyz().x, 103.0f, 1e-3f);
  EXPECT_EQ(through.collided_ids, std::vector<std::uint32_t>{1});  // reported, not blocking

  Walker blocked(w, monster, at({97, 110, 0}));
  blocked.walk({6, 0, 0}, 12);
  EXPECT_LE(blocked.xyz().x, 100.0f - 0.5f - kBodyRadius + 0.01f);
}

TEST(CreatureCollision, ABodyNeverCollidesWithItself) {
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagCreature, {cylsphere_shape({0, 0, 0}, 0.5f, 1.6f)})}));
  AcBody self;
  self.world_object = index_of(w, 1);
  Walker walker(w, self, at({100, 100, 0}));
  walker.walk({3, 0, 0}, 6);
  EXPECT_NEAR(walker.xyz().x, 103.0f, 1e-3f);
  EXPECT_TRUE(walker.collided_ids.empty());
}

TEST(CreatureCollision, AMovedCreatureBlocksWhereItNowIs) {
  World w = World::from_scene(flat_with(
      {object_at(1, {100, 100, 0}, kFlagCreature, {cylsphere_shape({0, 0, 0}, 0.5f, 1.6f)})}));
  w.move_object(index_of(w, 1), at({100, 120, 0}));
  Walker old_spot(w, player(), at({97, 100, 0}));
  old_spot.walk({6, 0, 0}, 12);
  EXPECT_NEAR(old_spot.xyz().x, 103.0f, 1e-3f);

  Walker new_spot(w, player(), at({97, 120, 0}));
  new_spot.walk({6, 0, 0}, 12);
  EXPECT_LE(new_spot.xyz().x, 100.0f - 0.5f - kBodyRadius + 0.01f);
}

TEST(CreatureCollision, CollidedObjectsListsExactlyTheTwoHit) {
  // One 9 m move east: the body glances off creature 1 (its axis 0.8 m north
  // of the path) and, the rest of the move keeping to that tangent, slides
  // south-east into creature 2, off which it glances north-east; creature 3
  // stands aside.
  const World w = World::from_scene(flat_with(
      {object_at(1, {100, 100.8f, 0}, kFlagCreature, {cylsphere_shape({0, 0, 0}, 0.5f, 1.6f)}),
       object_at(2, {102.5f, 97.2f, 0}, kFlagCreature, {cylsphere_shape({0, 0, 0}, 0.5f, 1.6f)}),
       object_at(3, {101, 103, 0}, kFlagCreature, {cylsphere_shape({0, 0, 0}, 0.5f, 1.6f)})}));
  const Position from = at({97, 100, 0});
  const AcMoveResult r = move_body(w, player(), from, at({106, 100, 0}), standing_on(w, from));
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.collided_object_ids, (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(r.collided_objects,
            (std::vector<std::uint32_t>{static_cast<std::uint32_t>(index_of(w, 1)),
                                        static_cast<std::uint32_t>(index_of(w, 2))}));
  EXPECT_EQ(r.last_collided_object, index_of(w, 2));
  EXPECT_GT(r.position.frame.origin.x, 103.0f);  // past both
  EXPECT_LE(test::deepest_penetration(w, player(), r.position), kMaxPenetration);
}

}  // namespace
}  // namespace transit::ac
