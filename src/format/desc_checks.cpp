#include "format/desc_checks.hpp"

#include <cmath>

#include <fmt/format.h>

#include "format/field_error.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

constexpr float kMinQuaternionLength = 1e-6f;
constexpr std::uint32_t kAllFlags = (kFlagViewer << 1) - 1;

}  // namespace

void DescChecker::fail(const std::string& path, const std::string& what) const {
  throw_field_error(source_, path, what);
}

void DescChecker::fail(const std::string& path, const std::string& what,
                       const std::string& value) const {
  throw_field_error(source_, path, what, value);
}

void DescChecker::finite(float value, const std::string& path) const {
  if (!std::isfinite(value)) fail(path, "must be a finite number", format_float(value));
}

void DescChecker::finite(const Vec3& value, const std::string& path) const {
  if (!is_finite(value)) fail(path, "must be 3 finite numbers", format_vec3(value));
}

void DescChecker::positive(float value, const std::string& path) const {
  if (!std::isfinite(value) || !(value > 0.0f))
    fail(path, "must be a positive number", format_float(value));
}

void DescChecker::non_negative(float value, const std::string& path) const {
  if (!std::isfinite(value) || !(value >= 0.0f))
    fail(path, "must be a number >= 0", format_float(value));
}

void DescChecker::orientation(const OrientationDesc& o, const std::string& object_path) const {
  if (o.heading_deg && o.rotation)
    fail(object_path + "/rotation", "give either \"heading\" or \"rotation\", not both");
  if (o.heading_deg) finite(*o.heading_deg, object_path + "/heading");
  if (o.rotation) {
    const Quat& q = *o.rotation;
    const std::string text = fmt::format("[{}, {}, {}, {}]", format_float(q.w), format_float(q.x),
                                         format_float(q.y), format_float(q.z));
    const bool ok = std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) &&
                    std::isfinite(q.z) && glm::length(q) > kMinQuaternionLength;
    if (!ok) fail(object_path + "/rotation", "must be a non-zero quaternion [w, x, y, z]", text);
  }
}

void DescChecker::position(const PositionDesc& p, const std::string& path) const {
  if (p.cell) {
    if (!is_valid_cell_id(*p.cell)) {
      fail(path + "/cell",
           "must be a cell id 0xXXYYCCCC with XX and YY 0..254 and CCCC an outdoor cell "
           "0x0001..0x0040 or an indoor cell 0x0100..0xFFFD",
           format_cell_id(*p.cell));
    }
    finite(p.local, path + "/local");
  } else {
    finite(p.global, path + "/global");
  }
  orientation(p.orientation, path);
}

void DescChecker::flags(std::uint32_t flags, const std::string& path) const {
  if ((flags & ~kAllFlags) != 0)
    fail(path, "has unknown flag bits", fmt::format("0x{:08X}", flags & ~kAllFlags));
}

std::string format_vec3(const Vec3& v) {
  return fmt::format("[{}, {}, {}]", format_float(v.x), format_float(v.y), format_float(v.z));
}

std::string format_landblock(CellId id) {
  return fmt::format("({}, {})", landblock_x(id), landblock_y(id));
}

SceneRefs::SceneRefs(const SceneDesc& scene) {
  for (const LandblockDesc& lb : scene.landblocks) {
    if (is_valid_block_coord(static_cast<std::uint32_t>(lb.x)) &&
        is_valid_block_coord(static_cast<std::uint32_t>(lb.y)))
      landblocks_.insert(
          make_landblock_id(static_cast<std::uint32_t>(lb.x), static_cast<std::uint32_t>(lb.y)));
  }
  for (const CellDesc& cell : scene.cells) cells_.insert(cell.id);
}

bool SceneRefs::has_landblock_of(CellId id) const {
  return landblocks_.count(landblock_of(id)) > 0;
}

void SceneRefs::check_position(const DescChecker& check, const PositionDesc& p,
                               const std::string& path) const {
  if (p.cell) {
    if (is_indoor(*p.cell) && !has_cell(*p.cell))
      check.fail(path + "/cell", "names no cell of the scene", format_cell_id(*p.cell));
    if (!has_landblock_of(*p.cell)) {
      check.fail(path + "/cell",
                 "lies in landblock " + format_landblock(*p.cell) + ", which is not in the scene",
                 format_cell_id(*p.cell));
    }
    return;
  }
  const std::optional<CellPoint> point = global_to_local(p.global);
  if (!point) {
    check.fail(path + "/global", "lies outside the world (x and y must be 0 up to 48960)",
               format_vec3(p.global));
  }
  if (!has_landblock_of(point->cell_id)) {
    check.fail(
        path + "/global",
        "lies in landblock " + format_landblock(point->cell_id) + ", which is not in the scene",
        format_vec3(p.global));
  }
}

}  // namespace transit
