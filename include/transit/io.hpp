#pragma once
/// transit's file formats (docs/scene-format.md): scene, moves and script
/// files, OBJ meshes, baked worlds, trajectories and their SVG drawing, the built-in demo
/// world. Link transit::io (CMake; it brings transit::transit along).
/// Readers throw InputError naming the file, the JSON path and the value.

#include <transit/transit.hpp>

#include "transit/format/baked_world.hpp"
#include "transit/format/claims_file.hpp"
#include "transit/format/obj_reader.hpp"
#include "transit/format/run_reader.hpp"
#include "transit/format/run_writer.hpp"
#include "transit/format/scene_reader.hpp"
#include "transit/format/scene_writer.hpp"
#include "transit/format/trajectory_reader.hpp"
#include "transit/sim/demo_script.hpp"
#include "transit/sim/move_runner.hpp"
#include "transit/sim/trajectory.hpp"
#include "transit/sim/trajectory_svg.hpp"
#include "transit/world/demo_world.hpp"
