# Unity builds: a target's sources compiled in batches of eight, one
# translation unit a batch. Most of a file's compile time goes to generating
# the inline functions and templates it uses (GoogleTest's, nlohmann/json's,
# fmt's, CLI11's), which the files of a batch then share: the tests build in
# a third of the time. So no two files of a target may give one name to
# different things of their own (an anonymous namespace's, a static
# function): what files share lives in a header (tests/support, the layers'
# private headers). The ThreadSanitizer preset builds file by file, so a
# file that compiles only beside its batch (an include it lacks) fails there.
#
# The libraries are batched only where their speed does not matter (the
# sanitizer and fuzz presets): GCC inlines differently in a larger unit
# (its growth limits are per unit), and the code users run and the
# benchmarks measure is the file-by-file build's.
option(TRANSIT_UNITY "Compile the tool's and the tests' sources in batches of eight (unity build)" ON)
option(TRANSIT_UNITY_LIBRARIES "Batch the libraries' sources too (slower code; for sanitizer builds)" OFF)

# transit_unity_build(target [LIBRARY])
function(transit_unity_build target)
  if(TRANSIT_UNITY AND (TRANSIT_UNITY_LIBRARIES OR NOT "LIBRARY" IN_LIST ARGN))
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
