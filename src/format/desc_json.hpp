#pragma once
// JSON reading and writing of the parts the scene, moves and script formats
// share: vectors, floats, cell ids, orientations and positions.

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "format/json_cursor.hpp"
#include "transit/desc/run_desc.hpp"
#include "transit/desc/scene_desc.hpp"

namespace transit {

// "heading" and "rotation" of `object` (both optional, not both at once).
OrientationDesc read_orientation(const JsonCursor& object);
// {"cell", "local"} or {"global"}, with an optional orientation inside.
PositionDesc read_position(const JsonCursor& position);
// "run", "walk", "back" or "stop"; "left", "right" or "stop".
ForwardInput read_forward(const JsonCursor& c);
StrafeInput read_strafe(const JsonCursor& c);

// A float as a JSON number whose text reads back as exactly the same float,
// as short as possible ("0.48", not "0.47999998927116394").
nlohmann::ordered_json float_json(float value);
nlohmann::ordered_json vec3_json(const Vec3& v);
nlohmann::ordered_json cell_id_json(std::uint32_t id);  // "0xA9B40100"
// Adds "heading" or "rotation" to `object` when the orientation has one.
void write_orientation(const OrientationDesc& orientation, nlohmann::ordered_json& object);
nlohmann::ordered_json position_json(const PositionDesc& position);

}  // namespace transit

namespace transit {

// Requires root["format"] == expected ("transit-scene/1").
void check_format_field(const JsonCursor& root, const std::string& expected);

// Two-space indented JSON in the order the object was built; arrays of plain
// values stay on one line (nine per line when long, like a terrain row).
std::string pretty_json(const nlohmann::ordered_json& value);

}  // namespace transit
