#include "transit/world/cell_list.hpp"

#include <algorithm>

namespace transit {

CellList& CellList::operator=(const CellList& other) {
  std::copy(other.begin(), other.end(), ids_.data());
  size_ = other.size_;
  added_outside = other.added_outside;
  return *this;
}

bool CellList::add(CellId id) {
  if (contains(id)) return true;
  if (size_ == kCapacity) return false;
  ids_[size_++] = id;
  return true;
}

void CellList::remove(CellId id) {
  auto* end_it = ids_.data() + size_;
  auto* it = std::find(ids_.data(), end_it, id);
  if (it == end_it) return;
  std::move(it + 1, end_it, it);
  --size_;
}

bool CellList::contains(CellId id) const {
  return std::find(begin(), end(), id) != end();
}

}  // namespace transit
