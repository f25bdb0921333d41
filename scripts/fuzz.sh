#!/usr/bin/env bash
# Fuzz ssprof longer than the suite does (prof/fuzz/README.md):
#   scripts/fuzz.sh [SECONDS]        each harness SECONDS (default 600) from a
#                                    fresh seed corpus, in build/fuzz/
#   scripts/fuzz.sh --replay FILE    run one input (a crash-* libFuzzer wrote)
#                                    through both harnesses and the sanitized
#                                    ssprof, to see the report again
# Needs the sanitized build with the fuzzers (clang-14 and
# libclang-rt-14-dev: scripts/deps.sh; cmake/SsSanitized.cmake).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${SS_BUILD_DIR:-build}
scripts/build.sh >/dev/null
san=$build/sanitize
for h in reader listings; do
  [ -x "$san/tests/ssprof-fuzz-$h" ] || {
    echo "fuzz: $san/tests/ssprof-fuzz-$h missing: no clang libFuzzer runtime (scripts/deps.sh)" >&2
    exit 1
  }
done
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:exitcode=86}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=86}
if [ "${1:-}" = "--replay" ]; then
  input=$(realpath "$2")
  status=0
  for h in reader listings; do
    "$san/tests/ssprof-fuzz-$h" "$input" || status=1
  done
  "$san/bin/ssprof" -b -h -l -basicblocks -u "$input" >/dev/null || status=$?
  exit $status
fi
seconds=${1:-600}
work=$build/fuzz
sh lit/fuzz/Inputs/seed_corpus.sh "$PWD/$build/bin/sscc" "$PWD/$build/bin/ssrun" \
  "$PWD/lit/fuzz/Inputs/seed.c" "$PWD/$work/seeds"
for h in reader listings; do
  mkdir -p "$work/found-$h"
  (cd "$work" && python3 ../../lit/fuzz/Inputs/run_fuzzer.py "$h" \
     "$PWD/../../$san/tests/ssprof-fuzz-$h" "$seconds" "found-$h" seeds)
done
python3 lit/fuzz/Inputs/run_corpus.py --sample 200 "$san/bin/ssprof" "$work/found-listings"
