# projects.sh -- how bench/corpus builds, tests and times each project,
# sourced by bench/corpus/run.sh.  Each project NAME has:
#   NAME_package  its Debian source package (":debian": with Debian's patches)
#   NAME_deps     the Debian packages its build and tests need beyond the
#                 compilers and make (bench/corpus/deps.sh installs them)
#   NAME_build    configure and build in the current directory (a fresh copy
#                 of the source) with $CC, $CXX, $CFLAGS, $CXXFLAGS, $LDFLAGS
#                 from the environment, through the project's own build system
#   NAME_test     its own test suite (run in the same directory)
#   NAME_workload a run worth timing (same directory; $INPUTS holds the
#                 inputs run.sh generates)
# Output goes to the caller's logs; a non-zero status is a failure.

jobs=${JOBS:-$(nproc)}

# ---- zlib: its own configure script and Makefile ----
zlib_package=zlib
zlib_deps=""
zlib_build() {
  ./configure >/dev/null && make -j"$jobs" && make install DESTDIR="$PWD/dest" >/dev/null &&
    ls dest/usr/local/lib/libz.a dest/usr/local/lib/libz.so >/dev/null
}
zlib_test() { make test; }
zlib_workload() { ./minigzip -9 <"$INPUTS/text" >text.gz && ./minigzip -d <text.gz >/dev/null; }

# ---- Lua 5.4: the upstream Makefile (no test suite ships with it: the
# workload, a script of the usual interpreter benchmarks, is the test) ----
lua_package=lua5.4
lua_deps=""
lua_build() {
  make -j"$jobs" -C src linux-noreadline CC="$CC -std=gnu99" MYCFLAGS="$CFLAGS" \
    MYLDFLAGS="$LDFLAGS"
}
lua_test() { src/lua -v && src/lua "$CORPUS/workloads/bench.lua" 2; }
lua_workload() { src/lua "$CORPUS/workloads/bench.lua" 12; }

# ---- bzip2: its Makefile (which runs its tests as part of `all`) ----
bzip2_package=bzip2
bzip2_deps=""
bzip2_build() {
  make -j"$jobs" libbz2.a bzip2 bzip2recover CC="$CC" \
    CFLAGS="$CFLAGS -D_FILE_OFFSET_BITS=64" LDFLAGS="$LDFLAGS"
}
bzip2_test() { make test CC="$CC" CFLAGS="$CFLAGS -D_FILE_OFFSET_BITS=64" LDFLAGS="$LDFLAGS"; }
bzip2_workload() { ./bzip2 -9 <"$INPUTS/text" >text.bz2 && ./bzip2 -d <text.bz2 >/dev/null; }

# ---- jq: autotools (autoreconf first: the release tarball has no configure) ----
jq_package=jq
# --with-oniguruma=yes: the system's library (without it configure builds
# the bundled submodule, which the release tarball leaves empty)
jq_deps="autoconf automake libtool libonig-dev"
jq_build() {
  autoreconf -fi >/dev/null 2>&1 &&
    ./configure --disable-docs --disable-maintainer-mode --with-oniguruma=yes >/dev/null &&
    make -j"$jobs"
}
# Its Makefile sets NO_VALGRIND itself (empty where configure found
# valgrind), so the override goes on make's command line.
jq_test() { make -j"$jobs" check NO_VALGRIND=1; }
jq_workload() {
  ./jq '[.[] | select(.id % 3 == 0) | {n: .name, t: (.tags | length)}] | length' \
    "$INPUTS/records.json" >/dev/null &&
    ./jq -c 'map(.name | ascii_upcase) | sort | .[0:3]' "$INPUTS/records.json" >/dev/null
}

# ---- cJSON: CMake (its flag checks run with -Werror) and ctest; the
# workload is a small driver of ours, built against the built library ----
cjson_package=cjson
cjson_deps="cmake"
cjson_build() {
  cmake -S . -B build -DENABLE_CJSON_UTILS=ON -DENABLE_CJSON_TEST=ON >/dev/null &&
    cmake --build build -j "$jobs" &&
    $CC $CFLAGS -I. "$CORPUS/workloads/cjson_roundtrip.c" -Lbuild -lcjson \
      -Wl,-rpath,"$PWD/build" $LDFLAGS -o build/cjson_roundtrip
}
cjson_test() { (cd build && ctest --output-on-failure); }
cjson_workload() { build/cjson_roundtrip "$INPUTS/records.json" 6; }

