#pragma once
// Value checks shared by the scene, moves and script validators: each names
// the file, the JSON pointer of the field and the bad value.

#include <set>
#include <string>
#include <utility>

#include "transit/desc/scene_desc.hpp"

namespace transit {

class DescChecker {
 public:
  explicit DescChecker(const std::string& source) : source_(source) {}

  const std::string& source() const { return source_; }
  [[noreturn]] void fail(const std::string& path, const std::string& what) const;
  [[noreturn]] void fail(const std::string& path, const std::string& what,
                         const std::string& value) const;

  void finite(float value, const std::string& path) const;
  void finite(const Vec3& value, const std::string& path) const;
  void positive(float value, const std::string& path) const;
  void non_negative(float value, const std::string& path) const;
  // "heading"/"rotation" of the object at `object_path`.
  void orientation(const OrientationDesc& orientation, const std::string& object_path) const;
  // A well-formed position (valid cell id, finite numbers) at `path`.
  void position(const PositionDesc& position, const std::string& path) const;
  // Flag bits all have names.
  void flags(std::uint32_t flags, const std::string& path) const;

 private:
  const std::string& source_;
};

// "[1, 2.5, 0]".
std::string format_vec3(const Vec3& v);

// The landblocks and indoor cells of a scene, for checking references to them.
class SceneRefs {
 public:
  explicit SceneRefs(const SceneDesc& scene);
  // A world's: landblock ids (0xXXYY0000) and indoor cell ids.
  SceneRefs(std::set<CellId> landblocks, std::set<CellId> cells)
      : landblocks_(std::move(landblocks)), cells_(std::move(cells)) {}
  bool has_landblock_of(CellId id) const;
  bool has_cell(CellId id) const { return cells_.count(id) > 0; }
  // The position lies in the scene: its cell (indoor) or landblock (outdoor,
  // global) is there.
  void check_position(const DescChecker& check, const PositionDesc& position,
                      const std::string& path) const;

 private:
  std::set<CellId> landblocks_;  // 0xXXYY0000
  std::set<CellId> cells_;
};

// "(169, 180)" for landblock 0xA9B4xxxx.
std::string format_landblock(CellId id);

}  // namespace transit
