#include "transit/format/run_writer.hpp"

#include "format/desc_json.hpp"

namespace transit {

namespace {

using nlohmann::ordered_json;

ordered_json move_json(const MoveDesc& move) {
  ordered_json out = {{"name", move.name}, {"character", move.character}};
  if (move.from) out["from"] = position_json(*move.from);
  out["to"] = position_json(move.to);
  ordered_json state = ordered_json::array();
  if (move.contact) state.push_back("contact");
  if (move.on_walkable) state.push_back("on_walkable");
  out["state"] = state;
  return out;
}

ordered_json input_json(const ScriptInput& input) {
  ordered_json out = {{"t", input.t}};
  if (input.forward) out["forward"] = to_string(*input.forward);
  if (input.turn_deg_per_s) out["turn"] = float_json(*input.turn_deg_per_s);
  if (input.jump) out["jump"] = float_json(*input.jump);
  if (input.strafe) out["strafe"] = to_string(*input.strafe);
  return out;
}

}  // namespace

std::string write_moves(const MovesDesc& moves) {
  ordered_json list = ordered_json::array();
  for (const MoveDesc& move : moves.moves) list.push_back(move_json(move));
  return pretty_json({{"format", "transit-moves/1"}, {"moves", list}});
}

std::string write_script(const ScriptDesc& script) {
  ordered_json inputs = ordered_json::object();
  for (const auto& [name, list] : script.inputs) {
    ordered_json entries = ordered_json::array();
    for (const ScriptInput& input : list) entries.push_back(input_json(input));
    inputs[name] = entries;
  }
  return pretty_json({{"format", "transit-script/1"},
                      {"dt", script.dt},
                      {"duration", script.duration},
                      {"inputs", inputs}});
}

}  // namespace transit
