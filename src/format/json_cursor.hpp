#pragma once
// Strict, path-aware reading of JSON documents for the file formats: every
// accessor names the file, the JSON pointer and the offending value when the
// document does not have the expected shape.

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "transit/math/vec.hpp"

namespace transit {

// Parses JSON text; syntax errors and keys repeated within one object are
// InputErrors naming `source`.
nlohmann::json parse_json_document(const std::string& text, const std::string& source);

// The whole contents of a regular file, or an InputError "<file>: cannot read
// file: <reason>".
std::string read_text_file(const std::filesystem::path& file);

// A short rendering of a JSON value for error messages (nested and long
// values are abbreviated with "...").
std::string describe_json(const nlohmann::json& value);

// One value of a document and its JSON pointer.
class JsonCursor {
 public:
  JsonCursor(const nlohmann::json& value, const std::string& source, std::string path = "");

  const nlohmann::json& node() const { return *value_; }
  const std::string& path() const { return path_; }
  const std::string& source() const { return *source_; }

  // "<source>: <path>: <what>, got <this value>".
  [[noreturn]] void fail(const std::string& what) const;
  // "<source>: <path>: <what>".
  [[noreturn]] void fail_here(const std::string& what) const;

  // Requires an object whose keys are all in `allowed`.
  void expect_object(std::initializer_list<std::string_view> allowed) const;
  bool has(std::string_view key) const;
  JsonCursor field(std::string_view key) const;  // required
  std::optional<JsonCursor> optional_field(std::string_view key) const;
  // The elements of an array.
  std::vector<JsonCursor> elements() const;
  // The key/value pairs of an object, in key order.
  std::vector<std::pair<std::string, JsonCursor>> members() const;

  float as_float() const;    // finite, within float range
  double as_double() const;  // finite
  std::int64_t as_integer(std::int64_t min, std::int64_t max) const;
  bool as_bool() const;
  std::string as_string() const;
  Vec3 as_vec3() const;
  // A 32-bit id: a hex string "0xA9B40100" or a JSON number.
  std::uint32_t as_id() const;

 private:
  JsonCursor child(const nlohmann::json& value, std::string_view token) const;

  const nlohmann::json* value_;
  const std::string* source_;
  std::string path_;
};

}  // namespace transit
