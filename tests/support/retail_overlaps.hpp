#pragma once
// Overlaps retail's transitions leave behind, for the penetration measure to
// leave out when asked (docs/reliability.md, "Overlaps retail leaves").
// Retail tests a polygon only when a sphere, at the end of a sub-step, moves
// into its face, and a slide keeps the distance to the wall's plane the
// sphere had when the sub-step began. Each predicate takes a sphere in the
// polygons' own space.

#include <span>

#include "transit/world/world.hpp"

namespace transit::test {

// `wall` lies in the plane of one of the room's doorways, the room behind
// that doorway has its own copy of the wall facing the other way (the wall
// has no thickness, so nothing faces along it), and the sphere straddles the
// plane from the room's side: it came through the opening and slid along.
bool straddles_thin_doorway_wall(const World& world, const EnvCell& room, const Polygon& wall,
                                 const Sphere& local);

// The sphere's centre is over `face`, within its radius r of its plane
// (d), and behind the plane of a polygon of `polygons` sharing an edge with
// it (a riser under a floor's edge, a box's next side), at a distance x from
// that edge (in the face's plane) with w <= x <= r - w, w = sqrt(r^2 - d^2):
// a sub-step of at most r crossed the edge without touching either polygon
// at its ends (so the overlap r - d is at most (1 - sqrt(3)/2) r), and the
// slide along the face kept that overlap.
bool passed_over_edge(std::span<const Polygon> polygons, const Polygon& face, const Sphere& local);

}  // namespace transit::test
