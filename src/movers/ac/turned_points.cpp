#include "transit/movers/ac/turned_points.hpp"

#include <cstring>

namespace transit::ac {

void TurnedPoints::use_points(std::span<const Sphere> local_spheres, const Vec3& local_low_point) {
  Points points;
  points.count = static_cast<int>(local_spheres.size());
  for (int i = 0; i < points.count; ++i) points.centers[i] = local_spheres[i].center;
  points.low_point = local_low_point;
  if (std::memcmp(&points, &points_, sizeof(Points)) == 0) return;
  points_ = points;
  turned_ = {};
  next_ = 0;
}

const TurnedPoints::Turned& TurnedPoints::turned_by(const Quat& orientation) {
  for (const Turned& t : turned_)
    if (t.filled && std::memcmp(&t.orientation, &orientation, sizeof(Quat)) == 0) return t;
  Turned& t = turned_[static_cast<std::size_t>(next_)];
  next_ = 1 - next_;
  t.filled = true;
  t.orientation = orientation;
  for (int i = 0; i < points_.count; ++i) t.centers[i] = orientation * points_.centers[i];
  t.low_point = orientation * points_.low_point;
  return t;
}

}  // namespace transit::ac
