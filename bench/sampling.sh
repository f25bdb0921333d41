#!/usr/bin/env bash
# How right and how cheap ssrun's sampling experiments are, all measured in
# one run:
#
#   1. Attribution. bench/workloads/split_time.c splits its CPU time between
#      five functions and measures each function's share itself
#      (CLOCK_THREAD_CPUTIME_ID around every call). It runs under
#      `perf record -e cpu-clock -F 1000 -- ssrun -EXP`, so ssprof's
#      exclusive shares and perf's come from the same run as the program's
#      own, for fpcsamp, pcsamp and usertime, with one thread and with two
#      (the program adds both threads' times up). Also usertime's inclusive
#      share of pair_mem_branch, which only calls work_mem and work_branch.
#      And once more under CPU contention: fpcsamp, one thread sharing CPU 0
#      with two busy loops. CPU-time timers are checked only at the kernel's
#      tick; a time-sliced thread that the scheduler switches out at its
#      system calls (between ticks) and back in at a tick is on its CPU at
#      few ticks, and then mostly in long stretches without system calls,
#      so the samples pile up there (perf's cpu-clock, a high-resolution
#      timer, is not biased so). That run shows how large the bias is;
#      expect it flagged. "involuntary context switches" in each table
#      tells how much a run was time-sliced.
#   2. Blocked time. bench/workloads/split_wall.c spends known shares of its
#      threads' wall time computing, in nanosleep and in a read() on a pipe
#      another process answers late: totaltime should give the waits their
#      share of wall time, usertime (run separately) next to nothing.
#   3. Overhead. Workloads of bench/workloads/ built with clang -O2, plain
#      and under ssrun -pcsamp, -fpcsamp, -usertime, -totaltime and, for
#      reference, perf record -e cpu-clock -F 1000 -g; interleaved runs,
#      median, slowdown per workload and geomean per experiment against the
#      targets pcsamp < 1%, fpcsamp < 3%, usertime < 2%.
# Any share that differs from the program's by more than 3 points is flagged.
#
#   usage: bench/sampling.sh [--quick] [--reps N] [--no-perf]
#     --quick    smoke run (about a minute): short runs, fewer samples,
#                3 repetitions, no SQLite
#     --reps N   timed runs per workload and configuration (default 5)
#     --no-perf  leave perf out (its columns say "-")
#
# Sample counts. Statistical error falls as 1/sqrt(samples): about 10,000
# samples put one sigma of a 35% share at 0.5 points. fpcsamp (1 ms) gets
# 10,000 in 10 s of CPU time, but pcsamp (10 ms) would need 100 s and
# usertime (30 ms) 300 s, too long for one run of this script. So fpcsamp
# runs for 10,000 samples and pcsamp and usertime for what fits (2,000 and
# 1,500 samples: 20 s and 45 s of CPU time, half that of wall time with two
# threads); each table prints its sample counts and the 1-sigma error they
# imply. The kernel checks CPU-time timers at its tick (HZ, measured here
# by `split_time tick`), so fpcsamp's 10,000 samples come from 10 s x HZ
# interrupts, with several samples at the same PC each: they are worth
# 2,500 independent ones at HZ=250, and the error printed says so. perf's
# cpu-clock samples (a high-resolution timer) are all independent.
#
# Build products go to build/bench-sampling/ (bin/: the programs; runs/: each
# run's program output, experiment file, ssprof -json and perf report;
# report.txt: this output). Needs ssrun, ssprof and libssrt (built by
# scripts/build.sh when missing), clang, python3 and, for the perf columns,
# perf with perf_event_paranoid allowing cpu-clock on one's own processes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
out=$build/bench-sampling
bench=$root/bench

quick=0 reps="" use_perf=1
usage() { sed -n '/^#   usage:/,/^#     --no-perf/s/^# \{0,1\}//p' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --reps) reps=${2:?}; shift 2 ;;
    --no-perf) use_perf=0; shift ;;
    *) usage ;;
  esac
done

say() { echo "sampling: $*" >&2; }
die() { say "$*"; exit 1; }

