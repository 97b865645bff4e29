#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "format/scene_desc.hpp"
#include "world/cell_list.hpp"
#include "world/env_cell.hpp"
#include "world/landscape.hpp"
#include "world/world_object.hpp"

namespace transit {

// Everything characters move through: terrain landblocks, indoor cells,
// objects and the cells each object's shadow falls in. Const queries are
// safe from many threads at once; nothing here is global.
class World {
 public:
  // Builds a world from a validated scene. Throws InputError for what only
  // building can find (an invalid mesh polygon, a position outside every
  // loaded landblock); appends non-fatal findings (open meshes, unreachable
  // cells) to `warnings` when given.
  static World from_scene(const SceneDesc& scene, std::vector<std::string>* warnings = nullptr);

  const Landscape& landscape() const { return landscape_; }
  const LandCell* land_cell(CellId id) const { return landscape_.get_landcell(id); }
  const EnvCell* env_cell(CellId id) const;
  std::span<const EnvCell> env_cells() const { return env_cells_; }
  bool has_cell(CellId id) const { return is_indoor(id) ? env_cell(id) != nullptr : land_cell(id) != nullptr; }

  const std::vector<WorldObject>& objects() const { return objects_; }
  const WorldObject* object_by_id(std::uint32_t id) const;
  // Indices (into objects()) of the objects whose shadow falls in `cell`.
  std::span<const std::uint32_t> shadows(CellId cell) const;
  // Cells the object at `index` is registered in.
  std::span<const CellId> shadow_cells(std::size_t index) const { return object_cells_[index]; }
  // Moves an object and re-registers its shadow. ACE: PhysicsObj.calc_cross_cells
  void move_object(std::size_t index, const Position& position);
  // Adds an object (its position must be in a loaded cell) and registers its
  // shadow; returns its index. Indices of other objects do not change.
  std::size_t add_object(WorldObject object);
  // Takes an object out of every cell. Its index stays taken (objects()
  // keeps a placeholder with id 0 and no shapes) so other indices hold.
  void remove_object(std::size_t index);

  // Result of find_cell_list beyond the list itself.
  struct CellQuery {
    CellId current = 0;          // the cell holding spheres[0]'s centre, 0 if none
    bool hits_interior = false;  // an indoor cell was involved
  };
  // The cells that spheres (in the coordinates of pos's landblock) touch,
  // starting from pos's cell: outdoor cells around it, indoor cells through
  // portals, building entrances. ACE: ObjCell.find_cell_list
  void find_cell_list(const Position& pos, std::span<const Sphere> spheres, CellList& out,
                      CellQuery* query = nullptr) const;
  // `point` in the coordinates of the cell's own landblock.
  bool point_in_cell(CellId cell, const Vec3& point) const;

  // The cell holding a global point: an indoor cell if the point is inside
  // one, else the outdoor cell; nothing outside every loaded landblock.
  std::optional<Position> resolve_global(const Vec3& global) const;
  // A scene position with its orientation (`outer` applies when the position
  // object itself has none); nothing when the cell is not in the world.
  std::optional<Position> resolve(const PositionDesc& desc, const OrientationDesc& outer = {}) const;

 private:
  void add_all_outside_cells(const Position& pos, std::span<const Sphere> spheres,
                             CellList& out) const;
  void add_outside_cell(int gx, int gy, CellList& out) const;
  void find_transit_cells(CellId cell, const Position& pos, std::span<const Sphere> spheres,
                          CellList& out, bool& hits_interior) const;
  void find_env_transit_cells(const EnvCell& cell, const Position& pos,
                              std::span<const Sphere> spheres, CellList& out) const;
  void check_building_transit(const EnvCell& cell, const Position& pos,
                              std::span<const Sphere> spheres, CellList& out,
                              bool& hits_interior) const;
  // Where the shadow list of `cell` lives in shadow_lists_: outdoor cells by
  // landblock and cell, then indoor cells in id order; none for a cell that
  // is not in the world.
  std::optional<std::size_t> shadow_slot(CellId cell) const;
  void register_shadow(std::size_t index);
  void unregister_shadow(std::size_t index);
  void register_building(std::size_t index);

  Landscape landscape_;
  std::vector<EnvCell> env_cells_;  // sorted by id
  std::vector<WorldObject> objects_;
  std::vector<std::vector<std::uint32_t>> shadow_lists_;  // by shadow_slot
  std::vector<std::vector<CellId>> object_cells_;
  std::unordered_map<CellId, std::vector<std::uint32_t>> buildings_;  // outdoor cell -> objects
};

}  // namespace transit
