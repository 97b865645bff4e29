#pragma once
// Reads little-endian values from a fuzzer's input, zero when it runs out.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace transit::fuzz {

class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  template <typename T>
  T next() {
    T value{};
    const std::size_t n = std::min(sizeof(T), size_ - std::min(size_, at_));
    if (n > 0) std::memcpy(&value, data_ + at_, n);
    at_ += sizeof(T);
    return value;
  }
  bool done() const { return at_ >= size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

}  // namespace transit::fuzz
