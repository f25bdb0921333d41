#!/usr/bin/env bash
# Run every test: unit tests of rt and prof internals and the lit suite of
# exact counts (compile with sscc, run, check ssprof against the program's
# own tallies).  Ends with "N passed, N failed".
#
# Then it runs the suite once more against each LLVM in SS_TEST_LLVM
# (versions separated by spaces; default "19", so that LLVM 14 and 19 are
# both tested, CI included; SS_TEST_LLVM= for the default LLVM alone), each
# built in build<version> (scripts/deps.sh installs clang-<version> and
# llvm-<version>-dev for it); the last line then sums all runs, and a line
# per run comes before it.
set -uo pipefail
cd "$(dirname "$0")/.."
export SS_TEST_LLVM=${SS_TEST_LLVM-19}
scripts/deps.sh || { echo "0 passed, 1 failed"; exit 1; }
lit=/usr/lib/llvm-14/build/utils/lit/lit.py

# One run: build $1 (configured for LLVM dir $2, empty: the default), lit
# on it; sets passed and failed.
run_suite() {
  local build=$1 llvm_dir=$2 log status
  passed=0 failed=0
  if ! SS_BUILD_DIR=$build SS_LLVM_DIR=$llvm_dir scripts/build.sh >/dev/null; then
    echo "build of $build failed"
    failed=1
    return
  fi
  if ! scripts/fetch-test-tools.sh "$build/test-tools"; then
    failed=1
    return
  fi
  log=$(mktemp)
  python3 "$lit" -v --no-progress-bar -j "$(nproc)" "$build/lit" "${lit_args[@]}" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  count() { sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | head -1; }
  passed=$(( $(count 'Passed') + 0 ))
  failed=$(( $(count 'Failed') + $(count 'Unresolved') + $(count 'Timed Out') + 0 ))
  rm -f "$log"
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
}

lit_args=("$@")
build=${SS_BUILD_DIR:-build}
run_suite "$build" ""
lines=("default LLVM ($build): $passed passed, $failed failed")
total_passed=$passed total_failed=$failed
for v in ${SS_TEST_LLVM:-}; do
  run_suite "build$v" "/usr/lib/llvm-$v/lib/cmake/llvm"
  lines+=("LLVM $v (build$v): $passed passed, $failed failed")
  total_passed=$((total_passed + passed)) total_failed=$((total_failed + failed))
done
if [ -n "${SS_TEST_LLVM:-}" ]; then printf '%s\n' "${lines[@]}"; fi
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
