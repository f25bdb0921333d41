#!/usr/bin/env bash
# Run every test: unit tests of rt and prof internals and the lit suite of
# exact counts (compile with sscc, run, check ssprof against the program's
# own tallies).  Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh || { echo "0 passed, 1 failed"; exit 1; }
scripts/build.sh >/dev/null || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
scripts/fetch-test-tools.sh || { echo "0 passed, 1 failed"; exit 1; }
build=${SS_BUILD_DIR:-build}
lit=/usr/lib/llvm-14/build/utils/lit/lit.py
log=$(mktemp)
python3 "$lit" -v --no-progress-bar -j "$(nproc)" "$build/lit" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
count() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | head -1; }
passed=$(( $(count 'Passed') + 0 ))
failed=$(( $(count 'Failed') + $(count 'Unresolved') + $(count 'Timed Out') + 0 ))
rm -f "$log"
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