# ---- sizes ----
# Attribution: CPU milliseconds of split_time, per thread (two threads: half).
# Blocked: split_wall's threads and wall milliseconds. Overhead: each
# workload's arguments, about 1.2 s of clang -O2 (quick: the 0.3 s sizes of
# bench/workloads.txt). A workload is name:arg,arg...
# shellcheck disable=SC2054 # the commas separate a workload's arguments
if [ "$quick" = 1 ]; then
  reps=${reps:-3}
  fp_ms=2000 pc_ms=3000 ut_ms=4500 shared_ms=1000
  wall_threads=4 tt_ms=2500 wall_ut_ms=1500
  workloads=(pb_gemm:900 interp:200000 parser:12 threads:2,25)
else
  reps=${reps:-5}
  fp_ms=10000 pc_ms=20000 ut_ms=45000 shared_ms=3000
  wall_threads=4 tt_ms=12000 wall_ut_ms=6000
  workloads=(pb_gemm:1400 interp:800000 parser:50 threads:2,150 sqlite_driver:200000)
fi

# ---- tools ----
ssrun=$build/bin/ssrun ssprof=$build/bin/ssprof
if ! [ -x "$ssrun" ] || ! [ -x "$ssprof" ] || ! [ -f "$build/lib/libssrt.so" ]; then
  say "no ssrun/ssprof/libssrt yet, building them"
  bash "$root/scripts/build.sh" >&2
