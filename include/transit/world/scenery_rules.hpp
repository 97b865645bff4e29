#pragma once
// The pseudo-random rules by which retail places scenery: for the terrain
// vertex at global vertex coordinates (gx, gy) = (X * 8 + vx, Y * 8 + vy)
// and object k of its Scene, wrapping 32-bit products of gx, gy and k give
// numbers in [0, 1) (times 2^-32) that choose the scene, test the object's
// frequency and set its displacement, heading and scale; every client
// computes the same world (docs/retail-data.md). Products are taken in
// double and rounded to float where retail stores a float.

#include <array>
#include <cstddef>
#include <cstdint>

#include "transit/dat/scene_file.hpp"
#include "transit/math/vec.hpp"

namespace transit {

/// Which of a scene type's `count` scenes the vertex grows (0 for one).
/// Retail CLandBlock::get_land_scenes
std::size_t scene_choice(std::uint32_t gx, std::uint32_t gy, std::size_t count);

/// Whether object k of the vertex's scene is there: its noise below its
/// frequency. Retail CLandBlock::get_land_scenes
bool scenery_object_chosen(std::uint32_t gx, std::uint32_t gy, std::uint32_t k, float frequency);

/// The object's offset from its vertex: its base offset, displaced by up to
/// displace_x and displace_y, then turned by a quarter-turn chosen per
/// vertex. Retail ObjectDesc::Place
Vec3 scenery_offset(const dat::SceneObject& o, std::uint32_t gx, std::uint32_t gy, std::uint32_t k);

/// The object's heading in degrees, 0..max_rotation (0 when max_rotation is
/// not positive). Retail ObjectDesc::GetObjFrame
float scenery_heading(const dat::SceneObject& o, std::uint32_t gx, std::uint32_t gy, std::uint32_t k);

/// The object's scale, min_scale..max_scale spread geometrically.
/// Retail ObjectDesc::ScaleObj
float scenery_scale(const dat::SceneObject& o, std::uint32_t gx, std::uint32_t gy, std::uint32_t k);

/// Whether a landblock-local point (x, y in [0, 192)) lies on a road: within
/// 5 m of the road edges its cell's road corners (terrain bits 0-1) make.
/// Retail CLandBlock::on_road
bool on_road(const std::array<std::uint16_t, 81>& terrain, const Vec3& local);

/// `orientation` turned to face `degrees` (0 north, 90 east), its forward
/// axis keeping its climb. Retail Frame::set_heading
Quat with_heading(const Quat& orientation, float degrees);

/// The heading (degrees) of a direction's horizontal part, 0 for a
/// vertical one. Retail AC1Legacy::Vector3::get_heading
float heading_of(const Vec3& direction);

}  // namespace transit
