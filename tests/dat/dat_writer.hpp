#pragma once
// A writer of retail data files for the tests: the container (header at
// 0x140, linked blocks, B-tree directory) and the file types transit reads,
// laid out as the public readers document them. It lives in the tests so
// that no retail data is ever needed; the hand-derived fixture in
// dat_archive_test.cpp checks it against bytes worked out by hand.

#include <cstdint>
#include <map>
#include <string>

#include "transit/dat/cell_landblock.hpp"
#include "transit/dat/dat_archive.hpp"
#include "transit/dat/env_cell.hpp"
#include "transit/dat/environment.hpp"
#include "transit/dat/gfx_obj.hpp"
#include "transit/dat/motion_table.hpp"
#include "transit/dat/setup.hpp"
#include "transit/dat/landblock_info.hpp"
#include "transit/dat/region.hpp"
#include "transit/dat/scene_file.hpp"

namespace transit::dat::testing {

struct DatLayout {
  std::uint32_t block_size = 256;
  DataSet data_set = DataSet::Cell;
  // Blocks of different chains interleaved, so that no chain is contiguous.
  bool interleave = true;
};

/// A whole data file holding `files` (id -> bytes).
std::string write_dat(const std::map<std::uint32_t, std::string>& files, const DatLayout& layout = {});

/// Little-endian fields appended to a byte string.
class Bytes {
 public:
  Bytes& u8(std::uint8_t v) { return raw(&v, 1); }
  Bytes& u16(std::uint16_t v) { return raw(&v, 2); }
  Bytes& u32(std::uint32_t v) { return raw(&v, 4); }
  Bytes& f32(float v) { return raw(&v, 4); }
  Bytes& f64(double v) { return raw(&v, 8); }
  /// A 16-bit length and the characters, then padding to 4 bytes.
  Bytes& pstring(const std::string& s) {
    u16(static_cast<std::uint16_t>(s.size()));
    return raw(s.data(), s.size()).align();
  }
  Bytes& align() {
    while (out_.size() % 4) out_.push_back('\0');
    return *this;
  }
  Bytes& frame(const DatFrame& f);
  Bytes& compressed(std::uint32_t v) {
    if (v < 0x80) return u8(static_cast<std::uint8_t>(v));
    if (v < 0x4000) return u8(static_cast<std::uint8_t>(0x80 | (v >> 8))).u8(static_cast<std::uint8_t>(v & 0xFF));
    u8(static_cast<std::uint8_t>(0xC0 | (v >> 24))).u8(static_cast<std::uint8_t>((v >> 16) & 0xFF));
    return u16(static_cast<std::uint16_t>(v & 0xFFFF));
  }
  const std::string& str() const { return out_; }

 private:
  Bytes& raw(const void* p, std::size_t n) {
    out_.append(static_cast<const char*>(p), n);
    return *this;
  }
  std::string out_;
};

std::string cell_landblock_bytes(const CellLandblock& block);
std::string landblock_info_bytes(const LandblockInfo& info);
std::string environment_bytes(const Environment& env);
std::string env_cell_bytes(const EnvCellFile& cell);
/// A GfxObj with physics (no drawing part): surfaces none, sort centre 0.
std::string gfx_obj_bytes(const GfxObj& g);
/// A Setup: no parents, holding locations or connection points; placements
/// without hooks unless `hooks` is given (each hook's bytes after its type,
/// appended to every placement); `lights` lights of zeros.
std::string setup_bytes(const Setup& setup, const std::string& hooks = {}, std::uint32_t hook_count = 0,
                        std::uint32_t lights = 0);
/// A MotionTable: each cycle and modifier with as many animations of zeros
/// as it says, and `links` links, each to one motion without velocity.
std::string motion_table_bytes(const MotionTable& table);

/// A whole Region file: ids, name, land definitions, a game time of one
/// time of day, weekday and season, one sky day group, one ambient sound
/// table, the scene and terrain descriptions of `scenery` (terrain types
/// named "Terrain N") and empty land surfaces.
std::string region_bytes(const LandDefs& defs, const RegionScenery& scenery = {});
/// A Scene file.
std::string scene_bytes(const SceneFile& scene);

}  // namespace transit::dat::testing
