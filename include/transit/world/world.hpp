#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "transit/desc/scene_desc.hpp"
#include "transit/world/cell_list.hpp"
#include "transit/world/env_cell.hpp"
#include "transit/world/landscape.hpp"
#include "transit/world/object_id.hpp"
#include "transit/world/structure_version.hpp"
#include "transit/world/world_object.hpp"

namespace transit {

/// The trees World::from_scene builds from a scene's meshes, in the scene's
/// order: each cell's geometry, and each object's trees, one per mesh shape.
/// A world built again from the same scene with them (a baked world file)
/// skips building, which is what takes time for large meshes.
struct SceneTrees {
  std::vector<std::shared_ptr<const CellGeometry>> cells;
  std::vector<std::vector<std::shared_ptr<const BspTree>>> object_meshes;
  /// What building found (open meshes), given again when the trees are used.
  std::vector<std::string> warnings;
};

/// Everything characters move through: terrain landblocks, indoor cells,
/// objects and the cells each object's shadow falls in. Const queries are
/// safe from many threads at once; nothing here is global.
class World {
 public:
  /// Builds a world from a validated scene. Throws InputError for what only
  /// building can find (an invalid mesh polygon, a position outside every
  /// loaded landblock); appends non-fatal findings (open meshes, unreachable
  /// cells) to `warnings` when given.
  /// With `trees` (from trees_of, for this same scene) nothing is built:
  /// their warnings are appended instead; trees that do not fit the scene
  /// (other counts) are an InputError.
  static World from_scene(const SceneDesc& scene, std::vector<std::string>* warnings = nullptr,
                          const SceneTrees* trees = nullptr);
  /// The trees this world built from `scene`, the scene it was built from
  /// (before any object was added or removed), with the build's warnings.
  SceneTrees trees_of(const SceneDesc& scene, std::vector<std::string> warnings) const;

  const Landscape& landscape() const { return landscape_; }
  const LandCell* land_cell(CellId id) const { return landscape_.get_landcell(id); }
  /// The indoor cell with that id, or null.
  const EnvCell* env_cell(CellId id) const;
  std::span<const EnvCell> env_cells() const { return env_cells_; }
  /// Whether the cell (indoor or outdoor) is in the world.
  bool has_cell(CellId id) const {
    return is_indoor(id) ? env_cell(id) != nullptr : land_cell(id) != nullptr;
  }

  /// By slot: a removed object's slot holds a placeholder (id 0, no shapes)
  /// until an added object takes it.
  const std::vector<WorldObject>& objects() const { return objects_; }
  /// The first object with that WorldObject::id (a linear search), or null.
  const WorldObject* object_by_id(std::uint32_t id) const;
  /// Indices (into objects()) of the objects whose shadow falls in `cell`.
  std::span<const std::uint32_t> shadows(CellId cell) const;
  /// Cells the object at `index` is registered in.
  std::span<const CellId> shadow_cells(std::size_t index) const { return object_cells_[index]; }
  /// WorldObject::mesh_bounds of the object at `index` (radius -1 when it
  /// has no mesh), kept from where its shadow was last registered, so that a
  /// transition passing it by need not turn anything into the object's frame.
  const Sphere& mesh_bounds(std::size_t index) const { return mesh_bounds_[index]; }
  /// Moves an object and re-registers its shadow. ACE: PhysicsObj.calc_cross_cells
  void move_object(std::size_t index, const Position& position);
  /// The cells the shadow of the object at `index` falls in when it stands
  /// at `position`: what move_object registers it in. Many threads may ask
  /// at once; the answer depends on the cells and buildings, not on where
  /// other objects are.
  void shadow_cells_at(std::size_t index, const Position& position, CellList& out) const;
  /// An object's new position and the cells its shadow falls in there, as
  /// shadow_cells_at finds them. A shadow over more than kCells cells is not
  /// kept (cell_count 0): move_objects finds it again.
  struct ObjectMove {
    static constexpr std::size_t kCells = 4;
    std::size_t index = 0;
    Position position;
    std::uint32_t cell_count = 0;
    std::array<CellId, kCells> cells{};

