#pragma once
// A world's things named by {index1, generation, world} ids (checkers,
// claim states, crowds): slots reused, generations counted, so that a
// destroyed thing's id goes stale. Adding and removing need the world to
// be used by nobody else; looking up live entries may run on many threads.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "capi/call_guard.hpp"

namespace transit::capi {

template <typename T>
class SlotList {
 public:
  /// Stores `value`; index1 and generation of its id.
  std::pair<std::uint32_t, std::uint32_t> add(std::unique_ptr<T> value) {
    std::size_t index;
    if (!free_.empty()) {
      index = free_.back();
      free_.pop_back();
    } else {
      index = slots_.size();
      slots_.emplace_back();
    }
    slots_[index].value = std::move(value);
    return {static_cast<std::uint32_t>(index + 1), slots_[index].generation};
  }

  /// The live entry of an id, or null.
  T* find(std::uint32_t index1, std::uint32_t generation) const {
    if (index1 == 0 || index1 > slots_.size()) return nullptr;
    const Slot& slot = slots_[index1 - 1];
    return slot.value && slot.generation == generation ? slot.value.get() : nullptr;
  }

  /// The live entry of an id; refuses a null, unknown or stale one, naming `what`.
  T& get(std::uint32_t index1, std::uint32_t generation, const char* what) const {
    if (index1 == 0 || index1 > slots_.size())
      refuse(tr_errorInvalidId, std::string(what) + ": null or unknown id");
    T* value = find(index1, generation);
    if (!value) refuse(tr_errorInvalidId, std::string(what) + ": stale id (it was destroyed)");
    return *value;
  }

  void remove(std::uint32_t index1, std::uint32_t generation, const char* what) {
    get(index1, generation, what);
    Slot& slot = slots_[index1 - 1];
    slot.value.reset();
    ++slot.generation;
    free_.push_back(index1 - 1);
  }

 private:
  struct Slot {
    std::uint32_t generation = 1;
    std::unique_ptr<T> value;
  };
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_;
};

}  // namespace transit::capi
