#include "server/claim_energy.hpp"

#include <algorithm>
#include <cmath>

#include "server/plane_motion.hpp"
#include "transit/math/constants.hpp"
#include "transit/world/land_defs.hpp"

namespace transit {

namespace {

// Metres a step in the air may dip below both of its ends.
constexpr float kDipBelowClaims = 1.0f;
// Metres walkable ground falls over a metre across, at its steepest.
const float kFallPerMetre = std::sqrt(1.0f - kFloorZ * kFloorZ) / kFloorZ;

float horizontal_distance(const Position& a, const Position& b) {
  const Vec3 d = get_offset(a, b);
  return length2d(d);
}

// Still falling into the ground the probe stood it on, hard enough that
// retail's landing bounces it off again (its elasticity's share of the
// speed it meets the plane with, past the speed friction holds it at), to
// fly on with its motion: no faster than its energy brings it down, and a
// quantum's gravity before the landing (a human that fell 1.2 m left the
// ground it landed on at 18 m/s, its run's, and ran on with both).
bool bounces_off(const AcceptedMovement& last) {
  if (!falls_into_plane(last.velocity_now, last.contact_plane)) return false;
  const float into = -glm::dot(last.velocity_now, last.contact_plane->plane.normal);
  const float gap = gap_above_support(last);
  const float meets = std::min(std::sqrt(into * into + 2.0f * kG * gap),
                               speed_at(last.energy_z, last.position.frame.origin.z - gap)) +
                      kG * kMaxQuantum;
  return meets * kDefaultElasticity >= kFrictionlessSpeed;
}

// Just landed, a replay's velocity (not the claims' average, which is the
// client's to choose) leaves the plane at the elasticity's share of its
// fall, near enough the speed friction holds a body at that the client's
// fall passed it, faster by the gravity of the least quantum its physics
// may lag by: retail's next frame takes it off the ground with its
// motion's velocity, which it glides on with beside its motion (a large
// body that landed at 4.8 m/s, its replay leaving the plane at 0.24 m/s
// and its client's at 0.26, ran on at 8.5 m/s of its own).
bool bounced_off(const AcceptedMovement& last) {
  if (last.unsteady_t != last.t || last.velocity_now == last.velocity || !last.contact_plane) return false;
  const float lag = kDefaultElasticity * kG * kMinQuantum;
  const float off = glm::dot(last.velocity_now, last.contact_plane->plane.normal);
  const float fell = last.fall_speed - kG * (kMaxQuantum - kMinQuantum);
  return off > 0.0f && off + lag >= kFrictionlessSpeed && kDefaultElasticity * fell >= kFrictionlessSpeed;
}

// A step from one walkable plane to another, not just after a landing
// (its energy is still the fall's then, which the landing spent into the
// ground but for what the claims do not show yet).
bool plane_to_plane(const AcceptedMovement& last, const AcceptedMovement& next) {
  return walking(last) && walking(next) && last.contact_plane && next.contact_plane && last.unsteady_t != last.t;
}

}  // namespace

bool walking(const AcceptedMovement& s) { return s.supported && s.on_walkable; }

// Metres a body stands above the support plane the probe below or a
// replay found: 0 when on or below it, or, for a plane of another
// landblock's cell (in that landblock's frame), 0.5 m or more above it.
float gap_above_support(const AcceptedMovement& s) {
  if (!s.contact_plane) return 0.0f;
  const float nz = std::max(std::abs(s.contact_plane->plane.normal.z), 0.1f);
  const float gap = s.contact_plane->plane.distance(s.position.frame.origin) / nz;
  const bool same_frame = landblock_of(s.contact_plane->cell) == landblock_of(s.position.objcell_id);
  return gap > 0.0f && (gap < 0.5f || same_frame) ? gap : 0.0f;
}

float energy_height(float z, float speed) { return z + 0.5f * speed * speed / kG; }

float speed_at(float energy_z, float z) { return std::sqrt(2.0f * kG * std::max(0.0f, energy_z - z)); }

float arc_speed(const AcceptedMovement& s, double t) { return s.air_vz - kG * static_cast<float>(t - s.air_t); }

StepEnergy step_energy(const AcceptedMovement& last, const Position& to, float departure_speed, bool jumped,
                       bool jump_reported, float step_down, bool own_replays) {
  const float drop = last.position.frame.origin.z - to.frame.origin.z;
  StepEnergy e{last.energy_z, last.energy_z, true, last.energy_z};
  e.may_leave = !walking(last) || jumped || bounces_off(last) || (own_replays && bounced_off(last)) ||
                drop > kFallPerMetre * horizontal_distance(last.position, to) + step_down;
  // A jump reported in the air left walkable ground it landed on since, no
  // higher than the step's higher end (retail jumps only from the ground).
  if (last.supported || jump_reported) {
    const float from = last.supported ? last.position.frame.origin.z
                                      : std::max(last.position.frame.origin.z, to.frame.origin.z);
    e.left = std::max(e.carried, energy_height(from, departure_speed));
  }
  if (e.may_leave) e.departed = e.left;
  return e;
}

bool crest_lifts(const StepEnergy& energy, const AcceptedMovement& last, const AcceptedMovement& next) {
  if (!plane_to_plane(last, next)) return false;
  const Vec3& from = last.contact_plane->plane.normal;
  const Vec3& onto = next.contact_plane->plane.normal;
  // Along the one plane at most the sine of the angle between them of
  // its speed leaves the other.
  const float leaving = glm::length(onto - from * glm::dot(from, onto));
  const float ground = last.position.frame.origin.z - gap_above_support(last);
  return speed_at(energy.carried, ground) * leaving >= kFrictionlessSpeed ||
         motion_crest_bounce(energy, last, next).has_value();
}

std::optional<Vec3> motion_crest_bounce(const StepEnergy& energy, const AcceptedMovement& last,
                                        const AcceptedMovement& next) {
  if (!plane_to_plane(last, next)) return std::nullopt;
  const Vec3& from = last.contact_plane->plane.normal;
  const Vec3& onto = next.contact_plane->plane.normal;
  Vec3 way = get_offset(last.position, next.position);
  way.z = 0.0f;
  const float across = glm::length(way);
  if (across < 1e-3f) return std::nullopt;
  way /= across;
  // Over a crest: along the plane it left, its way leaves the next.
  if (glm::dot(way - from * glm::dot(way, from), onto) <= 0.0f) return std::nullopt;
  const float ground = last.position.frame.origin.z - gap_above_support(last);
  const Vec3 departed = way * speed_at(energy.left, ground);
  const float into = -glm::dot(departed, onto);
  if (into * kDefaultElasticity < kFrictionlessSpeed) return std::nullopt;
  return departed + onto * ((1.0f + kDefaultElasticity) * into);
}

float ground_momentum_cap(const StepEnergy& energy, float motion_speed, const AcceptedMovement& last,
                          const Position& to) {
  const float low = std::min(last.position.frame.origin.z, to.frame.origin.z);
  return motion_speed + speed_at(energy.carried, low);
}

float momentum_cap(const StepEnergy& energy, float motion_speed, const AcceptedMovement& last, const Position& to) {
  const float fall = fall_speed_cap(energy, last, to);
  if (!walking(last)) return fall;
  return std::max(fall, ground_momentum_cap(energy, motion_speed, last, to));
}

float fall_speed_cap(const StepEnergy& energy, const AcceptedMovement& last, const Position& to) {
  const float low = std::min(last.position.frame.origin.z, to.frame.origin.z);
  return speed_at(energy.departed, low - (walking(last) ? 0.0f : kDipBelowClaims));
}

float energy_after(const StepEnergy& energy, const AcceptedMovement& next, float dt) {
  if (energy.may_leave || !walking(next)) return energy.departed;
  const float z = next.position.frame.origin.z;
  return energy_height(z, speed_at(energy.carried, z) * std::pow(1.0f - kDefaultFriction, dt));
}

}  // namespace transit
