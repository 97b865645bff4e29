#pragma once

#include <atomic>
#include <cstdint>

namespace transit {

/// A number naming one state of a world's cell structure, never given to two
/// states in one process: a world built, copied, moved into or changed takes
/// a fresh one, so an answer remembered under a version is still the answer
/// while the version holds, even for another world at the same address.
class StructureVersion {
 public:
  StructureVersion() : value_(next()) {}
  StructureVersion(const StructureVersion&) : value_(next()) {}
  StructureVersion(StructureVersion&& other) noexcept : value_(next()) { other.renew(); }
  StructureVersion& operator=(const StructureVersion&) {
    renew();
    return *this;
  }
  StructureVersion& operator=(StructureVersion&& other) noexcept {
    renew();
    other.renew();
    return *this;
  }

  std::uint64_t value() const { return value_; }
  void renew() { value_ = next(); }

 private:
  static std::uint64_t next() {
    static std::atomic<std::uint64_t> counter{0};
    return counter.fetch_add(1, std::memory_order_relaxed) + 1;
  }

  std::uint64_t value_;
};

}  // namespace transit
