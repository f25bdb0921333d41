#!/usr/bin/env bash
# Fetch the LZ4 library sources (lz4.c, lz4hc.c, lz4frame.c, xxhash.c and
# their headers) for bench/ideal.sh.
#
# They come from the npm package lz4, which bundles the C library in
# deps/lz4/lib (npm works from the build machines, github.com may not).  As
# bench/fetch-sqlite.sh: the package version is pinned and its tarball
# checked against a known SHA-256, so every run measures the same LZ4; the
# files go to a cache directory under build/ (never into the source tree)
# and are fetched only once.
#
#   usage: bench/fetch-lz4.sh [cache-dir]     (default build/bench-cache)
# Prints the directory holding lz4.c; on failure prints one line to stderr
# and exits 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib/npm_pack.sh"
cache=${1:-${SS_BUILD_DIR:-$root/build}/bench-cache}
package=lz4
version=0.6.5 # bundles LZ4 1.9.2
sha256=fdb90b41c5a56d27f74b2c42a9861b0893f225ddb637f79e1b67a4e4b5f5f93f
dest=$cache/lz4-$package-$version
files=(lz4.c lz4.h lz4hc.c lz4hc.h lz4frame.c lz4frame.h lz4frame_static.h xxhash.c xxhash.h LICENSE)

fail() { echo "fetch-lz4: $*" >&2; exit 1; }

complete=1
for f in "${files[@]}"; do [ -f "$dest/$f" ] || complete=0; done
if [ "$complete" = 1 ]; then
  echo "$dest"
  exit 0
fi
npm_unpack_verified "$package" "$version" "$sha256" "$cache" package/deps/lz4/lib
srcdir=$tmp/pkg/package/deps/lz4/lib
mkdir "$tmp/out"
for f in "${files[@]}"; do
  [ -f "$srcdir/$f" ] || fail "no deps/lz4/lib/$f in $package@$version"
  cp "$srcdir/$f" "$tmp/out/"
done
install_fetched "$dest"
