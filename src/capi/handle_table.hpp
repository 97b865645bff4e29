#pragma once
// A fixed table of owned things named by {index1, generation} ids, as
// Box2D v3 names its worlds: looking an id up takes no lock and never
// reallocates, so calls on different entries may run on many threads; a
// destroyed entry's id goes stale because its slot's generation moves on.

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "capi/call_guard.hpp"

namespace transit::capi {

template <typename T, std::size_t Capacity>
class HandleTable {
 public:
  /// Stores `value`; index1 and generation of its id.
  std::pair<std::uint16_t, std::uint16_t> add(std::unique_ptr<T> value, const char* what) {
    std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < Capacity; ++i) {
      if (slots_[i].value) continue;
      slots_[i].value = std::move(value);
      return {static_cast<std::uint16_t>(i + 1), slots_[i].generation};
    }
    refuse(tr_errorCapacity,
           std::string(what) + ": at most " + std::to_string(Capacity) + " at once");
  }

  /// The entry of a live id; refuses a null or stale one.
  T& get(std::uint16_t index1, std::uint16_t generation, const char* what) const {
    if (index1 == 0 || index1 > Capacity)
      refuse(tr_errorInvalidId, std::string(what) + ": null or unknown id");
    const Slot& slot = slots_[index1 - 1];
    if (!slot.value || slot.generation != generation)
      refuse(tr_errorInvalidId, std::string(what) + ": stale id (it was destroyed)");
    return *slot.value;
  }

  void remove(std::uint16_t index1, std::uint16_t generation, const char* what) {
    get(index1, generation, what);
    std::lock_guard lock(mutex_);
    Slot& slot = slots_[index1 - 1];
    slot.value.reset();
    ++slot.generation;
  }

 private:
  struct Slot {
    std::unique_ptr<T> value;
    std::uint16_t generation = 1;
  };
  std::array<Slot, Capacity> slots_;
  mutable std::mutex mutex_;
};

}  // namespace transit::capi
