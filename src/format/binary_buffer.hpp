#pragma once
// Little-endian binary records for baked world files: a growing buffer to
// write plain values and arrays into, and a bounds-checked reader that names
// what it was reading when the bytes run out.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "transit/math/input_error.hpp"

namespace transit {

class BinaryWriter {
 public:
  template <typename T>
  void put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    append(&value, sizeof(T));
  }
  template <typename T>
  void put_array(const std::vector<T>& values) {
    static_assert(std::is_trivially_copyable_v<T>);
    put(static_cast<std::uint64_t>(values.size()));
    append(values.data(), values.size() * sizeof(T));
  }
  void put_string(std::string_view text) {
    put(static_cast<std::uint64_t>(text.size()));
    append(text.data(), text.size());
  }
  const std::string& bytes() const { return bytes_; }

 private:
  void append(const void* data, std::size_t size) {
    if (size > 0) bytes_.append(static_cast<const char*>(data), size);
  }
  std::string bytes_;
};

// `size()` records of T in place in the file's bytes, at any alignment:
// each is copied out when read, so nothing is copied that is not used.
template <typename T>
class PackedArray {
 public:
  PackedArray() = default;
  PackedArray(const char* data, std::size_t size) : data_(data), size_(size) {}
  std::size_t size() const { return size_; }
  T operator[](std::size_t i) const {
    T value;
    std::memcpy(&value, data_ + i * sizeof(T), sizeof(T));
    return value;
  }
  std::vector<T> to_vector() const {
    std::vector<T> values(size_);
    if (size_ > 0) std::memcpy(values.data(), data_, size_ * sizeof(T));  // no null pointer to memcpy
    return values;
  }

 private:
  const char* data_ = nullptr;
  std::size_t size_ = 0;
};

class BinaryReader {
 public:
  BinaryReader(std::string_view bytes, std::string source, std::size_t base_offset)
      : bytes_(bytes), source_(std::move(source)), base_(base_offset) {}

  template <typename T>
  T get(const char* what) {
    static_assert(std::is_trivially_copyable_v<T>);
    T value;
    std::memcpy(&value, take(sizeof(T), what), sizeof(T));
    return value;
  }
  template <typename T>
  std::vector<T> get_array(const char* what) {
    return get_packed<T>(what).to_vector();
  }
  // As get_array, read in place: the bytes must outlive the view.
  template <typename T>
  PackedArray<T> get_packed(const char* what) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto count = get<std::uint64_t>(what);
    if (count > (bytes_.size() - at_) / sizeof(T)) fail(what, count * sizeof(T));
    return PackedArray<T>(take(count * sizeof(T), what), count);
  }
  std::string get_string(const char* what) {
    const auto size = get<std::uint64_t>(what);
    if (size > bytes_.size() - at_) fail(what, size);
    return std::string(take(size, what), size);
  }
  // A count of things each at least `min_bytes` long, checked against what is left.
  std::size_t get_count(const char* what, std::size_t min_bytes) {
    const auto count = get<std::uint64_t>(what);
    if (count > (bytes_.size() - at_) / std::max<std::size_t>(min_bytes, 1)) fail(what, count * min_bytes);
    return count;
  }
  // `count` records of `record_bytes` each, checked once: the caller reads
  // them with memcpy.
  const char* get_records(std::size_t count, std::size_t record_bytes, const char* what) {
    if (count > (bytes_.size() - at_) / std::max<std::size_t>(record_bytes, 1)) fail(what, count * record_bytes);
    return take(count * record_bytes, what);
  }
  bool at_end() const { return at_ == bytes_.size(); }
  std::size_t offset() const { return base_ + at_; }

 private:
  const char* take(std::size_t size, const char* what) {
    if (size > bytes_.size() - at_) fail(what, size);
    const char* p = bytes_.data() + at_;
    at_ += size;
    return p;
  }
  [[noreturn]] void fail(const char* what, std::uint64_t size) const {
    throw InputError(fmt::format("{}: corrupt: {} needs {} bytes at byte {}, but {} are left", source_,
                                 what, size, base_ + at_, bytes_.size() - at_));
  }

  std::string_view bytes_;
  std::string source_;
  std::size_t base_ = 0;
  std::size_t at_ = 0;
};

// A 64-bit checksum of the bytes: four lanes of 8-byte multiply-rotate
// mixing (xxHash64's round, written anew), so that it runs at memory speed;
// it catches corruption, not tampering.
inline std::uint64_t checksum64(std::string_view bytes) {
  constexpr std::uint64_t kPrime1 = 0x9E3779B185EBCA87ull, kPrime2 = 0xC2B2AE3D27D4EB4Full;
  const auto round = [](std::uint64_t acc, std::uint64_t word) {
    acc += word * kPrime2;
    return ((acc << 31) | (acc >> 33)) * kPrime1;
  };
  std::uint64_t lanes[4] = {kPrime1 + kPrime2, kPrime2, 0, 0 - kPrime1};
  std::size_t i = 0;
  for (; i + 32 <= bytes.size(); i += 32)
    for (int k = 0; k < 4; ++k) {
      std::uint64_t w;
      std::memcpy(&w, bytes.data() + i + 8 * k, 8);
      lanes[k] = round(lanes[k], w);
    }
  std::uint64_t h = bytes.size();
  for (std::uint64_t lane : lanes) h = round(h ^ lane, lane) * kPrime1;
  for (; i < bytes.size(); ++i) h = (h ^ static_cast<unsigned char>(bytes[i])) * kPrime1;
  h ^= h >> 29;
  h *= kPrime2;
  return h ^ (h >> 32);
}

}  // namespace transit
