#pragma once
// The synthetic retail data directory in a temporary folder of its own.

#include "dat/synthetic_data.hpp"
#include "format/format_test_util.hpp"

namespace transit::dat::testing {

struct DataDir {
  transit::testing::TempDir dir;
  DataDir() { write_data_dir(dir.path()); }
};

}  // namespace transit::dat::testing
