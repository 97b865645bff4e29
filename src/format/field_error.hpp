#pragma once
// The one shape of every input error of the file formats:
//   "<source>: <JSON pointer>: <what>[, got <value>]".

#include <cstdint>
#include <string>
#include <string_view>

namespace transit {

// Throws InputError "<source>: <path>: <what>" (the path is left out when empty,
// that is when the whole document is at fault).
[[noreturn]] void throw_field_error(const std::string& source, const std::string& path,
                                    const std::string& what);
// Throws InputError "<source>: <path>: <what>, got <value>".
[[noreturn]] void throw_field_error(const std::string& source, const std::string& path,
                                    const std::string& what, const std::string& value);

// The shortest decimal text that reads back as the same float ("-1", "0.48").
std::string format_float(float value);
// A cell or landblock id as the files write it: "0xA9B40100".
std::string format_cell_id(std::uint32_t id);
// One reference token of a JSON pointer: "~" -> "~0", "/" -> "~1".
std::string escape_pointer_token(std::string_view key);

}  // namespace transit
