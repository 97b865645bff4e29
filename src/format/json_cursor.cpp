#include "format/json_cursor.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "format/field_error.hpp"
#include "transit/math/input_error.hpp"

namespace transit {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxDescribedElements = 4;
constexpr std::size_t kMaxDescribedChars = 80;

// Tracks where the parser is, to name repeated keys by their JSON pointer.
class DuplicateKeyGuard {
 public:
  explicit DuplicateKeyGuard(const std::string& source) : source_(source) {}

  bool on_event(json::parse_event_t event, const json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        count_element();
        stack_.push_back(Level{event == json::parse_event_t::array_start, -1, {}, {}});
        break;
      case json::parse_event_t::key:
        on_key(parsed.get<std::string>());
        break;
      case json::parse_event_t::value:
        count_element();
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        stack_.pop_back();
        break;
    }
    return true;
  }

 private:
  struct Level {
    bool is_array;
    std::int64_t index;
    std::string key;
    std::set<std::string> keys;
  };

  void count_element() {
    if (!stack_.empty() && stack_.back().is_array) ++stack_.back().index;
  }

  void on_key(const std::string& key) {
    Level& level = stack_.back();
    if (!level.keys.insert(key).second) {
      std::string path;
      for (std::size_t i = 0; i + 1 < stack_.size(); ++i) {
        path += '/';
        path += stack_[i].is_array ? std::to_string(stack_[i].index)
                                   : escape_pointer_token(stack_[i].key);
      }
      path += '/' + escape_pointer_token(key);
      throw_field_error(source_, path, "this key appears twice in the same object");
    }
    level.key = key;
  }

  const std::string& source_;
  std::vector<Level> stack_;
};

std::string describe_json_at(const json& value, int depth) {
  if (value.is_array() || value.is_object()) {
    const bool is_array = value.is_array();
    if (value.empty()) return is_array ? "[]" : "{}";
    if (depth == 0) return is_array ? "[...]" : "{...}";
    std::string out = is_array ? "[" : "{";
    std::size_t n = 0;
    for (auto it = value.begin(); it != value.end(); ++it, ++n) {
      if (n == kMaxDescribedElements) {
        out += ", ...";
        break;
      }
      if (n > 0) out += ", ";
      if (!is_array) out += json(it.key()).dump() + ": ";
      out += describe_json_at(*it, depth - 1);
    }
    return out + (is_array ? "]" : "}");
  }
  std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > kMaxDescribedChars) text = text.substr(0, kMaxDescribedChars) + "...";
  return text;
}

std::string join_keys(std::initializer_list<std::string_view> keys) {
  std::string out;
  for (std::string_view k : keys) {
    if (!out.empty()) out += ", ";
    out += k;
  }
  return out;
}

}  // namespace

json parse_json_document(const std::string& text, const std::string& source) {
  DuplicateKeyGuard guard(source);
  try {
    return json::parse(text, [&guard](int, json::parse_event_t event, json& parsed) {
      return guard.on_event(event, parsed);
    });
  } catch (const json::exception& e) {
    std::string message = e.what();
    const std::size_t bracket = message.find("] ");
    if (message.rfind("[json.exception", 0) == 0 && bracket != std::string::npos)
      message = message.substr(bracket + 2);
    throw_field_error(source, "", "invalid JSON: " + message);
  }
}

std::string read_text_file(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    const bool exists = std::filesystem::exists(file, ec);
    throw InputError(fmt::format("{}: cannot read file: {}", file.string(),
                                 exists ? "not a regular file" : "no such file"));
  }
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  if (!in || in.bad()) {
    throw InputError(fmt::format("{}: cannot read file: {}", file.string(), std::strerror(errno)));
  }
  return text.str();
}

std::string describe_json(const json& value) {
  return describe_json_at(value, 2);
}

JsonCursor::JsonCursor(const json& value, const std::string& source, std::string path)
    : value_(&value), source_(&source), path_(std::move(path)) {}

void JsonCursor::fail(const std::string& what) const {
  throw_field_error(*source_, path_, what, describe_json(*value_));
}

void JsonCursor::fail_here(const std::string& what) const {
  throw_field_error(*source_, path_, what);
}

void JsonCursor::expect_object(std::initializer_list<std::string_view> allowed) const {
  if (!value_->is_object()) fail("must be an object");
  for (auto it = value_->begin(); it != value_->end(); ++it) {
    bool known = false;
    for (std::string_view key : allowed) known = known || key == it.key();
    if (!known) {
      child(*it, it.key())
          .fail_here(
              fmt::format("unknown field \"{}\" (allowed here: {})", it.key(), join_keys(allowed)));
    }
  }
}

