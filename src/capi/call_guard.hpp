#pragma once
// Every C API call runs inside call_guard: what it throws becomes a
// tr_Status and this thread's last-error message, so that no C++ exception
// crosses into the caller's language.

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "transit/transit.h"

namespace transit::capi {

/// A refused call: its status and the message naming what was wrong.
struct CallError {
  tr_Status status;
  std::string message;
};

[[noreturn]] void refuse(tr_Status status, std::string message);
/// Refuses a null pointer argument.
template <typename T>
T& required(T* pointer, const char* name) {
  if (!pointer) refuse(tr_errorInvalidArgument, std::string(name) + ": must not be null");
  return *pointer;
}

/// Refuses a null string argument.
inline const char* required_text(const char* text, const char* name) {
  if (!text) refuse(tr_errorInvalidArgument, std::string(name) + ": must not be null");
  return text;
}

/// The integer a C caller stored in an enum: read as bytes, because in C++
/// loading an enum object that holds no enumerator's value is undefined, and
/// C, C# and Python callers may store any int there.
template <typename Enum>
std::int32_t enum_value(const Enum& value) {
  static_assert(sizeof(Enum) == sizeof(std::int32_t));
  std::int32_t raw;
  std::memcpy(&raw, &value, sizeof raw);
  return raw;
}

void set_last_error(std::string message);
tr_Status status_of_current_exception() noexcept;

template <typename Body>
tr_Status call_guard(Body&& body) noexcept {
  try {
    std::forward<Body>(body)();
    return tr_ok;
  } catch (...) {
    return status_of_current_exception();
  }
}

}  // namespace transit::capi
