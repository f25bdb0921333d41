#!/usr/bin/env bash
# Builds real projects from Debian source packages, untouched, through
# their own build systems (make, configure, autotools, CMake, meson; C and
# C++) with one compiler configuration, runs their own test suites, and
# with sscc merges each program's experiment files with ssprof.
#
#   usage: bench/corpus/run.sh [--config NAME] [--opt N] [--no-test] [PROJECT...]
#     --config  sscc (default: CC=sscc CXX=sscc++ CFLAGS="-O2 -fss-ideal"),
#               base (clang -O2), clang-instr (clang -O2
#               -fprofile-instr-generate), clang-cov (clang -O2
#               -fprofile-instr-generate -fcoverage-mapping), gcc-cov
#               (gcc -O2 --coverage)
#     --opt N   -ON instead of -O2 (builds in <config>-ON)
#     --no-test build only (bench/corpus/cost.sh)
#     PROJECT   of bench/corpus/projects.sh (default: all of them)
#
# Needs: what bench/corpus/deps.sh installs when missing (each project's
# NAME_deps in projects.sh).
# Sources: build/corpus/cache (bench/corpus/fetch.sh: apt-get source, after
# a deb-src line for the machine's own mirror).  Each project is built in a
# fresh copy, build/corpus/<config>/<project>/src (a link to
# build/corpus/work/<hash>, below), with logs beside it;
# sscc's experiment files go to .../experiments, the merged profiles
# (ssprof -json and the listing) to .../profiles/<program>.{json,txt}.
# Prints a table: build time and result, tests, experiment files, programs
# merged.  Exit status 1 if anything failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
export CORPUS=$root/bench/corpus
build=${SS_BUILD_DIR:-$root/build}
# SS_CORPUS_DIR: where builds go (default build/corpus); SS_CORPUS_CACHE:
# the unpacked sources (default $SS_CORPUS_DIR/cache)
out=${SS_CORPUS_DIR:-$build/corpus}
cache=${SS_CORPUS_CACHE:-$out/cache}
config=sscc test=1 projects=() opt=2
while [ $# -gt 0 ]; do
  case $1 in
    --config) config=${2:?}; shift 2 ;;
    --no-test) test=0; shift ;;
    --opt) opt=${2:?}; shift 2 ;;
    -*) sed -n '7,17s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
    *) projects+=("$1"); shift ;;
  esac
done
# shellcheck source=projects.sh
. "$CORPUS/projects.sh"
[ ${#projects[@]} -eq 0 ] && read -ra projects <<<"$corpus_projects"

[ -x "$build/bin/sscc" ] || bash "$root/scripts/build.sh" >&2
major=$("$build/bin/sscc" --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
case $config in
  sscc) CC=$build/bin/sscc CXX=$build/bin/sscc++ flags="-O2 -fss-ideal" ldflags="" ;;
  base) CC=clang-$major CXX=clang++-$major flags="-O2" ldflags="" ;;
  clang-instr) CC=clang-$major CXX=clang++-$major flags="-O2 -fprofile-instr-generate"
               ldflags="-fprofile-instr-generate" ;;
  clang-cov) CC=clang-$major CXX=clang++-$major
             flags="-O2 -fprofile-instr-generate -fcoverage-mapping"
             ldflags="-fprofile-instr-generate" ;;
  gcc-cov) CC=gcc CXX=g++ flags="-O2 --coverage" ldflags="--coverage" ;;
  *) echo "run: unknown --config $config (sscc, base, clang-instr, clang-cov, gcc-cov)" >&2; exit 2 ;;
esac
case $opt in
  0|1|2|3|s) ;;
  *) echo "run: --opt takes 0, 1, 2, 3 or s, not '$opt'" >&2; exit 2 ;;
esac
flags=${flags/-O2/-O$opt}
confdir=$config
[ "$opt" = 2 ] || confdir=$config-O$opt
export CC CXX CFLAGS=$flags CXXFLAGS=$flags LDFLAGS=$ldflags

packages=()
for p in "${projects[@]}"; do
  pkg_var=${p}_package
  [ -n "${!pkg_var:-}" ] || { echo "run: no project $p (projects.sh has: $corpus_projects)" >&2; exit 2; }
  packages+=("${!pkg_var}")
