#!/usr/bin/env bash
# Fetch the SQLite amalgamation (sqlite3.c, sqlite3.h) for bench/compare.sh.
#
# It comes from the npm package better-sqlite3, which bundles the amalgamation
# (npm works from the build machines, sqlite.org and PyPI may not).  The
# package version is pinned and its tarball checked against a known SHA-256,
# so every run measures the same SQLite.  Files go to a cache directory under
# build/ (never into the source tree) and are fetched only once.
#
#   usage: bench/fetch-sqlite.sh [cache-dir]     (default build/bench-cache)
# Prints the directory holding sqlite3.c; on failure prints one line to
# stderr and exits 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib/npm_pack.sh"
cache=${1:-${SS_BUILD_DIR:-$root/build}/bench-cache}
package=better-sqlite3
version=12.4.1 # bundles SQLite 3.50.4
sha256=14398acbf00d1e8fe0a2753df7d4f15c13138e4b874f4e6e96791f65b4536d0d
dest=$cache/sqlite-$package-$version

fail() { echo "fetch-sqlite: $*" >&2; exit 1; }

if [ -f "$dest/sqlite3.c" ] && [ -f "$dest/sqlite3.h" ]; then
  echo "$dest"
  exit 0
fi
npm_unpack_verified "$package" "$version" "$sha256" "$cache"
# The amalgamation is in package/deps/: as plain files in current releases,
# as a tarball of its own in some older ones.
src=$(find "$tmp/pkg/package/deps" -name sqlite3.c -print -quit)
if [ -z "$src" ]; then
  inner=$(find "$tmp/pkg/package/deps" -name '*.tar.gz' -print -quit)
  [ -n "$inner" ] || fail "no sqlite3.c in $package@$version"
  mkdir "$tmp/inner"
  tar xzf "$inner" -C "$tmp/inner"
  src=$(find "$tmp/inner" -name sqlite3.c -print -quit)
  [ -n "$src" ] || fail "no sqlite3.c in $package@$version"
fi
srcdir=$(dirname "$src")
[ -f "$srcdir/sqlite3.h" ] || fail "no sqlite3.h next to sqlite3.c in $package@$version"

mkdir "$tmp/out"
cp "$srcdir/sqlite3.c" "$srcdir/sqlite3.h" "$tmp/out/"
install_fetched "$dest"
