#include "transit/sim/move_runner.hpp"

#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "format/result_json.hpp"
#include "transit/math/input_error.hpp"

namespace transit {

namespace {

using nlohmann::ordered_json;

const CharacterDesc& character_named(const SceneDesc& scene, const std::string& name,
                                     const std::string& where) {
  for (const CharacterDesc& c : scene.characters)
    if (c.name == name) return c;
  throw InputError(fmt::format("{}/character: no character named '{}' in the scene", where, name));
}

Position resolve_or_throw(const World& world, const PositionDesc& desc,
                          const OrientationDesc& outer, const std::string& where) {
  if (auto pos = world.resolve(desc, outer)) return *pos;
  throw InputError(fmt::format("{}: the position is in no loaded cell", where));
}

// The contact a move starts with: standing on the surface under `from`.
ac::AcContact starting_contact(const World& world, const Position& from, const MoveDesc& move) {
  ac::AcContact contact;
  if (!move.contact) return contact;
  contact.contact_plane = ac::surface_under(world, from.objcell_id, from.frame.origin);
  contact.contact = contact.contact_plane.has_value();
  contact.on_walkable = contact.contact && move.on_walkable &&
                        ac::ObjectInfo::is_valid_walkable(contact.contact_plane->plane.normal);
  return contact;
}

ordered_json outcome_json(const MoveOutcome& o) {
  const ac::AcMoveResult& r = o.result;
  return ordered_json{{"name", o.name},
                      {"character", o.character},
                      {"from", result_position_json(o.from)},
                      {"to", result_position_json(o.to)},
                      {"ok", r.ok},
                      {"status", to_string(r.status)},
                      {"state", ac::to_string(r.state)},
                      {"last_step_state", ac::to_string(r.last_insert)},
                      {"position", result_position_json(r.position)},
                      {"contact", r.contact},
                      {"on_walkable", r.on_walkable},
                      {"contact_plane", result_plane_json(r.contact_plane)},
                      {"collision_normal", result_optional_vec_json(r.collision_normal)},
                      {"sliding_normal", result_optional_vec_json(r.sliding_normal)},
                      {"steps", r.steps},
                      {"collided_objects", r.collided_object_ids}};
}

}  // namespace

std::vector<MoveOutcome> run_moves(const World& world, const SceneDesc& scene,
                                   const MovesDesc& moves, const std::string& moves_name,
                                   ac::TransitionOptions options) {
  std::vector<MoveOutcome> outcomes;
  for (std::size_t i = 0; i < moves.moves.size(); ++i) {
    const MoveDesc& move = moves.moves[i];
    const std::string where = fmt::format("{}: /moves/{}", moves_name, i);
    const CharacterDesc& character = character_named(scene, move.character, where);
    if (character.mover != MoverKind::Ac)
      throw InputError(fmt::format("{}/character: '{}' uses a mover other than \"ac\"; only the "
                                   "AC mover runs moves files so far",
                                   where, move.character));
    const Position from =
        move.from ? resolve_or_throw(world, *move.from, character.orientation, where + "/from")
                  : resolve_or_throw(world, character.position, character.orientation,
                                     fmt::format("character '{}' position", character.name));
    // Without an orientation of its own, `to` keeps the one the move starts with.
    OrientationDesc keep;
    keep.rotation = from.frame.orientation;
    const Position to = resolve_or_throw(world, move.to, keep, where + "/to");
    outcomes.push_back({move.name, move.character, from, to,
                        ac::move_body(world, body_of(character), from, to,
                                      starting_contact(world, from, move), options)});
  }
  return outcomes;
}

std::string write_move_results(const std::vector<MoveOutcome>& outcomes) {
  ordered_json results = ordered_json::array();
  for (const MoveOutcome& o : outcomes) results.push_back(outcome_json(o));
  return ordered_json{{"format", "transit-move-results/1"}, {"results", results}}.dump(2) + "\n";
}

}  // namespace transit
