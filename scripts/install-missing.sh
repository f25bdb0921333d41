#!/usr/bin/env bash
# Installs those of the given Debian packages that are missing, as root or
# through sudo (apt-get update first only when the install fails), and
# says which on stderr after WHO.  Does nothing when all are there.
#   usage: scripts/install-missing.sh WHO PACKAGE...
# (scripts/deps.sh and bench/corpus/deps.sh say why each is needed.)
set -euo pipefail
who=${1:?usage: install-missing.sh WHO PACKAGE...}
shift
missing=()
for p in "$@"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "$who: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 || {
  $sudo apt-get update -q >/dev/null
  $sudo apt-get install -y -q "${missing[@]}" >/dev/null
} || { echo "$who: could not install ${missing[*]}" >&2; exit 1; }
