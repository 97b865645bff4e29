#pragma once
// A baked world file's parts, for the fuzzer (which builds files around
// random payloads) and for tests: the payload, and a payload made a file.

#include <string>
#include <string_view>
#include <vector>

#include "transit/format/baked_world.hpp"

namespace transit {

// What write_baked_world writes after the header.
std::string baked_payload(const SceneDesc& scene, const SceneTrees& trees,
                          const std::vector<BakedSource>& sources = {});
// The whole file for `payload`: this transit's header, size and checksum.
std::string with_baked_header(std::string_view payload);

}  // namespace transit
