#!/usr/bin/env bash
# Makes Debian source packages available to `apt-get source`: writes
# /etc/apt/sources.list.d/sscc-corpus-src.sources, a deb-src twin of every
# Debian stanza of the machine's own apt sources (deb822 .sources files
# and one-line .list files: same mirror, suites, components and key), then
# runs apt-get update once.  Idempotent: does nothing when that file
# exists and apt already knows a source package.  Needs root (or sudo).
set -euo pipefail
target=/etc/apt/sources.list.d/sscc-corpus-src.sources
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if [ -f "$target" ] && apt-cache showsrc zlib >/dev/null 2>&1 &&
   [ -n "$(apt-cache showsrc zlib 2>/dev/null)" ]; then
  exit 0
fi
tmp=$(mktemp)
# deb822 stanzas: keep those of Types deb whose URIs look like Debian's.
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] && [ "$f" != "$target" ] || continue
  awk -v RS= -v ORS='\n\n' '
    /(^|\n)Types:[^\n]*deb/ && /(^|\n)URIs:[^\n]*debian/ {
      out = ""
      n = split($0, lines, "\n")
      for (i = 1; i <= n; i++) {
        if (lines[i] ~ /^#/) continue
        if (lines[i] ~ /^Types:/) lines[i] = "Types: deb-src"
        out = out lines[i] "\n"
      }
      printf "%s", out; print ""
    }' "$f" >>"$tmp"
done
# one-line sources: deb URI SUITE COMPONENTS...
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] || continue
  sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\(http[^ ]*debian[^ ]*\) \([^ ]*\) \(.*\)$/Types: deb-src\nURIs: \2\nSuites: \3\nComponents: \4\n/p' "$f" >>"$tmp"
done
if [ ! -s "$tmp" ]; then
  rm -f "$tmp"
  echo "apt-src: no Debian deb source in /etc/apt to make a deb-src of" >&2
  exit 1
fi
{ echo "# Written by sscc's bench/corpus/apt-src.sh: Debian source packages for"
  echo "# bench/corpus (apt-get source), from the same mirrors as the binaries."
  echo
  cat "$tmp"; } | $sudo tee "$target" >/dev/null
rm -f "$tmp"
$sudo apt-get update -q >/dev/null
