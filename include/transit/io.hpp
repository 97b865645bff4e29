#pragma once
/// transit's file formats (docs/scene-format.md): scene, moves and script
/// files, OBJ meshes, trajectories and their SVG drawing, the built-in demo
/// world. Link transit::io (CMake; it brings transit::transit along).
/// Readers throw InputError naming the file, the JSON path and the value.

#include <transit/transit.hpp>

#include "format/obj_reader.hpp"
#include "format/run_reader.hpp"
#include "format/run_writer.hpp"
#include "format/scene_reader.hpp"
#include "format/scene_writer.hpp"
#include "sim/demo_script.hpp"
#include "sim/move_runner.hpp"
#include "sim/trajectory.hpp"
#include "sim/trajectory_svg.hpp"
#include "world/demo_world.hpp"