fi
# The clang sscc drives (as bench/compare.sh), else clang-14.
major=$("$build/bin/sscc" --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
clang=${SSCC_CLANG:-clang-${major:-14}}
for tool in "$clang" python3; do
  command -v "$tool" >/dev/null || die "$tool not found (scripts/deps.sh installs it)"
done

mkdir -p "$out/bin" "$out/runs" "$out/tmp"
log=$out/build.log
: >"$log"
report=$out/report.txt
: >"$report"
out_say() { echo "$*" | tee -a "$report"; }

if [ "$use_perf" = 1 ]; then
  if ! command -v perf >/dev/null; then
    say "perf not found: no perf columns"
    use_perf=0
  elif ! perf record -q -e cpu-clock -F 1000 -o "$out/tmp/perf-check.data" -- true >>"$log" 2>&1; then
    say "perf record -e cpu-clock does not work here (perf_event_paranoid?): no perf columns"
    use_perf=0
  fi
  rm -f "$out/tmp/perf-check.data"
fi

# ---- the programs: clang -O2 -g, rebuilt when a source is newer ----
# build_prog NAME [flags...] -- SOURCE...
build_prog() {
  local name=$1 flags=() srcs=() stale=0
  shift
  while [ "$1" != -- ]; do flags+=("$1"); shift; done
  shift
  srcs=("$@")
  local bin=$out/bin/$name
  [ -x "$bin" ] || stale=1
  for s in "${srcs[@]}" "$bench/workloads/wl.h"; do
    [ "$s" -nt "$bin" ] && stale=1
  done
  [ "$stale" = 1 ] || return 0
  echo "+ $clang -O2 -g ${flags[*]} ${srcs[*]} -o $bin" >>"$log"
  "$clang" -O2 -g "${flags[@]}" "${srcs[@]}" -o "$bin" -lm -pthread >>"$log" 2>&1
}
say "building the programs with $clang -O2 -g (log in ${log#"$root"/})"
for p in split_time split_wall pb_gemm interp parser threads; do
  build_prog "$p" -- "$bench/workloads/$p.c" || die "cannot build $p (see ${log#"$root"/})"
done
have_sqlite=0
for w in "${workloads[@]}"; do
  [ "${w%%:*}" = sqlite_driver ] || continue
  if sqlite_dir=$("$bench/fetch-sqlite.sh" "$build/bench-cache"); then
    obj=$out/bin/sqlite3.o
    if ! [ -f "$obj" ] || [ "$sqlite_dir/sqlite3.c" -nt "$obj" ]; then
      say "compiling sqlite3.c (about half a minute, once)"
      "$clang" -O2 -g -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION \
        -c "$sqlite_dir/sqlite3.c" -o "$obj" >>"$log" 2>&1 || rm -f "$obj"
    fi
    [ -f "$obj" ] && build_prog sqlite_driver "-I$sqlite_dir" -- "$bench/workloads/sqlite_driver.c" "$obj" &&
      have_sqlite=1
  fi
done
if [ "$have_sqlite" = 0 ]; then
  new=()
  for w in "${workloads[@]}"; do [ "${w%%:*}" = sqlite_driver ] || new+=("$w"); done
  workloads=("${new[@]}")
  [ "$quick" = 1 ] || say "no SQLite (bench/fetch-sqlite.sh failed or sqlite3.c did not build): its row is left out"
fi

tick=$("$out/bin/split_time" tick | sed -n 's/^tick \([0-9]*\) Hz.*/\1/p')
# Round to the usual HZ values (100, 250, 300, 1000).
tick=$(python3 -c "import sys; t=float(sys.argv[1] or 0); print(min((100,250,300,1000), key=lambda h: abs(h-t)) if t else 0)" "$tick")

# ---- one sampled run ----
# sampled_run DIR LABEL EXPERIMENT PERF(0/1) PROGRAM ARGS...: runs PROGRAM
# under ssrun -EXPERIMENT (under perf record when PERF is 1; after
# ${run_prefix[@]}, e.g. taskset, when set) in DIR and leaves there what
# bench/lib/sampling_report.py reads.
run_prefix=() shared=0
sampled_run() {
  local dir=$1 label=$2 exp=$3 with_perf=$4 prog=$5
  shift 5
  rm -rf "$dir"
  mkdir -p "$dir"
  local cmd=("$ssrun" "-$exp" "$out/bin/$prog" "$@")
  [ "$with_perf" = 1 ] && cmd=(perf record -q -e cpu-clock -F 1000 -o perf.data -- "${cmd[@]}")
  cmd=(${run_prefix[@]+"${run_prefix[@]}"} "${cmd[@]}")
  (cd "$dir" && _SPEEDSHOP_OUTPUT_DIRECTORY=$dir _SPEEDSHOP_TRACE_FORK_TO_EXEC=False \
    "${cmd[@]}" >program.txt 2>stderr.txt) || die "$prog under ssrun -$exp failed: $(tail -1 "$dir/stderr.txt")"
  local files=("$dir/$prog.$exp".m*)
  [ -f "${files[0]}" ] || die "$prog under ssrun -$exp wrote no $prog.$exp.m<pid>"
  "$ssprof" -json "${files[0]}" >"$dir/ssprof.json" 2>>"$dir/stderr.txt" ||
    die "ssprof -json ${files[0]#"$root"/} failed: $(tail -1 "$dir/stderr.txt")"
  if [ "$with_perf" = 1 ]; then
    perf report -i "$dir/perf.data" --stdio --no-children -F sample,sym -t '|' -q \
      >"$dir/perf.txt" 2>>"$dir/stderr.txt" || die "perf report failed on $dir/perf.data"
  fi
  printf 'experiment=%s\nthreads=%s\nlabel=%s\nshared=%s\ncommand=%s\n' "$exp" "${1:-1}" \
    "$label" "$shared" "${cmd[*]//"$root"\//}" >"$dir/meta"
}
plural() { [ "$1" = 1 ] && echo "1 thread" || echo "$1 threads"; }

# Busy loops pinned to one CPU, for the run that shares it (killed on exit).
hogs=()
stop_hogs() {
  local h
  for h in ${hogs[@]+"${hogs[@]}"}; do
    kill "$h" 2>/dev/null || true
    wait "$h" 2>/dev/null || true
  done
  hogs=()
}
trap stop_hogs EXIT

echo "bench/sampling.sh $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, $(uname -r), kernel tick ${tick} Hz, $([ "$quick" = 1 ] && echo quick || echo default) sizes" |
  tee -a "$report"
[ "$quick" = 1 ] && out_say "quick run: few samples and short timed runs, so differences of a few points (see each flag's sigma) and verdicts are mostly noise"
echo | tee -a "$report"

# ---- 1. attribution ----
out_say "== 1. Attribution: split_time's own per-function CPU shares vs ssprof (exclusive) and perf =="
busy=$(python3 -c "import sys; sys.path.insert(0, sys.argv[1]); from measure import busy_cpus; b = busy_cpus(); print('%.1f' % b if b is not None else '')" "$bench/lib")
if [ -n "$busy" ] && python3 -c "import sys; sys.exit(float(sys.argv[1]) <= 0.15)" "$busy"; then
  out_say "warning: other processes keep $busy CPUs busy: the threads will be time-sliced, which biases CPU-time sampling (see the run sharing its CPU)"
fi
runs=()
for exp in fpcsamp pcsamp usertime; do
  case $exp in fpcsamp) ms=$fp_ms ;; pcsamp) ms=$pc_ms ;; usertime) ms=$ut_ms ;; esac
  for threads in 1 2; do
    dir=$out/runs/attrib-$exp-$threads
    say "split_time under ssrun -$exp, $(plural "$threads"), $((ms / threads)) ms of CPU each"
    sampled_run "$dir" "$exp, $(plural "$threads")" "$exp" "$use_perf" split_time "$threads" $((ms / threads))
    runs+=("$dir")
  done
