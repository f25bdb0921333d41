#!/usr/bin/env bash
# What counting costs in the loops where counters and registers compete:
# bench/loops.txt's workloads (an insertion sort whose inner loop ends on
# the data, a CoreMark-style state machine, a branchy reduction) built
# with plain clang -O3, sscc -O3 -fss-ideal, clang's and gcc's
# instrumentation, timed one run at a time in interleaved rounds, medians
# and ratios against plain clang of the same round (bench/lib/measure.py
# and report.py, as bench/compare.sh), and each build's stack references in
# the hot functions (spills: sscc's should not exceed plain clang's).
#
#   usage: bench/loops.sh [--reps N] [--quick] [--ref-sscc PATH]
#     --reps N         timed runs per workload and configuration (default 7)
#     --quick          small sizes, 3 runs
#     --ref-sscc PATH  also another sscc (an older build) as column sscc-ref
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
out=$build/bench-loops
bench=$root/bench
reps=7 quick=0 ref_sscc=
while [ $# -gt 0 ]; do
  case $1 in
    --reps) reps=${2:?}; shift 2 ;;
    --quick) quick=1 reps=3; shift ;;
    --ref-sscc) ref_sscc=$(cd "$(dirname "${2:?}")" && pwd)/$(basename "$2"); shift 2 ;;
    *) sed -n '12,15s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
  esac
done
[ -x "$build/bin/sscc" ] || bash "$root/scripts/build.sh" >&2
major=$("$build/bin/sscc" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
clang=${SSCC_CLANG:-clang-$major}
mkdir -p "$out/tmp"
export TMPDIR=$out/tmp
mk=(make -f "$bench/Makefile" --no-print-directory BUILD="$build" OUT="$out" SSCC="$build/bin/sscc"
    CLANG="$clang" TABLE="$bench/loops.txt" REF_SSCC="$ref_sscc")
"${mk[@]}" -k -j"$(nproc)" all >"$out/build.log" 2>&1 || echo "loops: some builds failed (see $out/build.log)" >&2
"${mk[@]}" -s configs >"$out/configs.txt"
measure=(--reps "$reps")
[ "$quick" = 1 ] && measure+=(--quick)
python3 "$bench/lib/measure.py" --table "$bench/loops.txt" --configs "$out/configs.txt" \
  --bin-dir "$out" --samples "$out/samples.tsv" "${measure[@]}"
echo
python3 "$bench/lib/report.py" --samples "$out/samples.tsv" --configs "$out/configs.txt" |
  tee "$out/report.txt"
echo
echo "stack references (spills and reloads) in the hot functions:"
for config in base sscc ${ref_sscc:+sscc-ref}; do
  for fn in isort:insertion_sort states:transition pb_branchy:reduce; do
    bin=$out/$config/${fn%%:*}
    [ -x "$bin" ] || continue
    code=$(llvm-objdump-"$major" -d --no-show-raw-insn "$bin" |
           awk -v f="<${fn#*:}>:" 'index($0, f) {on = 1; print; next} on && !NF {exit} on')
    if [ -z "$code" ]; then
      n="(inlined)"
    else
      n=$(grep -E '\(%rsp[,)]' <<<"$code" |
          grep -vcE 'leaq\s+-128\(%rsp\), %rsp|movq\s+8\(%rsp\), %rsp' || true)
    fi
    printf '  %-9s %-16s %s\n' "$config" "${fn#*:}" "$n"
  done
done
