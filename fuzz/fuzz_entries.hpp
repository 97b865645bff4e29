#pragma once
// The fuzzed entry points, shared by the libFuzzer targets (fuzz/*_fuzzer.cpp)
// and the regression test that replays checked-in crash inputs
// (tests/reliability/fuzz_regression_test.cpp). Each takes any bytes and
// must return normally: bad input is an InputError, caught here.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace transit::fuzz {

void scene_reader(const std::uint8_t* data, std::size_t size);  // parse_scene + World
void obj_reader(const std::uint8_t* data, std::size_t size);     // parse_obj_mesh
void moves_reader(const std::uint8_t* data, std::size_t size);   // parse/validate_moves
void script_reader(const std::uint8_t* data, std::size_t size);  // parse/validate_script
void results_reader(const std::uint8_t* data, std::size_t size);  // trajectories, claims + checks
void bsp_builder(const std::uint8_t* data, std::size_t size);    // build_bsp + queries
void c_api(const std::uint8_t* data, std::size_t size);  // random C API call sequences
void c_api_claims(const std::uint8_t* data, std::size_t size);  // the C API's claim checks
void baked_world(const std::uint8_t* data, std::size_t size);  // read_baked_world + World
void dat_archive(const std::uint8_t* data, std::size_t size);  // retail container: directory, chains
void dat_files(const std::uint8_t* data, std::size_t size);    // retail file-type parsers

struct Target {
  const char* name;  // also the folder of tests/data/fuzz-regressions/
  void (*run)(const std::uint8_t*, std::size_t);
};
const std::vector<Target>& targets();

}  // namespace transit::fuzz
