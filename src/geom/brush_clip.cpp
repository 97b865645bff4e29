#include "geom/brush_clip.hpp"

// glm::dot sums x, y, z left to right, as pmove.c's DotProduct does.

namespace transit {
namespace {

// The plane's distance pushed out by the box: the box corner that reaches
// furthest behind the plane is the one to keep in front of it.
float grown_dist(const Vec3& mins, const Vec3& maxs, const BrushPlane& plane) {
  Vec3 corner;
  for (int j = 0; j < 3; ++j) corner[j] = plane.normal[j] < 0.0f ? maxs[j] : mins[j];
  return plane.dist - glm::dot(corner, plane.normal);
}

}  // namespace

bool clip_box_to_brush(const Vec3& mins, const Vec3& maxs, const Vec3& p1, const Vec3& p2,
                       std::span<const BrushPlane> brush, double dist_epsilon, BrushTrace& trace) {
  if (brush.empty()) return false;
  float enter = -1.0f;
  float leave = 1.0f;
  const BrushPlane* clip = nullptr;
  bool gets_out = false;
  bool starts_out = false;
  for (const BrushPlane& plane : brush) {
    const float dist = grown_dist(mins, maxs, plane);
    const float d1 = glm::dot(p1, plane.normal) - dist;
    const float d2 = glm::dot(p2, plane.normal) - dist;
    if (d2 > 0.0f) gets_out = true;
    if (d1 > 0.0f) starts_out = true;
    if (d1 > 0.0f && d2 >= d1) return false;  // wholly in front of this side
    if (d1 <= 0.0f && d2 <= 0.0f) continue;
    const double across = static_cast<double>(d1 - d2);
    if (d1 > d2) {
      const float f = static_cast<float>((static_cast<double>(d1) - dist_epsilon) / across);
      if (f > enter) {
        enter = f;
        clip = &plane;
      }
    } else {
      const float f = static_cast<float>((static_cast<double>(d1) + dist_epsilon) / across);
      if (f < leave) leave = f;
    }
  }
  if (!starts_out) {
    trace.start_solid = true;
    if (!gets_out) trace.all_solid = true;
    return false;
  }
  if (!(enter < leave) || !(enter > -1.0f) || !(enter < trace.fraction)) return false;
  trace.fraction = enter < 0.0f ? 0.0f : enter;
  trace.normal = clip->normal;
  return true;
}

bool box_in_brush(const Vec3& mins, const Vec3& maxs, const Vec3& p,
                  std::span<const BrushPlane> brush) {
  if (brush.empty()) return false;
  for (const BrushPlane& plane : brush)
    if (glm::dot(p, plane.normal) - grown_dist(mins, maxs, plane) > 0.0f) return false;
  return true;
}

}  // namespace transit
