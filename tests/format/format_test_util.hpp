#pragma once
// Helpers for the file-format tests: temporary directories and capturing the
// InputError message of a parse.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "transit/math/input_error.hpp"

namespace transit::testing {

inline std::filesystem::path format_data_dir() {
  return std::filesystem::path(TRANSIT_SOURCE_DIR) / "tests" / "data" / "format";
}

// A fresh directory removed when the object goes away.
class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "transit_format_XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& relative, const std::string& text) const {
    const std::filesystem::path file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }

 private:
  std::filesystem::path path_;
};

// The InputError message `parse` throws; a test failure (and "") when it
// throws nothing or something else.
inline std::string input_error_of(const std::function<void()>& parse) {
  try {
    parse();
  } catch (const InputError& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw a non-InputError: " << e.what();
    return "";
  }
  ADD_FAILURE() << "no InputError was thrown";
  return "";
}

}  // namespace transit::testing
