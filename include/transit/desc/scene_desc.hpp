#pragma once
// The scene file (SCENE_FORMAT.md, "transit-scene/1") as plain data: exactly
// what the file says, validated, before any world is built from it.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "transit/math/sphere.hpp"
#include "transit/math/vec.hpp"

namespace transit {

/// A cell id (0xXXYYCCCC); see world/land_defs.hpp.
using CellId = std::uint32_t;

/// An orientation as written: a compass heading in degrees (0 = north/+Y,
/// clockwise) or a quaternion [w, x, y, z]; neither means identity.
struct OrientationDesc {
  std::optional<float> heading_deg;
  std::optional<Quat> rotation;
  /// The orientation as a unit quaternion (identity when neither is given).
  Quat quat() const;
  bool operator==(const OrientationDesc&) const = default;
};

/// A position written AC-style ({"cell", "local"}) or globally ({"global"}).
struct PositionDesc {
  std::optional<CellId> cell;  ///< set for AC-style positions
  Vec3 local{0.0f};            ///< AC-style: local to the cell's landblock
  Vec3 global{0.0f};           ///< global style
  OrientationDesc orientation; ///< "heading"/"rotation" inside the position object
  bool is_global() const { return !cell.has_value(); }
  bool operator==(const PositionDesc&) const = default;
};

/// A polygon mesh as written: vertices in metres and polygons as vertex
/// indices (counter-clockwise seen from the front), inline or from an OBJ file.
struct MeshDesc {
  std::string obj;  ///< the "obj" path as written (relative to the scene file), or empty
  std::vector<Vec3> vertices;  ///< loaded from the OBJ file when `obj` is set
  std::vector<std::vector<std::uint32_t>> polygons;
  bool operator==(const MeshDesc&) const = default;
};

/// A terrain landblock: coordinates, 9 x 9 vertex heights in metres (or one
/// flat height) and terrain types.
struct LandblockDesc {
  int x = 0;  ///< 0..254, east
  int y = 0;  ///< 0..254, north
  std::optional<std::array<float, 81>> heights;  ///< index = vx * 9 + vy
  std::optional<float> flat;                     ///< constant height instead
  std::optional<std::array<std::uint8_t, 81>> terrain_types;
  bool operator==(const LandblockDesc&) const = default;
};

/// A portal: a polygon of a cell or building mesh and the cell it leads to
/// (none: outside).
struct PortalDesc {
  std::uint32_t polygon = 0;  ///< index into the mesh's polygons
  std::optional<CellId> to;   ///< nothing: "outside"
  bool operator==(const PortalDesc&) const = default;
};

/// An indoor cell (EnvCell): id, frame in its landblock (metres), mesh,
/// portals and whether it sees outside.
struct CellDesc {
  CellId id = 0;  ///< 0xXXYY0100 and up
  Vec3 origin{0.0f};
  OrientationDesc orientation;
  MeshDesc mesh;
  std::vector<PortalDesc> portals;
  bool seen_outside = false;
  bool operator==(const CellDesc&) const = default;
};

/// One collision shape of an object, in the object's frame (metres).
struct ShapeDesc {
  enum class Type { Sphere, CylSphere, Mesh };
  Type type = Type::Sphere;
  Vec3 center{0.0f};     ///< sphere
  Vec3 low_point{0.0f};  ///< cylsphere
  float radius = 0.0f;   ///< sphere, cylsphere
  float height = 0.0f;   ///< cylsphere
  MeshDesc mesh;         ///< mesh
  bool operator==(const ShapeDesc&) const = default;
};

/// Object and character flags as bits; the file spells them in snake_case.
enum EntityFlag : std::uint32_t {
  kFlagEthereal = 1u << 0,
  kFlagStatic = 1u << 1,
  kFlagCreature = 1u << 2,
  kFlagPlayer = 1u << 3,
  kFlagPk = 1u << 4,
  kFlagImpenetrable = 1u << 5,
  kFlagIgnoreCreatures = 1u << 6,
  kFlagMissile = 1u << 7,
  kFlagEdgeSlide = 1u << 8,
  kFlagGravity = 1u << 9,
  kFlagPerfectClip = 1u << 10,
  kFlagPathClipped = 1u << 11,
  kFlagFreeRotate = 1u << 12,
  kFlagViewer = 1u << 13,
  /// Nothing collides with the object, nor reports it (retail's
  /// IgnoreCollisions object state): decorations, markers, effects.
  kFlagIgnoreCollisions = 1u << 14,
};
/// The flag's name in files ("edge_slide"), or nullptr for an unknown bit.
const char* entity_flag_name(std::uint32_t bit);
/// The bit for a name, or 0 when the name is unknown.
std::uint32_t entity_flag_from_name(const std::string& name);

/// An object: id, name, position, scale, shapes, building portals and
/// EntityFlag bits.
struct ObjectDesc {
  std::uint32_t id = 0;
  std::string name;
  PositionDesc position;
  OrientationDesc orientation;  ///< "heading"/"rotation" beside "position"
  float scale = 1.0f;
  std::vector<ShapeDesc> shapes;
  std::optional<std::vector<PortalDesc>> building_portals;  ///< "building": {"portals"}
  std::uint32_t flags = 0;
  bool operator==(const ObjectDesc&) const = default;
};

/// Which mover moves a character.
enum class MoverKind { Ac, Quake, Tribes };
/// "ac", "quake" or "tribes", as scene files name it.
const char* to_string(MoverKind mover);

/// A Quake or Tribes character's box in metres relative to its feet, and
/// Quake's step height in metres.
struct BoxMoverDesc {
  Vec3 mins{-0.4f, -0.4f, 0.0f};
  Vec3 maxs{0.4f, 0.4f, 1.8f};
  std::optional<float> step_size;  ///< quake only
  bool operator==(const BoxMoverDesc&) const = default;
};

/// A character's walk, run and sidestep cycle speeds at speed 1 (m/s).
struct CycleSpeedsDesc {
  float walk = 0.0f;
  float run = 0.0f;
  float sidestep = 0.0f;
  bool operator==(const CycleSpeedsDesc&) const = default;
};

/// A scene character: name, position, mover, AC spheres and step heights
/// (metres), flags, Run/Jump skills, turn rate and cycle speeds.

struct CharacterDesc {
  std::string name;
  PositionDesc position;
  OrientationDesc orientation;
  MoverKind mover = MoverKind::Ac;
  /// A human's foot and body spheres unless the file gives others.
  std::vector<Sphere> spheres{{{0.0f, 0.0f, 0.48f}, 0.48f}, {{0.0f, 0.0f, 1.35f}, 0.48f}};
  float step_up_height = 0.6f;
  float step_down_height = 0.6f;
  std::uint32_t flags = kFlagEdgeSlide | kFlagGravity | kFlagPlayer;
  float run_skill = 200.0f;
  float jump_skill = 200.0f;
  /// Its setup allows free heading (retail's AllowFreeHeading, the
  /// transition's FreeRotate): the heading follows the controls even when a
  /// move is blocked, as a retail player pressed against a wall still turns.
  /// Retail's humans and creatures have it (docs/retail-notes.md).
  bool free_heading = true;
  /// Its turn rate at speed 1 (degrees per second) and how fast its walk,
  /// run and sidestep cycles move it at speed 1 (m/s), when not a human's:
  /// a retail creature's MotionTable gives its own (docs/retail-data.md).
  std::optional<float> turn_rate_deg;
  std::optional<CycleSpeedsDesc> cycle_speeds;
  std::optional<BoxMoverDesc> quake;
  std::optional<BoxMoverDesc> tribes;
  bool operator==(const CharacterDesc&) const = default;
};

/// A whole scene file: landblocks, indoor cells, objects and characters.
struct SceneDesc {
  std::vector<LandblockDesc> landblocks;
  std::vector<CellDesc> cells;
  std::vector<ObjectDesc> objects;
  std::vector<CharacterDesc> characters;
  bool operator==(const SceneDesc&) const = default;
};

}  // namespace transit
