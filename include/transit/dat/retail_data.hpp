#pragma once
// A user's retail data directory: client_cell_1.dat and client_portal.dat
// opened together, and what transit reads of them turned into the plain
// descriptions a World is built from (docs/retail-data.md).

#include <filesystem>
#include <map>
#include <string>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "transit/dat/cell_landblock.hpp"
#include "transit/dat/dat_archive.hpp"
#include "transit/dat/env_cell.hpp"
#include "transit/dat/environment.hpp"
#include "transit/dat/gfx_obj.hpp"
#include "transit/dat/motion_table.hpp"
#include "transit/dat/setup.hpp"
#include "transit/dat/landblock_info.hpp"
#include "transit/dat/region.hpp"
#include "transit/dat/scene_file.hpp"
#include "transit/desc/scene_desc.hpp"
#include "transit/geom/bsp_tree.hpp"

namespace transit::dat {

inline constexpr const char* kCellFileName = "client_cell_1.dat";
inline constexpr const char* kPortalFileName = "client_portal.dat";
/// The environment variable a data directory may come from.
inline constexpr const char* kDatDirVariable = "TRANSIT_DAT";

/// A static object or building read from retail data: its scene
/// description (one mesh shape, the GfxObj's physics polygons) and retail's
/// physics tree for that shape, shared by every object of the same GfxObj.
struct RetailObject {
  ObjectDesc desc;
  std::shared_ptr<const BspTree> tree;  ///< none for the spheres and cylspheres of a Setup
};

/// A landblock's objects: those placed, and the models of those not (a
/// Setup part scaled unevenly, a model of another type).
struct RetailObjects {
  std::vector<RetailObject> placed;
  std::vector<std::uint32_t> not_read;
};

/// An indoor cell read from retail data: its scene description (the mesh
/// of its drawn polygons, portals among them, for export and inspection)
/// and the two trees retail stores for it.
struct RetailCell {
  CellDesc desc;
  BspTree physics;  ///< retail's physics BSP over the physics polygons
  BspTree cell;     ///< retail's cell BSP over the drawn polygons (portals found in it)
};

class RetailData {
 public:
  /// Opens `dir`/client_cell_1.dat and `dir`/client_portal.dat and reads
  /// the Region: its land definitions and scenery tables. Throws InputError naming the missing or
  /// bad file.
  static RetailData open(const std::filesystem::path& dir);
  /// Over archives already open (tests); checks each one's data set.
  RetailData(DatArchive cell, DatArchive portal);

  const DatArchive& cell() const { return cell_; }
  const DatArchive& portal() const { return portal_; }
  const LandDefs& land_defs() const { return region_.land_defs; }
  const RegionScenery& region_scenery() const { return region_.scenery; }

  /// Landblock (x, y)'s terrain file, or nothing where the map has none.
  std::optional<CellLandblock> landblock(int x, int y) const;
  /// The same, throwing InputError where the map has no such landblock.
  CellLandblock terrain(int x, int y) const;
  /// Landblock (x, y)'s objects, buildings and cell count, or nothing.
  std::optional<LandblockInfo> landblock_info(int x, int y) const;
  /// Landblock (x, y)'s indoor cells 0xXXYY0100 .. (as many as its
  /// LandblockInfo counts), each with its Environment's CellStruct and
  /// retail's own trees. Throws InputError naming the cell, the
  /// Environment and what was wrong.
  std::vector<RetailCell> indoor_cells(int x, int y) const;
  /// Landblock (x, y)'s static objects and buildings (its LandblockInfo)
  /// and its indoor cells' static objects, as static objects of the scene
  /// with retail's physics trees (ModelPlacer). A building's doorways are
  /// added to its mesh as building portals into the cells behind them.
  /// Scenery is not among them (retail_scenery in the world layer).
  RetailObjects static_objects(int x, int y) const;
  /// Setup `id` (0x02......) from the portal file.
  Setup setup(std::uint32_t id) const;
  /// MotionTable `id` (0x09......) from the portal file.
  MotionTable motion_table(std::uint32_t id) const;
  /// Scene `id` (0x12......) from the portal file.
  SceneFile scene_file(std::uint32_t id) const;
  /// The landblocks the cell file has terrain for, as (x, y).
  std::vector<std::pair<int, int>> landblocks() const;

  /// A landblock's terrain as a scene landblock: heights in metres from the
  /// land height table, terrain types from the terrain words.
  LandblockDesc landblock_desc(const CellLandblock& block) const;
  /// A scene of the given landblocks' terrain. Throws InputError for a
  /// landblock the cell file has no terrain for.
  SceneDesc terrain_scene(const std::vector<std::pair<int, int>>& landblocks) const;

 private:
  // Environments read so far in one call, by id (a landblock's cells share few).
  using Environments = std::map<std::uint32_t, Environment>;
  struct IndoorCell {
    EnvCellFile file;
    const CellStruct* shape = nullptr;  ///< in the Environments it was read into
    std::string label;
  };
  EnvCellFile env_cell(std::uint32_t id) const;
  IndoorCell indoor_cell(std::uint32_t id, Environments& environments) const;
  void add_doorways(RetailObject& building, const BuildingInfo& info, std::uint32_t block,
                    Environments& environments) const;

  DatArchive cell_;
  DatArchive portal_;
  Region region_;
};

/// The turn rate (degrees a second at speed 1) of Setup `setup_id`'s
/// MotionTable in its default style (MotionTable::turn_rate_deg). Throws
/// InputError when the Setup has no MotionTable or the table no TurnRight
/// cycle or modifier with an omega.
float setup_turn_rate_deg(const RetailData& retail, std::uint32_t setup_id);
/// Setup `setup_id`'s MotionTable. Throws InputError when it has none.
MotionTable setup_motion_table(const RetailData& retail, std::uint32_t setup_id);

/// The data directory named by TRANSIT_DAT, or nothing.
std::optional<std::filesystem::path> dat_dir_from_environment();

}  // namespace transit::dat
