#pragma once
// Between the C API's plain structs and transit's own types.

#include <string>

#include "transit/desc/scene_desc.hpp"
#include "transit/math/position.hpp"
#include "transit/sim/character.hpp"
#include "transit/sim/sim_character.hpp"
#include "transit/transit.h"
#include "transit/world/world.hpp"

namespace transit::capi {

inline Vec3 to_vec(tr_Vec3 v) { return {v.x, v.y, v.z}; }
inline tr_Vec3 to_c(const Vec3& v) { return {v.x, v.y, v.z}; }
inline Quat to_quat(tr_Quat q) { return {q.w, q.x, q.y, q.z}; }
inline tr_Quat to_c(const Quat& q) { return {q.w, q.x, q.y, q.z}; }
tr_Position to_c(const Position& position);

/// A scene position: cell and local point, or with cell 0 a global point.
PositionDesc position_desc(const tr_Position& position);
/// The position in `world`; refuses (naming `what`) one that is not finite
/// or in no cell of the world. `Strictness::Stand` also refuses a place a
/// character cannot stand in (World::position_problem): a local point
/// beyond its landblock, an indoor cell that does not contain it; a move's
/// target may lie across a landblock edge.
enum class Strictness { Target, Stand };
Position resolve(const World& world, const tr_Position& position, const char* what,
                 Strictness strictness = Strictness::Target);

MeshDesc mesh_desc(const tr_MeshDef& def, const std::string& what);
ObjectDesc object_desc(const tr_ObjectDef& def);
CellDesc cell_desc(const tr_CellDef& def);
CharacterDesc character_desc(const tr_CharacterDef& def, const char* name,
                             const tr_Position& position);

/// A C caller's forward or strafe value; refuses one of no enumerator, naming `what`.
ForwardInput forward_input(const tr_Forward& forward, const char* what);
StrafeInput strafe_input(const tr_Strafe& strafe, const char* what);
tr_Forward to_c(ForwardInput forward);
tr_Strafe to_c(StrafeInput strafe);

ScriptInput script_input(const tr_Controls& controls);
CharacterControls character_controls(const tr_Controls& controls);

/// What a caller reads of a character, written into `out` with its padding
/// bytes zeroed, so that equal states compare equal byte for byte.
void write_state(const Character& character, tr_CharacterState& out);
void write_state(const SimCharacter& character, MoveStatus status, tr_CharacterState& out);

}  // namespace transit::capi
