// libFuzzer target: see fuzz/fuzz_entries.hpp and docs/reliability.md.
#include "fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  transit::fuzz::c_api_claims(data, size);
  return 0;
}
