#!/bin/sh
# Builds the golden-trace harness against id Software's Quake 2 source:
#   tools/quake2-golden/build.sh /path/to/Quake-2 /tmp/q2golden
# The first argument is a checkout of https://github.com/id-Software/Quake-2
# (its qcommon/pmove.c, qcommon/cmodel.c and game/q_shared.c are compiled);
# the second is where the build goes, outside this repository. Prints the
# harness's path. Plain SSE float arithmetic, no contraction, as transit.
set -eu
q2=$(cd "$1" && pwd)
out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
flags="-O2 -ffp-contract=off -fno-fast-math -fcommon -w -std=gnu99 -DC_ONLY -I$q2/qcommon -I$q2/game"
cc $flags -c "$q2/qcommon/pmove.c" -o "$out/pmove.o"
cc $flags -c "$q2/game/q_shared.c" -o "$out/q_shared.o"
cc $flags -DCMODEL_C="\"$q2/qcommon/cmodel.c\"" -c "$here/harness.c" -o "$out/harness.o"
cc "$out/harness.o" "$out/pmove.o" "$out/q_shared.o" -lm -o "$out/q2golden"
echo "$out/q2golden"
