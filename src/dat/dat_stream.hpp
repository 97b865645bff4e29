#pragma once
// Little-endian fields of one retail file's bytes, each read checked: a
// read past the end throws InputError naming the file and the byte.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "transit/dat/landblock_info.hpp"
#include "transit/math/input_error.hpp"
#include "transit/math/vec.hpp"

namespace transit::dat {

class DatStream {
 public:
  // `label` names the file in errors ("client_cell_1.dat: file 0x...").
  DatStream(std::string_view bytes, std::string label) : bytes_(bytes), label_(std::move(label)) {}

  std::uint8_t u8() { return get<std::uint8_t>(); }
  std::uint16_t u16() { return get<std::uint16_t>(); }
  std::uint32_t u32() { return get<std::uint32_t>(); }
  std::int32_t i32() { return get<std::int32_t>(); }
  float f32() { return get<float>(); }
  Vec3 vec3() {
    const float x = f32(), y = f32(), z = f32();
    return {x, y, z};
  }
  // Retail stores w first.
  Quat quat() {
    const float w = f32(), x = f32(), y = f32(), z = f32();
    return Quat(w, x, y, z);
  }
  // Retail's packed count: 1, 2 or 4 bytes by the first byte's top bits.
  std::uint32_t compressed_u32() {
    const std::uint8_t b0 = u8();
    if (!(b0 & 0x80)) return b0;
    const std::uint8_t b1 = u8();
    if (!(b0 & 0x40)) return (static_cast<std::uint32_t>(b0 & 0x7F) << 8) | b1;
    const std::uint16_t low = u16();
    return (((static_cast<std::uint32_t>(b0 & 0x3F) << 8) | b1) << 16) | low;
  }
  // A float, or a vector of three, that must be finite: `what` names it.
  float finite_f32(const char* what) {
    const float v = f32();
    if (!std::isfinite(v)) fail(fmt::format("{} is not finite", what));
    return v;
  }
  Vec3 finite_vec3(const char* what) {
    const Vec3 v = vec3();
    if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) fail(fmt::format("{} is not finite", what));
    return v;
  }
  // An origin then a quaternion, both finite.
  DatFrame frame() {
    DatFrame f;
    f.origin = vec3();
    f.orientation = quat();
    const auto bad = [](float v) { return !std::isfinite(v); };
    const Vec3& o = f.origin;
    const Quat& q = f.orientation;
    if (bad(o.x) || bad(o.y) || bad(o.z) || bad(q.w) || bad(q.x) || bad(q.y) || bad(q.z)) fail("a frame is not finite");
    return f;
  }
  // A 16-bit length, then that many bytes.
  std::string pstring() {
    const std::uint16_t size = u16();
    return std::string(take(size, "a string"), size);
  }
  // To the next multiple of 4 bytes from the file's start.
  void align() { skip((4 - at_ % 4) % 4); }
  void skip(std::size_t n) { take(n, "padding"); }
  // A count that the bytes left could hold at `each` bytes an item.
  std::uint32_t count(std::uint32_t value, std::size_t each, const char* what) const {
    if (each > 0 && value > remaining() / each)
      fail(fmt::format("{} {} would need {} bytes, {} are left", what, value,
                       static_cast<std::uint64_t>(value) * each, remaining()));
    return value;
  }
  // A cell file's id, whose low 16 bits name its type (0xFFFF terrain,
  // 0xFFFE LandblockInfo).
  std::uint32_t cell_file_id(std::uint16_t low, const char* what) {
    const std::uint32_t id = u32();
    if ((id & 0xFFFFu) != low) fail(fmt::format("id 0x{:08X} is not {} (0xXXYY{:04X})", id, what, low));
    return id;
  }
  // A portal file's id, whose top byte names its type (0x01 GfxObj, 0x02
  // Setup, 0x0D Environment, 0x13 Region).
  std::uint32_t portal_file_id(std::uint8_t type, const char* what) {
    const std::uint32_t id = u32();
    if (id >> 24 != type) fail(fmt::format("id 0x{:08X} is not {} (0x{:02X}......)", id, what, type));
    return id;
  }
  std::size_t offset() const { return at_; }
  std::size_t remaining() const { return bytes_.size() - at_; }
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(fmt::format("{}: at byte {}: {}", label_, at_, what));
  }

 private:
  template <typename T>
  T get() {
    T value;
    std::memcpy(&value, take(sizeof(T), "a field"), sizeof(T));
    return value;
  }
  const char* take(std::size_t n, const char* what) {
    if (n > remaining())
      fail(fmt::format("{} of {} bytes runs past the end ({} bytes)", what, n, bytes_.size()));
    const char* p = bytes_.data() + at_;
    at_ += n;
    return p;
  }

  std::string_view bytes_;
  std::string label_;
  std::size_t at_ = 0;
};

}  // namespace transit::dat
