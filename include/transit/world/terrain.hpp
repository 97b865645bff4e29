#pragma once
// Retail terrain rules shared by landblocks and land cells: which diagonal
// splits each 24 m land cell, which terrain types are water, and the water
// depths the collision code sinks objects by.

#include <cstdint>

namespace transit {

/// Water in a land cell or a whole landblock (retail LandDefs::WaterType).
enum class WaterType : std::uint8_t { NotWater = 0, PartiallyWater = 1, EntirelyWater = 2 };

/// Retail TerrainType values (5 bits, 0..31) of the ones that matter to
/// physics; the others are land (grass, sand, rock, ...).
inline constexpr std::uint8_t kTerrainWaterRunning = 0x10;
/// The water terrain types (with kTerrainWaterRunning), and how many types
/// there are.
inline constexpr std::uint8_t kTerrainWaterStandingFresh = 0x11;
inline constexpr std::uint8_t kTerrainWaterShallowSea = 0x12;
inline constexpr std::uint8_t kTerrainWaterShallowStillSea = 0x13;
inline constexpr std::uint8_t kTerrainWaterDeepSea = 0x14;
inline constexpr std::uint8_t kTerrainTypeCount = 32;

/// True for the five water terrain types 0x10..0x14 (retail's per-type
/// surface table marks exactly these). Only the low 5 bits are looked at.
/// ACE: LandblockStruct.SurfChar
constexpr bool is_water_terrain(std::uint8_t terrain_type) {
  const std::uint8_t t = terrain_type & 0x1Fu;
  return t >= kTerrainWaterRunning && t <= kTerrainWaterDeepSea;
}

/// The TerrainType of a raw 16-bit terrain word of the retail cell.dat
/// (bits 0-1 road, bits 2-6 type, bits 11-15 scenery).
constexpr std::uint8_t terrain_type_from_word(std::uint16_t word) {
  return static_cast<std::uint8_t>((word >> 2) & 0x1Fu);
}

/// Water depths (metres) retail adds to the terrain plane's distance, so
/// that objects stand sunk into water. ACE: ObjCell.get_water_depth,
/// LandblockStruct.calc_water_depth
inline constexpr float kEntirelyWaterDepth = 0.9f;  ///< EntirelyWater cell
inline constexpr float kWaterCornerDepth = 0.45f;   ///< PartiallyWater, nearest corner water
inline constexpr float kDryCornerDepth = 0.1f;      ///< PartiallyWater, nearest corner dry

/// The pseudo-random diagonal of the land cell at global cell coordinate
/// (gx, gy) = (X * 8 + column, Y * 8 + row), 0..2039 each:
///   s = 214614067 * gx * gy + 1813693831 * gy - 1109124029 * gx - 1369149221
/// in wrapping 32-bit unsigned arithmetic (the hex constants are 0x0CCAC033,
/// 0x6C1AC587, 0x421BE3BD, 0x519B8F25). True ("NE-SW split") when the top
/// bit of s is set: the diagonal runs from the SW to the NE corner; false:
/// it runs from the SE to the NW corner.
/// Retail tests s * 2^-32 >= 0.5 with an exact product, i.e. the top bit;
/// ACE's port multiplies by the double 2.3283064e-10 (slightly below 2^-32),
/// which moves the threshold to 2^31 + 33 -- no world cell has s in that
/// gap, so both agree everywhere. ACE's own FSplitNESW is an unused,
/// mis-parenthesised decompilation; ConstructPolygons holds the real formula.
/// ACE: LandblockStruct.FSplitNESW, LandblockStruct.ConstructPolygons
constexpr bool split_sw_ne(std::uint32_t gx, std::uint32_t gy) {
  const std::uint32_t s = 214614067u * gx * gy + 1813693831u * gy - 1109124029u * gx - 1369149221u;
  return (s & 0x80000000u) != 0;
}

}  // namespace transit
