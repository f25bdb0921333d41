#!/usr/bin/env bash
# What the mpi experiment costs, measured in one run: a 2-rank program of
# N small MPI calls (a ping-pong of 8-byte messages and an 8-byte
# Allreduce per round, bench/workloads/mpi_calls.c), run plain and under
# `ssrun -mpi`, alternately, with the median wall time of each side, the
# ratio traced / plain, and the cost per MPI call: (traced - plain) / the
# calls ssprof counted (which checks the count against the program's).
# Both sides are the whole job, mpirun's start-up and the experiment
# files' writing included, so the per-call figure is an upper bound.
#
#   usage: bench/mpi.sh [--rounds N] [--reps N] [--np N]
#     --rounds N  ping-pong rounds per run (default 20000: 3 calls each
#                 per rank, 120000 calls in all)
#     --reps N    timed runs per side (default 5)
#     --np N      ranks (default 2; 1: the Allreduce alone, no partner
#                 to wait for, so the figure is the wrappers' own cost)
# Needs Open MPI (scripts/deps.sh), ssrun, ssprof and libssmpi.so (built
# by scripts/build.sh).  Runs as root with --allow-run-as-root and
# --oversubscribe, as the tests do.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=20000 reps=5 np=2
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --np) np=$2; shift 2 ;;
    *) echo "usage: $0 [--rounds N] [--reps N] [--np N]" >&2; exit 2 ;;
  esac
done
bin=$root/build/bin
[ -x "$bin/ssrun" ] && [ -f "$root/build/lib/libssmpi.so" ] || "$root/scripts/build.sh" >/dev/null
out=$root/build/bench-mpi
rm -rf "$out" && mkdir -p "$out"
mpicc -O2 -g "$root/bench/workloads/mpi_calls.c" -o "$out/mpi_calls"
mpirun=(mpirun --allow-run-as-root --oversubscribe -np "$np")
now() { date +%s.%N; }
plain=() traced=()
for ((i = 0; i < reps; i++)); do
  t0=$(now); (cd "$out" && "${mpirun[@]}" ./mpi_calls "$rounds" > /dev/null); t1=$(now)
  plain+=("$(echo "$t1 - $t0" | bc)")
  rm -f "$out"/mpi_calls.mpi.*
  t0=$(now); (cd "$out" && "${mpirun[@]}" "$bin/ssrun" -mpi ./mpi_calls "$rounds" > "$out/tally.txt"); t1=$(now)
  traced+=("$(echo "$t1 - $t0" | bc)")
done
calls=$("$bin/ssprof" -json "$out"/mpi_calls.mpi.* | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(sum(m["calls"] for m in d["mpi"] if m["routine"] not in ("MPI_Init", "MPI_Finalize")))')
want=$(awk '{s += $2} END {print s}' "$out/tally.txt")
python3 - "$calls" "$want" "${plain[*]}" "${traced[*]}" <<'PY' | tee "$out/report.txt"
import statistics, sys
calls, want = int(sys.argv[1]), int(sys.argv[2])
plain = [float(x) for x in sys.argv[3].split()]
traced = [float(x) for x in sys.argv[4].split()]
p, t = statistics.median(plain), statistics.median(traced)
print("mpi calls counted by ssprof: %d (the program made %d)%s" %
      (calls, want, "" if calls == want else "  MISMATCH"))
print("plain  median %.3f s  (%s)" % (p, " ".join("%.3f" % x for x in plain)))
print("traced median %.3f s  (%s)" % (t, " ".join("%.3f" % x for x in traced)))
print("ratio traced / plain: %.3f" % (t / p))
print("cost per MPI call (whole job, start-up included): %.2f us" %
      ((t - p) / calls * 1e6))
PY
