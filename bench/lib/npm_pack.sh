# npm_pack.sh -- sourced by bench/fetch-*.sh: fetch a pinned npm package
# tarball and check it against a known SHA-256 (npm works from the build
# machines; the projects' own sites may not), unpack it, and move what the
# script picked out into the cache in one step.
#
#   npm_pack_verified PACKAGE VERSION SHA256 DIR
# leaves DIR/PACKAGE-VERSION.tgz, or calls `fail` (the sourcing script's
# one-line error that exits 1) with npm's reason or a checksum mismatch.
npm_pack_verified() {
  local package=$1 version=$2 sha256=$3 dir=$4
  command -v npm >/dev/null || fail "npm not found, cannot fetch $package@$version"
  (cd "$dir" && npm pack --loglevel=error "$package@$version") >"$dir/npm.log" 2>&1 ||
    fail "npm pack $package@$version failed:" \
      "$(sed -n 's/^npm error //p' "$dir/npm.log" | grep -v '^\(code\|syscall\|errno\) \|complete log' | head -1)"
  local tgz=$dir/$package-$version.tgz
  [ -f "$tgz" ] || fail "npm pack did not produce $(basename "$tgz")"
  echo "$sha256  $tgz" | sha256sum --check --quiet >/dev/null 2>&1 ||
    fail "$(basename "$tgz") does not have the expected SHA-256"
}

#   npm_unpack_verified PACKAGE VERSION SHA256 CACHE [PATH...]
# makes $tmp (a scratch directory in CACHE, removed at exit), fetches the
# tarball into it and unpacks it (only PATHs, if given) into $tmp/pkg.
npm_unpack_verified() {
  local package=$1 version=$2 sha256=$3 cache=$4
  shift 4
  mkdir -p "$cache"
  tmp=$(mktemp -d "$cache/fetch.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  npm_pack_verified "$package" "$version" "$sha256" "$tmp"
  mkdir "$tmp/pkg"
  tar xzf "$tmp/$package-$version.tgz" -C "$tmp/pkg" "$@"
}

#   install_fetched DEST
# replaces DEST with $tmp/out in one step (a half-copied directory is never
# used) and prints DEST.
install_fetched() {
  rm -rf "$1"
  mv "$tmp/out" "$1"
  echo "$1"
}
