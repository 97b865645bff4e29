// Version, defaults, names and position helpers of the C API.

#include <cmath>

#include "capi/call_guard.hpp"
#include "capi/conversions.hpp"
#include "transit/version.hpp"

using namespace transit;
using namespace transit::capi;

extern "C" {

const char* tr_GetVersionString(void) { return TRANSIT_VERSION_STRING; }

void tr_GetVersion(int* major, int* minor, int* patch) {
  if (major) *major = TRANSIT_VERSION_MAJOR;
  if (minor) *minor = TRANSIT_VERSION_MINOR;
  if (patch) *patch = TRANSIT_VERSION_PATCH;
}

tr_Position tr_MakePosition(uint32_t cell, tr_Vec3 origin, float heading_deg) {
  const Frame frame = Frame::from_heading(to_vec(origin), heading_deg);
  return {cell, origin, to_c(frame.orientation)};
}

float tr_Heading(tr_Position position) {
  Frame frame{to_vec(position.origin), to_quat(position.orientation)};
  return frame.heading();
}

const char* tr_MoveStatusName(tr_MoveStatus status) {
  const std::int32_t raw = enum_value(status);
  if (raw < tr_moved || raw > tr_invalidInput) return "unknown";
  return to_string(static_cast<MoveStatus>(raw));
}

tr_ObjectDef tr_DefaultObjectDef(void) {
  tr_ObjectDef def{};
  def.position = tr_MakePosition(0, {0.0f, 0.0f, 0.0f}, 0.0f);
  def.scale = 1.0f;
  def.flags = tr_flagStatic;
  return def;
}

tr_CellDef tr_DefaultCellDef(void) { return tr_CellDef{}; }

tr_CharacterDef tr_DefaultCharacterDef(void) {
  const CharacterDesc human;
  tr_CharacterDef def{};
  def.mover = tr_moverAc;
  def.sphere_count = static_cast<int32_t>(human.spheres.size());
  for (std::size_t i = 0; i < human.spheres.size(); ++i)
    def.spheres[i] = {to_c(human.spheres[i].center), human.spheres[i].radius};
  def.step_up_height = human.step_up_height;
  def.step_down_height = human.step_down_height;
  def.flags = human.flags;
  def.run_skill = human.run_skill;
  def.jump_skill = human.jump_skill;
  def.free_heading = human.free_heading;
  const BoxMoverDesc box;
  def.box_mins = to_c(box.mins);
  def.box_maxs = to_c(box.maxs);
  def.quake_step_size = 0.0f;
  def.turn_rate_deg = kHumanTurnRateDeg;
  def.cycle_speeds = tr_DefaultCycleSpeeds();
  return def;
}

tr_CycleSpeeds tr_DefaultCycleSpeeds(void) {
  const CycleSpeeds human;
  return {human.walk, human.run, human.sidestep};
}

tr_Controls tr_DefaultControls(void) {
  return {tr_forwardStop, tr_strafeStop, 0.0f, -1.0f};
}

}
