#include "fuzz_entries.hpp"

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "byte_reader.hpp"

#include "format/baked_world_payload.hpp"
#include "transit/dat/cell_landblock.hpp"
#include "transit/dat/dat_archive.hpp"
#include "transit/dat/env_cell.hpp"
#include "transit/dat/environment.hpp"
#include "transit/dat/gfx_obj.hpp"
#include "transit/dat/motion_table.hpp"
#include "transit/dat/setup.hpp"
#include "transit/dat/retail_bsp.hpp"
#include "transit/dat/landblock_info.hpp"
#include "transit/dat/region.hpp"
#include "transit/dat/scene_file.hpp"
#include "transit/format/claims_file.hpp"
#include "transit/format/obj_reader.hpp"
#include "transit/format/trajectory_reader.hpp"
#include "transit/server/movement_check.hpp"
#include "transit/format/run_reader.hpp"
#include "format/run_validation.hpp"
#include "transit/format/scene_reader.hpp"
#include "geom/bsp_builder.hpp"
#include "transit/math/input_error.hpp"
#include "transit/world/world.hpp"

namespace transit::fuzz {

namespace {

std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// OBJ paths in fuzzed scenes resolve under a directory that does not exist,
// so a fuzzed scene never reads the machine's files.
const std::filesystem::path kNoFiles = "/nonexistent-transit-fuzz";

const SceneDesc& small_scene() {
  static const SceneDesc scene = parse_scene(R"({"format": "transit-scene/1",
    "terrain": {"landblocks": [{"x": 169, "y": 180, "flat": 0}]},
    "characters": [{"name": "player", "position": {"cell": "0xA9B40001", "local": [1, 1, 0]}}]})",
                                             kNoFiles, "fuzz-scene");
  return scene;
}

}  // namespace

void scene_reader(const std::uint8_t* data, std::size_t size) {
  try {
    const SceneDesc scene = parse_scene(text_of(data, size), kNoFiles, "fuzz-scene");
    std::vector<std::string> warnings;
    (void)World::from_scene(scene, &warnings);
  } catch (const InputError&) {
  }
}

void obj_reader(const std::uint8_t* data, std::size_t size) {
  try {
    (void)parse_obj_mesh(text_of(data, size), "fuzz.obj");
  } catch (const InputError&) {
  }
}

void moves_reader(const std::uint8_t* data, std::size_t size) {
  try {
    validate_moves(parse_moves(text_of(data, size), "fuzz-moves"), small_scene(), "fuzz-moves");
  } catch (const InputError&) {
  }
}

void script_reader(const std::uint8_t* data, std::size_t size) {
  try {
    validate_script(parse_script(text_of(data, size), "fuzz-script"), small_scene(),
                    "fuzz-script");
  } catch (const InputError&) {
  }
}

// A trajectory and a claims file in one input; the claims are then checked
// as a server would, over the small scene.
void results_reader(const std::uint8_t* data, std::size_t size) {
  const std::string text = text_of(data, size);
  try {
    (void)parse_trajectory(text, "fuzz-trajectory");
  } catch (const InputError&) {
  }
  try {
    const ClaimsDesc claims = parse_claims(text, "fuzz-claims");
    static const World world = World::from_scene(small_scene());
    const MovementChecker checker(world, CharacterSettings::from_desc(small_scene().characters[0]));
    for (const auto& [name, list] : claims.claims) {
      AcceptedMovement state = checker.start(*world.resolve(small_scene().characters[0].position, {}), 0.0);
      for (const ClaimDesc& c : list)
        if (const auto at = world.resolve(c.position, {}))
          state = checker.check(state, {c.t, *at, c.motion, c.changes}).next;
    }
  } catch (const InputError&) {
  }
}

// Input: a vertex count (1 byte, up to 64), that many float triples, then
// polygons as a length byte (up to 8) and that many vertex index bytes.
void bsp_builder(const std::uint8_t* data, std::size_t size) {
  ByteReader in(data, size);
  const int vertex_count = in.next<std::uint8_t>() % 65;
  std::vector<Vec3> vertices;
  for (int i = 0; i < vertex_count; ++i) {
    const float x = in.next<float>(), y = in.next<float>(), z = in.next<float>();
    vertices.emplace_back(x, y, z);
  }
  std::vector<std::vector<std::uint32_t>> polygons;
  while (!in.done() && polygons.size() < 64) {
    std::vector<std::uint32_t> polygon(in.next<std::uint8_t>() % 9);
    for (std::uint32_t& index : polygon) index = in.next<std::uint8_t>();
    polygons.push_back(std::move(polygon));
  }
  try {
    const BspBuildResult built = build_bsp(vertices, polygons);
    const Polygon* hit = nullptr;
    Vec3 contact(0.0f);
    const Sphere probe{{0.5f, 0.5f, 0.5f}, 0.48f};
    (void)built.tree.sphere_intersects_poly(probe, {0.0f, 0.0f, -0.1f}, hit, contact);
  } catch (const InputError&) {
  }
}

