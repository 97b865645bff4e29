#include "view/move_results.hpp"

#include <fmt/format.h>

#include "format/json_cursor.hpp"
#include "format/result_json.hpp"

namespace transit::view {

namespace {

constexpr std::string_view kFormat = "transit-move-results/1";

MoveResult read_result(const JsonCursor& j) {
  j.expect_object({"name", "character", "from", "to", "ok", "status", "state", "last_step_state",
                   "position", "contact", "on_walkable", "contact_plane", "collision_normal",
                   "sliding_normal", "steps", "collided_objects"});
  MoveResult r;
  r.name = j.field("name").as_string();
  if (auto c = j.optional_field("character")) r.character = c->as_string();
  if (auto f = j.optional_field("from")) r.from = read_result_position(*f);
  if (auto t = j.optional_field("to")) r.to = read_result_position(*t);
  r.end = read_result_position(j.field("position"));
  r.state = j.field("state").as_string();
  if (auto s = j.optional_field("status")) r.status = s->as_string();
  r.contact = j.field("contact").as_bool();
  r.on_walkable = j.field("on_walkable").as_bool();
  r.contact_plane = read_result_plane(j, "contact_plane");
  r.collision_normal = read_result_optional_vec(j, "collision_normal");
  r.sliding_normal = read_result_optional_vec(j, "sliding_normal");
  if (auto s = j.optional_field("steps")) r.steps = static_cast<int>(s->as_integer(0, 1 << 30));
  return r;
}

}  // namespace

std::vector<MoveResult> parse_move_results(const std::string& json_text,
                                           const std::string& source_name) {
  const nlohmann::json doc = parse_json_document(json_text, source_name);
  const JsonCursor root(doc, source_name);
  root.expect_object({"format", "results"});
  const JsonCursor format = root.field("format");
  if (format.as_string() != kFormat) format.fail(fmt::format("expected \"{}\"", kFormat));
  std::vector<MoveResult> results;
  for (const JsonCursor& r : root.field("results").elements()) results.push_back(read_result(r));
  return results;
}

std::vector<MoveResult> read_move_results_file(const std::filesystem::path& file) {
  return parse_move_results(read_text_file(file), file.string());
}

}  // namespace transit::view
