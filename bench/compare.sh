#!/usr/bin/env bash
# How much slower programs run when built for an instrumenting profiler than
# when built with plain clang -O3, every configuration built and timed in the
# same session: sscc -fss-ideal, clang's two profile instrumentations, gcov,
# gprof, and for threaded programs the atomic variants of clang's and gcov's.
#
#   usage: bench/compare.sh [--reps N] [--quick] [--compile-reps N] [--jobs N] [--ref-sscc PATH] [--callers]
#     --reps N          timed runs per workload and configuration (default 5)
#     --quick           smoke run: small sizes (last column of
#                       bench/workloads.txt), 3 runs, 1 timed compile
#     --compile-reps N  timed compiles of sqlite3.c per compiler (default 3, 0: none)
#     --jobs N          parallel builds (default: the number of CPUs)
#     --ref-sscc PATH   also time another sscc (e.g. an older build) as
#                       column sscc-ref: a before/after ratio from one run
#     --callers         also time sscc -fss-callers (a copy of the callee
#                       per call, exact inclusive time per caller) as
#                       column sscc-callers
#
# Steps: build sscc if missing; fetch SQLite (bench/fetch-sqlite.sh; without
# it the sqlite row is left out); time the compile of sqlite3.c with clang
# and with sscc, one compile at a time; build the rest (bench/Makefile, into
# build/bench/, kept between runs so that make redoes only what changed); time
# the runs one at a time (bench/lib/measure.py); print the table
# (bench/lib/report.py, also saved as build/bench/report.txt); read one sscc
# experiment file with ssprof.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
out=$build/bench
bench=$root/bench

reps="" quick=0 compile_reps="" jobs=$(nproc 2>/dev/null || echo 2) ref_sscc= callers=
usage() { sed -n '7,17s/^# \{0,1\}//p' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --reps) reps=${2:?}; shift 2 ;;
    --quick) quick=1; shift ;;
    --compile-reps) compile_reps=${2:?}; shift 2 ;;
    --jobs) jobs=${2:?}; shift 2 ;;
    --ref-sscc) ref_sscc=${2:?}; shift 2 ;;
    --callers) callers=1; shift ;;
    *) usage ;;
  esac
done
if [ "$quick" = 1 ]; then
  reps=${reps:-3} compile_reps=${compile_reps:-1}
fi
reps=${reps:-5} compile_reps=${compile_reps:-3}

say() { echo "compare: $*" >&2; }
die() { say "$*"; exit 1; }

# ---- tools ----
[ -x "$build/bin/sscc" ] || { say "no sscc yet, building it"; bash "$root/scripts/build.sh" >&2; }
# The base compiler is the clang sscc drives, so that the two differ only by
# the instrumentation.
major=$("$build/bin/sscc" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
clang=${SSCC_CLANG:-clang-$major}
for tool in "$clang" gcc make python3; do
  command -v "$tool" >/dev/null || die "$tool not found (scripts/deps.sh installs it)"
done
if [ -n "$ref_sscc" ]; then
  [ -x "$ref_sscc" ] || die "--ref-sscc $ref_sscc: no such executable"
  ref_sscc=$(cd "$(dirname "$ref_sscc")" && pwd)/$(basename "$ref_sscc")
fi
profile_rt=$("$clang" -print-file-name="libclang_rt.profile-$(uname -m).a")
[ -f "$profile_rt" ] ||
  die "$clang has no profile runtime (libclang_rt.profile; Debian: libclang-rt-$major-dev, which scripts/deps.sh installs)"

mkdir -p "$out/tmp"
log=$out/build.log
: >"$log"
# The compilers' temporary files, and the reproducers clang leaves when it
# crashes (as sscc's pass may while it is being worked on), go to build/bench/tmp.
export TMPDIR=$out/tmp

measure_opts=(--reps "$reps")
[ "$quick" = 1 ] && measure_opts+=(--quick)

# ---- SQLite ----
if ! sqlite_dir=$("$bench/fetch-sqlite.sh" "$build/bench-cache"); then
  say "SQLite could not be fetched: the sqlite row and the compile time are left out"
  sqlite_dir=""
  measure_opts+=(--skip sqlite_driver)
fi

mk=(make -f "$bench/Makefile" --no-print-directory BUILD="$build" OUT="$out" SSCC="$build/bin/sscc"
    CLANG="$clang" SQLITE_DIR="$sqlite_dir" REF_SSCC="$ref_sscc" CALLERS="$callers")

# ---- compile time: one compile at a time, nothing else running ----
# make -B recompiles the object the later build uses, so these compiles
# also build base's and sscc's sqlite3.o.
compile_tsv=$out/compile.tsv
: >"$compile_tsv"
if [ -n "$sqlite_dir" ] && [ "$compile_reps" -gt 0 ]; then
  say "timing $compile_reps compile(s) of sqlite3.c with $clang and with sscc"
  for ((r = 0; r < compile_reps; r++)); do
    for c in base sscc; do
      secs=$(python3 "$bench/lib/walltime.py" "${mk[@]}" -B "$out/$c/sqlite3.o" 2>>"$log") || secs=fail
      printf '%s\t%s\n' "$c" "$secs" >>"$compile_tsv"
    done
  done
  grep -q fail "$compile_tsv" && say "a timed compile failed (see ${log#"$root"/})"
fi

# ---- everything else, in parallel ----
say "building the workloads ($jobs jobs; log in ${log#"$root"/})"
"${mk[@]}" -k -j"$jobs" all >>"$log" 2>&1 ||
  say "some builds failed (see ${log#"$root"/}); their cells say nobuild"
"${mk[@]}" -s configs >"$out/configs.txt"

# ---- the runs, one at a time ----
rm -rf "$out/experiment"
python3 "$bench/lib/measure.py" --table "$bench/workloads.txt" --configs "$out/configs.txt" \
  --bin-dir "$out" --samples "$out/samples.tsv" --keep-experiment "$out/experiment" \
  "${measure_opts[@]}"

report_opts=()
[ -s "$compile_tsv" ] && report_opts+=(--compile "$compile_tsv")
echo
python3 "$bench/lib/report.py" --samples "$out/samples.tsv" --configs "$out/configs.txt" \
  ${report_opts[@]+"${report_opts[@]}"} | tee "$out/report.txt"

# ---- ssprof reads what sscc wrote ----
experiment=$(find "$out/experiment" -type f 2>/dev/null | head -1)
if [ -z "$experiment" ]; then
  echo "ssprof check: no sscc experiment file was kept, nothing to read"
elif "$build/bin/ssprof" "$experiment" >"$out/ssprof.txt" 2>&1; then
  echo "ssprof check: $(basename "$experiment") read without error ($(wc -l <"$out/ssprof.txt") lines, in ${out#"$root"/}/ssprof.txt)"
else
  echo "ssprof check: FAILED on $(basename "$experiment"): $(tail -1 "$out/ssprof.txt")"
fi
echo "compare: whole run took $((SECONDS / 60)) min $((SECONDS % 60)) s"