    /// Keeps `found` when it has at most kCells cells.
    void keep_cells(const CellList& found);
  };
  /// Moves each object (each at most once) as move_object would, one after
  /// the other in the order given: every shadow list ends the same, but each
  /// is rewritten once rather than once per object leaving it.
  void move_objects(std::span<const ObjectMove> moves);
  /// An object as a scene describes it, built for this world: its position
  /// resolved, its meshes' trees built (a building's portal polygons left
  /// out). Throws InputError when its position is in no loaded cell or a
  /// mesh polygon is invalid; appends mesh warnings to `warnings` when given.
  WorldObject build_object(const ObjectDesc& desc, std::vector<std::string>* warnings = nullptr) const;
  /// Adds an object and registers its shadow in the cells it covers. Its
  /// bounds (local_bounds) are computed here from its shapes, whatever the
  /// caller left there. The slot of a removed object is reused, so memory
  /// stays bounded however many objects come and go. Throws InputError when
  /// its position is in no loaded cell.
  ObjectId add_object(WorldObject object);
  /// Takes the object out of every cell and frees its slot for reuse; the
  /// handle and its copies become stale. False (nothing changes) for a
  /// stale or unknown handle.
  bool remove_object(ObjectId id);
  /// Moves the object and re-registers its shadow; false for a stale or
  /// unknown handle.
  bool move_object(ObjectId id, const Position& position);
  /// Whether the handle names an object of this world that is still there.
  bool is_valid(ObjectId id) const {
    return id.index < generations_.size() && generations_[id.index] == id.generation &&
           !free_[id.index];
  }
  /// The object, or null for a stale or unknown handle.
  const WorldObject* object(ObjectId id) const {
    return is_valid(id) ? &objects_[id.index] : nullptr;
  }
  /// The handle of the object at `index` of objects(), as it is now.
  ObjectId handle(std::size_t index) const {
    return {static_cast<std::uint32_t>(index), generations_[index]};
  }
  /// Slots in use or free: objects().size(). Bounded by the most objects
  /// ever present at once.
  std::size_t object_slots() const { return objects_.size(); }
  /// Room for `count` objects in all, so that adding that many allocates
  /// only for the objects' own data, and in every cell's shadow list for
  /// several times its share of them, so that moving them about (a crowd
  /// gathering here and there) rarely allocates.
  void reserve_objects(std::size_t count);

  /// Result of find_cell_list beyond the list itself.
  struct CellQuery {
    CellId current = 0;          ///< the cell holding spheres[0]'s centre, 0 if none
    bool hits_interior = false;  ///< an indoor cell was involved
  };
  /// The cells that spheres (in the coordinates of pos's landblock) touch,
  /// starting from pos's cell: outdoor cells around it, indoor cells through
  /// portals, building entrances. ACE: ObjCell.find_cell_list
  void find_cell_list(const Position& pos, std::span<const Sphere> spheres, CellList& out,
                      CellQuery* query = nullptr) const;
  /// Whether find_cell_list, having answered `cells` from an outdoor cell,
  /// answers the same (query included) for spheres of the same x, y and
  /// radii from that cell, whatever their heights: true when every cell is
  /// outdoor and holds no building (whose rooms the spheres could reach).
  bool answers_by_footprint(const CellList& cells) const;
  /// Changes whenever what find_cell_list answers may change (cells, or
  /// buildings added or removed), and only then: objects moving about leave
  /// it be. Never the same for two worlds.
  std::uint64_t structure_version() const { return structure_version_.value(); }
  /// `point` in the coordinates of the cell's own landblock.
  bool point_in_cell(CellId cell, const Vec3& point) const;

