#!/usr/bin/env bash
# What sscc costs the compiler: wall and CPU time and peak memory of
# compiling SQLite's amalgamation (sqlite3.c, 9 MB of C) and two of
# bench/workloads with plain clang, with clang plus the line tables
# sscc -fss-ideal asks for, with sscc alone (it adds nothing to a compile
# without -fss-ideal) and with sscc -fss-ideal, in interleaved rounds
# (bench/lib/compile_cost.py), medians printed as ratios to clang's.
#
#   usage: bench/compile-cost.sh [--reps N] [--opt LEVEL]... [FILE...]
#     --reps N     rounds (default 3)
#     --opt LEVEL  optimization level, repeatable (default -O2 and -O3)
#     FILE         C files to compile instead of the default set
#
# Targets (issue 32): sscc -fss-ideal at most 1.30x clang's compile time
# and 1.5x its peak memory.  The clang-lines row tells how much of that is
# the debug information (line tables) ideal time needs, which clang itself
# builds and keeps: sscc-ideal over clang-lines is the pass's own share.
# sscc compiles a source of 1 MiB or more in two processes
# (driver/split_compile.h: sqlite3.c here); the sscc-one-step row is the
# same compile in one (SSCC_SPLIT_BYTES=off).
# Tables also go to build/compile-cost/report.txt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
out=$build/compile-cost
reps=3 opts=() files=()
while [ $# -gt 0 ]; do
  case $1 in
    --reps) reps=${2:?}; shift 2 ;;
    --opt) opts+=("${2:?}"); shift 2 ;;
    -*) sed -n '9,12s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
[ ${#opts[@]} -eq 0 ] && opts=(-O2 -O3)
say() { echo "compile-cost: $*" >&2; }

[ -x "$build/bin/sscc" ] || { say "no sscc yet, building it"; bash "$root/scripts/build.sh" >&2; }
sscc=$build/bin/sscc
major=$("$sscc" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
clang=${SSCC_CLANG:-clang-$major}
command -v "$clang" >/dev/null || { say "$clang not found"; exit 1; }

if [ ${#files[@]} -eq 0 ]; then
  if sqlite_dir=$("$root/bench/fetch-sqlite.sh" "$build/bench-cache"); then
    files+=("$sqlite_dir/sqlite3.c")
  else
    say "SQLite could not be fetched: only bench/workloads files are compiled"
  fi
  files+=("$root/bench/workloads/parser.c" "$root/bench/workloads/interp.c")
fi

# The flags sscc -fss-ideal adds to a compile that chose no debug level,
# but the plugin, in sscc's order (driver/sscc.c), so that clang-lines
# differs from sscc-ideal only by the pass; lit/driver/ideal-debug-flags.c
# checks that clang's compile job is then sscc's.
lines=$(cat "$root/bench/lib/ideal-debug-flags")
defs="-DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -I$root/bench/workloads"

mkdir -p "$out"
opt_args=()
for o in "${opts[@]}"; do opt_args+=("--opt=$o"); done
python3 "$root/bench/lib/compile_cost.py" --reps "$reps" "${opt_args[@]}" \
  --out-dir "$out" --samples "$out/samples.tsv" \
  --config "clang=$clang $defs" \
  --config "clang-lines=$clang $defs $lines" \
  --config "sscc=$sscc $defs" \
  --config "sscc-ideal=$sscc $defs -fss-ideal" \
  --config "sscc-one-step=env SSCC_SPLIT_BYTES=off $sscc $defs -fss-ideal" \
  "${files[@]}" | tee "$out/report.txt"
