#pragma once
// Traces through a World: sweep an axis-aligned box or a sphere in a straight
// line and report how far it got and what stopped it (Quake 2's trace_t,
// the Tribes article's Physics.Translate). The Quake and Tribes movers are
// built on these.
//
// Coordinates: `start` and `end` are in the coordinates of `frame`'s
// landblock (any cell id; only its landblock part is used), the way every
// transit position is local to its landblock; the trace may leave that
// landblock and sees the terrain, rooms and objects of its neighbours.
//
// What blocks: the terrain triangles of every land cell the swept shape's
// bounds reach, every indoor cell's physics polygons (not its portals), and
// every object's meshes, spheres and cylspheres (ethereal objects excepted).
// Polygons are one-sided: a polygon blocks motion into its front face only,
// so nothing snags on a floor it slides along or a surface it moves away from.
//
// Guarantees: the time of impact is exact (see geom/box_trace.hpp); a
// stopped trace is backed off `epsilon` metres along the hit normal
// (Quake's DIST_EPSILON) so that it never ends inside geometry; the result
// does not depend on the order in which the world's parts are visited (the
// earliest hit wins, ties go to terrain, then rooms, then objects, each by
// id and polygon index); a trace allocates nothing.

#include <cstdint>
#include <optional>
#include <vector>

#include "transit/math/vec.hpp"
#include "transit/world/world.hpp"

namespace transit {

/// Quake's DIST_EPSILON in Quake units, and Quake units per metre by default.
inline constexpr float kQuakeDistEpsilon = 0.03125f;
/// Quake units per metre (a power of two, so conversions are exact) and the
/// default back-off in metres.
inline constexpr float kDefaultUnitsPerMetre = 32.0f;
inline constexpr float kDefaultTraceEpsilon = kQuakeDistEpsilon / kDefaultUnitsPerMetre;
/// An overlap at the start up to this depth (metres) is contact, not solid:
/// it absorbs the float rounding of positions a trace ended at.
inline constexpr float kTraceSolidTolerance = 1e-4f;

/// What stopped a trace.
enum class TraceHitKind : std::uint8_t { None, Terrain, Cell, Object };

/// How a box trace meets polygons.
enum class TraceModel : std::uint8_t {
  /// Exact time of impact with one-sided polygons, backed off `epsilon`
  /// along the hit normal.
  Exact,
  /// Quake 2's brush traces (CM_BoxTrace): each polygon is a brush of its
  /// plane, the reversed plane and the axial planes of its bounds; fractions
  /// padded by `epsilon` as DIST_EPSILON pads them; touching counts as
  /// inside; a trace whose start equals its end is a position test.
  /// Spheres and cylspheres keep the exact sweep. See docs/quake-tribes.md.
  Quake2Brushes,
};

/// How a trace runs.
struct TraceOptions {
  float epsilon = kDefaultTraceEpsilon;  ///< back-off from a hit surface, metres
  TraceModel model = TraceModel::Exact;  ///< boxes only; spheres are always Exact
  std::optional<std::size_t> ignore_object;  ///< the mover's own world object
  bool objects = true;                        ///< false: terrain and rooms only
};

/// How far a trace got and what stopped it.
struct TraceResult {
  float fraction = 1.0f;    ///< of the way from start to end the shape got
  Vec3 end_position{0.0f};  ///< in the trace frame; exactly `end` when fraction is 1
  Vec3 normal{0.0f};        ///< unit normal of the hit surface, towards the shape
  /// The shape starts overlapping geometry (deeper than kTraceSolidTolerance).
  bool start_solid = false;
  /// ... and the motion goes further into it: the shape cannot move (fraction 0).
  bool all_solid = false;
  TraceHitKind hit = TraceHitKind::None;  ///< what was hit first
  CellId cell = 0;           ///< terrain or indoor cell hit
  std::uint32_t object = 0;  ///< index into World::objects() when an object was hit
  std::uint32_t shape = 0;   ///< the object's shape: meshes, then cylspheres, then spheres
  std::uint32_t polygon = 0; ///< polygon index in the terrain cell, room or mesh

  bool hit_something() const { return hit != TraceHitKind::None; }
};

/// Sweeps the box [position + mins, position + maxs] from start to end.
TraceResult trace_box(const World& world, CellId frame, const Vec3& start, const Vec3& end,
                      const Vec3& mins, const Vec3& maxs, const TraceOptions& options = {});
/// Sweeps a sphere of `radius` centred on the position from start to end.
TraceResult trace_sphere(const World& world, CellId frame, const Vec3& start, const Vec3& end,
                         float radius, const TraceOptions& options = {});

/// One polygon as a Quake 2 brush trace sees it (TraceModel::Quake2Brushes),
/// in the trace frame: its plane and its bounds.
struct TraceFace {
  TraceHitKind kind = TraceHitKind::None;  ///< terrain, room or object
  std::uint32_t id = 0;       ///< cell id, or object index
  std::uint32_t shape = 0;    ///< the object's mesh
  std::uint32_t polygon = 0;  ///< polygon index in the cell, room or mesh
  Vec3 normal{0.0f};          ///< front face normal
  float dist = 0.0f;          ///< dot(normal, p) for p on the plane
  Vec3 lo{0.0f};              ///< bounds of the vertices
  Vec3 hi{0.0f};
};

/// The polygons whose bounds reach the box [lo, hi] of the trace frame, in the
/// order a trace visits them, as brush traces see them (the Quake 2 golden
/// trace harness builds its brushes from these: tools/quake2-golden).
std::vector<TraceFace> trace_faces(const World& world, CellId frame, const Vec3& lo,
                                   const Vec3& hi, const TraceOptions& options = {});

/// How deep the box or sphere at `position` reaches into any geometry
/// (polygons from either side, objects' solids); <= 0 when it is clear.
float box_penetration(const World& world, CellId frame, const Vec3& position, const Vec3& mins,
                      const Vec3& maxs, const TraceOptions& options = {});
float sphere_penetration(const World& world, CellId frame, const Vec3& position, float radius,
                         const TraceOptions& options = {});

}  // namespace transit