  /// The cell holding a global point: an indoor cell if the point is inside
  /// one, else the outdoor cell; nothing outside every loaded landblock.
  std::optional<Position> resolve_global(const Vec3& global) const;
  /// A scene position with its orientation (`outer` applies when the position
  /// object itself has none); nothing when the cell is not in the world. An
  /// outdoor cell id that disagrees with its point (inside its landblock) is
  /// replaced by the outdoor cell that holds the point (cell_disagrees says
  /// so). A local point beyond its landblock is kept as given: a move's
  /// target may lie across a landblock edge in its start's coordinates.
  std::optional<Position> resolve(const PositionDesc& desc,
                                  const OrientationDesc& outer = {}) const;
  /// Why a scene position names no place of this world: its cell is not in
  /// the world, its local point lies outside its landblock (x and y must be
  /// 0 up to 192), an indoor cell does not contain its point, or a global
  /// point lies in no loaded landblock. Nothing when resolve() gives a
  /// position that holds its point.
  std::optional<std::string> position_problem(const PositionDesc& desc) const;
  /// For an outdoor position whose cell id is not the cell holding its
  /// local point: the cell that does (resolve() uses it). Nothing otherwise.
  std::optional<CellId> cell_disagrees(const PositionDesc& desc) const;

 private:
  void add_all_outside_cells(const Position& pos, std::span<const Sphere> spheres,
                             CellList& out) const;
  void add_outside_cell(int gx, int gy, CellList& out) const;
  void find_box_cell_list(const WorldObject& object, const Position& pos, const Sphere& bounds,
                          CellList& out) const;
  void add_cells_under_box(const WorldObject& object, const Position& pos, CellList& out) const;
  void find_transit_cells(CellId cell, const Position& pos, std::span<const Sphere> spheres,
                          CellList& out, bool& hits_interior) const;
  void find_env_transit_cells(const EnvCell& cell, const Position& pos,
                              std::span<const Sphere> spheres, CellList& out) const;
  void check_building_transit(const EnvCell& cell, const Position& pos,
                              std::span<const Sphere> spheres, CellList& out,
                              bool& hits_interior) const;
  /// Where the shadow list of `cell` lives in shadow_lists_: outdoor cells by
  /// landblock and cell, then indoor cells in id order; none for a cell that
  /// is not in the world.
  std::optional<std::size_t> shadow_slot(CellId cell) const;
  void register_shadow(std::size_t index);
  void add_cells_in_reach(const Position& position, const Sphere& bounds,
                          std::vector<CellId>& out) const;
  void register_shadow(std::size_t index, std::span<const CellId> cells);
  void unregister_shadow(std::size_t index);
  void leave_shadows(std::span<const ObjectMove> moves);
  void register_building(std::size_t index);
  std::size_t take_slot(WorldObject object);
  /// Whether buildings_ may list the outdoor cell (false when it surely does not).
  bool may_hold_buildings(CellId cell) const;

  Landscape landscape_;
  std::vector<EnvCell> env_cells_;  ///< sorted by id
  std::vector<WorldObject> objects_;
  std::vector<std::uint32_t> generations_;  ///< by slot
  std::vector<bool> free_;                  ///< by slot: removed, waiting for reuse
  std::vector<std::uint32_t> free_slots_;   ///< reused last freed first
  std::vector<std::vector<std::uint32_t>> shadow_lists_;  ///< by shadow_slot
  std::vector<std::vector<CellId>> object_cells_;
  std::vector<Sphere> mesh_bounds_;                                   ///< by object
  std::unordered_map<CellId, std::vector<std::uint32_t>> buildings_;  ///< outdoor cell -> objects
  /// By landblock index, one bit per outdoor cell index: whether buildings_
  /// has the cell, so that the cells without buildings (nearly all) skip the
  /// hash lookup.
  std::vector<std::uint64_t> building_cells_;
  /// leave_shadows' marks, kept so that moving objects allocates nothing.
  std::vector<bool> leaving_;       ///< by object
  std::vector<bool> slot_touched_;  ///< by shadow slot
  std::vector<std::size_t> touched_slots_;
  StructureVersion structure_version_;
};

}  // namespace transit
