#pragma once

#include <span>

#include "transit/geom/bsp_tree.hpp"
#include "transit/movers/ac/collision_info.hpp"
#include "transit/movers/ac/object_info.hpp"
#include "transit/movers/ac/sphere_path.hpp"
#include "transit/movers/ac/transition_memo.hpp"
#include "transit/movers/ac/transition_state.hpp"
#include "transit/world/cell_list.hpp"
#include "transit/world/world.hpp"

namespace transit::ac {

/// How many sub-steps a transition may take before it gives up.
struct TransitionOptions {
  int max_steps = kRetailMaxTransitionSteps;  ///< ACE raised it to kAceMaxTransitionSteps
};

/// Retail's CTransition: moves an object's sphere path from a begin to an end
/// position through a world, one sub-step of at most one sphere radius at a
/// time, colliding with terrain, rooms and objects, stepping up and down,
/// sliding along walls and edges. One Transition per move; the world is only
/// read, so transitions on many threads may share it.
class Transition {
 public:
  /// `memo` answers what was asked before, of this transition or of an
  /// earlier one handed the same memo.
  Transition(const World& world, TransitionMemo& memo, TransitionOptions options = {})
      : sphere_path(memo.turned_points),
        world_(world),
        options_(options),
        cell_list_memo_(memo.cell_lists) {
    cell_list_memo_.use_world(world);
  }

  ObjectInfo object_info;
  SpherePath sphere_path;
  CollisionInfo collision_info;

  /// Set-up, in retail's order: object, spheres, path, then any remembered
  /// contact plane and sliding normal.
  void init_object(const ObjectInfo& info) { object_info = info; }
  /// ACE: Transition.InitSphere / InitPath (begin may be none: a placement).
  void init_sphere(std::span<const Sphere> spheres, float scale);
  void init_path(CellId begin_cell, const std::optional<Position>& begin, const Position& end);
  /// ACE: Transition.InitContactPlane / InitLastKnownContactPlane / InitSlidingNormal
  void init_contact_plane(CellId cell, const Plane& plane, bool is_water);
  /// ACE: Transition.InitLastKnownContactPlane / InitSlidingNormal
  void init_last_known_contact_plane(CellId cell, const Plane& plane, bool is_water);
  void init_sliding_normal(const Vec3& normal);

  /// Runs the move (a transition or a placement, by the path's insert type).
  /// ACE: Transition.FindValidPosition
  bool find_valid_position();
  /// ACE: Transition.FindTransitionalPosition
  bool find_transitional_position();
  /// ACE: Transition.FindPlacementPosition
  bool find_placement_position();

  /// Sub-steps the last find_transitional_position ran (0 for none), the
  /// state its last step ended in after validation, and that step's raw
  /// collision result before validation turned it into a retreat.
  int steps_taken() const { return steps_taken_; }
  TransitionState last_validated_state() const { return last_validated_; }
  TransitionState last_insert_state() const { return last_insert_; }
  /// The last find_transitional_position gave up before its first step: the
  /// path needs more sub-steps than TransitionOptions::max_steps.
  bool step_cap_exceeded() const { return step_cap_exceeded_; }

