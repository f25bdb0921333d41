#!/usr/bin/env bash
# How right ssprof's ideal time is, all measured in one run:
#
#   1. Instructions executed.  Each program is built twice at the same -O
#      level, with sscc -fss-ideal and with plain clang, both with -gdwarf-4
#      (valgrind 3.19 cannot read clang-14's default DWARF 5), and run under
#      valgrind --tool=callgrind --dump-instr=yes.  The program's own
#      instructions are counted without ssprof: callgrind gives how often
#      each instruction address ran (bench/lib/callgrind.py reads the file),
#      the binary's DWARF line table which addresses are the program's
#      (bench/lib/linetable.py: covered by a line-table sequence of the
#      program's own compilation units, under a row that is not the
#      instrumentation's <ss-instrumentation>).  Then
#        (a) ssprof's ideal.instructions for the sscc build's run under
#            callgrind (the program writes its experiment file in that same
#            run) against callgrind's count: target within 0.1 %;
#        (b) the same ssprof figure against callgrind's count of the plain
#            build: target within 2 %, i.e. instrumenting hardly changes the
#            program's code;
#      and per function, how many functions differ by more than 0.1 % and
#      1 %, and the worst.  Workloads: the examples (examples/*.c), SQLite
#      (bench/fetch-sqlite.sh, bench/workloads/sqlite_driver.c) and LZ4
#      (bench/fetch-lz4.sh, bench/workloads/lz4_driver.c), at small sizes.
#   2. Ideal time against measured time.  The clock is measured in this run
#      (bench/workloads/calibrate.c: dependent adds, one cycle each; the VM
#      has no hardware counters and its nominal clock is not what it runs
#      at); the plain build's user time, median of REPS runs, against
#      `ssprof -clock <measured MHz>`'s ideal.seconds for an sscc run with
#      the same arguments.  Targets: ideal below measured for every
#      example, and within 25 % below it for the L1-resident compute kernels
#      (bench/ideal-workloads.txt says which rows those are, and why).
#
#   usage: bench/ideal.sh [--quick] [--reps N] [--jobs N]
#     --quick    smoke run (under two minutes once built): smaller sizes,
#                3 timed runs, no SQLite
#     --reps N   timed runs per example (default 5; quick 3)
#     --jobs N   parallel builds and callgrind runs (default: the CPUs)
#
# Prints the tables and a verdict, one "target met" or "NOT met" line per
# target; exits non-zero only on a broken run (a failed build or run, a
# wrong checksum, a missing experiment file or ssprof figure), never on a
# missed target.  Build products go to build/bench-ideal/ (bin/: the
# builds; runs/: each run's output, callgrind.out, experiment file and
# ssprof -json; instructions.json, time.json: every figure; report.txt:
# this output).  docs/bench-ideal.md explains how to read it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
out=$build/bench-ideal
bench=$root/bench

quick=0 reps="" jobs=$(nproc 2>/dev/null || echo 2)
usage() { sed -n '/^#   usage:/,/^#     --jobs/s/^# \{0,1\}//p' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --reps) reps=${2:?}; shift 2 ;;
    --jobs) jobs=${2:?}; shift 2 ;;
    *) usage ;;
  esac
done
quick_opt=()
if [ "$quick" = 1 ]; then
  reps=${reps:-3} quick_opt=(--quick)
else
  reps=${reps:-5}
fi

say() { echo "ideal: $*" >&2; }
die() { say "$*"; exit 1; }

# ---- tools ----
if ! [ -x "$build/bin/sscc" ] || ! [ -x "$build/bin/ssprof" ]; then
  say "no sscc/ssprof yet, building them"
  bash "$root/scripts/build.sh" >&2
fi
major=$("$build/bin/sscc" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
clang=${SSCC_CLANG:-clang-${major:-14}}
dwarfdump=${LLVM_DWARFDUMP:-llvm-dwarfdump-${major:-14}}
for tool in "$clang" "$dwarfdump" valgrind callgrind_annotate make python3; do
  command -v "$tool" >/dev/null ||
    die "$tool not found (Debian: valgrind, llvm-$major, clang-$major; scripts/deps.sh installs the LLVM ones)"
done
export LLVM_DWARFDUMP=$dwarfdump

mkdir -p "$out/tmp"
# what ssprof keeps between runs stays in the build tree
export SSPROF_CACHE_DIR=${SSPROF_CACHE_DIR:-$out/ssprof-cache}
log=$out/build.log
: >"$log"
report=$out/report.txt
: >"$report"
export TMPDIR=$out/tmp

echo "bench/ideal.sh $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, $(uname -r), $(valgrind --version)," \
  "$([ "$quick" = 1 ] && echo quick || echo default) sizes, -O2" | tee -a "$report"
echo | tee -a "$report"

# ---- the fetched programs ----
skip=()
sqlite_dir="" lz4_dir=""
if [ "$quick" = 1 ]; then
  skip+=(--skip sqlite_driver)
elif ! sqlite_dir=$("$bench/fetch-sqlite.sh" "$build/bench-cache"); then
  say "SQLite could not be fetched: its row is left out"
  sqlite_dir="" skip+=(--skip sqlite_driver)
fi
if ! lz4_dir=$("$bench/fetch-lz4.sh" "$build/bench-cache"); then
  say "LZ4 could not be fetched: its row is left out"
  lz4_dir="" skip+=(--skip lz4_driver)
fi

# ---- the builds ----
mk=(make -f "$bench/ideal.mk" --no-print-directory BUILD="$build" OUT="$out/bin" SSCC="$build/bin/sscc"
    CLANG="$clang" OPT=-O2 SQLITE_DIR="$sqlite_dir" LZ4_DIR="$lz4_dir")
say "building plain and sscc -fss-ideal builds ($jobs jobs; log in ${log#"$root"/})"
build_ok=1
"${mk[@]}" -k -j"$jobs" all >>"$log" 2>&1 || {
  build_ok=0
  say "some builds failed (see ${log#"$root"/})"
}
"${mk[@]}" -s sources >"$out/sources.txt"

# ---- 1. instructions ----
rm -rf "$out/runs"
status=0
say "part 1: callgrind runs (the longest take about half a minute)"
python3 -u "$bench/lib/ideal_instructions.py" --table "$bench/ideal-workloads.txt" \
  ${quick_opt[@]+"${quick_opt[@]}"} ${skip[@]+"${skip[@]}"} --jobs "$jobs" \
  --bin-dir "$out/bin" --sources "$out/sources.txt" --ssprof "$build/bin/ssprof" \
  --runs "$out/runs/instructions" --summary "$out/instructions.json" | tee -a "$report" || status=1
echo | tee -a "$report"

# ---- 2. time ----
say "part 2: timed runs"
python3 -u "$bench/lib/ideal_time.py" --table "$bench/ideal-workloads.txt" \
  ${quick_opt[@]+"${quick_opt[@]}"} --reps "$reps" \
  --bin-dir "$out/bin" --ssprof "$build/bin/ssprof" \
  --runs "$out/runs/time" --summary "$out/time.json" | tee -a "$report" || status=1
echo | tee -a "$report"

python3 "$bench/lib/ideal_verdict.py" --instructions "$out/instructions.json" \
  --time "$out/time.json" | tee -a "$report" || status=1
if [ "$build_ok" = 0 ]; then
  echo "Broken: some builds failed (see ${log#"$root"/})" | tee -a "$report"
  status=1
fi
echo "ideal: whole run took $((SECONDS / 60)) min $((SECONDS % 60)) s (output also in ${report#"$root"/})" |
  tee -a "$report"
exit "$status"
