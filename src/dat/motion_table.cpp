#include "transit/dat/motion_table.hpp"

#include <cmath>

#include "dat/dat_stream.hpp"
#include "transit/math/constants.hpp"

namespace transit::dat {

namespace {

constexpr std::size_t kAnimationBytes = 16;  // animation id, frame range, frame rate
constexpr std::uint8_t kHasVelocity = 1;
constexpr std::uint8_t kHasOmega = 2;

MotionCycle motion_data(DatStream& s) {
  MotionCycle m;
  m.animations = s.u8();
  s.u8();  // flags retail keeps for the sequence
  const std::uint8_t has = s.u8();
  s.align();
  s.skip(static_cast<std::size_t>(m.animations) * kAnimationBytes);
  if (has & kHasVelocity) m.velocity = s.finite_vec3("a cycle's velocity");
  if (has & kHasOmega) m.omega = s.finite_vec3("a cycle's omega");
  return m;
}

// The smallest a keyed motion can be: its key and four bytes of counts.
constexpr std::size_t kMinKeyedMotion = 8;

std::map<std::uint32_t, MotionCycle> keyed_motions(DatStream& s, const char* what) {
  std::map<std::uint32_t, MotionCycle> out;
  const std::uint32_t count = s.count(s.u32(), kMinKeyedMotion, what);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t key = s.u32();
    out[key] = motion_data(s);
  }
  return out;
}

}  // namespace

const MotionCycle* MotionTable::cycle(std::uint32_t style, std::uint32_t motion) const {
  const auto it = cycles.find(motion_key(style != 0 ? style : default_style, motion));
  return it == cycles.end() ? nullptr : &it->second;
}

const MotionCycle* MotionTable::modifier(std::uint32_t style, std::uint32_t motion) const {
  auto it = modifiers.find(motion_key(style != 0 ? style : default_style, motion));
  if (it == modifiers.end()) it = modifiers.find(motion & 0xFFFFFFu);
  return it == modifiers.end() ? nullptr : &it->second;
}

std::optional<float> MotionTable::turn_rate_deg(std::uint32_t style) const {
  const auto rate = [](const MotionCycle* m) -> std::optional<float> {
    if (!m || !m->omega || m->omega->z == 0.0f) return std::nullopt;
    return std::fabs(m->omega->z) * kDegreesPerRadian;
  };
  if (const std::optional<float> standing = rate(cycle(style, kMotionTurnRight))) return standing;
  return rate(modifier(style, kMotionTurnRight));
}

// ACE: MotionTable.GetObjectSequence (the cycle, else the modifier, of a motion)
std::optional<float> MotionTable::cycle_speed(std::uint32_t motion, std::uint32_t style) const {
  const MotionCycle* m = cycle(style, motion);
  if (!m && (motion & kModifierCommand)) m = modifier(style, motion);
  if (!m) return std::nullopt;
  if (!m->velocity) return 0.0f;
  return motion == kMotionSideStepRight ? m->velocity->x : m->velocity->y;
}

MotionTable parse_motion_table(std::string_view bytes, const std::string& label) {
  DatStream s(bytes, label);
  MotionTable t;
  t.id = s.portal_file_id(0x09, "a MotionTable's");
  t.default_style = s.u32();
  const std::uint32_t defaults = s.count(s.u32(), 8, "style default count");
  for (std::uint32_t i = 0; i < defaults; ++i) {
    const std::uint32_t style = s.u32();
    t.style_defaults[style] = s.u32();
  }
  t.cycles = keyed_motions(s, "cycle count");
  t.modifiers = keyed_motions(s, "modifier count");
  t.links = s.count(s.u32(), kMinKeyedMotion, "link count");
  for (std::uint32_t i = 0; i < t.links; ++i) {
    s.u32();  // the motion the links leave
    keyed_motions(s, "link target count");
  }
  return t;
}

}  // namespace transit::dat
