#!/usr/bin/env bash
# What the heap trace costs, measured in one run, on an allocation-heavy
# workload: SQLite's (bench/workloads/sqlite_driver.c over the amalgamation
# bench/fetch-sqlite.sh fetches), built with clang -O2 -gdwarf-4, run plain,
# under ssrun -heap and under valgrind --tool=massif, alternately (plain,
# heap, massif, plain, ...); the median wall time of each side, and the
# ratios heap / plain and massif / plain, of the wall time and of the CPU
# time (user + system: less disturbed when other work shares the machine).
# Each is the whole process's: ssrun's start, the stack walks and the
# writing of the experiment file included (not ssprof's report).  The
# target (issue 26): heap / plain at most 1.5.  Two builds: SQLite as it
# comes (its lookaside allocator serves most small allocations: few
# malloc calls), and with the lookaside off (-DSQLITE_DEFAULT_LOOKASIDE=0,0:
# every allocation a malloc call, the per-call cost shows).
#
# The runs also say whether the two tools agree: the events the file
# recorded (ssprof -json, the extra time per event), the peak of live bytes
# ssprof finds and the largest heap massif saw (mem_heap_B of its
# snapshots), from one more massif run, untimed, with --peak-inaccuracy=0
# (the timed runs keep massif's default, 1%).
#
#   usage: bench/heap.sh [--quick] [--reps N] [--orders N]
#     --quick     smoke run: 5000 orders, 3 repetitions
#     --reps N    timed runs per side (default 5)
#     --orders N  the workload's size (default 20000)
#
# Build products and runs go to build/bench-heap/; the report is
# build/bench-heap/report.txt.  Needs ssrun, ssprof and libssrt (built by
# scripts/build.sh when missing), clang, valgrind (massif's column is left
# out without it) and python3.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
out=$build/bench-heap
reps="" orders=""
quick=0
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --reps) reps=${2:?}; shift 2 ;;
    --orders) orders=${2:?}; shift 2 ;;
    *) sed -n '/^#   usage:/,/^#     --orders/s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
  esac
done
if [ "$quick" = 1 ]; then
  reps=${reps:-3} orders=${orders:-5000}
else
  reps=${reps:-5} orders=${orders:-20000}
fi
ssrun=$build/bin/ssrun ssprof=$build/bin/ssprof
if ! [ -x "$ssrun" ] || ! [ -x "$ssprof" ] || ! [ -f "$build/lib/libssrt.so" ]; then
  echo "heap: no ssrun/ssprof/libssrt yet, building them" >&2
  bash "$root/scripts/build.sh" >&2
fi
sqlite_dir=$("$root/bench/fetch-sqlite.sh" "$build/bench-cache")
major=$("$build/bin/sscc" --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
clang=${SSCC_CLANG:-clang-${major:-14}}
mkdir -p "$out/bin" "$out/runs"
# The configuration bench/ideal.mk builds it in (DWARF 4: valgrind reads
# no DWARF 5); the second without the lookaside.
for variant in sqlite_driver sqlite_nolookaside; do
  if ! [ -x "$out/bin/$variant" ] ||
     [ "$root/bench/workloads/sqlite_driver.c" -nt "$out/bin/$variant" ]; then
    extra=""
    [ "$variant" = sqlite_nolookaside ] && extra=-DSQLITE_DEFAULT_LOOKASIDE=0,0
    "$clang" -O2 -gdwarf-4 -I"$sqlite_dir" -I"$root/bench/workloads" \
      -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION $extra \
      "$root/bench/workloads/sqlite_driver.c" "$sqlite_dir/sqlite3.c" \
      -o "$out/bin/$variant" -lm
  fi
done
valgrind=$(command -v valgrind || true)
exec python3 - "$out" "$ssrun" "$ssprof" "$reps" "$orders" "$valgrind" <<'PY'
import json, os, statistics, subprocess, sys, time
out, ssrun, ssprof, reps, orders, valgrind = sys.argv[1:7]
reps = int(reps)
runs = os.path.join(out, "runs")
report = open(os.path.join(out, "report.txt"), "w")

def say(line=""):
    print(line)
    report.write(line + "\n")
    report.flush()

def clean():
    for f in os.listdir(runs):
        os.unlink(os.path.join(runs, f))

def run(argv):
    """Wall and CPU seconds of the command and its output."""
    t = time.monotonic()
    p = subprocess.Popen(argv, cwd=runs, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    stdout = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    dt = time.monotonic() - t
    err = p.stderr.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("heap: %s failed: %s" % (" ".join(argv), err))
    return dt, usage.ru_utime + usage.ru_stime, stdout

def heap_figures():
    files = [f for f in os.listdir(runs) if ".heap." in f]
    doc = json.loads(subprocess.run([ssprof, "-json"] + files, cwd=runs,
                                    stdout=subprocess.PIPE, text=True,
                                    check=True).stdout)
    return doc["trace"]["events"], doc["heap"]["peak_bytes"]

def massif_peak():
    peak = 0
    for line in open(os.path.join(runs, "massif.out")):
        if line.startswith("mem_heap_B="):
            peak = max(peak, int(line.split("=")[1]))
    return peak

def med(sides, side, i):
    return statistics.median(x[i] for x in sides[side])

def measure(variant):
    driver = [os.path.join(out, "bin", variant), orders]
    sides = {"plain": [], "heap": [], "massif": []}
    events = peak = mpeak = None
    for _ in range(reps):
        clean()
        wall, cpu, want = run(driver)
        sides["plain"].append((wall, cpu))
        wall, cpu, got = run([ssrun, "-heap"] + driver)
        if got != want:
            sys.exit("heap: the traced run printed something else")
        sides["heap"].append((wall, cpu))
        events, peak = heap_figures()
        if valgrind:
            wall, cpu, _ = run([valgrind, "--tool=massif", "--quiet",
                                "--massif-out-file=massif.out"] + driver)
            sides["massif"].append((wall, cpu))
    if valgrind:
        run([valgrind, "--tool=massif", "--quiet", "--peak-inaccuracy=0",
             "--massif-out-file=massif.out"] + driver)
        mpeak = massif_peak()
    say()
    say("%s %s, median of %d runs, seconds of the whole process" %
        (variant, orders, reps))
    say("%-8s %9s %7s %9s %7s" % ("side", "wall", "ratio", "cpu", "ratio"))
    for side in ("plain", "heap", "massif"):
        if sides[side]:
            say("%-8s %9.3f %7.3f %9.3f %7.3f" % (
                side, med(sides, side, 0),
                med(sides, side, 0) / med(sides, "plain", 0),
                med(sides, side, 1),
                med(sides, side, 1) / med(sides, "plain", 1)))
    extra = med(sides, "heap", 0) - med(sides, "plain", 0)
    say("heap: %d events recorded, %.3f us of extra wall time per event" %
        (events, extra / events * 1e6 if events else 0.0))
    say("peak of live bytes: ssprof %d%s" % (
        peak, ", massif %d" % mpeak if mpeak is not None else ""))

say("bench/heap.sh: plain, ssrun -heap and valgrind --tool=massif, "
    "alternately")
measure("sqlite_driver")
measure("sqlite_nolookaside")
say("target (issue 26): heap / plain wall <= 1.5")
PY