// Input: a baked world's payload; the header (this version, the size, the
// checksum) is put around it, so that the fuzzer reaches the parser.
void baked_world(const std::uint8_t* data, std::size_t size) {
  static const std::string file =
      (std::filesystem::temp_directory_path() / ("transit-fuzz-baked-" + std::to_string(::getpid()))).string();
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << with_baked_header(text_of(data, size));
  }
  try {
    const BakedWorld baked = read_baked_world(file);
    std::vector<std::string> warnings;
    (void)World::from_scene(baked.scene, &warnings, &baked.trees);
  } catch (const InputError&) {
  }
}

// Input: a whole data file, whose magic and size words are made right so
// that the fuzzer reaches the directory and the chains; the rest (block
// size, root, every node and link) is the input's.
void dat_archive(const std::uint8_t* data, std::size_t size) {
  std::string bytes = text_of(data, size);
  if (bytes.size() < dat::kHeaderOffset + dat::kHeaderBytes) bytes.resize(dat::kHeaderOffset + dat::kHeaderBytes, '\0');
  const std::uint32_t magic = dat::kDatMagic, file_size = static_cast<std::uint32_t>(bytes.size());
  std::memcpy(&bytes[dat::kHeaderOffset], &magic, 4);
  std::memcpy(&bytes[dat::kHeaderOffset + 8], &file_size, 4);
  try {
    const dat::DatArchive archive = dat::DatArchive::from_bytes("fuzz.dat", bytes);
    std::size_t read = 0;
    archive.for_each_entry(0, 0xFFFFFFFFu, [&](const dat::DatEntry& e) {
      if (read++ < 64) (void)archive.read_if_present(e.id);
    });
    (void)archive.find(0x0A0BFFFF);
  } catch (const InputError&) {
  }
}

// Input: a selector byte, then one file's bytes for that parser.
void dat_files(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const std::string bytes = text_of(data + 1, size - 1);
  try {
    switch (data[0] % 9) {
      case 0: (void)dat::parse_cell_landblock(bytes, "fuzz"); break;
      case 1: (void)dat::parse_landblock_info(bytes, "fuzz"); break;
      case 2: {
        (void)dat::parse_land_defs(bytes, "fuzz");
        const dat::Region region = dat::parse_region(bytes, "fuzz");
        for (int t = 0; t < 32; ++t) (void)region.scenery.scenes(t, t % 3);
        break;
      }
      case 7: (void)dat::parse_scene_file(bytes, "fuzz"); break;
      case 3: (void)dat::parse_env_cell(bytes, "fuzz"); break;
      case 6: (void)dat::parse_setup(bytes, "fuzz"); break;
      case 8: {
        const dat::MotionTable t = dat::parse_motion_table(bytes, "fuzz");
        (void)t.turn_rate_deg();
        (void)t.cycle(t.default_style, dat::kMotionRunForward);
        break;
      }
      case 5: {
        const dat::GfxObj g = dat::parse_gfx_obj(bytes, "fuzz");
        if (g.has_physics()) (void)dat::physics_bsp(g.physics_bsp, g.physics_polygons, g.vertices, "fuzz");
        break;
      }
      default: {
        // An Environment, its trees then made into BspTrees and asked.
        const dat::Environment env = dat::parse_environment(bytes, "fuzz");
        for (const auto& [index, c] : env.cells) {
          const BspTree physics = dat::physics_bsp(c.physics_bsp, c.physics_polygons, c.vertices, "fuzz");
          const BspTree cell = dat::cell_bsp(c.cell_bsp, c.polygons, c.vertices, "fuzz");
          const Polygon* hit = nullptr;
          Vec3 contact(0.0f);
          (void)physics.sphere_intersects_poly({Vec3(0.0f, 0.0f, 0.5f), 0.48f}, Vec3(0.1f, 0.0f, -0.1f), hit, contact);
          (void)cell.point_inside_cell_bsp(Vec3(0.0f, 0.0f, 1.0f));
        }
        break;
      }
    }
  } catch (const InputError&) {
  }
}

const std::vector<Target>& targets() {
  static const std::vector<Target> all{{"scene_reader", scene_reader},
                                       {"obj_reader", obj_reader},
                                       {"moves_reader", moves_reader},
                                       {"script_reader", script_reader},
                                       {"results_reader", results_reader},
                                       {"bsp_builder", bsp_builder},
                                       {"baked_world", baked_world},
                                       {"dat_archive", dat_archive},
                                       {"dat_files", dat_files},
                                       {"c_api", c_api},
                                       {"c_api_claims", c_api_claims}};
  return all;
}

}  // namespace transit::fuzz
