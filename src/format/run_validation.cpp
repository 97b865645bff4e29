#include "format/run_validation.hpp"

#include <cmath>
#include <set>

#include <fmt/format.h>

#include "format/desc_checks.hpp"
#include "format/field_error.hpp"

namespace transit {

namespace {

std::string format_double(double value) {
  return fmt::format("{}", value);
}

std::string input_path(const std::string& character, std::size_t k) {
  return fmt::format("/inputs/{}/{}", escape_pointer_token(character), k);
}

void check_input(const DescChecker& check, const ScriptInput& input, const std::string& path,
                 double previous_t) {
  if (!std::isfinite(input.t) || input.t < 0.0)
    check.fail(path + "/t", "must be a number >= 0", format_double(input.t));
  if (input.t < previous_t) {
    check.fail(path + "/t",
               "inputs must be in time order (the previous input is at t = " +
                   format_double(previous_t) + ")",
               format_double(input.t));
  }
  if (!input.forward && !input.turn_deg_per_s && !input.jump && !input.strafe)
    check.fail(path, "an input must set at least one of forward, turn, jump, strafe");
  if (input.turn_deg_per_s) check.finite(*input.turn_deg_per_s, path + "/turn");
  if (input.jump && !(*input.jump >= 0.0f && *input.jump <= 1.0f))
    check.fail(path + "/jump", "must be a number 0..1", format_float(*input.jump));
}

}  // namespace

void check_moves(const MovesDesc& moves, const std::string& source_name) {
  const DescChecker check(source_name);
  for (std::size_t i = 0; i < moves.moves.size(); ++i) {
    const MoveDesc& move = moves.moves[i];
    const std::string path = fmt::format("/moves/{}", i);
    if (move.from) check.position(*move.from, path + "/from");
    check.position(move.to, path + "/to");
  }
}

void validate_moves(const MovesDesc& moves, const SceneDesc& scene,
                    const std::string& source_name) {
  check_moves(moves, source_name);
  const DescChecker check(source_name);
  const SceneRefs refs(scene);
  std::set<std::string> names;
  for (const CharacterDesc& c : scene.characters) names.insert(c.name);
  for (std::size_t i = 0; i < moves.moves.size(); ++i) {
    const MoveDesc& move = moves.moves[i];
    const std::string path = fmt::format("/moves/{}", i);
    if (names.count(move.character) == 0)
      check.fail(path + "/character", "names no character of the scene",
                 "\"" + move.character + "\"");
    if (move.from) refs.check_position(check, *move.from, path + "/from");
    refs.check_position(check, move.to, path + "/to");
  }
}

void check_script(const ScriptDesc& script, const std::string& source_name) {
  const DescChecker check(source_name);
  if (!std::isfinite(script.dt) || !(script.dt > 0.0))
    check.fail("/dt", "must be a positive number", format_double(script.dt));
  if (!std::isfinite(script.duration) || !(script.duration > 0.0))
    check.fail("/duration", "must be a positive number", format_double(script.duration));
  if (script.duration / script.dt > kMaxScriptTicks) {
    check.fail("/duration",
               fmt::format("must be at most {} ticks of dt = {}", kMaxScriptTicks,
                           format_double(script.dt)),
               format_double(script.duration));
  }
  for (const auto& [name, inputs] : script.inputs) {
    double previous_t = 0.0;
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      check_input(check, inputs[k], input_path(name, k), previous_t);
      previous_t = inputs[k].t;
    }
  }
}

void validate_script(const ScriptDesc& script, const SceneDesc& scene,
                     const std::string& source_name) {
  check_script(script, source_name);
  const DescChecker check(source_name);
  std::set<std::string> names;
  for (const CharacterDesc& c : scene.characters) names.insert(c.name);
  for (const auto& [name, inputs] : script.inputs) {
    if (names.count(name) == 0) {
      check.fail("/inputs/" + escape_pointer_token(name), "names no character of the scene",
                 "\"" + name + "\"");
    }
  }
}

}  // namespace transit
