// Collisions with objects: the shadow objects registered in a cell and the
// buildings standing in an outdoor cell, tested shape by shape (physics BSP
// meshes, cylspheres, spheres) with retail's responses to each.
#include <cmath>

#include "geom/sphere_primitives.hpp"
#include "transit/movers/ac/transition.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::ac {
namespace {

constexpr TransitionState kOk = TransitionState::OK;
constexpr TransitionState kCollided = TransitionState::Collided;
constexpr TransitionState kAdjusted = TransitionState::Adjusted;

TransitionState collided_if(bool hit) {
  return hit ? kCollided : kOk;
}

// Retail asks the object's weenie; players are creatures too.
bool weenie_is_creature(const WorldObject& o) {
  return o.has(kFlagCreature) || o.has(kFlagPlayer);
}

// Players pass through each other unless one is impenetrable or both are
// player killers. World objects carry no PK-lite flag.
// ACE: the exemption test of PhysicsObj.FindObjCollisions
bool players_pass(const ObjectInfo& mover, const WorldObject& o) {
  if (!o.has(kFlagPlayer) || !mover.has(kIsPlayer)) return false;
  if (mover.has(kIsImpenetrable) || o.has(kFlagImpenetrable)) return false;
  return !(mover.has(kIsPk) && o.has(kFlagPk));
}

// Retail ignores missiles entirely. ACE lets a missile hit the player it
// targets. ACE: ObjectInfo.MissileIgnore (retail OBJECTINFO::missile_ignore 0x0050CEB0)
bool missile_ignore(const ObjectInfo& mover, const WorldObject& o) {
  if (o.has(kFlagMissile)) return true;
  if (!mover.missile || o.id == mover.target_id) return false;
  return o.has(kFlagEthereal) || (mover.target_id != 0 && weenie_is_creature(o));
}

// Far beyond the rounding of turning a point into an object's frame at
// landblock distances (under 1 mm).
constexpr float kClearMargin = 0.05f;

// A point in an object's frame, in the coordinates of check_pos's landblock.
// ACE: Position.LocalToGlobal(Position, Vector3)
Vec3 in_check_block(const SpherePath& path, const Position& p, const Vec3& local) {
  return p.local_to_global(local) + get_block_offset(path.check_pos.objcell_id, p.objcell_id);
}

// Whether every check sphere is farther from `bounds` (in the check block)
// than kClearMargin: then the local-space bounds test of mesh_part would
// reject it too, and turning the spheres into the object's frame (most of
// the cost of passing an object by) can be skipped.
bool well_clear_of(const SpherePath& path, const Sphere& bounds) {
  for (int i = 0; i < path.num_sphere; ++i) {
    const Sphere& s = path.global_sphere[i];
    const float reach = bounds.radius + s.radius + kClearMargin;
    // Written so that a NaN is not clear, as the local test would not be.
    if (!(length_sq(bounds.center - s.center) > reach * reach)) return false;
  }
  return true;
}

// Whether the path is well clear of every mesh of the object at `index`
// (World::mesh_bounds encloses them all), so that no mesh_part can find
// anything.
bool clear_of_meshes(const Transition& t, const WorldObject& o, std::size_t index) {
  const Sphere& b = t.world().mesh_bounds(index);
  if (b.radius < 0.0f) return true;
  const Vec3 offset = get_block_offset(t.sphere_path.check_pos.objcell_id, o.position.objcell_id);
  return well_clear_of(t.sphere_path, Sphere{b.center + offset, b.radius});
}

Plane plane_through(const Vec3& normal, const Vec3& point) {
  return Plane{normal, -glm::dot(normal, point)};
}

// ACE: CylSphere.CollidesWithSphere (retail CCylSphere::collides_with_sphere 0x0053A880)
bool cyl_collides(const CylSphere& cyl, const Sphere& check, const Vec3& disp, float rad_sum) {
  const float half = cyl.height * 0.5f;
  return rad_sum * rad_sum >= dot2d(disp, disp) &&
         check.radius - kEpsilon + half >= std::fabs(half - disp.z);
}

// The retail object shapes (CSphere, CCylSphere, CGfxObj parts) against the
// transition's sphere path. Every routine works in the coordinates of
// check_pos's landblock; "foot" is sphere 0 and "body" sphere 1.
class ObjectCollider {
 public:
  explicit ObjectCollider(Transition& t)
      : t_(t), path_(t.sphere_path), ci_(t.collision_info), info_(t.object_info) {}

