#pragma once
// A retail data directory made by the test writer: two landblocks of a
// ramp rising 2 m a vertex eastward (0xA9B4 from 20 m, 0xAAB4 from 36 m),
// the Region's land definitions, and a LandblockInfo for 0xA9B4 with two
// static objects and a building with one portal.

#include <filesystem>
#include <vector>

#include "transit/dat/cell_landblock.hpp"
#include "transit/dat/env_cell.hpp"
#include "transit/dat/environment.hpp"
#include "transit/dat/gfx_obj.hpp"
#include "transit/dat/motion_table.hpp"
#include "transit/dat/setup.hpp"
#include "transit/dat/landblock_info.hpp"
#include "transit/dat/region.hpp"
#include "transit/dat/scene_file.hpp"

namespace transit::dat::testing {

LandDefs retail_like_land_defs();
CellLandblock ramp_block(int x, int y, int base);
LandblockInfo small_landblock_info(int x, int y);

/// Environment 0x0D000123: two rooms 10 x 6 x 4 m (x -5..5, y -3..3, z
/// 0..4 in their own frame), polygons 0 floor, 1 ceiling, 2 and 3 the
/// walls at y -3 and +3, 4 and 5 those at x +5 and -5. Cell structure 0 is
/// open through polygon 4 (a portal, left out of its physics polygons),
/// structure 1 through polygon 5; structure 2 is a room of 6 x 6 x 3 m open
/// through polygon 5 (the hut's). Physics trees as transit's builder makes
/// them, cell trees as retail's chain of front children.
Environment corridor_environment();
/// Landblock (x, y)'s EnvCells 0x0100 (structure 0 at (40, 96, -30)) and
/// 0x0101 (structure 1 at (50, 96, -30)), joined through their portals.
std::vector<EnvCellFile> corridor_cells(int x, int y);
/// A closed box GfxObj, x and y within +-half, z from 0 to height, its
/// physics tree as transit's builder makes it.
GfxObj box_gfx_obj(std::uint32_t id, float half_x, float half_y, float height, bool hut = false);
/// Landblock 0x0101's hut: indoor cell 0x01010102 (cell structure 2, a
/// room 6 x 6 x 3 m open to the west through polygon 5, a portal leading
/// outside) at (100, 100, 0), inside building GfxObj 0x01005678 (with
/// `hut` box_gfx_obj leaves out the floor and the west wall).
EnvCellFile hut_cell();

/// Setup 0x02000B02: the crate as its one part, 2 m out along its x, and
/// a cylsphere (radius 0.5, 3 m high) at its origin.
Setup crate_post_setup();
/// Setup 0x02000001: a creature of two 0.6 m spheres, steps 0.5 up and
/// 1.0 down, free heading, no parts, MotionTable 0x09000001.
Setup creature_setup();
/// MotionTable 0x09000001: non-combat by default (Ready), walking at
/// 3.12 m/s, running at 4 m/s and turning right at pi/3 rad/s (60 degrees
/// a second); in hand combat (0x8000003C) turning at pi/2 rad/s. A
/// modifier and two links.
MotionTable creature_motion_table();

/// The Region's scenery tables: terrain type 0 has scene slots 0 (scene
/// type 0, no scenes) and 1 (scene type 1: Scenes 0x12000001 and
/// 0x12000002); terrain type 1 only slot 0.
RegionScenery synthetic_scenery();
/// Scene 0x12000001, a grove: 0 a tree (GfxObj 0x01000C01, frequency 0.9,
/// displaced up to 4 m, scaled 0.8..1.25, turned up to 360 degrees), 1 a
/// weenie object, 2 a tree of frequency 0, 3 a rock (Setup 0x02000C02) 3 m
/// out along x, on slopes of normal z 0.95 and up, aligned to the slope.
SceneFile grove_scene();
/// Scene 0x12000002: a tree displaced up to 2 m, turned up to 90 degrees.
SceneFile lone_tree_scene();
/// Setup 0x02000C02, the rock: a cylsphere of radius 0.7, 1.2 m high, its
/// sorting sphere 1 m about (0, 0, 0.6).
Setup rock_setup();

/// Writes client_cell_1.dat and client_portal.dat into `dir`: the Region,
/// Environment 0x0D000123, landblocks 0xA9B4 (a ramp from 20 m, the small
/// LandblockInfo: a 2 m crate GfxObj 0x01000A01 on the ramp, Setup
/// 0x02000B02 at (60, 80) turned a quarter, a house GfxObj 0x01001234 of
/// 8 x 6 x 4 m; the two rooms 30 m below
/// ground) and 0xAAB4 (the ramp on
/// from 36 m, no LandblockInfo), and a dungeon-like 0x0101 (flat terrain at
/// 0 m, the two rooms, and a hut: building 0x01005678 at (100, 100) with
/// its doorway into indoor cell 0x01010102; vertices (2, 6) and (3, 5) in
/// scene slot 1, where retail grows the grove's tree and rock and the lone
/// tree: trunks of GfxObj 0x01000C01, 0.6 x 0.6 x 8 m). The Region has the
/// synthetic scenery tables.
void write_data_dir(const std::filesystem::path& dir);

}  // namespace transit::dat::testing