  /// --- the per-step machinery, public for the cell and BSP collision code ---
  /// ACE: Transition.AdjustOffset
  Vec3 adjust_offset(const Vec3& offset);
  /// ACE: Transition.TransitionalInsert
  TransitionState transitional_insert(int attempts);
  /// ACE: Transition.InsertIntoCell
  TransitionState insert_into_cell(CellId cell, int attempts);
  /// ACE: Transition.CheckOtherCells
  TransitionState check_other_cells(CellId current);
  /// ACE: ObjCell.FindCollisions (LandCell / EnvCell)
  TransitionState find_collisions(CellId cell);
  /// ACE: ObjectInfo.ValidateWalkable
  TransitionState validate_walkable(const Sphere& check_pos, const Plane& contact_plane,
                                    bool is_water, float water_depth, CellId cell);
  /// ACE: Transition.StepUp / StepDown
  bool step_up(const Vec3& collision_normal);
  /// ACE: Transition.StepDown
  bool step_down(float step_down_height, float z_val);
  /// ACE: Transition.CheckWalkable
  bool check_walkable(float z_check);
  /// ACE: Transition.EdgeSlide / SetEdgeSlide / CliffSlide
  bool edge_slide(TransitionState& state, float step_down_height, float z_val);
  /// ACE: Transition.SetEdgeSlide / CliffSlide
  TransitionState set_edge_slide(bool unwalkable, bool valid_cell, TransitionState state);
  TransitionState cliff_slide(const Plane& contact_plane);
  /// The environment variant of retail CSphere::slide_sphere (0x00538180): the
  /// global sphere 0 slides along the crease of `collision_normal` and the
  /// contact plane. ACE: Sphere.SlideSphere(transition, ref normal, currPos)
  TransitionState slide_sphere(Vec3 collision_normal, const Vec3& curr_pos);
  /// ACE: SpherePath.StepUpSlide / PrecipiceSlide
  TransitionState step_up_slide();
  /// ACE: SpherePath.PrecipiceSlide
  TransitionState precipice_slide();
  /// ACE: Transition.ValidateTransition
  TransitionState validate_transition(TransitionState state);
  /// ACE: Transition.SetCurrentCheckPos / BuildCellArray
  void set_current_check_pos();
  /// ACE: Transition.BuildCellArray
  void build_cell_array();

  /// The world-geometry collision of a BSP (cell or object part) in the
  /// space cached by sphere_path.cache_local_space_sphere.
  /// ACE: BSPTree.find_collisions and the routines it calls
  TransitionState bsp_find_collisions(const BspTree& bsp, float scale);
  /// ACE: BSPTree.placement_insert
  TransitionState bsp_placement_insert(const BspTree& bsp);

  /// The objects of a cell's shadow list (World::shadows), and the
  /// buildings among them of an outdoor cell (object_collisions.cpp).
  /// ACE: ObjCell.FindObjCollisions / SortCell.FindCollisions
  TransitionState find_obj_collisions(std::span<const std::uint32_t> shadows);
  /// The buildings among an outdoor cell's shadows.
  TransitionState find_building_collisions(std::span<const std::uint32_t> shadows);
  /// One world object. ACE: PhysicsObj.FindObjCollisions (+ FindObjCollisions_Inner)
  TransitionState object_find_collisions(std::size_t index);

  const World& world() const { return world_; }

 private:
  void calc_num_steps(Vec3& offset, Vec3& offset_per_step, int& num_steps) const;
  TransitionState find_land_env_collisions(const LandCell& cell);
  TransitionState find_env_cell_collisions(const EnvCell& cell);
  bool step_down_after_insert(TransitionState& state);
  TransitionState collide_after_insert(int attempts);
  TransitionState bsp_step_sphere_down(const BspTree& bsp, const Sphere& check_pos, float scale);
  TransitionState bsp_step_sphere_up(const Vec3& local_normal);
  TransitionState bsp_slide_sphere(const Vec3& local_normal);
  TransitionState bsp_collide_with_pt(const BspTree& bsp, const Sphere& check_pos,
                                      const Vec3& curr_pos, const Polygon* hit_poly,
                                      Vec3 contact_point, float scale);
  TransitionState bsp_contact_collisions(const BspTree& bsp, const Vec3& movement);
  TransitionState bsp_free_collisions(const BspTree& bsp, const Vec3& movement, float scale);
  TransitionState bsp_land_on_walkable(const BspTree& bsp, const Vec3& movement, float scale);
  TransitionState stand_on_walkable(const Sphere& probe, const Sphere& found,
                                    const Polygon* walkable, float scale);
  TransitionState validate_placement(TransitionState state, bool adjust);
  TransitionState validate_placement_transition(TransitionState state);
  TransitionState placement_insert();
  bool find_placement_pos();
  Plane local_plane_to_global(const Plane& local, float scale) const;
  /// World::find_cell_list from check_pos with the global spheres (retail's
  /// cell array), through the memo.
  const CellList& find_cell_list(World::CellQuery* query);
  TransitionState find_other_collisions(const CellList& cells, CellId current);

  const World& world_;
  TransitionOptions options_;
  int steps_taken_ = 0;
  bool step_cap_exceeded_ = false;
  TransitionState last_validated_ = TransitionState::Invalid;
  TransitionState last_insert_ = TransitionState::Invalid;
  CellListMemo& cell_list_memo_;
};

}  // namespace transit::ac
