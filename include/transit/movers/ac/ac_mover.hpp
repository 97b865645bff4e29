#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "transit/math/position.hpp"
#include "transit/math/same_bits.hpp"
#include "transit/movers/move_status.hpp"
#include "transit/movers/ac/transition.hpp"
#include "transit/world/world.hpp"

namespace transit::ac {

/// A character or other moving object as the AC mover sees it.
struct AcBody {
  std::vector<Sphere> spheres{{{0.0f, 0.0f, 0.48f}, 0.48f}, {{0.0f, 0.0f, 1.35f}, 0.48f}};
  float scale = 1.0f;
  float step_up_height = 0.6f;
  float step_down_height = 0.6f;
  /// EntityFlag bits; retail's human allows free heading (kFlagFreeRotate).
  std::uint32_t flags = kFlagEdgeSlide | kFlagGravity | kFlagPlayer | kFlagFreeRotate;
  /// The world object this body is (its index in World::objects()), so that
  /// it never collides with itself; none for a body that is no world object.
  std::optional<std::size_t> world_object;
};

/// A plane in the coordinates of its cell's landblock.
struct CellPlane {
  Plane plane;
  CellId cell = 0;
  bool water = false;
  bool operator==(const CellPlane&) const = default;
};
// Alongside transit's own overloads, not hiding them.
using transit::same_bits;
/// Bit-for-bit equality of two cell planes.
inline bool same_bits(const CellPlane& a, const CellPlane& b) {
  return transit::same_bits(a.plane.normal, b.plane.normal) &&
         transit::same_bits(a.plane.d, b.plane.d) && a.cell == b.cell && a.water == b.water;
}

/// What the body knew before the move (retail's transient state).
struct AcContact {
  bool contact = false;                    ///< standing on contact_plane
  bool on_walkable = false;                ///< ... and it is walkable
  std::optional<CellPlane> contact_plane;  ///< with contact: the plane; without: remembered
  std::optional<Vec3> sliding_normal;
  int frames_stationary_fall = 0;
};

/// The object info a transition of `body` starts from: its flags (edge
/// slide, free rotate, path clipped, PK, player, ignore creatures ...),
/// step heights and scale, and the contact state. Moves and placement alike.
/// ACE: PhysicsObj.get_object_info and ObjectInfo.Init
ObjectInfo object_info_for(const AcBody& body, const AcContact& contact);

/// Whether `at`'s cell holds a body there: the cell holds its origin or the
/// centre of its first sphere, by which retail's transition finds the cells
/// a body is in (a body in a room's corner may have its origin just below
/// the floor). ACE: ObjCell.find_cell_list
bool cell_holds_body(const World& world, const AcBody& body, const Position& at);

/// What a transition found: status and retail's states, where the body ends,
/// its contact plane, collision and sliding normals, collided objects.
struct AcMoveResult {
  bool ok = false;                                         ///< the transition found a valid position
  MoveStatus status = MoveStatus::NoCell;                  ///< what the move did, and why it stopped
  TransitionState state = TransitionState::Invalid;        ///< after the last step's validation
  TransitionState last_insert = TransitionState::Invalid;  ///< the last step's collision result
  Position position;                                       ///< where the body ends
  bool contact = false;
  bool on_walkable = false;
  std::optional<CellPlane> contact_plane;
  std::optional<Vec3> collision_normal;
  std::optional<Vec3> sliding_normal;
  int steps = 0;
  bool velocity_stopped = false;
  bool collided_with_environment = false;
  int frames_stationary_fall = 0;
  /// The objects the move collided with, first hit first (retail's
  /// CollideObject list): indices into World::objects() and the same objects'
  /// WorldObject::id. Static objects (scenery, buildings) are environment to
  /// retail and set collided_with_environment instead.
  std::vector<std::uint32_t> collided_objects;
  std::vector<std::uint32_t> collided_object_ids;
  std::optional<std::uint32_t> last_collided_object;  ///< index of the last that blocked
  /// No part of the result: what the move asked and found, which the next
  /// move written over this result answers from when it asks the same.
  TransitionMemo memo;
};

/// Moves a body from `begin` to `end` the way retail's
/// CPhysicsObj::transition does. A failed transition leaves the body at
/// `begin` (ok = false).
AcMoveResult move_body(const World& world, const AcBody& body, const Position& begin,
                       const Position& end, const AcContact& contact,
                       TransitionOptions options = {});
/// The same move, its result written over `result`, whose object lists keep
/// their storage: a caller that keeps one result allocates nothing once the
/// lists have grown, and the move reuses what the last move found (cell
/// lists, turned sphere points) when it asks the same of the same world.
void move_body(const World& world, const AcBody& body, const Position& begin, const Position& end,
               const AcContact& contact, const TransitionOptions& options, AcMoveResult& result);

/// What a finished move from `begin` that wanted to go `wanted` (metres,
/// begin's landblock axes) did (AcMoveResult::status): its failure reason, or
/// Moved / Slid / Blocked by what it met on the way.
MoveStatus move_status(const World& world, const Position& begin, const Vec3& wanted,
                       const AcMoveResult& r, bool begin_in_world, bool step_cap_exceeded);

/// The surface directly under `point` in `cell` (terrain triangle or the
/// nearest upward-facing polygon of the indoor cell below it), as a plane in
/// the cell's landblock coordinates; nothing when there is none.
std::optional<CellPlane> surface_under(const World& world, CellId cell, const Vec3& point);

}  // namespace transit::ac
