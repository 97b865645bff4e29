#pragma once
// Retail physics constants (seed 000 section 9; ACE PhysicsGlobals).

namespace transit {

/// Retail's EPSILON (metres): distances and components closer than this are
/// equal.
inline constexpr float kEpsilon = 0.0002f;
inline constexpr float kEpsilonSq = kEpsilon * kEpsilon;

/// Minimum normal.z of a surface that a falling object may land on.
inline constexpr float kLandingZ = 0.0871557f;
/// Minimum normal.z of a surface a character can stand and walk on.
inline constexpr float kFloorZ = 0.66417414618662751f;

/// Step height of a body whose setup gives none, metres.
inline constexpr float kDefaultStepHeight = 0.01f;
/// Step-down probe used when an object is in contact but not on a walkable
/// surface (retail literal 0x3D23D70A).
inline constexpr float kStepDownProbe = 0.04f;

/// Gravity (m/s^2, up is +z), the velocity cap and the speed under which a
/// body on the ground stops (m/s), friction and elasticity defaults.
inline constexpr float kGravity = -9.8f;
inline constexpr float kMaxVelocity = 50.0f;
inline constexpr float kMaxVelocitySq = kMaxVelocity * kMaxVelocity;
inline constexpr float kSmallVelocity = 0.25f;
inline constexpr float kSmallVelocitySq = kSmallVelocity * kSmallVelocity;
inline constexpr float kDefaultFriction = 0.95f;
/// m/s a velocity leaves its walkable contact plane at, at or over which
/// ground friction leaves it whole (calc_friction).
inline constexpr float kFrictionlessSpeed = 0.25f;
inline constexpr float kDefaultElasticity = 0.05f;
inline constexpr float kMaxElasticity = 0.1f;

/// Quanta of update_object, seconds: a remainder below the minimum waits,
/// frames are cut at the maximum, frames over the huge one are dropped.
inline constexpr float kMinQuantum = 1.0f / 30.0f;
inline constexpr float kMaxQuantum = 0.1f;
inline constexpr float kHugeQuantum = 2.0f;

/// Radius (metres) of the sphere retail gives a body that has none.
inline constexpr float kDummySphereRadius = 0.1f;

/// Sub-step cap of find_transitional_position: retail 30, ACE raised it to 1000.
inline constexpr int kRetailMaxTransitionSteps = 30;
/// ACE's raised sub-step cap (retail's is kRetailMaxTransitionSteps).
inline constexpr int kAceMaxTransitionSteps = 1000;

/// Degrees in a radian, as float (headings are degrees clockwise from north).
inline constexpr float kDegreesPerRadian = 180.0f / 3.14159265358979f;

/// Slack added to a sphere's radius when testing it against a cell BSP.
inline constexpr float kCellBspEpsilon = 0.01f;
/// Iteration caps of placement's ring search and adjust_to_plane.
inline constexpr int kPlacementIterations = 20;
inline constexpr int kAdjustToPlaneIterations = 15;

}  // namespace transit
