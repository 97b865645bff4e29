#pragma once
// How deep a body ends inside the world: the invariant every movement test
// checks ("never ends inside solid geometry by more than 1 cm").

#include <set>

#include "transit/math/position.hpp"
#include "transit/movers/ac/ac_mover.hpp"
#include "transit/world/world.hpp"

namespace transit::test {

// Distance from `point` to the closest point of a convex polygon.
float distance_to_polygon(const Polygon& polygon, const Vec3& point);

// How far a sphere reaches into the solid behind a polygon: its radius minus
// the distance to the polygon, the signed plane distance when the centre
// lies over the polygon (so a centre behind it counts fully). <= 0: clear.
float sphere_depth(const Polygon& polygon, const Sphere& sphere);

struct PenetrationOptions {
  // Objects the body is meant to pass (by id); ethereal objects always are.
  std::set<std::uint32_t> pass_through;
  // Leave out overlaps retail's transitions leave (support/retail_overlaps.hpp):
  // a doorway wall of no thickness the sphere straddles, a face beyond an
  // edge the sphere passed within one sub-step (rooms and object meshes).
  bool allow_thin_doorway_wall = false;
  bool allow_passed_edge = false;
};

// The deepest any of the body's spheres at `pos` reaches into terrain
// (measured straight down from its lowest point, less the water depth: the
// terrain is a height field and retail lets spheres lean into a steep
// hillside), room walls and floors, or objects' spheres, cylspheres and
// meshes, over every cell the spheres touch. <= 0 when clear.
//
// A room's walls count from the side the room is on: a sphere whose centre
// is in the open space of another cell (a neighbouring room, the air above
// the terrain) is measured against this room's polygons it is in front of
// only, so the back of a wall two rooms share is not solid. A centre in no
// open space (inside solid) is as deep as its radius plus its way out to the
// nearest room polygon.
float deepest_penetration(const World& world, const ac::AcBody& body, const Position& pos,
                          const PenetrationOptions& options);
float deepest_penetration(const World& world, const ac::AcBody& body, const Position& pos,
                          const std::set<std::uint32_t>& pass_through = {});

}  // namespace transit::test
