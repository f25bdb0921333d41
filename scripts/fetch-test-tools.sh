#!/usr/bin/env bash
# Fetch what the tests need that Debian does not package: speedscope's own
# file-format schema (file-format-schema.json, which its importer is built
# from), from the npm package speedscope, pinned and checked against a
# known SHA-256.  It goes to build/test-tools/speedscope (never into the
# source tree) and is fetched once.
#   usage: scripts/fetch-test-tools.sh [dir]   (default build/test-tools)
# On failure prints one line to stderr and exits 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib/npm_pack.sh"
cache=${1:-${SS_BUILD_DIR:-$root/build}/test-tools}
package=speedscope
version=1.25.0
sha256=2831f1e0d26df914b477e522d78b8485511495a6af81a0b88158f8b48f9e0d03
dest=$cache/speedscope

fail() { echo "fetch-test-tools: $*" >&2; exit 1; }

[ -f "$dest/file-format-schema.json" ] && exit 0
npm_unpack_verified "$package" "$version" "$sha256" "$cache" \
  package/dist/release/file-format-schema.json package/LICENSE
mkdir "$tmp/out"
cp "$tmp/pkg/package/dist/release/file-format-schema.json" \
   "$tmp/pkg/package/LICENSE" "$tmp/out/"
install_fetched "$dest" >/dev/null
