#include "transit/world/scenery_rules.hpp"

#include <cmath>

namespace transit {

namespace {

constexpr double kToUnit = 0x1p-32;  // retail's float 2.3283064e-10, exactly 2^-32
constexpr double kDegrees = 57.29577951308232;
constexpr double kRadians = 0.0174532925199433;
constexpr float kRoadWidth = 5.0f;
constexpr float kSquare = 24.0f;

// The number behind displacement, heading and scale, by the constant that
// tells them apart.
std::uint32_t object_noise(std::uint32_t gx, std::uint32_t gy, std::uint32_t k, std::uint32_t salt) {
  return 1813693831u * gy - (k + salt) * (1360117743u * gy * gx + 1888038839u) - 1109124029u * gx;
}

double unit(std::uint32_t u) { return static_cast<double>(u) * kToUnit; }

}  // namespace

std::size_t scene_choice(std::uint32_t gx, std::uint32_t gy, std::size_t count) {
  if (count <= 1) return 0;
  const std::uint32_t u = gy * (712977289u * gx + 1813693831u) - 1109124029u * gx + 2139937281u;
  const auto index = static_cast<std::size_t>(std::floor(unit(u) * static_cast<double>(count)));
  return index >= count ? 0 : index;
}

bool scenery_object_chosen(std::uint32_t gx, std::uint32_t gy, std::uint32_t k, float frequency) {
  const std::uint32_t u = 1813693831u * gy - 1109124029u * gx - (23399u + k) * (1360117743u * gx * gy + 1888038839u);
  return unit(u) < static_cast<double>(frequency);
}

Vec3 scenery_offset(const dat::SceneObject& o, std::uint32_t gx, std::uint32_t gy, std::uint32_t k) {
  const Vec3& base = o.base.origin;
  const float x = o.displace_x > 0.0f
                      ? static_cast<float>(unit(object_noise(gx, gy, k, 45773)) * o.displace_x + base.x)
                      : base.x;
  const float y = o.displace_y > 0.0f
                      ? static_cast<float>(unit(object_noise(gx, gy, k, 72719)) * o.displace_y + base.y)
                      : base.y;
  const double quarter = unit(1813693831u * gy - gx * (1870387557u * gy + 1109124029u) - 402451965u);
  if (quarter >= 0.75) return {y, -x, base.z};
  if (quarter >= 0.5) return {-x, -y, base.z};
  if (quarter >= 0.25) return {-y, x, base.z};
  return {x, y, base.z};
}

float scenery_heading(const dat::SceneObject& o, std::uint32_t gx, std::uint32_t gy, std::uint32_t k) {
  if (!(o.max_rotation > 0.0f)) return 0.0f;
  return static_cast<float>(unit(object_noise(gx, gy, k, 63127)) * o.max_rotation);
}

float scenery_scale(const dat::SceneObject& o, std::uint32_t gx, std::uint32_t gy, std::uint32_t k) {
  if (o.min_scale == o.max_scale) return o.max_scale;
  const double ratio = static_cast<double>(o.max_scale) / static_cast<double>(o.min_scale);
  return static_cast<float>(std::pow(ratio, unit(object_noise(gx, gy, k, 32593))) * o.min_scale);
}

// The corners of the point's 24 m square that carry road, and where in the
// square the point is, decide: a road corner claims a 5 m band along each
// edge it shares with another road corner, or the corner itself.
bool on_road(const std::array<std::uint16_t, 81>& terrain, const Vec3& local) {
  const int ix = static_cast<int>(std::floor(local.x / 24.0));
  const int iy = static_cast<int>(std::floor(local.y / 24.0));
  if (ix < 0 || iy < 0 || ix > 7 || iy > 7) return false;
  const auto road = [&](int x, int y) { return (terrain[static_cast<std::size_t>(x * 9 + y)] & 3) != 0; };
  const bool r0 = road(ix, iy), r1 = road(ix, iy + 1), r2 = road(ix + 1, iy), r3 = road(ix + 1, iy + 1);
  if (!r0 && !r1 && !r2 && !r3) return false;
  const double dx = local.x - ix * 24.0;
  const float dy = static_cast<float>(local.y - iy * 24.0);
  const float lo = kRoadWidth, hi = kSquare - kRoadWidth;
  if (r0) {
    if (r1) {
      if (r2) return r3 || dx < lo || dy < lo;
      return r3 ? dx < lo || dy > hi : dx < lo;
    }
    if (r2) return r3 ? dx > hi || dy < lo : dy < lo;
    return r3 ? std::fabs(dx - dy) < lo : dx + dy < lo;
  }
  if (r1) {
    if (r2) return r3 ? dx > hi || dy > hi : std::fabs(dx + dy - kSquare) < lo;
    return r3 ? dy > hi : kSquare + dx - dy < lo;
  }
  if (r2) return r3 ? dx > hi : kSquare - dx + dy < lo;
  return 2.0f * kSquare - dx - dy < lo;
}

// Retail sets the heading through Frame::set_vector_heading and
// euler_set_rotate: a turn about z by minus the heading after a tilt about
// x by the forward axis's climb, rounded to float where retail stores one.
Quat with_heading(const Quat& orientation, float degrees) {
  const double r = degrees * kRadians;
  const Quat& q = orientation;
  Vec3 dir(static_cast<float>(std::sin(r)), static_cast<float>(std::cos(r)), 2.0f * (q.y * q.z + q.w * q.x));
  const float length = std::sqrt(dir.x * dir.x + dir.y * dir.y + dir.z * dir.z);
  if (length < 0.0002f) return orientation;
  dir /= length;
  const auto turn = static_cast<float>(-std::fmod(450.0 - std::atan2(dir.y, dir.x) * kDegrees, 360.0) * kRadians);
  const auto tilt = static_cast<float>(std::asin(dir.z) * kDegrees * kRadians);
  const auto ci = static_cast<float>(std::cos(tilt * 0.5)), si = static_cast<float>(std::sin(tilt * 0.5));
  const auto ch = static_cast<float>(std::cos(turn * 0.5));
  const double sh = std::sin(turn * 0.5);
  Quat out(ch * ci, si * ch, static_cast<float>(sh * si), static_cast<float>(ci * sh));
  return glm::normalize(out);
}

float heading_of(const Vec3& direction) {
  const float length = std::sqrt(direction.x * direction.x + direction.y * direction.y);
  if (length < 0.0002f) return 0.0f;
  const double x = direction.x / length, y = direction.y / length;
  return static_cast<float>(std::fmod(450.0 - std::atan2(y, x) * kDegrees, 360.0));
}

}  // namespace transit
