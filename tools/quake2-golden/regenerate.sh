#!/bin/sh
# Regenerates tests/data/quake2-golden/<scenario>.json from id Software's
# own pmove.c (docs/quake-tribes.md, "Golden traces"):
#   tools/quake2-golden/regenerate.sh /path/to/Quake-2 [build-dir]
# 1. builds the harness against that Quake 2 source tree (build.sh);
# 2. has transit_tests export each scenario of scenarios.json as brushes,
#    start and frames (Quake2Golden.DISABLED_ExportHarnessInput);
# 3. runs id's Pmove on each and writes its frames beside scenarios.json.
# The build directory (default /tmp/q2golden) stays outside the repository;
# nothing of id's is written into it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${2:-/tmp/q2golden}
tests=${TRANSIT_TESTS:-$repo/build/release/transit_tests}
harness=$("$here/build.sh" "$1" "$work")
mkdir -p "$work/input"
TRANSIT_Q2_GOLDEN_OUT="$work/input" "$tests" --gtest_also_run_disabled_tests \
  --gtest_filter=Quake2Golden.DISABLED_ExportHarnessInput >/dev/null
for input in "$work"/input/*.in; do
  name=$(basename "$input" .in)
  "$harness" <"$input" >"$repo/tests/data/quake2-golden/$name.json"
  echo "$name: $(grep -c origin "$repo/tests/data/quake2-golden/$name.json") frames"
done
