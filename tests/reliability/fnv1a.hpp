#pragma once
// FNV-1a over the bytes of values: the determinism tests' hash of results,
// so that one changed bit anywhere changes it.

#include <cstddef>
#include <cstdint>

#include "transit/math/vec.hpp"

namespace transit::reliability {

class Fnv1a {
 public:
  template <typename T>
  void add(const T& value) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(&value);
    for (std::size_t i = 0; i < sizeof(T); ++i) hash_ = (hash_ ^ bytes[i]) * 0x100000001B3ull;
  }
  void add(const Vec3& v) { add(v.x), add(v.y), add(v.z); }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xCBF29CE484222325ull;
};

}  // namespace transit::reliability