  // BSP parts first, then cylspheres, then spheres; the first that does not
  // answer OK decides.
  TransitionState shapes(const WorldObject& o, std::size_t index, bool is_creature);
  TransitionState meshes(const WorldObject& o, std::size_t index);

 private:
  TransitionState mesh_part(const WorldObject& o, const BspTree& bsp);
  TransitionState sphere_part(const WorldObject& o, const Sphere& s, bool is_creature);
  TransitionState cylsphere_part(const WorldObject& o, const CylSphere& c);

  TransitionState sphere_intersects(const Sphere& obstacle, bool is_creature);
  TransitionState sphere_step_down(const Sphere& obstacle, const Vec3& disp, float rad_sum);
  TransitionState sphere_step_up(const Sphere& obstacle, const Vec3& disp, float rad_sum);
  TransitionState sphere_slide(const Vec3& center, const Vec3& disp, int n);
  TransitionState sphere_slide_check(const Vec3& center, int n);
  TransitionState land_on_sphere(const Vec3& center);
  TransitionState sphere_collide_with_point(const Vec3& center, const Sphere& check, float rad_sum,
                                            int n);
  TransitionState sphere_land_on_top(const Vec3& disp, float rad_sum);

  TransitionState cyl_intersects(const CylSphere& cyl);
  TransitionState cyl_contact(const CylSphere& cyl, const Vec3& disp, float rad_sum);
  TransitionState cyl_free(const CylSphere& cyl, const Vec3& disp, float rad_sum);
  TransitionState cyl_step_down(const CylSphere& cyl, const Vec3& disp, float rad_sum);
  TransitionState cyl_step_up(const CylSphere& cyl, const Vec3& disp, float rad_sum);
  TransitionState cyl_slide(const CylSphere& cyl, const Sphere& check, const Vec3& disp,
                            float rad_sum, int n);
  TransitionState land_on_cylinder(const CylSphere& cyl, const Vec3& disp, float rad_sum);
  TransitionState cyl_collide_with_point(const CylSphere& cyl, const Sphere& check,
                                         const Vec3& disp, float rad_sum, int n);
  TransitionState cyl_land_on_top(const CylSphere& cyl, const Vec3& disp, float rad_sum);
  bool cyl_hits(const CylSphere& cyl, const Vec3& disp, float rad_sum) const;
  bool cyl_collision_normal(const CylSphere& cyl, const Sphere& check, const Vec3& disp,
                            float rad_sum, int n, Vec3& normal) const;

  TransitionState slide_check_sphere(int n, const Vec3& normal);
  bool body_overlaps(const Vec3& center, float rad_sum, Vec3& disp) const;
  void stand_on(const Plane& plane, float walk_interp, const Vec3& offset);
  const Sphere& foot() const { return path_.global_sphere[0]; }
  bool has_body() const { return path_.num_sphere > 1; }

