#pragma once

#include <cstdint>

#include "transit/math/frame.hpp"

namespace transit {

/// A 32-bit object-cell id (0xXXYYCCCC) and a frame local to its landblock.
struct Position {
  std::uint32_t objcell_id = 0;
  Frame frame;

  Vec3 local_to_global(const Vec3& point) const { return frame.local_to_global(point); }
  Vec3 local_to_global_vec(const Vec3& v) const { return frame.local_to_global_vec(v); }
  Vec3 global_to_local_vec(const Vec3& v) const { return frame.global_to_local_vec(v); }

  bool operator==(const Position&) const = default;
};

}  // namespace transit
