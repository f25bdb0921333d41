#!/usr/bin/env bash
# Runs tests again and again to show they never flake (issue 29):
#   scripts/repeat-tests.sh [ROUNDS] [lit paths under build/lit...]
# Default: 50 rounds of every test that takes samples -- lit/sampling,
# lit/prof-sampling and the sampling tests of lit/safety and lit/faults --
# and of the one that races threads against exit, run as the suite runs
# them (lit, -j of the machine's cores), each round in full.
# Prints one line per round and, at the end, the failures per test:
#   repeat: 50 rounds of 28 tests: 1400 runs, 0 failed
# Exit status 1 if any run failed.  Takes about 25 s a round on 2 cores.
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-50}
shift || true
build=${SS_BUILD_DIR:-build}
if [ $# -gt 0 ]; then
  paths=("$@")
else
  paths=("$build/lit/sampling" "$build/lit/prof-sampling"
         "$build/lit/safety/zero-samples.c" "$build/lit/safety/ssprof-inputs.test"
         "$build/lit/safety/shell-script.test" "$build/lit/safety/ssrun-descriptors.c"
         "$build/lit/faults/closed-fds.c" "$build/lit/faults/own-handlers.c"
         "$build/lit/faults/exit-racing-threads.c")
fi
scripts/build.sh >/dev/null || { echo "repeat: build failed"; exit 1; }
lit=/usr/lib/llvm-14/build/utils/lit/lit.py
log=$(mktemp -d)
declare -A failures=()
total=0 failed=0 tests=0
for ((r = 1; r <= rounds; r++)); do
  python3 "$lit" -v --no-progress-bar -j "$(nproc)" "${paths[@]}" > "$log/round" 2>&1
  passed=$(grep -c '^PASS: ' "$log/round")
  bad=$(grep -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$log/round" | sed 's/^[A-Z]*: sscc :: //; s/ (.*//')
  n_bad=0
  [ -n "$bad" ] && n_bad=$(printf '%s\n' "$bad" | wc -l)
  tests=$((passed + n_bad))
  total=$((total + tests))
  failed=$((failed + n_bad))
  for t in $bad; do
    failures[$t]=$(( ${failures[$t]:-0} + 1 ))
    cp "$log/round" "$log/round-$r-failed"
  done
  echo "repeat: round $r: $passed passed, $n_bad failed${bad:+ ($(echo $bad))}"
done
for t in "${!failures[@]}"; do
  echo "repeat: $t failed ${failures[$t]} of $rounds"
done
echo "repeat: $rounds rounds of $tests tests: $total runs, $failed failed"
[ "$failed" -eq 0 ] && rm -rf "$log" || echo "repeat: logs of the failed rounds in $log"
[ "$failed" -eq 0 ]
