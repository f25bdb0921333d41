#!/usr/bin/env bash
# Is a workload's slowdown the counters' cost, or where its code landed?
#
# Some loops run 1.3x slower or faster when the same instructions move to
# other addresses: an interpreter's dispatch (an indirect jump mispredicted
# at most bytecodes, its tiny case blocks packed into few cache lines), a
# loop whose compare and branch straddle a fetch boundary.  Plain clang's
# own code does it too.  Counters move code, so one build's ratio mixes the
# counters' cost with layout luck.  This script builds each workload with
# plain clang -O3 (base) and with sscc -O3 -fss-ideal under several code
# layouts -- the code generator's alignment options: the same instructions
# at other addresses -- times every build in interleaved rounds
# (bench/lib/measure.py: one run at a time, base first, outputs checked,
# sscc's experiment file required), and prints, per workload and layout,
# base's and sscc's medians and their ratio, then across the layouts the
# spread of base's own time and the ratio of the two medians of medians:
# the cost with the layout luck averaged out.
#
#   usage: bench/layout.sh [--reps N] [WORKLOAD...]
#     --reps N   timed runs per build (default 7)
#     WORKLOAD   rows of bench/workloads.txt (default: interp pb_gemm isort
#                states pb_branchy); sizes from its "full" column
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SS_BUILD_DIR:-$root/build}
out=$build/bench-layout
bench=$root/bench
reps=7 rows=()
while [ $# -gt 0 ]; do
  case $1 in
    --reps) reps=${2:?}; shift 2 ;;
    -*) sed -n '19,22s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    *) rows+=("$1"); shift ;;
  esac
done
[ ${#rows[@]} -eq 0 ] && rows=(interp pb_gemm isort states pb_branchy)

[ -x "$build/bin/sscc" ] || bash "$root/scripts/build.sh" >&2
major=$("$build/bin/sscc" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
clang=${SSCC_CLANG:-clang-$major}

# The layouts: a name for the table, and the code generator's options.
layouts=(
  "default|"
  "blocks-16|-mllvm -align-all-blocks=4"
  "jump-targets-32|-mllvm -align-all-nofallthru-blocks=5"
  "jump-targets-64|-mllvm -align-all-nofallthru-blocks=6"
  "loops-64|-falign-loops=64"
  "functions-256|-mllvm -align-all-functions=8"
)

rm -rf "$out" && mkdir -p "$out"
table=$out/workloads.txt configs=$out/configs.txt names=$out/layouts.txt
: >"$table"
: >"$configs"
: >"$names"
for row in "${rows[@]}"; do
  line=$(awk -v r="$row" '!/^#/ && $1 == r' "$bench/workloads.txt")
  [ -n "$line" ] || { echo "layout: no workload '$row' in bench/workloads.txt" >&2; exit 2; }
  read -r _ program kind _ <<<"$line"
  [ "$program" != sqlite_driver ] ||
    { echo "layout: $row needs SQLite's amalgamation: bench/compare.sh times it" >&2; exit 2; }
  echo "$line" >>"$table"
done

# Builds: every layout of base and of sscc (config names base, base-1..,
# sscc, sscc-1..: measure.py takes base as the reference and requires an
# experiment file of every sscc* run).
i=0
for layout in "${layouts[@]}"; do
  name=${layout%%|*} opts=${layout#*|}
  suffix=${i/#0/}
  printf '%s\t%s\t%s\n' "${suffix:-0}" "$name" "$opts" >>"$names"
  for c in base sscc; do
    config=$c${suffix:+-$suffix}
    case $c in
      base) cc=$clang flags="-O3" ;;
      sscc) cc=$build/bin/sscc flags="-O3 -fss-ideal" ;;
    esac
    mkdir -p "$out/$config"
    printf '%s all %s %s %s\n' "$config" "$cc" "$flags" "$opts" >>"$configs"
    while read -r _ program kind _; do
      src=$bench/workloads/$program.c
      [ -f "$src" ] || src=$root/examples/$program.c
      libs=(-lm)
      [ "$kind" = threaded ] && libs+=(-pthread)
      # shellcheck disable=SC2086
      "$cc" $flags $opts -I"$bench/workloads" "$src" -o "$out/$config/$program" "${libs[@]}" ||
        { echo "layout: $program did not build with $config" >&2; exit 1; }
    done <"$table"
  done
  i=$((i + 1))
done
# measure.py wants base first.
{ grep '^base ' "$configs"; grep -v '^base ' "$configs"; } >"$configs.sorted" && mv "$configs.sorted" "$configs"

python3 "$bench/lib/measure.py" --table "$table" --configs "$configs" --bin-dir "$out" \
  --samples "$out/samples.tsv" --reps "$reps"
echo
python3 "$bench/lib/layout_report.py" --samples "$out/samples.tsv" --layouts "$names" |
  tee "$out/report.txt"
