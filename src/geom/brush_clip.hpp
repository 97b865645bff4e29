#pragma once
// Quake 2's box traces against convex brushes (qcommon/cmodel.c), for the
// Quake mover's quake2 mode: a brush is the intersection of half-spaces
// dot(normal, p) <= dist, and a box sweeping through it meets the brush
// grown by the box (each plane pushed out by the box's support along its
// normal). Enter and leave fractions are padded by `dist_epsilon` the way
// CM_ClipBoxToBrush does (in double, as its DIST_EPSILON is a double), so
// a trace stops `dist_epsilon` short of a plane measured along its normal
// and touching counts as inside.

#include <span>

#include "transit/math/vec.hpp"

namespace transit {

/// A brush side: points p with dot(normal, p) <= dist are inside.
struct BrushPlane {
  Vec3 normal{0.0f};
  float dist = 0.0f;
};

/// What the brushes met so far did to a trace (the fields of trace_t that
/// CM_ClipBoxToBrush writes).
struct BrushTrace {
  float fraction = 1.0f;
  bool start_solid = false;
  bool all_solid = false;
  Vec3 normal{0.0f};  ///< of the plane hit; zero when nothing was hit
};

/// CM_ClipBoxToBrush: sweeps the box [mins, maxs] about p1 to p2 through
/// the brush; lowers `trace.fraction` (strictly) and sets its normal on a
/// hit, sets start_solid / all_solid when the box starts inside. True when
/// it changed the fraction.
bool clip_box_to_brush(const Vec3& mins, const Vec3& maxs, const Vec3& p1, const Vec3& p2,
                       std::span<const BrushPlane> brush, double dist_epsilon, BrushTrace& trace);

/// CM_TestBoxInBrush: whether the box about p lies inside or touches the
/// brush (no plane has it strictly in front).
bool box_in_brush(const Vec3& mins, const Vec3& maxs, const Vec3& p,
                  std::span<const BrushPlane> brush);

}  // namespace transit
