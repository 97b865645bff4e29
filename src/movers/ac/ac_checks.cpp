#include "transit/movers/ac/ac_checks.hpp"

#include <cmath>
#include <utility>

#include <fmt/format.h>

#include "transit/world/land_defs.hpp"

namespace transit::ac {

namespace {

bool finite(const Vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

std::string text(const Vec3& v) {
  return fmt::format("[{}, {}, {}]", v.x, v.y, v.z);
}

// Field names are literals: building them only once a check fails keeps
// every update (which checks its body) free of allocation.
std::optional<std::string> positive(float value, const char* field) {
  if (std::isfinite(value) && value > 0.0f) return std::nullopt;
  return fmt::format("body: {} must be a positive number, got {}", field, value);
}

std::optional<std::string> not_negative(float value, const char* field) {
  if (std::isfinite(value) && value >= 0.0f) return std::nullopt;
  return fmt::format("body: {} must be a number >= 0, got {}", field, value);
}

std::optional<std::string> check_orientation(const Quat& q, const std::string& what) {
  // A zero quaternion is let through: glm rotates by it as by identity, and
  // Frame{origin, {}} makes one.
  if (std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z))
    return std::nullopt;
  return fmt::format("{}: orientation must be a finite quaternion, got [{}, {}, {}, {}]", what, q.w,
                     q.x, q.y, q.z);
}

}  // namespace

std::optional<std::string> check_body(const AcBody& body) {
  for (std::size_t i = 0; i < body.spheres.size(); ++i) {
    if (!finite(body.spheres[i].center))
      return fmt::format("body: spheres[{}].center must be finite, got {}", i,
                         text(body.spheres[i].center));
    const float radius = body.spheres[i].radius;
    if (!(std::isfinite(radius) && radius > 0.0f))
      return fmt::format("body: spheres[{}].radius must be a positive number, got {}", i, radius);
  }
  if (auto e = positive(body.scale, "scale")) return e;
  if (auto e = not_negative(body.step_up_height, "step_up_height")) return e;
  return not_negative(body.step_down_height, "step_down_height");
}

std::optional<std::string> check_position(const World& world, const Position& pos,
                                          const std::string& what) {
  const Vec3& o = pos.frame.origin;
  if (!finite(o)) return fmt::format("{}: position must be finite, got {}", what, text(o));
  if (auto e = check_orientation(pos.frame.orientation, what)) return e;
  if (!world.has_cell(pos.objcell_id))
    return fmt::format("{}: cell 0x{:08X} is not in the world", what, pos.objcell_id);
  if (is_outdoor(pos.objcell_id) && !world.resolve_global(local_to_global(pos.objcell_id, o)))
    return fmt::format("{}: {} (local to landblock 0x{:08X}) lies in no loaded landblock", what,
                       text(o), landblock_of(pos.objcell_id));
  return std::nullopt;
}

std::optional<std::string> check_contact(const World& world, const AcContact& contact) {
  if (contact.contact_plane) {
    const CellPlane& cp = *contact.contact_plane;
    if (!finite(cp.plane.normal) || !std::isfinite(cp.plane.d) || cp.plane.normal == Vec3(0.0f))
      return fmt::format(
          "contact: contact_plane must be finite with a non-zero normal, got "
          "normal {} d {}",
          text(cp.plane.normal), cp.plane.d);
    if (!world.has_cell(cp.cell))
      return fmt::format("contact: contact_plane cell 0x{:08X} is not in the world", cp.cell);
  }
  if (contact.sliding_normal && !finite(*contact.sliding_normal))
    return fmt::format("contact: sliding_normal must be finite, got {}",
                       text(*contact.sliding_normal));
  if (contact.frames_stationary_fall < 0)
    return fmt::format("contact: frames_stationary_fall must be >= 0, got {}",
                       contact.frames_stationary_fall);
  return std::nullopt;
}

std::optional<std::string> check_move(const World& world, const AcBody& body, const Position& begin,
                                      const Position& end, const AcContact& contact) {
  if (auto e = check_body(body)) return e;
  if (auto e = check_position(world, begin, "begin")) return e;
  if (auto e = check_position(world, end, "end")) return e;
  return check_contact(world, contact);
}

Checked<AcMoveResult> checked_move_body(const World& world, const AcBody& body,
                                        const Position& begin, const Position& end,
                                        const AcContact& contact, TransitionOptions options) {
  if (auto e = check_move(world, body, begin, end, contact)) return {std::move(e), {}};
  return {std::nullopt, move_body(world, body, begin, end, contact, options)};
}

Checked<AcPlacement> checked_place_body(const World& world, const AcBody& body, const Position& at) {
  if (auto e = check_body(body)) return {std::move(e), {}};
  if (auto e = check_position(world, at, "at")) return {std::move(e), {}};
  return {std::nullopt, place_body(world, body, at)};
}

}  // namespace transit::ac
