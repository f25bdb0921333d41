#!/usr/bin/env bash
# One command from a fresh clone: install what is missing, build everything,
# then run the main job on an example -- compile the seeds' matrix multiply
# with sscc -O3 -fss-ideal, run it, and print ssprof's listing of its exact
# counts.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scripts/deps.sh
scripts/build.sh
build=$(cd "${SS_BUILD_DIR:-build}" && pwd)
demo="$build/demo"
rm -rf "$demo" && mkdir -p "$demo"
cd "$demo"
echo "== sscc -O3 -fss-ideal matmul.c -o matmul"
"$build/bin/sscc" -O3 -fss-ideal "$root/examples/matmul.c" -o matmul
echo "== ./matmul"
./matmul
echo "== ssprof -b -q 8 matmul.ideal.m*"
"$build/bin/ssprof" -b -q 8 matmul.ideal.m*
