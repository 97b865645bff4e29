#pragma once
// A small random number generator whose streams are the same on every
// compiler and standard library (std::uniform_*_distribution are not), so a
// seed names the same soak cases everywhere.

#include <cstdint>

namespace transit::reliability {

class SoakRng {
 public:
  explicit SoakRng(std::uint64_t seed) : state_(seed) {}

  // splitmix64
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [lo, hi), from 24 random bits.
  float uniform(float lo, float hi) {
    const float unit = static_cast<float>(next() >> 40) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * unit;
  }
  // Uniform integer in [lo, hi].
  int between(int lo, int hi) {
    return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(float p) { return uniform(0.0f, 1.0f) < p; }

 private:
  std::uint64_t state_;
};

// A seed for the n-th part of a run (world n, say) that does not overlap others.
inline std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t n) {
  SoakRng rng(seed ^ (n * 0xD1B54A32D192ED03ull));
  rng.next();
  return rng.next();
}

}  // namespace transit::reliability
