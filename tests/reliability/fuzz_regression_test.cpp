// Inputs the fuzzers (fuzz/, make fuzz) once crashed on, replayed through
// the same entry points in the normal build: each must now return normally.
// Add a crash input as tests/data/fuzz-regressions/<target>/<name>.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "fuzz_entries.hpp"

namespace transit::fuzz {
namespace {

namespace fs = std::filesystem;

const fs::path kRegressions = fs::path(TRANSIT_SOURCE_DIR) / "tests/data/fuzz-regressions";

std::vector<std::uint8_t> bytes_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(FuzzRegression, EveryTargetHasItsFolder) {
  for (const Target& t : targets()) EXPECT_TRUE(fs::is_directory(kRegressions / t.name)) << t.name;
}

TEST(FuzzRegression, CheckedInInputsRunWithoutCrashing) {
  int replayed = 0;
  for (const Target& t : targets()) {
    for (const auto& entry : fs::directory_iterator(kRegressions / t.name)) {
      if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
      SCOPED_TRACE(entry.path().string());
      const std::vector<std::uint8_t> input = bytes_of(entry.path());
      t.run(input.data(), input.size());
      ++replayed;
    }
  }
  EXPECT_GT(replayed, 0);
}

}  // namespace
}  // namespace transit::fuzz
