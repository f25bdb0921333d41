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
packages=()
for p in "$@"; do
  deps_var=${p}_deps
  [ -n "${!deps_var+set}" ] || { echo "corpus deps: no project $p (projects.sh has: $corpus_projects)" >&2; exit 2; }
  for pkg in ${!deps_var}; do
    packages+=("$pkg")
  done
done
exec "$corpus/../../scripts/install-missing.sh" "corpus deps" "${packages[@]}"
