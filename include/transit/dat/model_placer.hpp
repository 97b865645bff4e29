#pragma once
// Retail models placed as a landblock's static objects (retail
// CPhysicsObj::makeObject): a GfxObj with physics polygons is one object
// whose mesh shares retail's physics tree with every other object of that
// GfxObj; a Setup is one such object for each part, at the part's frame of
// the default placement, and one object of its spheres and cylspheres. A
// GfxObj without physics polygons is left out: retail does not collide
// with it.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "transit/dat/retail_data.hpp"

namespace transit::dat {

/// What retail's CPhysicsObj::obj_within_block looks at for a model.
struct ModelBounds {
  bool physics_bsp = false;  ///< the GfxObj, or a part of the Setup, has a physics tree
  /// The Setup's sorting sphere, or the GfxObj's physics tree's bounds.
  Sphere sorting{Vec3(0.0f), 0.0f};
  std::vector<DatCylSphere> cylspheres;
  bool spheres = false;  ///< the Setup has spheres
};

class ModelPlacer {
 public:
  /// Objects go to `out`, each with id 0xXXYY0000 + its position in
  /// out.placed and a name beginning with `prefix`.
  ModelPlacer(const RetailData& retail, std::uint32_t block, RetailObjects& out, std::string prefix = {});

  /// Places `model` at `frame` (in the landblock, or in `cell`), scaled by
  /// `scale`; a model of another type is listed in out.not_read.
  void place(std::uint32_t model, const DatFrame& frame, std::optional<CellId> cell, float scale = 1.0f);
  /// The model's bounds, its files read once.
  ModelBounds bounds(std::uint32_t model);

 private:
  struct Shape {
    MeshDesc mesh;
    std::shared_ptr<const BspTree> tree;
    Sphere bounds;
  };
  const std::optional<Shape>& shape_of(std::uint32_t gfx_obj);
  const Setup& setup_of(std::uint32_t id);
  RetailObject new_object(std::string name, const DatFrame& frame, std::optional<CellId> cell);
  void place_gfx(std::uint32_t model, const DatFrame& frame, std::optional<CellId> cell, float scale);
  void place_setup(std::uint32_t model, const DatFrame& frame, std::optional<CellId> cell, float scale);

  const RetailData& retail_;
  std::uint32_t block_;
  RetailObjects& out_;
  std::string prefix_;
  std::map<std::uint32_t, std::optional<Shape>> shapes_;  // nothing: no physics
  std::map<std::uint32_t, Setup> setups_;
};

/// The outdoor cell of landblock `block` (0xXXYY0000) under a
/// landblock-local point, clamped to the landblock's 8 x 8 cells.
CellId outdoor_cell_under(std::uint32_t block, const Vec3& local);

}  // namespace transit::dat