  Transition& t_;
  SpherePath& path_;
  CollisionInfo& ci_;
  const ObjectInfo& info_;
};

// Retail tests only one kind of shape: BSP parts when the object has any,
// else cylspheres, else spheres. A transit object's shapes are all solid
// (a tree is a cylsphere trunk under a mesh canopy), so all are tested.
TransitionState ObjectCollider::shapes(const WorldObject& o, std::size_t index, bool is_creature) {
  TransitionState state = meshes(o, index);
  for (std::size_t i = 0; state == kOk && i < o.cylspheres.size(); ++i)
    state = cylsphere_part(o, o.cylspheres[i]);
  for (std::size_t i = 0; state == kOk && i < o.spheres.size(); ++i)
    state = sphere_part(o, o.spheres[i], is_creature);
  return state;
}

// ACE: PartArray.FindObjCollisions
TransitionState ObjectCollider::meshes(const WorldObject& o, std::size_t index) {
  if (clear_of_meshes(t_, o, index)) return kOk;
  for (const auto& mesh : o.meshes) {
    const TransitionState state = mesh_part(o, *mesh);
    if (state != kOk) return state;
  }
  return kOk;
}

// A physics BSP in the object's frame and scale, through the same paths as
// a room's. ACE: PhysicsPart.FindObjCollisions + GfxObj.FindObjCollisions
TransitionState ObjectCollider::mesh_part(const WorldObject& o, const BspTree& bsp) {
  const Sphere bounds = bsp.bounding_sphere();
  if (well_clear_of(path_, Sphere{in_check_block(path_, o.position, bounds.center * o.scale),
                                  bounds.radius * o.scale}))
    return kOk;
  path_.cache_local_space_sphere(o.position, o.scale);
  for (int i = 0; i < path_.num_sphere; ++i) {
    const Sphere& sphere = path_.local_space_sphere[i];
    const float rad_sum = bounds.radius + sphere.radius;
    if (length_sq(bounds.center - sphere.center) - rad_sum * rad_sum >= kEpsilon) continue;
    return path_.insert_type == InsertType::InitialPlacement ? t_.bsp_placement_insert(bsp)
                                                             : t_.bsp_find_collisions(bsp, o.scale);
  }
  return kOk;
}

// ACE: Sphere.IntersectsSphere(Position, scale, ...) (retail 0x00537FD0)
TransitionState ObjectCollider::sphere_part(const WorldObject& o, const Sphere& s,
                                            bool is_creature) {
  const Sphere obstacle{in_check_block(path_, o.position, s.center * o.scale), s.radius * o.scale};
  return sphere_intersects(obstacle, is_creature);
}

// ACE: Sphere.IntersectsSphere (retail CSphere::intersects_sphere 0x00537A80)
TransitionState ObjectCollider::sphere_intersects(const Sphere& obstacle, bool is_creature) {
  const Vec3 disp = foot().center - obstacle.center;
  const float rad_sum = foot().radius + obstacle.radius - kEpsilon;
  Vec3 body_disp(0.0f);
  const bool foot_hit = collides_with_sphere(disp, rad_sum);
  const bool body_hit = body_overlaps(obstacle.center, rad_sum, body_disp);

  if (path_.obstruction_ethereal || path_.insert_type == InsertType::Placement)
    return collided_if(foot_hit || body_hit);
  if (path_.step_down) return is_creature ? kOk : sphere_step_down(obstacle, disp, rad_sum);
  if (path_.check_walkable) return collided_if(foot_hit || body_hit);
  if (path_.collide) {
    if (is_creature || !(foot_hit || body_hit)) return kOk;
    return sphere_land_on_top(disp, rad_sum);
  }
  if (info_.has(kContact) || info_.has(kOnWalkable)) {
    if (foot_hit) return sphere_step_up(obstacle, disp, rad_sum);
    return body_hit ? sphere_slide_check(obstacle.center, 1) : kOk;
  }
  if (info_.has(kPathClipped))
    return foot_hit ? sphere_collide_with_point(obstacle.center, foot(), rad_sum, 0) : kOk;
  if (foot_hit) return land_on_sphere(obstacle.center);
  if (body_hit)
    return sphere_collide_with_point(obstacle.center, path_.global_sphere[1], rad_sum, 1);
  return kOk;
}

bool ObjectCollider::body_overlaps(const Vec3& center, float rad_sum, Vec3& disp) const {
  if (!has_body()) return false;
  disp = path_.global_sphere[1].center - center;
  return collides_with_sphere(disp, rad_sum);
}

// Lowering the object found the obstacle's top: rest on the sphere there.
// ACE: Sphere.StepSphereDown (retail CSphere::step_sphere_down 0x00536D20)
TransitionState ObjectCollider::sphere_step_down(const Sphere& obstacle, const Vec3& disp,
                                                 float rad_sum) {
  Vec3 body_disp(0.0f);
  if (!collides_with_sphere(disp, rad_sum) && !body_overlaps(obstacle.center, rad_sum, body_disp))
    return kOk;
  const float step_down = path_.step_down_amt * path_.walk_interp;
  if (std::fabs(step_down) < kEpsilon) return kCollided;
  const float rad = rad_sum + kEpsilon;
  const float height_sq = rad * rad - dot2d(disp, disp);
  // Only the body overlaps, beside the obstacle: retail takes the root of a
  // negative number here.
  if (height_sq < 0.0f) return kCollided;
  const float scaled_step = (std::sqrt(height_sq) - disp.z) / step_down;
  const float time_check = (1.0f - scaled_step) * path_.walk_interp;
  if (time_check >= path_.walk_interp || time_check < -0.1f) return kCollided;

  const float rise = step_down * scaled_step;
  const Vec3 normal = Vec3(disp.x, disp.y, disp.z + rise) * (1.0f / rad);
  if (normal.z <= path_.walkable_allowance) return kOk;
  stand_on(plane_through(normal, obstacle.center + normal * obstacle.radius), time_check,
           Vec3(0.0f, 0.0f, rise));
  return kAdjusted;
}

// Retail marks every contact plane found on an object as water, which
// keeps adjust_offset from lifting the object above it.
void ObjectCollider::stand_on(const Plane& plane, float walk_interp, const Vec3& offset) {
  ci_.set_contact_plane(plane, true);
  ci_.contact_plane_cell_id = path_.check_pos.objcell_id;
  path_.walk_interp = walk_interp;
  path_.add_offset_to_check_pos(offset);
}

// ACE: Sphere.StepSphereUp (retail CSphere::step_sphere_up 0x00537900)
TransitionState ObjectCollider::sphere_step_up(const Sphere& obstacle, const Vec3& disp,
                                               float rad_sum) {
  const float rad = rad_sum + kEpsilon;
  if (info_.step_up_height < rad - disp.z) return sphere_slide(obstacle.center, disp, 0);
  if (t_.step_up(path_.global_curr_center[0] - obstacle.center)) return kOk;
  return t_.step_up_slide();
}

// Slides sphere n around an obstacle centred at `center`, along the crease
// of the obstacle and the ground (seed 000 section 6, object variant).
// ACE: Sphere.SlideSphere(center, transition, disp, sphereNum) (retail 0x00536F40)
TransitionState ObjectCollider::sphere_slide(const Vec3& center, const Vec3& disp, int n) {
  const Vec3& curr = path_.global_curr_center[n];
  Vec3 normal = curr - center;
  if (!normalize_checked(normal)) return kCollided;
  ci_.set_collision_normal(normal);

  const Plane& ground = ci_.contact_plane_valid ? ci_.contact_plane : ci_.last_known_contact_plane;
  const Vec3 crease = glm::cross(normal, ground.normal);
  const Vec3 moved = path_.global_sphere[n].center - curr + path_.cur_check_block_offset();
  const float crease_sq = length_sq(crease);
  if (crease_sq >= kEpsilon) {
    const Vec3 along = crease * glm::dot(moved, crease) * (1.0f / crease_sq);
    if (length_sq(along) < kEpsilon) return kCollided;
    path_.add_offset_to_check_pos(along - moved);
    return TransitionState::Slid;
  }
  if (glm::dot(ground.normal, disp) < 0.0f) return kCollided;
  path_.add_offset_to_check_pos(-glm::dot(moved, normal) * normal);
  return TransitionState::Slid;
}

// ACE: Sphere.SlideSphere(center, transition, checkPos, sphereNum) (retail 0x00537A10)
TransitionState ObjectCollider::sphere_slide_check(const Vec3& center, int n) {
  Vec3 normal = path_.global_curr_center[n] - center;
  if (!normalize_checked(normal)) return kCollided;
  return slide_check_sphere(n, normal);
}

// Retail's environment slide applied to sphere n (CSphere::slide_sphere on
// that sphere). Transition::slide_sphere moves sphere 0, so it is given the
// current centre that makes sphere 0's displacement sphere n's.
TransitionState ObjectCollider::slide_check_sphere(int n, const Vec3& normal) {
  const Vec3 shift = path_.global_sphere[n].center - path_.global_sphere[0].center;
  return t_.slide_sphere(normal, path_.global_curr_center[n] - shift);
}

// ACE: Sphere.LandOnSphere (retail CSphere::land_on_sphere 0x005379A0)
TransitionState ObjectCollider::land_on_sphere(const Vec3& center) {
  Vec3 normal = path_.global_curr_center[0] - center;
  if (!normalize_checked(normal)) return kCollided;
  path_.set_collide(normal);
  path_.walkable_allowance = kLandingZ;
  return kAdjusted;
}

// A path-clipped object (a missile) stops where it touches the obstacle.
// ACE: Sphere.CollideWithPoint (retail CSphere::collide_with_point 0x00537230)
TransitionState ObjectCollider::sphere_collide_with_point(const Vec3& center, const Sphere& check,
                                                          float rad_sum, int n) {
  const Vec3& curr = path_.global_curr_center[n];
  if (!info_.has(kPerfectClip)) {
    Vec3 normal = curr - center;
    if (normalize_checked(normal)) ci_.set_collision_normal(normal);
    return kCollided;
  }
  const float rad = rad_sum + kEpsilon;
  const Vec3 movement = path_.cur_check_block_offset() + check.center - curr;
  const float time = find_time_of_collision(movement, curr - center, rad);
  if (time < kEpsilon || time > 1.0f) return kCollided;
  const Vec3 offset = movement * time - movement;
  ci_.set_collision_normal((offset + check.center - center) * (1.0f / rad));
  path_.add_offset_to_check_pos(offset);
  return kAdjusted;
}

// A falling object that hit the sphere: back it up along its path to where
// it touches, and stand it there if the touching point is flat enough.
// ACE: the Collide branch of Sphere.IntersectsSphere
TransitionState ObjectCollider::sphere_land_on_top(const Vec3& disp, float rad_sum) {
  Vec3 movement = path_.global_curr_center[0] - foot().center - path_.cur_check_block_offset();
  const float rad = rad_sum + kEpsilon;
  const float len_sq = length_sq(movement);
  if (std::fabs(len_sq) < kEpsilon) return kCollided;
  const float diff = -glm::dot(movement, disp);
  float t = std::sqrt(diff * diff - (length_sq(disp) - rad * rad) * len_sq) + diff;
  if (t > 1.0f) t = diff * 2.0f - t;
  const float time = t / len_sq;
  const float time_check = (1.0f - time) * path_.walk_interp;
  // Written as retail tests it: a NaN time collides.
  if (!(time_check < path_.walk_interp && time_check >= -0.1f)) return kCollided;

  movement *= time;
  const Vec3 normal = (disp + movement) * (1.0f / rad);
  if (!(normal.z > path_.walkable_allowance)) return kOk;
  stand_on(plane_through(normal, foot().center - normal * foot().radius), time_check, movement);
  return kAdjusted;
}

// ACE: CylSphere.IntersectsSphere(Position, scale, ...) (retail 0x0053B8F0)
TransitionState ObjectCollider::cylsphere_part(const WorldObject& o, const CylSphere& c) {
  // Only for cyl_step_up, which turns its normal by the object's orientation.
  path_.cache_local_space_sphere(o.position, 1.0f);
  const CylSphere cyl{in_check_block(path_, o.position, c.low_point * o.scale), c.radius * o.scale,
                      c.height * o.scale};
  return cyl_intersects(cyl);
}

// ACE: CylSphere.IntersectsSphere (retail CCylSphere::intersects_sphere 0x0053B440)
TransitionState ObjectCollider::cyl_intersects(const CylSphere& cyl) {
  const Vec3 disp = foot().center - cyl.low_point;
  const float rad_sum = cyl.radius - kEpsilon + foot().radius;
  const bool hit = cyl_hits(cyl, disp, rad_sum);
  if (path_.insert_type == InsertType::Placement || path_.obstruction_ethereal)
    return collided_if(hit);
  if (path_.step_down) return cyl_step_down(cyl, disp, rad_sum);
  if (path_.check_walkable) return collided_if(hit);
  if (path_.collide) return hit ? cyl_land_on_top(cyl, disp, rad_sum) : kOk;
  if (info_.has(kContact) || info_.has(kOnWalkable)) return cyl_contact(cyl, disp, rad_sum);
  return cyl_free(cyl, disp, rad_sum);
}

// Either sphere overlaps the cylinder.
bool ObjectCollider::cyl_hits(const CylSphere& cyl, const Vec3& disp, float rad_sum) const {
  if (cyl_collides(cyl, foot(), disp, rad_sum)) return true;
  if (!has_body()) return false;
  const Sphere& body = path_.global_sphere[1];
  return cyl_collides(cyl, body, body.center - cyl.low_point, rad_sum);
}

// An object on the ground: step up onto the cylinder or slide around it.
TransitionState ObjectCollider::cyl_contact(const CylSphere& cyl, const Vec3& disp, float rad_sum) {
  if (cyl_collides(cyl, foot(), disp, rad_sum)) return cyl_step_up(cyl, disp, rad_sum);
  if (!has_body()) return kOk;
  const Sphere& body = path_.global_sphere[1];
  const Vec3 body_disp = body.center - cyl.low_point;
  // ACE passes the foot's displacement here; retail the body's.
  if (cyl_collides(cyl, body, body_disp, rad_sum))
    return cyl_slide(cyl, body, body_disp, rad_sum, 1);
  return kOk;
}

// An object in the air: a missile stops, anything else starts landing.
TransitionState ObjectCollider::cyl_free(const CylSphere& cyl, const Vec3& disp, float rad_sum) {
  const bool foot_hit = cyl_collides(cyl, foot(), disp, rad_sum);
  if (info_.has(kPathClipped))
    return foot_hit ? cyl_collide_with_point(cyl, foot(), disp, rad_sum, 0) : kOk;
  if (foot_hit) return land_on_cylinder(cyl, disp, rad_sum);
  if (!has_body()) return kOk;
  const Sphere& body = path_.global_sphere[1];
  const Vec3 body_disp = body.center - cyl.low_point;
  if (cyl_collides(cyl, body, body_disp, rad_sum))
    return cyl_collide_with_point(cyl, body, body_disp, rad_sum, 1);
  return kOk;
}

// Lowering the object found the cylinder's top: rest on it.
// ACE: CylSphere.StepSphereDown (retail CCylSphere::step_sphere_down 0x0053A9B0)
TransitionState ObjectCollider::cyl_step_down(const CylSphere& cyl, const Vec3& disp,
                                              float rad_sum) {
  const bool hit = cyl_hits(cyl, disp, rad_sum);
  if (!hit) return kOk;
  const float step_scale = path_.step_down_amt * path_.walk_interp;
  if (std::fabs(step_scale) < kEpsilon) return kCollided;
  const float delta_z = cyl.height + foot().radius - disp.z;
  const float interp = (1.0f - delta_z / step_scale) * path_.walk_interp;
  if (interp >= path_.walk_interp || interp < -0.1f) return kCollided;
  // ACE leaves contact_plane_cell_id unset here; retail sets it.
  const Vec3 top = foot().center + Vec3(0.0f, 0.0f, delta_z - foot().radius);
  stand_on(plane_through(kUnitZ, top), interp, Vec3(0.0f, 0.0f, delta_z));
  return kAdjusted;
}

// ACE: CylSphere.StepSphereUp (retail CCylSphere::step_sphere_up 0x0053B310)
TransitionState ObjectCollider::cyl_step_up(const CylSphere& cyl, const Vec3& disp, float rad_sum) {
  if (info_.step_up_height < foot().radius + cyl.height - disp.z)
    return cyl_slide(cyl, foot(), disp, rad_sum, 0);
  Vec3 normal;
  cyl_collision_normal(cyl, foot(), disp, rad_sum, 0, normal);
  if (!normalize_checked(normal)) return kCollided;
  // Retail turns the (already global) normal by the object's orientation.
  if (t_.step_up(path_.local_space_pos.local_to_global_vec(normal))) return kOk;
  return t_.step_up_slide();
}

// ACE: CylSphere.SlideSphere (retail CCylSphere::slide_sphere 0x0053B2A0)
TransitionState ObjectCollider::cyl_slide(const CylSphere& cyl, const Sphere& check,
                                          const Vec3& disp, float rad_sum, int n) {
  Vec3 normal;
  cyl_collision_normal(cyl, check, disp, rad_sum, n, normal);
  if (!normalize_checked(normal)) return kCollided;
  return slide_check_sphere(n, normal);
}

// ACE: CylSphere.LandOnCylinder (retail CCylSphere::land_on_cylinder 0x0053B3D0)
TransitionState ObjectCollider::land_on_cylinder(const CylSphere& cyl, const Vec3& disp,
                                                 float rad_sum) {
  Vec3 normal;
  cyl_collision_normal(cyl, foot(), disp, rad_sum, 0, normal);
  if (!normalize_checked(normal)) return kCollided;
  path_.set_collide(normal);
  path_.walkable_allowance = kLandingZ;
  return kAdjusted;
}

// The side of the cylinder sphere n came from: horizontal when it was
// beside it, up or down when it was over or under it. False when the side
// is uncertain (beside it, but not level with it).
// ACE: CylSphere.CollisionNormal (retail CCylSphere::normal_of_collision 0x0053AB50)
bool ObjectCollider::cyl_collision_normal(const CylSphere& cyl, const Sphere& check,
                                          const Vec3& disp, float rad_sum, int n,
                                          Vec3& normal) const {
  const Vec3 old_disp = path_.global_curr_center[n] - cyl.low_point;
  if (rad_sum * rad_sum < dot2d(old_disp, old_disp)) {
    normal = Vec3(old_disp.x, old_disp.y, 0.0f);
    const float half = cyl.height * 0.5f;
    return check.radius - kEpsilon + half >= std::fabs(half - old_disp.z) ||
           std::fabs(old_disp.z - disp.z) <= kEpsilon;
  }
  normal = Vec3(0.0f, 0.0f, disp.z - old_disp.z <= 0.0f ? 1.0f : -1.0f);
  return true;
}

// A path-clipped object stops where it touches the cylinder; with perfect
// clip it is moved back to that point. Retail measures the movement from
// sphere 0's current centre whichever sphere hit, as does ACE.
// ACE: CylSphere.CollideWithPoint (retail CCylSphere::collide_with_point 0x0053ACB0)
TransitionState ObjectCollider::cyl_collide_with_point(const CylSphere& cyl, const Sphere& check,
                                                       const Vec3& disp, float rad_sum, int n) {
  Vec3 normal;
  const bool definite = cyl_collision_normal(cyl, check, disp, rad_sum, n, normal);
  if (!normalize_checked(normal)) return kCollided;
  if (!info_.has(kPerfectClip)) {
    ci_.set_collision_normal(normal);
    return kCollided;
  }
  const Vec3& curr = path_.global_curr_center[0];
  const Vec3 movement = path_.cur_check_block_offset() + check.center - curr;
  const Vec3 old_disp = curr - cyl.low_point;
  const float rad = rad_sum + kEpsilon;

  // Time at which the sphere meets the top or the bottom, or the side.
  auto cap_time = [&] {
    return movement.z > 0.0f ? -((old_disp.z + check.radius) / movement.z)
                             : (check.radius + cyl.height - old_disp.z) / movement.z;
  };
  const float xy_len_sq = dot2d(movement, movement);
  const float xy_diff = -dot2d(movement, old_disp);
  const float disc = xy_diff * xy_diff - (dot2d(old_disp, old_disp) - rad * rad) * xy_len_sq;
  auto side_time = [&] {
    const float root = std::sqrt(disc);
    return xy_diff - root < 0.0f ? (root + xy_diff) / xy_len_sq : (xy_diff - root) / xy_len_sq;
  };
  auto side_normal = [&](const Vec3& offset) {
    const Vec3 at = curr + offset - cyl.low_point;
    return Vec3(at.x, at.y, 0.0f) * (1.0f / rad);
  };

  float time = 0.0f;
  Vec3 offset(0.0f);
  if (!definite) {
    // ACE uses movement.z for old_disp.z here, and subtracts the offset below.
    if (std::fabs(movement.z) < kEpsilon) return kCollided;
    normal = Vec3(0.0f, 0.0f, movement.z > 0.0f ? -1.0f : 1.0f);
    time = cap_time();
    offset = movement * time;
    const Vec3 at = offset + old_disp;
    if (dot2d(at, at) >= rad * rad) {
      // Past the cap's rim: it meets the side.
      if (std::fabs(xy_len_sq) < kEpsilon) return kCollided;
      if (disc >= 0.0f && xy_len_sq > kEpsilon) {
        time = side_time();
        offset = movement * time;
      }
      normal = side_normal(offset);
    }
  } else if (normal.z != 0.0f) {
    if (std::fabs(movement.z) < kEpsilon) return kCollided;
    time = cap_time();
    offset = movement * time;
  } else {
    if (disc < 0.0f || xy_len_sq < kEpsilon) return kCollided;
    time = side_time();
    offset = movement * time;
    if (time >= 0.0f && time <= 1.0f) normal = side_normal(offset);
  }
  if (time < 0.0f || time > 1.0f) return kCollided;
  ci_.set_collision_normal(normal);
  path_.add_offset_to_check_pos(curr + offset - check.center);
  return kAdjusted;
}

// A falling object that hit the cylinder: back it up along its path to the
// height of the top and stand it there, if it is over the top by then.
// ACE: the Collide branch of CylSphere.IntersectsSphere
TransitionState ObjectCollider::cyl_land_on_top(const CylSphere& cyl, const Vec3& disp,
                                                float rad_sum) {
  const Vec3 movement =
      path_.global_curr_center[0] - foot().center - path_.cur_check_block_offset();
  if (std::fabs(movement.z) < kEpsilon) return kCollided;
  const float time_check = (cyl.height + foot().radius - disp.z) / movement.z;
  const Vec3 offset = movement * time_check;
  const Vec3 over = offset + disp;
  if (rad_sum * rad_sum < dot2d(over, over)) return kOk;
  const float interp = (1.0f - time_check) * path_.walk_interp;
  if (!(interp < path_.walk_interp && interp >= -0.1f)) return kCollided;
  const Vec3 bottom = foot().center + offset - Vec3(0.0f, 0.0f, foot().radius);
  stand_on(plane_through(kUnitZ, bottom), interp, offset);
  return kAdjusted;
}

// What retail does once an object's shape stopped the path: static objects
// count as environment, ethereal ones and creatures the object ignores are
// only reported, anything else is reported and blocks.
// ACE: PhysicsObj.FindObjCollisions_Inner
TransitionState report_collision(Transition& t, std::size_t index, TransitionState state,
                                 bool ethereal, bool is_creature) {
  if (t.sphere_path.step_down) return state;
  const WorldObject& o = t.world().objects()[index];
  const auto id = static_cast<std::uint32_t>(index);
  if (o.has(kFlagStatic)) {
    if (!t.object_info.has(kContact)) t.collision_info.collided_with_environment = true;
    return state;
  }
  if (ethereal || (is_creature && t.object_info.has(kIgnoreCreatures))) {
    t.collision_info.collision_normal_valid = false;
    t.collision_info.add_object(id, false);
    return kOk;
  }
  t.collision_info.add_object(id, true);
  return state;
}

}  // namespace

