#pragma once
// The pieces that results documents (move results, trajectories) share:
// positions, vectors and contact planes, written with the fewest digits that
// read back as the same floats, and read back.

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "format/json_cursor.hpp"
#include "transit/math/position.hpp"
#include "transit/movers/ac/ac_mover.hpp"

namespace transit {

/// A float as the double with the fewest digits that reads back as it.
double shortest_double(float f);
/// A time in seconds with 9 significant digits, as results files write times.
double result_time(double t);
nlohmann::ordered_json result_vec_json(const Vec3& v);
/// {"cell", "local", "global"}.
nlohmann::ordered_json result_position_json(const Position& p);
/// {"normal", "d", "cell", "water"}, or null.
nlohmann::ordered_json result_plane_json(const std::optional<ac::CellPlane>& p);
/// The vector, or null.
nlohmann::ordered_json result_optional_vec_json(const std::optional<Vec3>& v);

/// A position written by result_position_json (its cell and local point).
Position read_result_position(const JsonCursor& j);
/// The plane at `key`, absent or null: none.
std::optional<ac::CellPlane> read_result_plane(const JsonCursor& j, std::string_view key);
/// The vector at `key`, absent or null: none.
std::optional<Vec3> read_result_optional_vec(const JsonCursor& j, std::string_view key);

}  // namespace transit
