#!/usr/bin/env bash
# What counting costs on real projects in instructions: each workload of
# bench/corpus/projects.sh run once under callgrind (every process it
# starts: --trace-children), for every configuration cost.sh builds, as
# ratios to the plain build's.  Instructions, unlike time, come out the
# same on every run of a build whatever else the machine does, so a change
# of a few percent shows here first; what they leave out (cache misses,
# branch mispredictions, code layout) is cost.sh's to measure.
#
#   usage: bench/corpus/instructions.sh [--configs C,C...] [PROJECT...]
#     --configs  the configurations besides base (default sscc,clang-instr,gcc-cov)
#
# Needs the builds of cost.sh (bench/corpus/run.sh --config C --no-test P
# for C in base sscc clang-instr gcc-cov); a configuration not built is
# left out.  The table also goes to build/corpus/instructions.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=$root/bench/corpus
build=${SS_BUILD_DIR:-$root/build}
out=$build/corpus
projects=() others=sscc,clang-instr,gcc-cov
while [ $# -gt 0 ]; do
  case $1 in
    --configs) others=${2:?}; shift 2 ;;
    -*) sed -n '10,11s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    *) projects+=("$1"); shift ;;
  esac
done
# shellcheck source=projects.sh
. "$corpus/projects.sh"
[ ${#projects[@]} -eq 0 ] && read -ra projects <<<"$corpus_projects"
command -v valgrind >/dev/null || { echo "instructions: valgrind not found" >&2; exit 1; }
IFS=, read -ra configs <<<"base,$others"
export INPUTS=$out/inputs CORPUS=$corpus
scratch=$out/instructions-scratch

# The instructions all of a workload's processes ran: the sum of the
# "summary:" lines of callgrind's files (one per process).
count() {
  local dir=$1 p=$2
  rm -rf "$scratch" && mkdir -p "$scratch/profiles"
  # The workload's status is not asked: under valgrind fmt's format-test
  # fails in every build (valgrind computes long double in 64 bits).
  (cd "$dir" && _SPEEDSHOP_OUTPUT_DIRECTORY=$scratch/profiles \
     LLVM_PROFILE_FILE=$scratch/profiles/%p.profraw \
     valgrind --tool=callgrind --trace-children=yes \
       --callgrind-out-file="$scratch/callgrind.%p" \
       bash -c ". '$corpus/projects.sh' && ${p}_workload" >/dev/null 2>"$scratch/valgrind.log")
  ls "$scratch"/callgrind.* >/dev/null 2>&1 || { echo fail; return; }
  awk '/^summary:/ { n += $2 } END { printf "%.0f\n", n }' "$scratch"/callgrind.*
}

{
  declare -A logs=() n_ratios=()
  printf '%-9s %14s' project base
  for c in "${configs[@]:1}"; do printf ' %12s' "$c"; done
  printf '\n'
  for p in "${projects[@]}"; do
    base=
    [ -d "$out/base/$p/src" ] && base=$(count "$out/base/$p/src" "$p")
    printf '%-9s %14s' "$p" "${base:-unbuilt}"
    for c in "${configs[@]:1}"; do
      n=
      [ -d "$out/$c/$p/src" ] && n=$(count "$out/$c/$p/src" "$p")
      if [ -z "$n" ] || [ "$n" = fail ] || [ -z "$base" ] || [ "$base" = fail ] || [ "$base" = 0 ]; then
        printf ' %12s' "${n:-unbuilt}"
        continue
      fi
      ratio=$(awk -v n="$n" -v b="$base" 'BEGIN { printf "%.4f", n / b }')
      printf ' %11.3fx' "$ratio"
      logs[$c]=$(awk -v s="${logs[$c]:-0}" -v r="$ratio" 'BEGIN { print s + log(r) }')
      n_ratios[$c]=$(( ${n_ratios[$c]:-0} + 1 ))
    done
    printf '\n'
  done
  printf '%-9s %14s' geomean ''
  for c in "${configs[@]:1}"; do
    if [ -n "${n_ratios[$c]:-}" ]; then
      printf ' %11.3fx' "$(awk -v s="${logs[$c]}" -v k="${n_ratios[$c]}" 'BEGIN { print exp(s / k) }')"
    else
      printf ' %12s' -
    fi
  done
  printf '\n'
} | tee "$out/instructions.txt"
rm -rf "$scratch"
