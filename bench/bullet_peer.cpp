#include "bullet_peer.hpp"

#include <cmath>
#include <vector>

#include <BulletCollision/CollisionDispatch/btGhostObject.h>
#include <BulletDynamics/Character/btKinematicCharacterController.h>
#include <btBulletCollisionCommon.h>

#include "transit/world/demo_world.hpp"

namespace transit::perf {

namespace {

// The AC human: foot and body spheres of 0.48 m at 0.48 and 1.35 m.
constexpr float kRadius = 0.48f;
constexpr float kCapsuleHeight = 1.35f - 0.48f;  // between the sphere centres
constexpr float kCentreAboveFeet = 0.48f + kCapsuleHeight * 0.5f;
constexpr float kStepHeight = 0.6f;

btVector3 bt(const Vec3& v) {
  return {v.x, v.y, v.z};
}

// Where a point of an object's or a cell's frame lies among world points.
struct Placement {
  Frame frame;
  Vec3 block_offset{0.0f};
  float scale = 1.0f;
  Vec3 operator()(const Vec3& local) const {
    return frame.local_to_global(local * scale) + block_offset;
  }
};

void add_polygon(btTriangleMesh& mesh, const Polygon& polygon, const Placement& place) {
  const auto& v = polygon.vertices();
  for (std::size_t i = 2; i < v.size(); ++i)
    mesh.addTriangle(bt(place(v[0])), bt(place(v[i - 1])), bt(place(v[i])));
}

}  // namespace

struct BulletPeer::Impl {
  struct Character {
    std::unique_ptr<btPairCachingGhostObject> ghost;
    std::unique_ptr<btKinematicCharacterController> controller;
    Runner start;
    Script script;
    std::uint32_t waypoint = 0;
    std::uint32_t ticks_on_waypoint = 0;
    std::uint32_t ticks = 0;
    bool on_ground = false;
  };

  btDefaultCollisionConfiguration configuration;
  btCollisionDispatcher dispatcher{&configuration};
  btDbvtBroadphase broadphase;
  btGhostPairCallback ghost_pairs;
  btCollisionWorld world{&dispatcher, &broadphase, &configuration};
  std::vector<std::unique_ptr<btTriangleMesh>> meshes;
  std::vector<std::unique_ptr<btCollisionShape>> shapes;
  std::vector<std::unique_ptr<btCollisionObject>> statics;
  btCapsuleShapeZ capsule{kRadius, kCapsuleHeight};
  std::vector<Character> characters;
  std::size_t triangles = 0;

