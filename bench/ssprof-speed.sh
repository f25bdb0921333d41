#!/usr/bin/env bash
# How long ssprof takes to list a large program's experiments, first and
# again, all measured in one run on SQLite (bench/fetch-sqlite.sh, with
# bench/workloads/sqlite_driver.c, 10,000 orders), built with sscc -O2
# -fss-ideal -gdwarf-4 as bench/ideal.mk builds it, run once counted and
# once under ssrun -fpcsamp.
#
# Each round runs, interleaved (so that a machine shared with other work
# slows all alike):
#   ideal, first    ssprof on the ideal experiment with an empty cache
#                   (SSPROF_CACHE_DIR a fresh directory): what a user waits
#                   for the first listing of a new build;
#   ideal, again    the same listing again: the cache holds the binary's
#                   cut machine code and llvm-mca's cycles;
#   -json first / again, -cpi first / again: the same for ssprof -json and
#                   ssprof -cpi (ideal joined with the fpcsamp run);
#   nocache         ssprof -nocache: every listing without the cache;
#   fpcsamp         the sampling listing alone, the reference the issue
#                   asks to keep (it uses no cache).
# Every figure is the median over the rounds of the wall time and of the
# CPU time (user + system of ssprof and the llvm-mca processes it waits
# for), and the ratio of "again" to "first".  Targets (issue 30): again
# under 0.5 s, first under 2 s; one verdict line each, wall and CPU.
#
#   usage: bench/ssprof-speed.sh [--rounds N]
#     --rounds N   rounds (default 5)
#
# Prints the table and the verdict, also saved in build/bench-ssprof/
# report.txt; exits non-zero only when a build or run breaks.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
out=$build/bench-ssprof
rounds=5
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=${2:?}; shift 2 ;;
    *) sed -n '/^#   usage:/,/^#     --rounds/s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
  esac
done
say() { echo "ssprof-speed: $*" >&2; }

if ! [ -x "$build/bin/sscc" ] || ! [ -x "$build/bin/ssprof" ]; then
  say "no sscc/ssprof yet, building them"
  bash "$root/scripts/build.sh" >&2
fi
sqlite_dir=$("$root/bench/fetch-sqlite.sh" "$build/bench-cache") ||
  { say "SQLite could not be fetched"; exit 1; }
major=$("$build/bin/sscc" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)

mkdir -p "$out/run"
say "building sqlite_driver (bench/ideal.mk; log in ${out#"$root"/}/build.log)"
make -f "$root/bench/ideal.mk" --no-print-directory BUILD="$build" \
  OUT="$build/bench-ideal/bin" SSCC="$build/bin/sscc" CLANG="clang-${major:-14}" \
  OPT=-O2 SQLITE_DIR="$sqlite_dir" "$build/bench-ideal/bin/sscc/sqlite_driver" \
  >"$out/build.log" 2>&1 || { say "the build failed (see $out/build.log)"; exit 1; }

cd "$out/run"
rm -f sqlite_driver.*
cp "$build/bench-ideal/bin/sscc/sqlite_driver" .
say "running it counted and sampled"
./sqlite_driver 10000 >/dev/null
"$build/bin/ssrun" -fpcsamp ./sqlite_driver 10000 >/dev/null
python3 -u "$root/bench/lib/ssprof_speed.py" --ssprof "$build/bin/ssprof" \
  --rounds "$rounds" --ideal sqlite_driver.ideal.m* \
  --sampled sqlite_driver.fpcsamp.m* --cache-root "$out/caches" |
  tee "$out/report.txt"
