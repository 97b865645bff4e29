#pragma once

#include <array>
#include <cstddef>

#include "transit/world/land_defs.hpp"

namespace transit {

/// The cells a sphere path touches (retail CELLARRAY), kept in the order they
/// were found, without duplicates and without allocating.
class CellList {
 public:
  static constexpr std::size_t kCapacity = 64;

  CellList() = default;
  /// Copies only the ids in use.
  CellList(const CellList& other) { *this = other; }
  CellList& operator=(const CellList& other);

  /// False when the list is full (the cell is then left out).
  bool add(CellId id);
  /// Takes the cell out, keeping the order of the rest.
  void remove(CellId id);
  /// Whether the cell is listed.
  bool contains(CellId id) const;
  /// Empties the list.
  void clear() {
    size_ = 0;
    added_outside = false;
  }

  std::size_t size() const { return size_; }
  CellId operator[](std::size_t i) const { return ids_[i]; }
  const CellId* begin() const { return ids_.data(); }
  const CellId* end() const { return ids_.data() + size_; }

  bool added_outside = false;  ///< add_all_outside_cells ran already

 private:
  std::array<CellId, kCapacity> ids_;  ///< only [0, size_) is ever read
  std::size_t size_ = 0;
};

}  // namespace transit
