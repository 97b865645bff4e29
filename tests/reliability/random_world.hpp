#pragma once
// Random but valid worlds for the invariant soak: terrain of random heights
// (flat, walkable, unwalkable, cliffs) over one landblock or a 2 x 2 corner of
// four, buried chains of profile rooms joined by portals (stairs, steps near
// retail's limit, ledges, narrow corridors, sliver floors), two rooms back to
// back whose shared wall has no thickness, rooms with acute corners, and,
// behind a switch, random object fields.

#include <vector>

#include "transit/desc/scene_desc.hpp"
#include "reliability/soak_rng.hpp"

namespace transit::reliability {

// The south-west landblock of every soak world.
inline constexpr int kSoakBlockX = 169;
inline constexpr int kSoakBlockY = 180;

// An indoor cell where bodies may start: the box (landblock-local, in the
// south-west landblock) holding its inside, and the x of its floor edges.
struct RoomSpot {
  CellId cell = 0;
  Vec3 min{0.0f};
  Vec3 max{0.0f};
  std::vector<float> edge_x;
};

struct SoakWorldOptions {
  bool objects = false;  // random object fields (the soak turns them on)
};

struct SoakWorld {
  SceneDesc scene;  // with the soak's characters
  std::vector<RoomSpot> rooms;
  int blocks_x = 1;  // landblocks east of the south-west one, inclusive
  int blocks_y = 1;
};

// The characters every soak world has, by index: a human, a tiny ball, a
// large body and one of random spheres, step heights and flags.
inline constexpr int kSoakCharacters = 4;

SoakWorld generate_world(SoakRng& rng, const SoakWorldOptions& options);

// Random static objects (spheres, cylspheres, boxes down to 2 cm thick) on
// the terrain and in the rooms of `world`.
void add_object_field(SoakRng& rng, SoakWorld& world);

}  // namespace transit::reliability
