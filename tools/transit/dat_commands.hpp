#pragma once
// Retail data on the command line: `transit inspect --dat DIR [--landblock
// 0xXXYY ...]` and `transit dat export DIR --landblock 0xXXYY --out FILE`
// (docs/retail-data.md). The directory may also come from TRANSIT_DAT.

#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "transit/desc/scene_desc.hpp"
#include "transit/world/retail_world.hpp"
#include "transit/world/world.hpp"

namespace transit::cli {

struct DatOptions {
  std::string dir;                      // --dat, or TRANSIT_DAT
  std::vector<std::string> landblocks;  // --landblock, repeatable
};

// --dat, else TRANSIT_DAT; InputError when neither is given.
std::string retail_data_dir(const DatOptions& options);
void add_dat_options(CLI::App& command, DatOptions& options);
// Prints what the directory holds, and each chosen landblock.
void inspect_retail_data(const DatOptions& options);
void add_dat_command(CLI::App& app);

// The trees of retail data directory `dir` for a scene exported from it
// (`transit dat export`, characters added): its landblocks' indoor cells
// and objects with retail's own trees. Throws InputError when the scene's
// cells or objects are not those of its landblocks in `dir`.
SceneTrees retail_trees_for(const SceneDesc& scene, const std::string& dir);

// "0xA9B4", "A9B4" or a cell id 0xA9B4xxxx: (0xA9, 0xB4).
std::pair<int, int> parse_landblock(const std::string& text);

}  // namespace transit::cli
