#!/usr/bin/env bash
# What the spanning tree saves: for each example, the number of basic blocks
# of the optimized code (plain clang, same -O) against the number of counters
# sscc places (one relaxed atomic add each).
#   usage: bench/counter-stats.sh [-O level]   (default -O3)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
opt=${1:--O3}
major=$("$build/bin/sscc" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
clang=${SSCC_CLANG:-clang-$major}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-26s %8s %9s %7s\n' example blocks counters ratio
tb=0; tc=0
for src in "$root"/examples/*.c; do
  name=$(basename "$src" .c)
  "$clang" "$opt" -gline-tables-only -S -emit-llvm "$src" -o "$tmp/plain.ll"
  "$build/bin/sscc" "$opt" -fss-ideal -S -emit-llvm "$src" -o "$tmp/inst.ll"
  # Blocks: every basic block of every defined function (entry blocks have no label).
  blocks=$(awk '/^define /{n++} /^[A-Za-z0-9_.]+:/{n++} END{print n+0}' "$tmp/plain.ll")
  counters=$(grep -c 'atomicrmw add.*@__ss_counters' "$tmp/inst.ll" || true)
  tb=$((tb + blocks)); tc=$((tc + counters))
  printf '%-26s %8d %9d %6.2f\n' "$name" "$blocks" "$counters" "$(awk -v c=$counters -v b=$blocks 'BEGIN{print c/b}')"
done
printf '%-26s %8d %9d %6.2f\n' TOTAL "$tb" "$tc" "$(awk -v c=$tc -v b=$tb 'BEGIN{print c/b}')"
