#pragma once

#include "transit/movers/ac/cell_list_memo.hpp"
#include "transit/movers/ac/turned_points.hpp"

namespace transit::ac {

/// What a transition remembers of the questions it asked (each answer with
/// what it was the answer to), for itself and for the next transition handed
/// the same memo: the next move of a body that only fell asks many of them
/// again.
struct TransitionMemo {
  CellListMemo cell_lists;
  TurnedPoints turned_points;
};

}  // namespace transit::ac