// Retail walks the shadow list front to back; ACE walks it backwards and
// lets placements pass ethereal objects. Buildings are left to
// find_building_collisions, as retail keeps them out of shadow lists.
// ACE: ObjCell.FindObjCollisions (retail CObjCell::find_obj_collisions 0x0052B750)
TransitionState Transition::find_obj_collisions(std::span<const std::uint32_t> shadows) {
  if (sphere_path.insert_type == InsertType::InitialPlacement) return kOk;
  for (const std::uint32_t index : shadows) {
    if (world_.objects()[index].is_building()) continue;
    const TransitionState state = object_find_collisions(index);
    if (state != kOk) return state;
  }
  return kOk;
}

// A building's physics meshes, tested from the outdoor cells it stands in,
// with building_check telling placement to keep clear of its rooms.
// ACE: SortCell.FindCollisions + BuildingObj.find_building_collisions
TransitionState Transition::find_building_collisions(std::span<const std::uint32_t> shadows) {
  for (const std::uint32_t index : shadows) {
    const WorldObject& o = world_.objects()[index];
    if (!o.is_building() || static_cast<std::int64_t>(index) == object_info.self_object) continue;
    sphere_path.building_check = true;
    const TransitionState state = ObjectCollider(*this).meshes(o, index);
    sphere_path.building_check = false;
    if (state == kOk) continue;
    if (!object_info.has(kContact)) collision_info.collided_with_environment = true;
    return state;
  }
  return kOk;
}

