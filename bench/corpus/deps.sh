#!/usr/bin/env bash
# Installs the Debian packages the given corpus projects need to build and
# run their tests (each project's NAME_deps in bench/corpus/projects.sh:
# meson for FriBidi, Oniguruma for jq, Tcl for SQLite's testfixture,
# googletest for {fmt}, ...), those that are missing, as root or through
# sudo.  Idempotent: does nothing when all are there.  The compilers, make
# and dpkg-dev come from scripts/deps.sh.
#   usage: bench/corpus/deps.sh PROJECT...
set -euo pipefail
corpus=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=projects.sh
. "$corpus/projects.sh"
missing=()
for p in "$@"; do
  deps_var=${p}_deps
  [ -n "${!deps_var+set}" ] || { echo "corpus deps: no project $p (projects.sh has: $corpus_projects)" >&2; exit 2; }
  for pkg in ${!deps_var}; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "corpus deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 || {
  $sudo apt-get update -q >/dev/null
  $sudo apt-get install -y -q "${missing[@]}" >/dev/null
} || { echo "corpus deps: could not install ${missing[*]}" >&2; exit 1; }
