#!/usr/bin/env bash
# What the trace experiments cost, measured in one run: each workload
# built with clang -O2, run plain and under ssrun -fpe or ssrun -io,
# alternately (plain, traced, plain, traced, ...), the median wall time of
# each side, and the ratio traced / plain: of the wall time and of the CPU
# time (user + system, the kernel's account of the process: less disturbed
# when other work shares the machine).  Both are the whole process's,
# ssrun's start and the writing of the experiment file included.
#
#   fpe  fpe_work with no floating-point exception (the target: no cost),
#        and with 10^6 divisions by zero (each one trapped, stepped over
#        and recorded: two signals and a call stack); the per-exception
#        cost is (traced - plain) / exceptions.  The seeds' target is a
#        slowdown of at most 15%.
#   io   io_work: no I/O at all; 64-byte writes and reads (the cost per
#        call shows); 64 KiB writes and reads (the call itself dominates);
#        buffered stdio (few system calls, each dispatched to the runtime).
# The per-event costs printed are each ratio's extra time divided by the
# events the file recorded (ssprof -json), which checks the counts too.
#
#   usage: bench/trace.sh [--quick] [--reps N]
#     --quick    smoke run (about a minute): 10^5 exceptions, smaller I/O,
#                3 repetitions
#     --reps N   timed runs per workload and side (default 5)
#
# Build products and each run's output go to build/bench-trace/; the report
# is build/bench-trace/report.txt.  Needs ssrun, ssprof and libssrt (built
# by scripts/build.sh when missing), clang and python3.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
out=$build/bench-trace
quick=0 reps=""
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --reps) reps=${2:?}; shift 2 ;;
    *) sed -n '/^#   usage:/,/^#     --reps/s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
  esac
done
if [ "$quick" = 1 ]; then
  reps=${reps:-3} fpe_n=100000000 fpe_e=100000 small=20000 large=200 lines=200000
else
  reps=${reps:-5} fpe_n=400000000 fpe_e=1000000 small=100000 large=1000 lines=1000000
fi
ssrun=$build/bin/ssrun ssprof=$build/bin/ssprof
if ! [ -x "$ssrun" ] || ! [ -x "$ssprof" ] || ! [ -f "$build/lib/libssrt.so" ]; then
  echo "trace: no ssrun/ssprof/libssrt yet, building them" >&2
  bash "$root/scripts/build.sh" >&2
fi
major=$("$build/bin/sscc" --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
clang=${SSCC_CLANG:-clang-${major:-14}}
mkdir -p "$out/bin" "$out/runs"
for w in fpe_work io_work; do
  "$clang" -O2 -g "$root/bench/workloads/$w.c" -o "$out/bin/$w" -lm
done
exec python3 - "$out" "$ssrun" "$ssprof" "$reps" "$fpe_n" "$fpe_e" \
  "$small" "$large" "$lines" <<'PY'
import json, os, statistics, subprocess, sys, time
out, ssrun, ssprof = sys.argv[1:4]
reps, fpe_n, fpe_e, small, large, lines = map(int, sys.argv[4:10])
bin_dir, runs = os.path.join(out, "bin"), os.path.join(out, "runs")
report = open(os.path.join(out, "report.txt"), "w")

def say(line=""):
    print(line)
    report.write(line + "\n")
    report.flush()

def clean():
    for f in os.listdir(runs):
        if ".fpe." in f or ".io." in f:
            os.unlink(os.path.join(runs, f))

def run(argv):
    """Wall and CPU seconds of the command (its own process: ssrun execs)."""
    t = time.monotonic()
    p = subprocess.Popen(argv, cwd=runs, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    dt = time.monotonic() - t
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit("trace: %s failed: %s" % (" ".join(argv), err))
    return dt, usage.ru_utime + usage.ru_stime

def events(exp):
    files = [f for f in os.listdir(runs) if ".%s." % exp in f]
    doc = json.loads(subprocess.run([ssprof, "-json"] + files, cwd=runs,
                                    stdout=subprocess.PIPE, text=True,
                                    check=True).stdout)
    return doc["trace"]["events"]

def measure(name, exp, argv):
    plain, traced, counted = [], [], None
    for _ in range(reps):
        clean()
        plain.append(run(argv))
        traced.append(run([ssrun, "-" + exp] + argv))
        counted = events(exp)
    p = statistics.median(w for w, _ in plain)
    t = statistics.median(w for w, _ in traced)
    pc = statistics.median(c for _, c in plain)
    tc = statistics.median(c for _, c in traced)
    per = (t - p) / counted * 1e6 if counted else 0.0
    say("%-32s %8.3f %8.3f %6.3f %8.3f %8.3f %6.3f %9d %9.2f" %
        (name, p, t, t / p, pc, tc, tc / pc if pc else 0, counted, per))
    return t / p

say("bench/trace.sh: median of %d runs, seconds of the whole process" % reps)
say("%-32s %8s %8s %6s %8s %8s %6s %9s %9s" % (
    "workload", "wall", "traced", "ratio", "cpu", "traced", "ratio",
    "events", "us/event"))
fpe = os.path.join(bin_dir, "fpe_work")
io = os.path.join(bin_dir, "io_work")
measure("fpe: no exceptions", "fpe", [fpe, str(fpe_n), "0"])
measure("fpe: %d exceptions" % fpe_e, "fpe", [fpe, str(fpe_n), str(fpe_e)])
measure("io: no I/O", "io", [io, runs, "none", str(fpe_n)])
measure("io: %d x 64 B write+read" % small, "io", [io, runs, "small", str(small)])
measure("io: %d x 64 KiB write+read" % large, "io", [io, runs, "large", str(large)])
measure("io: %d stdio lines" % lines, "io", [io, runs, "stdio", str(lines)])
say("us/event: the extra wall time per event recorded, the fixed cost")
say("(the runtime's start, the file) included; target (seeds, fpe):")
say("ratio <= 1.15")
PY
