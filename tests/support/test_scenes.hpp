#pragma once
// Small hand-made scenes shared by the world and mover tests.

#include "transit/desc/scene_desc.hpp"
#include "transit/math/vec.hpp"

namespace transit::test {

inline constexpr CellId kBlock = 0xA9B40000;  // landblock (169, 180)
inline constexpr CellId kRoom = 0xA9B40100;
inline const Vec3 kBlockOrigin(169 * 192.0f, 180 * 192.0f, 0.0f);

// A 4 x 4 x 3 room, faces inward, with a 1 m wide, 2.2 m high doorway in its
// x = 0 wall (y 1.5 to 2.5); polygon 8 is the doorway. Edges are split where
// the doorway meets them so that the mesh is closed.
MeshDesc room_with_door();
// Landblocks (169..170, 180..181), flat at height 0.
SceneDesc two_by_two_flat();
// The room at (40, 40, 0) of landblock (169, 180), entered from outside
// through the doorway by a building whose portal leads into it.
SceneDesc house_scene();

}  // namespace transit::test