bool JsonCursor::has(std::string_view key) const {
  return value_->is_object() && value_->contains(key);
}

JsonCursor JsonCursor::field(std::string_view key) const {
  std::optional<JsonCursor> found = optional_field(key);
  if (!found) {
    throw_field_error(*source_, path_ + "/" + escape_pointer_token(key),
                      "required field is missing");
  }
  return *found;
}

std::optional<JsonCursor> JsonCursor::optional_field(std::string_view key) const {
  if (!value_->is_object()) fail("must be an object");
  auto it = value_->find(key);
  if (it == value_->end()) return std::nullopt;
  return child(*it, key);
}

std::vector<JsonCursor> JsonCursor::elements() const {
  if (!value_->is_array()) fail("must be an array");
  std::vector<JsonCursor> out;
  out.reserve(value_->size());
  for (std::size_t i = 0; i < value_->size(); ++i)
    out.push_back(child((*value_)[i], std::to_string(i)));
  return out;
}

std::vector<std::pair<std::string, JsonCursor>> JsonCursor::members() const {
  if (!value_->is_object()) fail("must be an object");
  std::vector<std::pair<std::string, JsonCursor>> out;
  for (auto it = value_->begin(); it != value_->end(); ++it)
    out.emplace_back(it.key(), child(*it, it.key()));
  return out;
}

double JsonCursor::as_double() const {
  if (!value_->is_number()) fail("must be a number");
  const double d = value_->get<double>();
  if (!std::isfinite(d)) fail("must be a finite number");
  return d;
}

float JsonCursor::as_float() const {
  if (!value_->is_number()) fail("must be a number");
  const double d = value_->get<double>();
  const float f = static_cast<float>(d);
  if (!std::isfinite(d) || !std::isfinite(f)) fail("must be a finite number within float range");
  return f;
}

std::int64_t JsonCursor::as_integer(std::int64_t min, std::int64_t max) const {
  const std::string what = fmt::format("must be an integer {}..{}", min, max);
  if (value_->is_number_unsigned()) {
    const std::uint64_t u = value_->get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(max)) fail(what);
    return static_cast<std::int64_t>(u);
  }
  if (!value_->is_number_integer()) fail(what);
  const std::int64_t i = value_->get<std::int64_t>();
  if (i < min || i > max) fail(what);
  return i;
}

bool JsonCursor::as_bool() const {
  if (!value_->is_boolean()) fail("must be true or false");
  return value_->get<bool>();
}

std::string JsonCursor::as_string() const {
  if (!value_->is_string()) fail("must be a string");
  return value_->get<std::string>();
}

Vec3 JsonCursor::as_vec3() const {
  if (!value_->is_array() || value_->size() != 3) fail("must be an array of 3 numbers");
  const std::vector<JsonCursor> e = elements();
  return Vec3(e[0].as_float(), e[1].as_float(), e[2].as_float());
}

std::uint32_t JsonCursor::as_id() const {
  constexpr const char* kWhat = "must be a hex id string like \"0xA9B40100\" or an integer";
  if (value_->is_number()) {
    if (!value_->is_number_integer()) fail(kWhat);
    return static_cast<std::uint32_t>(as_integer(0, std::numeric_limits<std::uint32_t>::max()));
  }
  if (!value_->is_string()) fail(kWhat);
  const std::string& text = value_->get_ref<const std::string&>();
  if (text.size() < 3 || text.size() > 10 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
    fail(kWhat);
  std::uint32_t id = 0;
  for (std::size_t i = 2; i < text.size(); ++i) {
    const char c = text[i];
    std::uint32_t digit = 0;
    if (c >= '0' && c <= '9') {
      digit = static_cast<std::uint32_t>(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      digit = static_cast<std::uint32_t>(c - 'a' + 10);
    } else if (c >= 'A' && c <= 'F') {
      digit = static_cast<std::uint32_t>(c - 'A' + 10);
    } else {
      fail(kWhat);
    }
    id = id << 4 | digit;
  }
  return id;
}

JsonCursor JsonCursor::child(const json& value, std::string_view token) const {
  return JsonCursor(value, *source_, path_ + "/" + escape_pointer_token(token));
}

}  // namespace transit
