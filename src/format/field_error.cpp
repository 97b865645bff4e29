#include "format/field_error.hpp"

#include <fmt/format.h>

#include "transit/math/input_error.hpp"

namespace transit {

void throw_field_error(const std::string& source, const std::string& path,
                       const std::string& what) {
  if (path.empty()) throw InputError(fmt::format("{}: {}", source, what));
  throw InputError(fmt::format("{}: {}: {}", source, path, what));
}

void throw_field_error(const std::string& source, const std::string& path, const std::string& what,
                       const std::string& value) {
  throw_field_error(source, path, fmt::format("{}, got {}", what, value));
}

std::string format_float(float value) {
  return fmt::format("{}", value);
}

std::string format_cell_id(std::uint32_t id) {
  return fmt::format("0x{:08X}", id);
}

std::string escape_pointer_token(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace transit