done
"$CORPUS/deps.sh" "${projects[@]}" || exit 1
"$CORPUS/fetch.sh" "$cache" "${packages[@]}" || exit 1
export INPUTS=$out/inputs
if [ ! -s "$INPUTS/records.json" ] || [ ! -s "$INPUTS/text" ] ||
   [ "$(wc -l <"$INPUTS/bidi.txt" 2>/dev/null)" != 80000 ]; then
  python3 "$CORPUS/make_inputs.py" "$INPUTS" "$cache"/*/src || exit 1
fi

failed=0
TIMEFORMAT='%R %U %S' # what bash's `time` prints: wall, user and system seconds
printf '%-8s %-11s %8s  %-6s %-6s %6s %8s\n' project config build-s build tests files programs
for p in "${projects[@]}"; do
  pkg_var=${p}_package
  pkg=${!pkg_var%%:*}
  dir=$out/$confdir/$p
  # Every configuration builds at a path of one length: a test that prints
  # __FILE__ (cJSON's unity tests print every test's path) then prints as
  # many characters under each tool, and the calls of its output
  # functions (glibc's inline putchar) can be compared.
  work=$out/work/$(printf '%s' "$confdir/$p" | md5sum | cut -c1-16)
  rm -rf "$dir" "$work" && mkdir -p "$dir/experiments" "$dir/profiles" "$out/work"
  cp -a "$cache/$pkg/src" "$work" && ln -s "$work" "$dir/src"
  # What runs while building (configure's conftest, code generators) writes
  # its files apart from the test suite's.
  mkdir -p "$dir/build-experiments"
  export _SPEEDSHOP_OUTPUT_DIRECTORY=$dir/build-experiments LLVM_PROFILE_FILE=$dir/build-experiments/%p.profraw
  # Wall time, and CPU time (user + system of the build and all it ran),
  # for cost.sh (TIMEFORMAT, above).
  if times=$({ time (cd -P "$dir/src" && "${p}_build" >"$dir/build.log" 2>&1); } 2>&1); then
    build_ok=ok
  else
    build_ok=FAIL failed=1
  fi
  read -r secs user sys <<<"$times"
  echo "$secs" >"$dir/build.secs"
  awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }' >"$dir/build.cpu"
  tests=- files=- merged=-
  export _SPEEDSHOP_OUTPUT_DIRECTORY=$dir/experiments LLVM_PROFILE_FILE=$dir/experiments/%p.profraw
  if [ "$build_ok" = ok ] && [ "$test" = 1 ]; then
    if (cd -P "$dir/src" && "${p}_test") >"$dir/test.log" 2>&1; then tests=ok; else tests=FAIL; failed=1; fi
  fi
  if [ "$config" = clang-cov ] && [ "$test" = 1 ]; then
    # Every profile of the test suite, merged (llvm-profdata sums by
    # function name and hash, across programs).
    files=$(find "$dir/experiments" -name '*.profraw' | wc -l)
    if [ "$files" -gt 0 ] && find "$dir/experiments" -name '*.profraw' -print0 |
         xargs -0 "llvm-profdata-$major" merge -o "$dir/profiles/all.profdata" 2>"$dir/profiles/profdata.err"; then
      merged=1
    else
      echo "run: $p: llvm-profdata merge failed: $(tail -1 "$dir/profiles/profdata.err")" >&2
      failed=1
    fi
  fi
  if [ "$config" = sscc ] && [ "$test" = 1 ]; then
    # One merged profile per program: its files are <program>.ideal.<code><pid>.
    files=$(find "$dir/experiments" -name '*.ideal.*' | wc -l)
    merged=0
    for program in $(find "$dir/experiments" -name '*.ideal.*' -printf '%f\n' | sed 's/\.ideal\..*//' | sort -u); do
      list=("$dir/experiments/$program".ideal.*)
      if "$build/bin/ssprof" -json "${list[@]}" >"$dir/profiles/$program.json" 2>"$dir/profiles/$program.err" &&
         "$build/bin/ssprof" "${list[@]}" >"$dir/profiles/$program.txt" 2>>"$dir/profiles/$program.err"; then
        merged=$((merged + 1))
      else
        echo "run: $p: ssprof failed on $program's ${#list[@]} files: $(tail -1 "$dir/profiles/$program.err")" >&2
        failed=1
      fi
    done
    [ "$merged" -gt 0 ] || { [ "$tests" = ok ] && { echo "run: $p: no experiment file" >&2; failed=1; }; }
  fi
  printf '%-8s %-11s %8.1f  %-6s %-6s %6s %8s\n' "$p" "$confdir" "$secs" "$build_ok" "$tests" "$files" "$merged"
  [ "$build_ok" = ok ] || echo "run: $p: build failed, see ${dir#"$root"/}/build.log" >&2
  [ "$tests" != FAIL ] || echo "run: $p: tests failed, see ${dir#"$root"/}/test.log" >&2
done
exit $failed
