#!/usr/bin/env bash
# Configure and build into ./build (or $SS_BUILD_DIR), against the default
# LLVM (14) or the one in $SS_LLVM_DIR (a directory with LLVMConfig.cmake,
# e.g. /usr/lib/llvm-19/lib/cmake/llvm), which only the first configure of
# a build directory reads.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${SS_BUILD_DIR:-build}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    ${SS_LLVM_DIR:+-DLLVM_DIR="$SS_LLVM_DIR"} >/dev/null
fi
cmake --build "$build"
