#pragma once
/// transit's C++ API in one include: worlds, characters, simulations, the
/// expert transition calls and traces, the Quake and Tribes movers, and
/// retail data files (transit::dat).
/// Link transit::transit (CMake) or `pkg-config --libs transit`. The file
/// readers and writers are in <transit/io.hpp> (transit::io).
///
/// Units: metres, seconds, degrees for headings and turn rates; positions
/// are a cell id and a frame local to that cell's landblock (192 m square).
/// Bad input (NaN/inf, a cell not in the world) is refused with a status or
/// an InputError naming what was wrong; see docs/api.md and docs/errors.md.

#include <transit/version.hpp>

#include "transit/dat/retail_data.hpp"
#include "transit/math/input_error.hpp"
#include "transit/math/position.hpp"
#include "transit/motion/body_checks.hpp"
#include "transit/motion/body_update.hpp"
#include "transit/movers/ac/ac_checks.hpp"
#include "transit/movers/ac/ac_mover.hpp"
#include "transit/movers/ac/ac_placement.hpp"
#include "transit/movers/move_status.hpp"
#include "transit/movers/quake/quake_mover.hpp"
#include "transit/movers/tribes/tribes_mover.hpp"
#include "transit/sim/character.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/sim/simulation.hpp"
#include "transit/world/land_defs.hpp"
#include "transit/world/world.hpp"
#include "transit/world/world_trace.hpp"
