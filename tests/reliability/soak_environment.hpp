#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace transit::reliability {

// What `make soak` and a user hand the soak tests through the environment
// (docs/reliability.md).

// The variable's value, or `fallback` when it is unset or empty.
std::string env_or(const char* name, const std::string& fallback);
// TRANSIT_SOAK_SEED: a number, "random" for a fresh one, or unset for
// `fixed` (what `make test` runs).
std::uint64_t soak_seed(std::uint64_t fixed);
// TRANSIT_SOAK_OUT, or "<temp>/<prefix>-<seed>": where reproducers go.
std::filesystem::path soak_out(const std::string& prefix, std::uint64_t seed);

}  // namespace transit::reliability
