#include "format/result_json.hpp"

#include <string>

#include <fmt/format.h>

#include "transit/world/land_defs.hpp"

namespace transit {

using nlohmann::ordered_json;

double shortest_double(float f) { return std::stod(fmt::format("{}", f)); }

double result_time(double t) { return std::stod(fmt::format("{:.9g}", t)); }

ordered_json result_vec_json(const Vec3& v) {
  return ordered_json::array({shortest_double(v.x), shortest_double(v.y), shortest_double(v.z)});
}

ordered_json result_position_json(const Position& p) {
  return ordered_json{{"cell", fmt::format("0x{:08X}", p.objcell_id)},
                      {"local", result_vec_json(p.frame.origin)},
                      {"global", result_vec_json(local_to_global(p.objcell_id, p.frame.origin))}};
}

ordered_json result_plane_json(const std::optional<ac::CellPlane>& p) {
  if (!p) return nullptr;
  return ordered_json{{"normal", result_vec_json(p->plane.normal)},
                      {"d", shortest_double(p->plane.d)},
                      {"cell", fmt::format("0x{:08X}", p->cell)},
                      {"water", p->water}};
}

ordered_json result_optional_vec_json(const std::optional<Vec3>& v) {
  return v ? result_vec_json(*v) : ordered_json(nullptr);
}

Position read_result_position(const JsonCursor& j) {
  j.expect_object({"cell", "local", "global"});
  Position p;
  p.objcell_id = j.field("cell").as_id();
  p.frame.origin = j.field("local").as_vec3();
  return p;
}

std::optional<ac::CellPlane> read_result_plane(const JsonCursor& j, std::string_view key) {
  const std::optional<JsonCursor> f = j.optional_field(key);
  if (!f || f->node().is_null()) return std::nullopt;
  f->expect_object({"normal", "d", "cell", "water"});
  ac::CellPlane p;
  p.plane.normal = f->field("normal").as_vec3();
  p.plane.d = f->field("d").as_float();
  p.cell = f->field("cell").as_id();
  p.water = f->field("water").as_bool();
  return p;
}

std::optional<Vec3> read_result_optional_vec(const JsonCursor& j, std::string_view key) {
  const std::optional<JsonCursor> f = j.optional_field(key);
  if (!f || f->node().is_null()) return std::nullopt;
  return f->as_vec3();
}

}  // namespace transit