  explicit Impl(const World& source);
  void add_static(std::unique_ptr<btCollisionShape> shape, const btTransform& at);
  void add_mesh(std::unique_ptr<btTriangleMesh> mesh);
  void step_character(Character& c);
  Vec3 feet(const Character& c) const;
};

BulletPeer::Impl::Impl(const World& source) {
  broadphase.getOverlappingPairCache()->setInternalGhostPairCallback(&ghost_pairs);
  world.setForceUpdateAllAabbs(false);
  for (const Landblock& block : source.landscape().landblocks()) {
    auto mesh = std::make_unique<btTriangleMesh>();
    const Placement place{{}, get_block_offset(demo::kVillageBlock, block.id()), 1.0f};
    for (const LandCell& cell : block.cells())
      for (const Polygon& triangle : cell.polygons()) add_polygon(*mesh, triangle, place);
    add_mesh(std::move(mesh));
  }
  for (const EnvCell& cell : source.env_cells()) {
    auto mesh = std::make_unique<btTriangleMesh>();
    const Placement place{cell.frame(), get_block_offset(demo::kVillageBlock, cell.id()), 1.0f};
    for (const Polygon& p : cell.geometry().physics.polygons()) add_polygon(*mesh, p, place);
    add_mesh(std::move(mesh));
  }
  for (const WorldObject& object : source.objects()) {
    const Placement place{object.position.frame,
                          get_block_offset(demo::kVillageBlock, object.position.objcell_id),
                          object.scale};
    for (const auto& tree : object.meshes) {
      auto mesh = std::make_unique<btTriangleMesh>();
      for (const Polygon& p : tree->polygons()) add_polygon(*mesh, p, place);
      add_mesh(std::move(mesh));
    }
    for (const CylSphere& c : object.cylspheres) {
      const float r = c.radius * object.scale, h = c.height * object.scale;
      const Vec3 centre = place(c.low_point + Vec3(0.0f, 0.0f, c.height * 0.5f));
      add_static(std::make_unique<btCapsuleShapeZ>(r, std::max(h - 2.0f * r, 0.0f)),
                 btTransform(btQuaternion::getIdentity(), bt(centre)));
    }
    for (const Sphere& s : object.spheres)
      add_static(std::make_unique<btSphereShape>(s.radius * object.scale),
                 btTransform(btQuaternion::getIdentity(), bt(place(s.center))));
  }
}

void BulletPeer::Impl::add_mesh(std::unique_ptr<btTriangleMesh> mesh) {
  if (mesh->getNumTriangles() == 0) return;
  triangles += static_cast<std::size_t>(mesh->getNumTriangles());
  add_static(std::make_unique<btBvhTriangleMeshShape>(mesh.get(), true),
             btTransform::getIdentity());
  meshes.push_back(std::move(mesh));
}

void BulletPeer::Impl::add_static(std::unique_ptr<btCollisionShape> shape, const btTransform& at) {
  auto object = std::make_unique<btCollisionObject>();
  object->setCollisionShape(shape.get());
  object->setWorldTransform(at);
  object->setCollisionFlags(btCollisionObject::CF_STATIC_OBJECT);
  object->setActivationState(ISLAND_SLEEPING);
  world.addCollisionObject(object.get(), btBroadphaseProxy::StaticFilter,
                           btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter);
  shapes.push_back(std::move(shape));
  statics.push_back(std::move(object));
}

Vec3 BulletPeer::Impl::feet(const Character& c) const {
  const btVector3& o = c.ghost->getWorldTransform().getOrigin();
  return {static_cast<float>(o.x()), static_cast<float>(o.y()),
          static_cast<float>(o.z()) - kCentreAboveFeet};
}

// The same steering as step_runner: run at kRunSpeed towards the target on
// the ground, no control in the air, the same waypoint and restart rules.
void BulletPeer::Impl::step_character(Character& c) {
  Vec3 walk(0.0f);
  Vec3 target(0.0f);
  const Vec3 at = feet(c);
  const bool has_target = script_target(c.script, c.waypoint, target);
  if (has_target && c.on_ground) {
    const Vec3 to = target - at;
    const float distance = std::sqrt(to.x * to.x + to.y * to.y);
    if (distance > 0.0f)
      walk = {to.x * (kRunSpeed * kTickSeconds / distance),
              to.y * (kRunSpeed * kTickSeconds / distance), 0.0f};
  }
  c.controller->setWalkDirection(bt(walk));
  c.controller->updateAction(&world, kTickSeconds);
  const bool was_on_ground = c.on_ground;
  c.on_ground = c.controller->onGround();
  ++c.ticks;
  if (has_target) {
    const Vec3 to = target - feet(c);
    if (to.x * to.x + to.y * to.y <= kReachDistance * kReachDistance ||
        ++c.ticks_on_waypoint >= kStallTicks) {
      ++c.waypoint;
      c.ticks_on_waypoint = 0;
    }
  }
  const bool restart = (c.script.restart_after != 0 && c.ticks >= c.script.restart_after) ||
                       (c.script.restart_on_landing && !was_on_ground && c.on_ground);
  if (!restart) return;
  c.controller->reset(&world);
  c.controller->warp(bt(world_point(c.start.position) + Vec3(0, 0, kCentreAboveFeet)));
  c.waypoint = c.ticks_on_waypoint = c.ticks = 0;
  c.on_ground = c.start.contact.on_walkable;
}

BulletPeer::BulletPeer(const World& world) : impl_(std::make_unique<Impl>(world)) {}
BulletPeer::~BulletPeer() {
  for (Impl::Character& c : impl_->characters) impl_->world.removeCollisionObject(c.ghost.get());
  for (auto& o : impl_->statics) impl_->world.removeCollisionObject(o.get());
}

void BulletPeer::add_character(const Runner& start, const Script& script) {
  Impl::Character c;
  c.start = start;
  c.script = script;
  c.on_ground = start.contact.on_walkable;
  c.ghost = std::make_unique<btPairCachingGhostObject>();
  c.ghost->setWorldTransform(btTransform(
      btQuaternion::getIdentity(), bt(world_point(start.position) + Vec3(0, 0, kCentreAboveFeet))));
  c.ghost->setCollisionShape(&impl_->capsule);
  c.ghost->setCollisionFlags(btCollisionObject::CF_CHARACTER_OBJECT);
  c.controller = std::make_unique<btKinematicCharacterController>(c.ghost.get(), &impl_->capsule,
                                                                  kStepHeight, btVector3(0, 0, 1));
  c.controller->setGravity(btVector3(0, 0, kGravity));
  c.controller->setFallSpeed(kMaxVelocity);
  c.controller->setMaxSlope(std::acos(kFloorZ));
  impl_->world.addCollisionObject(c.ghost.get(), btBroadphaseProxy::CharacterFilter,
                                  btBroadphaseProxy::StaticFilter);
  impl_->characters.push_back(std::move(c));
}

void BulletPeer::step() {
  for (Impl::Character& c : impl_->characters) impl_->step_character(c);
  impl_->world.updateAabbs();
  impl_->world.computeOverlappingPairs();
}

std::size_t BulletPeer::characters() const {
  return impl_->characters.size();
}
std::size_t BulletPeer::static_triangles() const {
  return impl_->triangles;
}
Vec3 BulletPeer::feet(std::size_t character) const {
  return impl_->feet(impl_->characters[character]);
}

}  // namespace transit::perf
