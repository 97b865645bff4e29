#pragma once

#include <array>
#include <optional>
#include <span>

#include "transit/geom/polygon.hpp"
#include "transit/math/position.hpp"
#include "transit/math/sphere.hpp"
#include "transit/movers/ac/collision_info.hpp"
#include "transit/movers/ac/transition_state.hpp"
#include "transit/movers/ac/turned_points.hpp"

namespace transit::ac {

/// The moving object's one or two spheres along a path from a begin to an end
/// position, and the bookkeeping of stepping up, down and onto walkables
/// (retail SPHEREPATH). "Global" coordinates are those of the landblock of
/// the position they belong to; "local space" those of the cell or object
/// being tested.
struct SpherePath {
  explicit SpherePath(TurnedPoints& turned_points) : turned(turned_points) {}

  int num_sphere = 0;
  std::array<Sphere, 2> local_sphere{};  ///< in the object's frame, scaled
  Vec3 local_low_point{0.0f};
  std::array<Sphere, 2> global_sphere{};  ///< at check_pos
  Vec3 global_low_point{0.0f};
  std::array<Sphere, 2> local_space_sphere{};  ///< at check_pos, in the tested cell/object
  Vec3 local_space_low_point{0.0f};
  std::array<Vec3, 2> local_space_curr_center{};  ///< at cur_pos, in the tested cell/object
  std::array<Vec3, 2> global_curr_center{};       ///< at cur_pos
  Position local_space_pos;                       ///< the tested cell/object
  Vec3 local_space_z{0.0f, 0.0f, 1.0f};

  CellId begin_cell = 0;
  std::optional<Position> begin_pos;  ///< none for a placement
  Position end_pos;
  CellId cur_cell = 0;
  Position cur_pos;
  CellId check_cell = 0;
  Position check_pos;
  Vec3 global_offset{0.0f};

  bool step_up = false;
  Vec3 step_up_normal{0.0f};
  bool collide = false;
  InsertType insert_type = InsertType::Transition;
  bool step_down = false;
  InsertType backup = InsertType::Transition;
  CellId backup_cell = 0;
  Position backup_check_pos;
  bool obstruction_ethereal = false;
  bool hits_interior_cell = false;
  bool building_check = false;
  float walkable_allowance = 0.0f;
  float walk_interp = 0.0f;
  float step_down_amt = 0.0f;

  Sphere walkable_check_pos;
  const Polygon* walkable = nullptr;
  bool check_walkable = false;
  Vec3 walkable_up{0.0f};
  Position walkable_pos;
  float walkable_scale = 1.0f;

  bool cell_array_valid = false;
  bool neg_step_up = false;
  Vec3 neg_collision_normal{0.0f};
  bool neg_poly_hit = false;
  bool placement_allows_sliding = true;

  /// The local sphere centres and low point turned, which the move may have
  /// been handed with points turned already.
  TurnedPoints& turned;

  /// What cache_local_space_sphere last worked out from the tested
  /// cell/object and cur_pos alone: kept while they stay the same, as they
  /// do for most calls of a transition (cur_pos moves once a step).
  struct LocalSpaceMemo {
    /// Everything the results depend on, compared bit for bit.
    struct Key {
      CellId pos_cell = 0;
      CellId cur_cell = 0;
      int num_sphere = 0;
      float scale = 0.0f;
      Vec3 pos_origin{0.0f};
      Quat pos_orientation{1.0f, 0.0f, 0.0f, 0.0f};
      Vec3 cur_origin{0.0f};
      std::array<Vec3, 2> cur_centers{};  ///< turned by cur_pos's orientation
    };
    bool valid = false;
    Key key;
    std::array<Vec3, 2> local_curr_center{};
    Vec3 local_z{0.0f};
  };
  LocalSpaceMemo local_space_memo;

  /// ACE: SpherePath.InitPath
  void init_path(CellId begin_cell_id, const std::optional<Position>& begin, const Position& end);
  /// ACE: SpherePath.InitSphere
  void init_sphere(std::span<const Sphere> spheres, float scale);
  /// ACE: SpherePath.AddOffsetToCheckPos
  void add_offset_to_check_pos(const Vec3& offset);
  /// Re-expresses check_pos in the landblock of `cell`. ACE: SpherePath.AdjustCheckPos
  void adjust_check_pos(CellId cell);
  /// ACE: SpherePath.CacheGlobalCurrCenter
  void cache_global_curr_center();
  /// ACE: SpherePath.CacheGlobalSphere (both forms)
  void cache_global_sphere();
  /// Moves the global spheres by `offset`, metres.
  void shift_global_sphere(const Vec3& offset);
  /// ACE: SpherePath.CacheLocalSpaceSphere
  void cache_local_space_sphere(const Position& pos, float scale);
  /// ACE: SpherePath.CheckWalkables
  bool check_walkables() const;
  /// Offset from check_pos's landblock to cur_pos's. ACE: GetCurPosCheckPosBlockOffset
  Vec3 cur_check_block_offset() const;
  /// ACE: SpherePath.SaveCheckPos / RestoreCheckPos / SetCheckPos
  void save_check_pos();
  /// Back to the check position saved by save_check_pos.
  void restore_check_pos();
  /// The position and cell the next collision step tests. ACE: SpherePath.SetCheckPos
  void set_check_pos(const Position& position, CellId cell);
  /// ACE: SpherePath.SetCollide
  void set_collide(const Vec3& collision_normal);
  /// ACE: SpherePath.SetNegPolyHit
  void set_neg_poly_hit(bool step_up_hit, const Vec3& collision_normal);
  /// ACE: SpherePath.SetWalkable
  void set_walkable(const Sphere& sphere, const Polygon* poly, const Vec3& up,
                    const Position& local_pos, float scale);
};

}  // namespace transit::ac
