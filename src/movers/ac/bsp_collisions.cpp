// A BSP (a room or an object part) against the transition's spheres, in the
// space cached by SpherePath::cache_local_space_sphere.
#include "transit/movers/ac/transition.hpp"

namespace transit::ac {

// ACE: PlaneExtensions.LocalToGlobal with the plane's d scaled. ACE scales d
// after moving the plane, which is only right for unscaled parts.
Plane Transition::local_plane_to_global(const Plane& local, float scale) const {
  const Position& from = sphere_path.local_space_pos;
  const Vec3 normal = from.local_to_global_vec(local.normal);
  const Vec3 point = from.local_to_global(local.normal * (-local.d * scale)) +
                     get_block_offset(sphere_path.check_pos.objcell_id, from.objcell_id);
  return Plane{normal, -glm::dot(normal, point)};
}

TransitionState Transition::bsp_find_collisions(const BspTree& bsp, float scale) {
  const SpherePath& path = sphere_path;
  const Sphere& sphere = path.local_space_sphere[0];
  const Vec3 movement = sphere.center - path.local_space_curr_center[0];

  if (path.insert_type == InsertType::Placement || path.obstruction_ethereal) {
    const bool clear_cell = path.building_check ? !path.hits_interior_cell : true;
    if (bsp.sphere_intersects_solid(sphere, clear_cell)) return TransitionState::Collided;
    if (path.num_sphere > 1 && bsp.sphere_intersects_solid(path.local_space_sphere[1], clear_cell))
      return TransitionState::Collided;
    return TransitionState::OK;
  }
  if (path.check_walkable)  // ACE: BSPTree.check_walkable
    return bsp.hits_walkable(path.walkable_allowance, sphere, path.local_space_z)
               ? TransitionState::Collided
               : TransitionState::OK;
  if (path.step_down) return bsp_step_sphere_down(bsp, sphere, scale);
  if (path.collide) return bsp_land_on_walkable(bsp, movement, scale);
  if (object_info.has(kContact)) return bsp_contact_collisions(bsp, movement);
  return bsp_free_collisions(bsp, movement, scale);
}

// Moves the check position by how far find_walkable moved the probe sphere
// (from `probe` to `found`) and stands the object on the polygon it found.
TransitionState Transition::stand_on_walkable(const Sphere& probe, const Sphere& found,
                                              const Polygon* walkable, float scale) {
  SpherePath& path = sphere_path;
  path.add_offset_to_check_pos(path.local_space_pos.local_to_global_vec(found.center - probe.center) *
                               scale);
  collision_info.set_contact_plane(local_plane_to_global(walkable->plane(), scale), false);
  collision_info.contact_plane_cell_id = path.check_pos.objcell_id;
  path.set_walkable(found, walkable, path.local_space_z, path.local_space_pos, scale);
  return TransitionState::Adjusted;
}

// A falling object hit something: find a walkable polygon along its path.
TransitionState Transition::bsp_land_on_walkable(const BspTree& bsp, const Vec3& movement,
                                                 float scale) {
  SpherePath& path = sphere_path;
  const Sphere& sphere = path.local_space_sphere[0];
  Sphere valid = sphere;
  const Polygon* hit = nullptr;
  bool changed = false;
  bsp.find_walkable(path.walkable_allowance, path.walk_interp, valid, hit, movement,
                    path.local_space_z, changed);
  return changed ? stand_on_walkable(sphere, valid, hit, scale) : TransitionState::OK;
}

// A grounded object: step up onto what its foot hits, slide along what its
// body hits, and defer a mere touch until the other sphere is placed.
TransitionState Transition::bsp_contact_collisions(const BspTree& bsp, const Vec3& movement) {
  SpherePath& path = sphere_path;
  const Polygon* hit = nullptr;
  Vec3 contact(0.0f);
  if (bsp.sphere_intersects_poly(path.local_space_sphere[0], movement, hit, contact))
    return bsp_step_sphere_up(hit->plane().normal);
  if (path.num_sphere > 1) {
    const Polygon* body_hit = nullptr;
    if (bsp.sphere_intersects_poly(path.local_space_sphere[1], movement, body_hit, contact))
      return bsp_slide_sphere(body_hit->plane().normal);
    if (body_hit) {  // ACE: BSPTree.NegPolyHit
      path.set_neg_poly_hit(false, path.local_space_pos.local_to_global_vec(body_hit->plane().normal));
      return TransitionState::OK;
    }
    if (hit) {
      path.set_neg_poly_hit(true, path.local_space_pos.local_to_global_vec(hit->plane().normal));
      return TransitionState::OK;
    }
  }
  return TransitionState::OK;
}

// An object in the air: its first hit starts the collide-then-land search.
TransitionState Transition::bsp_free_collisions(const BspTree& bsp, const Vec3& movement,
                                                float scale) {
  SpherePath& path = sphere_path;
  const Polygon* hit = nullptr;
  Vec3 contact(0.0f);
  if (bsp.sphere_intersects_poly(path.local_space_sphere[0], movement, hit, contact) || hit) {
    if (object_info.has(kPathClipped))
      return bsp_collide_with_pt(bsp, path.local_space_sphere[0], path.local_space_curr_center[0],
                                 hit, contact, scale);
    path.walkable_allowance = kLandingZ;
    path.set_collide(path.local_space_pos.local_to_global_vec(hit->plane().normal));
    return TransitionState::Adjusted;
  }
  if (path.num_sphere > 1 &&
      (bsp.sphere_intersects_poly(path.local_space_sphere[1], movement, hit, contact) || hit)) {
    collision_info.set_collision_normal(path.local_space_pos.local_to_global_vec(hit->plane().normal));
    return TransitionState::Collided;
  }
  return TransitionState::OK;
}

// ACE: BSPTree.step_sphere_down
TransitionState Transition::bsp_step_sphere_down(const BspTree& bsp, const Sphere& check_pos,
                                                 float scale) {
  SpherePath& path = sphere_path;
  const Vec3 movement = path.local_space_z * (-(path.step_down_amt * path.walk_interp)) * (1.0f / scale);
  Sphere valid = check_pos;
  const Polygon* hit = nullptr;
  bool changed = false;
  bsp.find_walkable(path.walkable_allowance, path.walk_interp, valid, hit, movement,
                    path.local_space_z, changed);
  return changed ? stand_on_walkable(check_pos, valid, hit, scale) : TransitionState::OK;
}

// ACE: BSPTree.step_sphere_up
TransitionState Transition::bsp_step_sphere_up(const Vec3& local_normal) {
  if (step_up(sphere_path.local_space_pos.local_to_global_vec(local_normal)))
    return TransitionState::OK;
  return step_up_slide();
}

// ACE: BSPTree.slide_sphere
TransitionState Transition::bsp_slide_sphere(const Vec3& local_normal) {
  return slide_sphere(sphere_path.local_space_pos.local_to_global_vec(local_normal),
                      sphere_path.global_curr_center[0]);
}

// ACE: BSPTree.collide_with_pt
TransitionState Transition::bsp_collide_with_pt(const BspTree& bsp, const Sphere& check_pos,
                                                const Vec3& curr_pos, const Polygon* hit_poly,
                                                Vec3 contact_point, float scale) {
  SpherePath& path = sphere_path;
  const Vec3 normal = path.local_space_pos.local_to_global_vec(hit_poly->plane().normal);
  if (!object_info.has(kPerfectClip)) {
    collision_info.set_collision_normal(normal);
    return TransitionState::Collided;
  }
  Sphere valid = check_pos;
  if (!bsp.adjust_to_plane(valid, curr_pos, hit_poly, contact_point)) return TransitionState::Collided;
  collision_info.set_collision_normal(normal);
  path.add_offset_to_check_pos(path.local_space_pos.local_to_global_vec(valid.center - check_pos.center) *
                               scale);
  return TransitionState::Adjusted;
}

// Pushes an object being placed out of the polygons it overlaps, doubling
// the push each round. ACE: BSPTree.placement_insert / placement_insert_inner
TransitionState Transition::bsp_placement_insert(const BspTree& bsp) {
  SpherePath& path = sphere_path;
  Sphere valid = path.local_space_sphere[0];
  Sphere valid_body = path.local_space_sphere[1];
  Sphere* body = path.num_sphere > 1 ? &valid_body : nullptr;
  float rad = valid.radius;
  const bool clear_cell = path.building_check ? !path.hits_interior_cell : true;
  const Polygon* hit = nullptr;

  for (int i = 0; i < kPlacementIterations; ++i) {
    bool center_solid = false;
    bool clear = false;
    if (bsp.sphere_intersects_solid_poly(valid, rad, center_solid, hit, clear_cell)) {
      if (hit) {
        hit->adjust_to_placement_poly(valid, body, rad, center_solid, clear_cell);
        continue;
      }
    } else if (body) {
      if (bsp.sphere_intersects_solid_poly(*body, rad, center_solid, hit, clear_cell)) {
        if (hit) {
          hit->adjust_to_placement_poly(*body, &valid, rad, center_solid, clear_cell);
          continue;
        }
      } else {
        clear = true;
      }
    } else {
      clear = true;
    }
    if (clear) {
      if (i == 0) return TransitionState::OK;
      path.add_offset_to_check_pos(
          path.local_space_pos.local_to_global_vec(valid.center - path.local_space_sphere[0].center));
      return TransitionState::Adjusted;
    }
    rad *= 2.0f;
  }
  return TransitionState::Collided;
}

}  // namespace transit::ac
