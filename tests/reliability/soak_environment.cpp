#include "reliability/soak_environment.hpp"

#include <cstdlib>
#include <random>

namespace transit::reliability {

std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

std::uint64_t soak_seed(std::uint64_t fixed) {
  const std::string text = env_or("TRANSIT_SOAK_SEED", std::to_string(fixed));
  if (text != "random") return std::stoull(text);
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) | device();
}

std::filesystem::path soak_out(const std::string& prefix, std::uint64_t seed) {
  return env_or("TRANSIT_SOAK_OUT",
                (std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(seed)))
                    .string());
}

}  // namespace transit::reliability
