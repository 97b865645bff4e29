#include "transit/format/run_reader.hpp"

#include "format/desc_json.hpp"
#include "format/json_cursor.hpp"
#include "format/run_validation.hpp"

namespace transit {

namespace {

MoveDesc read_move(const JsonCursor& c) {
  c.expect_object({"name", "character", "from", "to", "state"});
  MoveDesc out;
  if (auto name = c.optional_field("name")) out.name = name->as_string();
  out.character = c.field("character").as_string();
  if (auto from = c.optional_field("from")) out.from = read_position(*from);
  out.to = read_position(c.field("to"));
  if (auto state = c.optional_field("state")) {
    for (const JsonCursor& flag : state->elements()) {
      const std::string name = flag.as_string();
      if (name == "contact") {
        out.contact = true;
      } else if (name == "on_walkable") {
        out.on_walkable = true;
      } else {
        flag.fail("unknown state (known: contact, on_walkable)");
      }
    }
  }
  return out;
}

ScriptInput read_input(const JsonCursor& c) {
  c.expect_object({"t", "forward", "turn", "jump", "strafe"});
  ScriptInput out;
  out.t = c.field("t").as_double();
  if (auto forward = c.optional_field("forward")) out.forward = read_forward(*forward);
  if (auto turn = c.optional_field("turn")) out.turn_deg_per_s = turn->as_float();
  if (auto jump = c.optional_field("jump")) out.jump = jump->as_float();
  if (auto strafe = c.optional_field("strafe")) out.strafe = read_strafe(*strafe);
  return out;
}

}  // namespace

MovesDesc parse_moves(const std::string& json_text, const std::string& source_name) {
  const nlohmann::json document = parse_json_document(json_text, source_name);
  const JsonCursor root(document, source_name);
  check_format_field(root, "transit-moves/1");
  root.expect_object({"format", "moves"});
  MovesDesc out;
  for (const JsonCursor& move : root.field("moves").elements())
    out.moves.push_back(read_move(move));
  check_moves(out, source_name);
  return out;
}

MovesDesc read_moves_file(const std::filesystem::path& file) {
  return parse_moves(read_text_file(file), file.string());
}

ScriptDesc parse_script(const std::string& json_text, const std::string& source_name) {
  const nlohmann::json document = parse_json_document(json_text, source_name);
  const JsonCursor root(document, source_name);
  check_format_field(root, "transit-script/1");
  root.expect_object({"format", "dt", "duration", "inputs"});
  ScriptDesc out;
  out.dt = root.field("dt").as_double();
  out.duration = root.field("duration").as_double();
  if (auto inputs = root.optional_field("inputs")) {
    for (const auto& [name, list] : inputs->members()) {
      std::vector<ScriptInput>& parsed = out.inputs[name];
      for (const JsonCursor& input : list.elements()) parsed.push_back(read_input(input));
    }
  }
  check_script(out, source_name);
  return out;
}

ScriptDesc read_script_file(const std::filesystem::path& file) {
  return parse_script(read_text_file(file), file.string());
}

}  // namespace transit