# ---- GNU FriBidi: meson (its autotools files are there too; meson is
# what it is built with upstream) ----
fribidi_package=fribidi
fribidi_deps="meson ninja-build"
fribidi_build() {
  meson setup build -Ddocs=false -Dbuildtype=plain >/dev/null && ninja -C build -j "$jobs"
}
fribidi_test() { meson test -C build --print-errorlogs; }
# (its fribidi-benchmark crashes in every build, plain clang's too: the
# command-line tool over 80,000 lines is the workload)
fribidi_workload() { build/bin/fribidi --nopad <"$INPUTS/bidi.txt" >/dev/null; }

# ---- {fmt}: C++, CMake, its googletest suite (Debian's patches build it
# against the system's googletest) ----
fmt_package=fmtlib:debian
fmt_deps="cmake libgtest-dev libgmock-dev"
fmt_build() {
  cmake -S . -B build -DFMT_DOC=OFF -DFMT_TEST=ON -DBUILD_SHARED_LIBS=OFF >/dev/null &&
    cmake --build build -j "$jobs"
}
fmt_test() { (cd build && ctest --output-on-failure -j "$jobs"); }
fmt_workload() {
  for t in format-test printf-test ranges-test chrono-test; do
    build/bin/$t >/dev/null || return 1
  done
}

# ---- SQLite: autoconf on its canonical source tree (tclsh generates the
# sources); the shell, the shared libsqlite3 (libtool: -fPIC objects) and
# testfixture (its Tcl test harness, against the system's Tcl), installed
# with DESTDIR.  Its whole test suite takes hours: the tests are a subset of
# its own Tcl scripts (queries, compound queries, expressions, functions, joins,
# triggers, transactions, indexes and the query planner) plus the shell over
# bench/corpus/workloads/sqlite_work.sql, its output against plain SQL
# arithmetic of the same rows (sqlite_check) ----
sqlite_package=sqlite3
sqlite_deps="tcl tcl-dev"
sqlite_tests="select1 select4 insert expr func join trigger1 trans index where"
sqlite_build() {
  ./configure --disable-readline >/dev/null &&
    make -j"$jobs" sqlite3 libsqlite3.la testfixture &&
    make install DESTDIR="$PWD/dest" >/dev/null &&
    [ -x dest/usr/local/bin/sqlite3 ] && ls dest/usr/local/lib/libsqlite3.so >/dev/null
}
sqlite_test() {
  for t in $sqlite_tests; do
    ./testfixture "test/$t.test" >"test-$t.log" 2>&1 || { tail -5 "test-$t.log"; return 1; }
    tail -1 "test-$t.log"
  done
  ./sqlite3 :memory: <"$CORPUS/workloads/sqlite_work.sql" >work.out && sqlite_check work.out
}
# The workload's counts, computed from the generating formulas alone.
sqlite_check() {
  python3 - "$1" <<'PY'
import sys
rows = [(i, (i * 7919) % 1000, "name%d" % (i % 5003)) for i in range(1, 200001)]
got = open(sys.argv[1]).read().split("\n")
want_n = "%d|%d" % (len(rows), sum(k for _, k, _ in rows))
kept = [r for r in rows if r[0] % 4]
want_del = "%d|%d" % (len(kept), sum(k for _, k, _ in kept))
like = sum(1 for r in rows if "77" in r[2])
ok = got[0].startswith(want_n + "|") and str(like) in got and want_del in got
print("sqlite_check:", "ok" if ok else "MISMATCH", want_n, like, want_del)
sys.exit(0 if ok else 1)
PY
}
sqlite_workload() { ./sqlite3 :memory: <"$CORPUS/workloads/sqlite_work.sql" >/dev/null; }

corpus_projects="zlib lua bzip2 jq cjson fribidi fmt sqlite"
