#pragma once
// The built-in demo world: 2 x 2 landblocks of rolling hills with a steep
// hillside, a cliff, a pond, a stone house with three rooms, a staircase and
// a balcony, a free-standing wall, trees, creatures, two boxes and two player
// characters. Generated in code (no files, no randomness): every call returns
// the same scene. demo_world.cpp and docs/demo-world.md map every feature.
//
// The constants below name the landmarks that tests and demo scripts aim at.
// Coordinates are landblock-local metres (SCENE_FORMAT.md): the global point
// is (X * 192 + x, Y * 192 + y, z) for landblock 0xXXYY0000.

#include <cstdint>

#include "transit/desc/scene_desc.hpp"

namespace transit {
namespace demo {

/// --- landblocks (x 0xA9..0xAA, y 0xB4..0xB5) ---------------------------------
inline constexpr CellId kVillageBlock = 0xA9B40000;  ///< south-west: the village
inline constexpr CellId kHillsBlock = 0xA9B50000;    ///< north-west: rolling hills
inline constexpr CellId kPondBlock = 0xAAB40000;     ///< south-east: the pond
inline constexpr CellId kMesaBlock = 0xAAB50000;     ///< north-east: the mesa

/// Height of the open ground: the village pad, the valleys, the pond shore.
inline constexpr float kGroundZ = 20.0f;

/// --- the mesa (kMesaBlock): a plateau with a steep west face and a cliff ----
inline constexpr float kMesaTopZ = 58.0f;  ///< plateau, local x 72..120, y 72..192
inline constexpr float kTrenchZ = 8.0f;    ///< below the cliff, local x 144..192
/// Land-cell columns (0..7) of the steep west face and of the cliff; their
/// rows kMesaFirstSteepRow..7 are the full-height faces. Rows 0..2 of both
/// columns are the sides of the ramp, also too steep in parts.
inline constexpr int kSteepSlopeColumn = 2;   ///< local x 48..72: rises 38 m, normal z 0.534
inline constexpr int kCliffColumn = 5;        ///< local x 120..144: drops 50 m, normal z 0.433
inline constexpr int kMesaFirstSteepRow = 3;  ///< local y 72..192

/// --- the pond (kPondBlock) -----------------------------------------------------
/// Water terrain on vertices vx 1..3, vy 2..4 (local x 24..72, y 48..96), sunk
/// 1.5 m: cells (1..2, 2..3) are entirely water, the ring around them partly.
inline constexpr CellId kPondEntirelyWaterCell = 0xAAB4000B;   ///< column 1, row 2
inline constexpr CellId kPondPartiallyWaterCell = 0xAAB40003;  ///< column 0, row 2
inline constexpr float kPondZ = 18.5f;  ///< the pond floor, metres

/// --- the stone house (kVillageBlock) -------------------------------------------
inline constexpr std::uint32_t kHouseId = 7001;
/// The house frame: its south-west outer corner at floor level, heading 0.
/// House-local x 0..14 (east), y 0..10 (north); walls 0.5 m thick.
inline constexpr float kHouseX = 100.0f;
inline constexpr float kHouseY = 70.0f;
inline constexpr float kHouseZ = kGroundZ;
inline constexpr CellId kHallCell = 0xA9B40100;       ///< ground floor, front door
inline constexpr CellId kStairHallCell = 0xA9B40101;  ///< two storeys, the staircase
inline constexpr CellId kUpperRoomCell = 0xA9B40102;  ///< upper floor, balcony door
inline constexpr float kUpperFloorZ = 3.0f;           ///< house-local
inline constexpr float kStepRise = 0.25f;  ///< stair rise, metres
/// Balcony slab on the north wall, house-local x 1..5, y 10..12, top z 3.
inline constexpr float kBalconyMinX = 1.0f;
inline constexpr float kBalconyMaxX = 5.0f;
inline constexpr float kBalconyMinY = 10.0f;
inline constexpr float kBalconyMaxY = 12.0f;

/// --- objects --------------------------------------------------------------------
inline constexpr std::uint32_t kWallId = 7002;     ///< 8 x 0.5 x 3 m, centre (75, 100)
inline constexpr std::uint32_t kLowBoxId = 7003;   ///< 0.3 m high, centre (128, 50)
inline constexpr std::uint32_t kHighBoxId = 7004;  ///< 1.0 m high, centre (138, 50)
inline constexpr float kLowBoxHeight = 0.3f;
inline constexpr float kHighBoxHeight = 1.0f;
inline constexpr std::uint32_t kFirstTreeId = 7011;      ///< 7011..7016
inline constexpr std::uint32_t kFirstCreatureId = 7021;  ///< 7021..7023

}  // namespace demo

/// The demo world as scene data (the same scene on every call).
SceneDesc make_demo_world();

}  // namespace transit
