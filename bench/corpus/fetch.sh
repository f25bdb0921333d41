#!/usr/bin/env bash
# Fetches Debian source packages into a cache and unpacks them once:
#   bench/corpus/fetch.sh CACHE PACKAGE[:debian]...
# gives CACHE/<package>/src, the upstream tree (the .orig tarball as it is),
# or with :debian the tree with Debian's patches applied (the package's
# build then needs them: fmtlib's tests build against the system's
# googletest).  Uses `apt-get source` (after bench/corpus/apt-src.sh);
# where the mirror lacks the newest version's files it tries the older
# versions apt knows.  Nothing is fetched for a package already unpacked.
set -uo pipefail
cache=${1:?usage: fetch.sh CACHE PACKAGE[:debian]...}
mkdir -p "$cache" && cache=$(cd "$cache" && pwd)
shift
here=$(cd "$(dirname "$0")" && pwd)
"$here/apt-src.sh" || exit 1
mkdir -p "$cache"
status=0
for spec in "$@"; do
  pkg=${spec%%:*}
  dir=$cache/$pkg
  [ -d "$dir/src" ] && continue
  mkdir -p "$dir"
  got=""
  for version in "" $(apt-cache showsrc "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | sort -ruV); do
    rm -f "$dir"/*.dsc
    if (cd "$dir" && apt-get source -q --download-only "$pkg${version:+=$version}" >"$dir/fetch.log" 2>&1); then
      got=$(ls "$dir"/*.dsc 2>/dev/null | head -1)
      [ -n "$got" ] && break
    fi
  done
  if [ -z "$got" ]; then
    echo "fetch: $pkg: apt-get source failed for every version (see $dir/fetch.log)" >&2
    status=1
    continue
  fi
  opts=(--skip-debianization)
  [ "$spec" != "$pkg" ] && opts=()
  if ! (cd "$dir" && dpkg-source -q -x "${opts[@]}" "$(basename "$got")" src >>"$dir/fetch.log" 2>&1); then
    echo "fetch: $pkg: dpkg-source -x failed (see $dir/fetch.log)" >&2
    rm -rf "$dir/src"
    status=1
  fi
done
exit $status