done
# The same under CPU contention: one thread sharing CPU 0 with two busy
# loops (with one the bias is a few points, with two tens of points).
if command -v taskset >/dev/null; then
  dir=$out/runs/attrib-fpcsamp-shared
  say "split_time under ssrun -fpcsamp, 1 thread sharing CPU 0 with two busy loops, $shared_ms ms of CPU"
  for _ in 1 2; do
    taskset -c 0 sh -c 'while :; do :; done' &
    hogs+=($!)
  done
  run_prefix=(taskset -c 0) shared=1
  sampled_run "$dir" "fpcsamp, 1 thread sharing its CPU with two busy loops" fpcsamp "$use_perf" \
    split_time 1 "$shared_ms"
  run_prefix=() shared=0
  stop_hogs
  runs+=("$dir")
else
  say "no taskset: the run sharing its CPU is left out"
fi
echo | tee -a "$report"
python3 "$bench/lib/sampling_report.py" attrib --tick "$tick" "${runs[@]}" | tee -a "$report"
echo | tee -a "$report"

# ---- 2. blocked time ----
out_say "== 2. Blocked time: split_wall's own wall and CPU shares vs totaltime and usertime (inclusive) =="
say "split_wall under ssrun -totaltime, $wall_threads threads, $tt_ms ms"
sampled_run "$out/runs/blocked-totaltime" totaltime totaltime 0 split_wall "$wall_threads" "$tt_ms"
say "split_wall under ssrun -usertime, $wall_threads threads, $wall_ut_ms ms"
sampled_run "$out/runs/blocked-usertime" usertime usertime 0 split_wall "$wall_threads" "$wall_ut_ms"
echo | tee -a "$report"
python3 "$bench/lib/sampling_report.py" blocked --tick "$tick" \
  --totaltime "$out/runs/blocked-totaltime" --usertime "$out/runs/blocked-usertime" | tee -a "$report"
echo | tee -a "$report"

# ---- 3. overhead ----
out_say "== 3. Overhead: ${workloads[*]} (clang -O2) =="
perf_opt=()
[ "$use_perf" = 1 ] && perf_opt=(--perf)
python3 "$bench/lib/overhead.py" --bin-dir "$out/bin" --ssrun "$ssrun" --scratch "$out/scratch" \
  --samples "$out/overhead.tsv" --reps "$reps" ${perf_opt[@]+"${perf_opt[@]}"} "${workloads[@]}" |
  tee -a "$report"
echo | tee -a "$report"
out_say "sampling: whole run took $((SECONDS / 60)) min $((SECONDS % 60)) s (output also in ${report#"$root"/})"
