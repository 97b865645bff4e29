#include "transit/desc/scene_desc.hpp"

#include <array>
#include <utility>

#include "transit/desc/run_desc.hpp"
#include "transit/math/frame.hpp"

namespace transit {

namespace {

constexpr std::array<std::pair<std::uint32_t, const char*>, 15> kFlagNames{{
    {kFlagEthereal, "ethereal"},
    {kFlagStatic, "static"},
    {kFlagCreature, "creature"},
    {kFlagPlayer, "player"},
    {kFlagPk, "pk"},
    {kFlagImpenetrable, "impenetrable"},
    {kFlagIgnoreCreatures, "ignore_creatures"},
    {kFlagMissile, "missile"},
    {kFlagEdgeSlide, "edge_slide"},
    {kFlagGravity, "gravity"},
    {kFlagPerfectClip, "perfect_clip"},
    {kFlagPathClipped, "path_clipped"},
    {kFlagFreeRotate, "free_rotate"},
    {kFlagViewer, "viewer"},
    {kFlagIgnoreCollisions, "ignore_collisions"},
}};

}  // namespace

Quat OrientationDesc::quat() const {
  if (rotation) return glm::normalize(*rotation);
  if (heading_deg) return Frame::from_heading(Vec3(0.0f), *heading_deg).orientation;
  return Quat(1.0f, 0.0f, 0.0f, 0.0f);
}

const char* entity_flag_name(std::uint32_t bit) {
  for (const auto& [b, name] : kFlagNames)
    if (b == bit) return name;
  return nullptr;
}

std::uint32_t entity_flag_from_name(const std::string& name) {
  for (const auto& [b, n] : kFlagNames)
    if (name == n) return b;
  return 0;
}

const char* to_string(MoverKind mover) {
  switch (mover) {
    case MoverKind::Quake:
      return "quake";
    case MoverKind::Tribes:
      return "tribes";
    default:
      return "ac";
  }
}

const char* to_string(ForwardInput forward) {
  switch (forward) {
    case ForwardInput::Run:
      return "run";
    case ForwardInput::Walk:
      return "walk";
    case ForwardInput::Back:
      return "back";
    default:
      return "stop";
  }
}

const char* to_string(StrafeInput strafe) {
  switch (strafe) {
    case StrafeInput::Left:
      return "left";
    case StrafeInput::Right:
      return "right";
    default:
      return "stop";
  }
}

}  // namespace transit
