#pragma once

#include <cstdint>

namespace transit {

/// A handle to an object of a World: its slot and the slot's generation.
/// Removing the object makes every copy of the handle stale (the slot's
/// generation moves on when the slot is reused), so a stale handle is
/// detected, never silently taken for the slot's next object. Compared by
/// value; the default handle names no object.
struct ObjectId {
  static constexpr std::uint32_t kNoSlot = 0xFFFFFFFFu;
  std::uint32_t index = kNoSlot;  ///< the slot: the object's index in World::objects()
  std::uint32_t generation = 0;   ///< how many objects the slot held before this one
  bool operator==(const ObjectId&) const = default;
};

}  // namespace transit
