#include "format/desc_json.hpp"

#include <algorithm>
#include <cstdlib>

#include "format/field_error.hpp"

namespace transit {

using nlohmann::ordered_json;

OrientationDesc read_orientation(const JsonCursor& object) {
  OrientationDesc out;
  if (auto heading = object.optional_field("heading")) out.heading_deg = heading->as_float();
  if (auto rotation = object.optional_field("rotation")) {
    if (out.heading_deg) rotation->fail_here("give either \"heading\" or \"rotation\", not both");
    const nlohmann::json& q = rotation->node();
    if (!q.is_array() || q.size() != 4)
      rotation->fail("must be an array of 4 numbers [w, x, y, z]");
    const std::vector<JsonCursor> e = rotation->elements();
    out.rotation = Quat(e[0].as_float(), e[1].as_float(), e[2].as_float(), e[3].as_float());
  }
  return out;
}

PositionDesc read_position(const JsonCursor& position) {
  position.expect_object({"cell", "local", "global", "heading", "rotation"});
  PositionDesc out;
  const bool has_global = position.has("global");
  if (has_global && (position.has("cell") || position.has("local")))
    position.fail_here("give either \"cell\" and \"local\" or \"global\", not both");
  if (!has_global && !position.has("cell") && !position.has("local"))
    position.fail_here("needs \"cell\" and \"local\", or \"global\"");
  if (has_global) {
    out.global = position.field("global").as_vec3();
  } else {
    out.cell = position.field("cell").as_id();
    out.local = position.field("local").as_vec3();
  }
  out.orientation = read_orientation(position);
  return out;
}

ordered_json float_json(float value) {
  const std::string shortest = format_float(value);
  const double parsed = std::strtod(shortest.c_str(), nullptr);
  // The shortest float text read as a double must round back to the float
  // (it always does in practice; the exact double is the safe fallback).
  if (static_cast<float>(parsed) == value) return parsed;
  return static_cast<double>(value);
}

ordered_json vec3_json(const Vec3& v) {
  return ordered_json::array({float_json(v.x), float_json(v.y), float_json(v.z)});
}

ordered_json cell_id_json(std::uint32_t id) {
  return format_cell_id(id);
}

void write_orientation(const OrientationDesc& orientation, ordered_json& object) {
  if (orientation.heading_deg) object["heading"] = float_json(*orientation.heading_deg);
  if (orientation.rotation) {
    const Quat& q = *orientation.rotation;
    object["rotation"] =
        ordered_json::array({float_json(q.w), float_json(q.x), float_json(q.y), float_json(q.z)});
  }
}

ordered_json position_json(const PositionDesc& position) {
  ordered_json out = ordered_json::object();
  if (position.cell) {
    out["cell"] = cell_id_json(*position.cell);
    out["local"] = vec3_json(position.local);
  } else {
    out["global"] = vec3_json(position.global);
  }
  write_orientation(position.orientation, out);
  return out;
}

}  // namespace transit

namespace transit {

namespace {

constexpr std::size_t kValuesPerLine = 9;
constexpr std::size_t kLongArray = 12;

bool is_container(const ordered_json& v) {
  return v.is_array() || v.is_object();
}

std::string scalar_text(const ordered_json& v) {
  return v.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

void print_json(const ordered_json& v, int indent, std::string& out);

void print_flat_array(const ordered_json& v, int indent, std::string& out) {
  const bool wrap = v.size() > kLongArray;
  const std::string inner(static_cast<std::size_t>(indent + 2), ' ');
  out += wrap ? "[\n" + inner : "[";
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i > 0) out += (wrap && i % kValuesPerLine == 0) ? ",\n" + inner : ", ";
    out += scalar_text(v[i]);
  }
  out += wrap ? "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "]" : "]";
}

void print_container(const ordered_json& v, int indent, std::string& out) {
  const bool is_object = v.is_object();
  const std::string inner(static_cast<std::size_t>(indent + 2), ' ');
  out += is_object ? "{\n" : "[\n";
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out += inner;
    if (is_object) out += scalar_text(ordered_json(it.key())) + ": ";
    print_json(*it, indent + 2, out);
  }
  out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + (is_object ? "}" : "]");
}

void print_json(const ordered_json& v, int indent, std::string& out) {
  if (!is_container(v)) {
    out += scalar_text(v);
  } else if (v.empty()) {
    out += v.is_array() ? "[]" : "{}";
  } else if (v.is_array() && std::none_of(v.begin(), v.end(), is_container)) {
    print_flat_array(v, indent, out);
  } else {
    print_container(v, indent, out);
  }
}

}  // namespace

void check_format_field(const JsonCursor& root, const std::string& expected) {
  if (!root.node().is_object()) root.fail("must be a JSON object");
  const JsonCursor format = root.field("format");
  if (!format.node().is_string() || format.node().get<std::string>() != expected)
    format.fail("must be \"" + expected + "\"");
}

std::string pretty_json(const ordered_json& value) {
  std::string out;
  print_json(value, 0, out);
  out += '\n';
  return out;
}

ForwardInput read_forward(const JsonCursor& c) {
  const std::string name = c.node().is_string() ? c.node().get<std::string>() : "";
  if (name == "run") return ForwardInput::Run;
  if (name == "walk") return ForwardInput::Walk;
  if (name == "back") return ForwardInput::Back;
  if (name == "stop") return ForwardInput::Stop;
  c.fail("must be \"run\", \"walk\", \"back\" or \"stop\"");
}

StrafeInput read_strafe(const JsonCursor& c) {
  const std::string name = c.node().is_string() ? c.node().get<std::string>() : "";
  if (name == "left") return StrafeInput::Left;
  if (name == "right") return StrafeInput::Right;
  if (name == "stop") return StrafeInput::Stop;
  c.fail("must be \"left\", \"right\" or \"stop\"");
}

}  // namespace transit