TransitionState Transition::object_find_collisions(std::size_t index) {
  const WorldObject& o = world_.objects()[index];
  if (static_cast<std::int64_t>(index) == object_info.self_object) return kOk;
  // Nothing but meshes, all out of reach: every branch below ends in kOk.
  if (o.spheres.empty() && o.cylspheres.empty() && clear_of_meshes(*this, o, index)) return kOk;
  if (object_info.has(kIsViewer) && weenie_is_creature(o)) return kOk;
  // A static object that is merely ethereal still blocks: retail tests the
  // static branch (report_collision) before the ethereal one.
  if (o.has(kFlagIgnoreCollisions)) return kOk;
  bool ethereal = false;
  if (o.has(kFlagEthereal) || (object_info.ethereal && !o.has(kFlagStatic))) {
    if (sphere_path.step_down) return kOk;
    ethereal = true;
  }
  sphere_path.obstruction_ethereal = ethereal;
  const bool is_creature = o.has(kFlagMissile) || weenie_is_creature(o);
  TransitionState state = kOk;
  if (!players_pass(object_info, o) && !missile_ignore(object_info, o))
    state = ObjectCollider(*this).shapes(o, index, is_creature);
  if (state != kOk) state = report_collision(*this, index, state, ethereal, is_creature);
  sphere_path.obstruction_ethereal = false;
  return state;
}

}  // namespace transit::ac
