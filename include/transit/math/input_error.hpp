#pragma once

#include <stdexcept>
#include <string>

namespace transit {

/// Bad input rejected at a boundary (file, field, value named in the message).
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace transit
