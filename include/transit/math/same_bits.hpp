#pragma once
// Bit-for-bit equality of floats and what is made of them: -0 differs from
// +0 and a NaN equals itself. What determinism is checked with, and what
// memos compare their keys by.

#include <bit>
#include <cstdint>
#include <optional>

#include "transit/math/position.hpp"
#include "transit/math/sphere.hpp"

namespace transit {

/// Bit-for-bit equality (NaNs with equal bits are equal; 0 and -0 are not),
/// for memo keys and determinism checks.
inline bool same_bits(float a, float b) {
  return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}
inline bool same_bits(const Vec3& a, const Vec3& b) {
  return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}
inline bool same_bits(const Quat& a, const Quat& b) {
  return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z) && same_bits(a.w, b.w);
}
inline bool same_bits(const Sphere& a, const Sphere& b) {
  return same_bits(a.center, b.center) && same_bits(a.radius, b.radius);
}
/// Same x, y and radius: a sphere straight above or below the other.
inline bool same_footprint(const Sphere& a, const Sphere& b) {
  return same_bits(a.center.x, b.center.x) && same_bits(a.center.y, b.center.y) &&
         same_bits(a.radius, b.radius);
}
inline bool same_bits(const Position& a, const Position& b) {
  return a.objcell_id == b.objcell_id && same_bits(a.frame.origin, b.frame.origin) &&
         same_bits(a.frame.orientation, b.frame.orientation);
}
/// Both empty, or both set to the same bits (same_bits of T found by ADL).
template <typename T>
bool same_bits(const std::optional<T>& a, const std::optional<T>& b) {
  return a.has_value() == b.has_value() && (!a || same_bits(*a, *b));
}

}  // namespace transit
