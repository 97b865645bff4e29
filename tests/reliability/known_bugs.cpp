#include "reliability/known_bugs.hpp"

namespace transit::reliability {

namespace {

// A back-to-back pair: two cells joined by portals, one of them turned
// (heading 180), whose shared wall has no thickness.
bool in_back_to_back_rooms(const SceneDesc& scene, CellId cell) {
  for (const CellDesc& c : scene.cells) {
    if (!c.orientation.heading_deg) continue;
    if (c.id == cell) return true;
    for (const PortalDesc& p : c.portals)
      if (p.to == cell) return true;
  }
  return false;
}

}  // namespace

const std::vector<KnownBug>& known_bugs() {
  static const std::vector<KnownBug> bugs{
      {"thin-wall-back-face", kPenetration,
       "tests/support/penetration.cpp measures the back of a neighbouring room's wall: two "
       "rooms share a wall of no thickness, find_cell_list adds the neighbour when a sphere "
       "nears the shared wall's plane, and the body's own wall, seen from the neighbour, "
       "counts as r + d deep (a measuring artefact, not the mover)"},
      {"doorway-jamb-penetration", kPenetration,
       "a sphere walking along a doorway between back-to-back rooms ends 3.5 cm into the "
       "jamb's edge"},
      {"step-down-out-of-room", kCell,
       "stepping down inside a profile room ends with the origin and the foot sphere's centre "
       "outside the room's volume (below a floor), still in the room cell"},
      {"step-down-out-of-room-2", kCell, "as step-down-out-of-room, another room"},
      {"world-edge-below-terrain", kBelowTerrain,
       "a 0.477 m sphere without edge_slide sliding on sloped terrain along the south edge of "
       "the world (no landblock beyond) ends at y = 0 with its lowest point 6.9 cm under the "
       "terrain"},
  };
  return bugs;
}

std::string known_bug_of(const FailingCase& c) {
  const CellId from = c.soak_case.move.from->cell.value_or(0);
  if (c.violation.invariant == kPenetration && in_back_to_back_rooms(c.scene, from))
    return "thin-wall-back-face";
  return "";
}

}  // namespace transit::reliability
