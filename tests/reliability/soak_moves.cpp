#include "reliability/soak_moves.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "transit/movers/ac/ac_placement.hpp"
#include "support/penetration.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::reliability {

namespace {

constexpr CellId kSoakBlock =
    (static_cast<CellId>(kSoakBlockX) << 24) | (static_cast<CellId>(kSoakBlockY) << 16);

// A landblock-local coordinate, often within a metre of a landblock or cell edge.
float outdoor_coordinate(SoakRng& rng, int blocks) {
  const float extent = 192.0f * static_cast<float>(blocks);
  switch (rng.between(0, 3)) {
    case 0:
      return 192.0f * static_cast<float>(rng.between(0, blocks)) + rng.uniform(-1.0f, 1.0f);
    case 1:
      return 24.0f * static_cast<float>(rng.between(0, 8 * blocks)) + rng.uniform(-1.0f, 1.0f);
    default:
      return rng.uniform(0.0f, extent);
  }
}

std::optional<Position> outdoor_start(SoakRng& rng, const SoakWorld& soak, const World& world) {
  const float x = std::clamp(outdoor_coordinate(rng, soak.blocks_x), 0.01f,
                             192.0f * static_cast<float>(soak.blocks_x) - 0.01f);
  const float y = std::clamp(outdoor_coordinate(rng, soak.blocks_y), 0.01f,
                             192.0f * static_cast<float>(soak.blocks_y) - 0.01f);
  const auto at = world.resolve_global(local_to_global(kSoakBlock, {x, y, 0.0f}));
  if (!at) return std::nullopt;
  const auto ground = ac::surface_under(world, at->objcell_id, at->frame.origin);
  if (!ground) return std::nullopt;
  Position pos = *at;
  ground->plane.set_height(pos.frame.origin);
  return pos;
}

std::optional<Position> room_start(SoakRng& rng, const RoomSpot& room, const World& world) {
  Vec3 p(rng.uniform(room.min.x, room.max.x), rng.uniform(room.min.y, room.max.y),
         room.max.z - 0.05f);
  if (!room.edge_x.empty() && rng.chance(0.4f))
    p.x = room.edge_x[rng.between(0, static_cast<int>(room.edge_x.size()) - 1)] +
          rng.uniform(-0.6f, 0.6f);
  if (!world.point_in_cell(room.cell, p)) return std::nullopt;
  const auto floor = ac::surface_under(world, room.cell, p);
  if (!floor || floor->plane.normal.z <= 0.0f) return std::nullopt;
  floor->plane.set_height(p);
  return Position{room.cell, Frame{p, {}}};
}

// How high over the ground the body starts: mostly standing on it.
float start_height(SoakRng& rng) {
  switch (rng.between(0, 5)) {
    case 0:
      return rng.uniform(0.0f, 0.05f);
    case 1:
      return rng.uniform(0.05f, 3.0f);
    default:
      return 0.0f;
  }
}

std::optional<Violation> placement_fault(const World& world, const ac::AcBody& body,
                                         const Position& placed) {
  if (auto v = check_cell(world, body, placed))
    return Violation{"placement", "place_body ok but " + v->detail};
  const float depth = test::deepest_penetration(world, body, placed);
  if (depth <= kPenetrationLimit) return std::nullopt;
  return Violation{"placement",
                   fmt::format("place_body ok but {:.4f} m deep at 0x{:08X} ({}, {}, {})", depth,
                               placed.objcell_id, placed.frame.origin.x, placed.frame.origin.y,
                               placed.frame.origin.z)};
}

// The start itself, when it is clear and its cell holds it; else where
// place_body puts it, when that is clear.
std::optional<Position> free_start(const World& world, const ac::AcBody& body, Position pos,
                                   std::optional<Violation>* placement_violation) {
  if (!check_cell(world, body, pos) &&
      test::deepest_penetration(world, body, pos) <= kPenetrationLimit)
    return pos;
  const ac::AcPlacement placed = ac::place_body(world, body, pos);
  if (!placed.ok) return std::nullopt;
  auto fault = placement_fault(world, body, placed.position);
  if (!fault) return placed.position;
  if (placement_violation) *placement_violation = std::move(fault);
  return std::nullopt;
}

Vec3 random_direction(SoakRng& rng) {
  const float a = rng.uniform(0.0f, 6.2831853f);
  return {std::sin(a), std::cos(a), 0.0f};
}

// The move's offset and the sub-step cap it runs under.
Vec3 random_offset(SoakRng& rng, int& max_steps) {
  max_steps = kRetailMaxTransitionSteps;
  const Vec3 d = random_direction(rng);
  switch (rng.between(0, 19)) {
    case 0:
      return Vec3(0.0f);
    case 1:
      return d * rng.uniform(1e-5f, 0.01f);
    case 2:
    case 3:
      return d * rng.uniform(5.0f, 14.4f);
    case 4:
    case 5:
      return d * rng.uniform(14.4f, 80.0f);  // beyond the retail cap
    case 6:
      return Vec3(0.0f, 0.0f, rng.uniform(0.01f, 20.0f));
    case 7:
      return Vec3(0.0f, 0.0f, -rng.uniform(0.01f, 20.0f));
    case 8:
    case 9:
      return d * rng.uniform(0.1f, 5.0f) + Vec3(0.0f, 0.0f, -rng.uniform(0.5f, 10.0f));
    case 10:
      max_steps = kAceMaxTransitionSteps;
      return d * rng.uniform(20.0f, 250.0f);
    case 11:
      max_steps = rng.between(1, 5);
      return d * rng.uniform(0.1f, 5.0f);
    default:
      return d * rng.uniform(0.05f, 5.0f) + Vec3(0.0f, 0.0f, rng.uniform(-0.3f, 0.3f));
  }
}

PositionDesc desc_of(const Position& pos) {
  PositionDesc d;
  d.cell = pos.objcell_id;
  d.local = pos.frame.origin;
  return d;
}

SoakCase make_case(SoakRng& rng, const std::string& character, const Position& from, bool contact) {
  SoakCase c;
  c.move.character = character;
  c.move.from = desc_of(from);
  c.move.to = desc_of(from);
  c.move.to.local += random_offset(rng, c.max_steps);
  c.move.contact = contact || rng.chance(0.05f);
  c.move.on_walkable = c.move.contact;  // run_moves asks the plane whether it is walkable
  return c;
}

}  // namespace

std::optional<SoakCase> random_case(SoakRng& rng, const SoakWorld& soak, const World& world,
                                    std::optional<Violation>* placement_violation) {
  const CharacterDesc& who = soak.scene.characters[rng.between(0, kSoakCharacters - 1)];
  const ac::AcBody body = body_of(who);
  const bool indoors = !soak.rooms.empty() && rng.chance(0.5f);
  auto start =
      indoors ? room_start(rng, soak.rooms[rng.between(0, static_cast<int>(soak.rooms.size()) - 1)],
                           world)
              : outdoor_start(rng, soak, world);
  if (!start) return std::nullopt;
  const float lift = start_height(rng);
  start->frame.origin.z += lift;
  start = free_start(world, body, *start, placement_violation);
  if (!start) return std::nullopt;
  return make_case(rng, who.name, *start, lift < 0.01f);
}

SoakCase follow_on_case(SoakRng& rng, const SoakCase& last, const ac::AcMoveResult& result) {
  return make_case(rng, last.move.character, result.position, result.contact);
}

}  // namespace transit::reliability
