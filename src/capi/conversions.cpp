#include "capi/conversions.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "capi/call_guard.hpp"
#include "transit/format/obj_reader.hpp"
#include "transit/world/land_defs.hpp"

namespace transit::capi {

namespace {

bool finite(const tr_Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const tr_Quat& q) {
  return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

template <typename T>
std::size_t checked_count(std::int32_t count, const T* items, const std::string& what) {
  if (count < 0) refuse(tr_errorInvalidArgument, fmt::format("{}: count must not be negative, got {}", what, count));
  if (count > 0 && !items) refuse(tr_errorInvalidArgument, what + ": null array with a count of " + std::to_string(count));
  return static_cast<std::size_t>(count);
}

std::string text(const char* s) { return s ? std::string(s) : std::string(); }

std::vector<PortalDesc> portal_descs(const tr_PortalDef* portals, std::int32_t count,
                                     const std::string& what) {
  std::vector<PortalDesc> out;
  for (std::size_t i = 0; i < checked_count(count, portals, what); ++i) {
    PortalDesc p;
    p.polygon = portals[i].polygon;
    if (portals[i].to != 0) p.to = portals[i].to;
    out.push_back(p);
  }
  return out;
}

ShapeDesc shape_desc(const tr_ShapeDef& def, const std::string& what) {
  ShapeDesc s;
  switch (enum_value(def.type)) {
    case tr_shapeSphere:
      s.type = ShapeDesc::Type::Sphere;
      s.center = to_vec(def.center);
      s.radius = def.radius;
      break;
    case tr_shapeCylSphere:
      s.type = ShapeDesc::Type::CylSphere;
      s.low_point = to_vec(def.low_point);
      s.radius = def.radius;
      s.height = def.height;
      break;
    case tr_shapeMesh:
      s.type = ShapeDesc::Type::Mesh;
      s.mesh = mesh_desc(def.mesh, what + " mesh");
      break;
    case tr_shapeObjFile:
      s.type = ShapeDesc::Type::Mesh;
      s.mesh = read_obj_mesh(required_text(def.obj_path, (what + " obj_path").c_str()));
      s.mesh.obj = def.obj_path;
      break;
    default:
      refuse(tr_errorInvalidArgument, fmt::format("{}: unknown shape type {}", what, enum_value(def.type)));
  }
  return s;
}

float turn_rate(float deg_per_s) {
  if (!(std::isfinite(deg_per_s) && deg_per_s > 0.0f))
    refuse(tr_errorInvalidArgument,
           fmt::format("character: turn_rate_deg must be a finite number > 0 deg/s, got {}", deg_per_s));
  return deg_per_s;
}

CycleSpeedsDesc cycle_speeds(const tr_CycleSpeeds& s) {
  if (auto problem = cycle_speeds_problem({s.walk, s.run, s.sidestep}))
    refuse(tr_errorInvalidArgument, "character: cycle_speeds." + *problem);
  return {s.walk, s.run, s.sidestep};
}

void write_body(const PhysicsBody& body, MoveStatus status, tr_CharacterState& s) {
  std::memset(&s, 0, sizeof s);
  s.position = to_c(body.position);
  s.global_position = to_c(local_to_global(body.position.objcell_id, body.position.frame.origin));
  s.velocity = to_c(body.velocity);
  s.heading_deg = body.position.frame.heading();
  s.status = static_cast<tr_MoveStatus>(status);
  if (body.sliding_normal) {
    s.has_sliding_normal = true;
    s.sliding_normal = to_c(*body.sliding_normal);
  }
  const auto& collided = body.colliding_objects;
  s.collided_object_count = static_cast<std::int32_t>(collided.size());
  std::copy_n(collided.begin(), std::min<std::size_t>(collided.size(), tr_maxReportedCollisions),
              s.collided_objects);
}

}  // namespace

tr_Position to_c(const Position& position) {
  return {position.objcell_id, to_c(position.frame.origin), to_c(position.frame.orientation)};
}

PositionDesc position_desc(const tr_Position& position) {
  PositionDesc desc;
  if (position.cell != 0) {
    desc.cell = position.cell;
    desc.local = to_vec(position.origin);
  } else {
    desc.global = to_vec(position.origin);
  }
  desc.orientation.rotation = to_quat(position.orientation);
  return desc;
}

Position resolve(const World& world, const tr_Position& position, const char* what,
                 Strictness strictness) {
  if (!finite(position.origin) || !finite(position.orientation))
    refuse(tr_errorInvalidArgument, fmt::format("{}: origin and orientation must be finite", what));
  const float norm = std::sqrt(position.orientation.w * position.orientation.w +
                               position.orientation.x * position.orientation.x +
                               position.orientation.y * position.orientation.y +
                               position.orientation.z * position.orientation.z);
  if (std::fabs(norm - 1.0f) > 1e-3f)
    refuse(tr_errorInvalidArgument,
           fmt::format("{}: orientation must be a unit quaternion, its length is {}", what, norm));
  if (strictness == Strictness::Stand)
    if (const auto problem = world.position_problem(position_desc(position)))
      refuse(tr_errorInvalidArgument, fmt::format("{}: {}", what, *problem));
  std::optional<Position> found = world.resolve(position_desc(position));
  if (!found)
    refuse(tr_errorInvalidArgument,
           position.cell != 0
               ? fmt::format("{}: cell 0x{:08X} is not in the world", what, position.cell)
               : fmt::format("{}: global point [{}, {}, {}] is outside every landblock", what,
                             position.origin.x, position.origin.y, position.origin.z));
  return *found;
}

MeshDesc mesh_desc(const tr_MeshDef& def, const std::string& what) {
  MeshDesc mesh;
  const std::size_t vertices = checked_count(def.vertex_count, def.vertices, what + " vertices");
  for (std::size_t i = 0; i < vertices; ++i) mesh.vertices.push_back(to_vec(def.vertices[i]));
  const std::size_t polygons = checked_count(def.polygon_count, def.polygon_count > 0 ? def.indices : nullptr, what + " indices");
  std::size_t next = 0;
  for (std::size_t i = 0; i < polygons; ++i) {
    const std::int32_t size = def.polygon_sizes ? def.polygon_sizes[i] : 3;
    if (size < 3 || size > 1024)
      refuse(tr_errorInput, fmt::format("{}: polygon {} has {} vertices (3..1024)", what, i, size));
    mesh.polygons.emplace_back(def.indices + next, def.indices + next + size);
    next += static_cast<std::size_t>(size);
  }
  return mesh;
}

ObjectDesc object_desc(const tr_ObjectDef& def) {
  ObjectDesc o;
  o.id = def.id;
  o.name = text(def.name);
  o.position = position_desc(def.position);
  o.scale = def.scale;
  const std::string what = fmt::format("object {}", def.id);
  for (std::size_t i = 0; i < checked_count(def.shape_count, def.shapes, what + " shapes"); ++i)
    o.shapes.push_back(shape_desc(def.shapes[i], fmt::format("{} shape {}", what, i)));
  o.flags = def.flags;
  if (def.building_portal_count > 0 || def.building_portals)
    o.building_portals = portal_descs(def.building_portals, def.building_portal_count, what + " building_portals");
  return o;
}

CellDesc cell_desc(const tr_CellDef& def) {
  CellDesc c;
  c.id = def.id;
  c.origin = to_vec(def.origin);
  c.orientation.heading_deg = def.heading_deg;
  const std::string what = fmt::format("cell 0x{:08X}", def.id);
  c.mesh = mesh_desc(def.mesh, what + " mesh");
  c.portals = portal_descs(def.portals, def.portal_count, what + " portals");
  c.seen_outside = def.seen_outside;
  return c;
}

CharacterDesc character_desc(const tr_CharacterDef& def, const char* name,
                             const tr_Position& position) {
  CharacterDesc c;
  c.name = text(name);
  c.position = position_desc(position);
  const std::int32_t mover = enum_value(def.mover);
  if (mover != tr_moverAc && mover != tr_moverQuake && mover != tr_moverTribes)
    refuse(tr_errorInvalidArgument, fmt::format("character: unknown mover {}", mover));
  c.mover = static_cast<MoverKind>(mover);
  if (def.sphere_count < 1 || def.sphere_count > tr_maxCharacterSpheres)
    refuse(tr_errorInput, fmt::format("character: sphere_count must be 1 or 2, got {}", def.sphere_count));
  c.spheres.clear();
  for (std::int32_t i = 0; i < def.sphere_count; ++i)
    c.spheres.push_back({to_vec(def.spheres[i].center), def.spheres[i].radius});
  c.step_up_height = def.step_up_height;
  c.step_down_height = def.step_down_height;
  c.flags = def.flags;
  c.run_skill = def.run_skill;
  c.jump_skill = def.jump_skill;
  c.free_heading = def.free_heading;
  c.turn_rate_deg = turn_rate(def.turn_rate_deg);
  c.cycle_speeds = cycle_speeds(def.cycle_speeds);
  BoxMoverDesc box{to_vec(def.box_mins), to_vec(def.box_maxs), std::nullopt};
  if (mover == tr_moverQuake) {
    if (def.quake_step_size > 0.0f || std::isnan(def.quake_step_size)) box.step_size = def.quake_step_size;
    c.quake = box;
  }
  if (mover == tr_moverTribes) c.tribes = box;
  return c;
}

ScriptInput script_input(const tr_Controls& controls) {
  const CharacterControls held = character_controls(controls);
  ScriptInput input;
  input.forward = held.forward;
  input.strafe = held.strafe;
  input.turn_deg_per_s = held.turn_deg_per_s;
  if (controls.jump_extent >= 0.0f) input.jump = controls.jump_extent;
  return input;
}

ForwardInput forward_input(const tr_Forward& forward, const char* what) {
  switch (enum_value(forward)) {
    case tr_forwardStop: return ForwardInput::Stop;
    case tr_forwardRun: return ForwardInput::Run;
    case tr_forwardWalk: return ForwardInput::Walk;
    case tr_forwardBack: return ForwardInput::Back;
  }
  refuse(tr_errorInvalidArgument, fmt::format("{}: unknown forward value {}", what, enum_value(forward)));
}

StrafeInput strafe_input(const tr_Strafe& strafe, const char* what) {
  switch (enum_value(strafe)) {
    case tr_strafeStop: return StrafeInput::Stop;
    case tr_strafeLeft: return StrafeInput::Left;
    case tr_strafeRight: return StrafeInput::Right;
  }
  refuse(tr_errorInvalidArgument, fmt::format("{}: unknown strafe value {}", what, enum_value(strafe)));
}

tr_Forward to_c(ForwardInput forward) {
  switch (forward) {
    case ForwardInput::Run: return tr_forwardRun;
    case ForwardInput::Walk: return tr_forwardWalk;
    case ForwardInput::Back: return tr_forwardBack;
    case ForwardInput::Stop: break;
  }
  return tr_forwardStop;
}

tr_Strafe to_c(StrafeInput strafe) {
  switch (strafe) {
    case StrafeInput::Left: return tr_strafeLeft;
    case StrafeInput::Right: return tr_strafeRight;
    case StrafeInput::Stop: break;
  }
  return tr_strafeStop;
}

CharacterControls character_controls(const tr_Controls& controls) {
  if (!std::isfinite(controls.turn_deg_per_s))
    refuse(tr_errorInvalidArgument, "controls: turn_deg_per_s must be finite");
  if (std::isnan(controls.jump_extent) || controls.jump_extent > 1.0f)
    refuse(tr_errorInvalidArgument, "controls: jump_extent must be at most 1 (negative: no jump)");
  CharacterControls c;
  c.forward = forward_input(controls.forward, "controls");
  c.strafe = strafe_input(controls.strafe, "controls");
  c.turn_deg_per_s = controls.turn_deg_per_s;
  return c;
}

void write_state(const SimCharacter& character, MoveStatus status, tr_CharacterState& out) {
  write_body(character.body, status, out);
  out.ground = static_cast<tr_GroundState>(ground_state_of(character));
  if (const auto plane = ground_plane_of(character)) {
    out.has_ground_plane = true;
    out.ground_plane = {to_c(plane->plane.normal), plane->plane.d, plane->cell};
  }
}

void write_state(const Character& character, tr_CharacterState& out) {
  write_state(character.sim_character(), character.status(), out);
}

}  // namespace transit::capi
