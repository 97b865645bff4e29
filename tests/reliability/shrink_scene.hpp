#pragma once
// The steps every soak shrinker takes: keep an edit while the case still
// fails, drop list items one at a time, and make a scene smaller (objects,
// rooms, landblocks dropped, terrain flattened).

#include <cstddef>
#include <functional>

#include "transit/desc/scene_desc.hpp"

namespace transit::reliability {

template <class Case>
using StillFails = std::function<bool(const Case&)>;

// Applies `edit` to a copy of `c` and keeps the copy when it still fails;
// `edit` returns false when it has nothing to change.
template <class Case, class Edit>
bool try_edit(Case& c, const StillFails<Case>& fails, Edit&& edit) {
  Case trial = c;
  if (!edit(trial) || !fails(trial)) return false;
  c = std::move(trial);
  return true;
}

// Erases items from the back while the case still fails without them.
template <class Case, class Size, class Erase>
bool drop_items(Case& c, const StillFails<Case>& fails, Size&& size, Erase&& erase) {
  bool changed = false;
  for (std::size_t i = size(c); i-- > 0;)
    changed |= try_edit(c, fails, [&](Case& t) {
      if (i >= size(t)) return false;
      return erase(t, i);
    });
  return changed;
}

// One pass over the scene: all objects, then each; each room not in
// `in_use`; each landblock; each landblock's terrain flattened to its mean.
// True when anything went.
bool shrink_scene(SceneDesc& scene, const StillFails<SceneDesc>& fails,
                  const std::function<bool(const SceneDesc&, CellId)>& in_use);

}  // namespace transit::reliability
