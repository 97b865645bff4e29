# Precompiled headers: the third-party headers that most files of a target
# include (CLI11 alone costs 9 s a file, nlohmann/json and GoogleTest 3-4 s),
# parsed once a target instead of once a file. They change no generated code;
# the installed package never sees them (test-install builds its examples
# without them, so a header that leans on one fails there).
option(TRANSIT_PCH "Precompile the third-party headers of the bigger targets" ON)

set(TRANSIT_PCH_STANDARD <algorithm> <array> <cmath> <cstdint> <map> <memory> <optional> <span> <string>
  <string_view> <utility> <vector> <fmt/format.h>)

function(transit_precompile_headers target)
  if(TRANSIT_PCH)
    target_precompile_headers(${target} PRIVATE ${TRANSIT_PCH_STANDARD} ${ARGN})
  endif()
endfunction()
