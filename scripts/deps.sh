#!/usr/bin/env bash
# Install the Debian packages sscc needs that are missing (as root, or via
# sudo when available).  Idempotent: does nothing when all are present.
#   cmake, ninja-build         the build
#   clang-14, llvm-14-dev      the compiler sscc drives and the LLVM the pass links
#   llvm-14-tools              lit and FileCheck, which run the test suite
#   libelf-dev, libdw-dev      ssprof reads symbols of uninstrumented code (elfutils)
#   libunwind-dev              libssrt's call stacks through code without frame
#                              pointers (usertime, totaltime); brings libunwind8
#   libpfm4-dev                ssrun and ssperfex turn event names (the seeds'
#                              counters mapped to the CPU's events, or any
#                              perf/libpfm4 name) into perf_event_attr encodings
#                              (pfm_get_os_event_encoding); the runtime does not
#                              link it, it gets the encoding from ssrun
#   autoconf, automake, make   the ./configure CC=sscc test project
#   gcc, python3               reference builds and the test checker
#   libclang-rt-14-dev         clang's runtimes (clang-14 only recommends it): the
#                              profile runtime for bench/compare.sh's -fprofile-*generate
#                              builds, and ASan, UBSan and libFuzzer for the sanitized
#                              ssprof and its fuzzers (cmake/SsSanitized.cmake, lit/fuzz)
#   llvm-14                    llvm-mca (ssprof's ideal cycles), llvm-objdump and
#                              llvm-dwarfdump (the tests' independent checks)
#   valgrind                   callgrind, the independent instruction count of the
#                              ideal-time tests and bench/ideal.sh; callgrind_annotate
#                              reads ssprof -callgrind in the tests
#   zlib1g-dev                 the pass packs module descriptors and ssprof unpacks them;
#                              ssprof -pprof gzips profile.proto, as pprof reads it
#   golang-go                  `go tool pprof`, the reader of ssprof -pprof in the tests
#   chromium                   headless Chromium renders ssprof -html in the tests
#   python3-jsonschema         the tests validate -speedscope and -chrome against
#                              their formats' schemas
#   dpkg-dev                   dpkg-source unpacks the Debian source packages that
#                              bench/corpus builds (lit/corpus: zlib and cJSON, whose
#                              deb-src line bench/corpus/apt-src.sh adds)
#   openmpi-bin, libopenmpi-dev  the mpi experiment: libssmpi.so (PMPI wrappers) is
#                              built against Open MPI's library and the lit/mpi
#                              tests run 4 ranks under its mpirun
#   libmpich-dev, mpich        MPICH beside it: libssmpi-mpich.so, the interposer for
#                              programs linked with MPICH (another ABI), and
#                              lit/mpi/mpich.test under its mpiexec (Open MPI stays
#                              the default mpicc: its alternatives priority is higher)
# (npm, which scripts/fetch-test-tools.sh uses for speedscope's schema, comes
# with the machine's Node.js, as for bench/fetch-*.sh.)
# and, for each version V in $SS_TEST_LLVM (scripts/test.sh runs the suite
# against those LLVMs too; Debian 12 has clang-19 in the same archive):
#   clang-V, llvm-V-dev        the compiler and the LLVM the pass is built against
#   llvm-V-tools, llvm-V       FileCheck and the llvm-* tools of that version
set -euo pipefail
packages=(cmake ninja-build clang-14 llvm-14-dev llvm-14-tools libelf-dev libdw-dev
          libunwind-dev libpfm4-dev
          autoconf automake make gcc python3 libclang-rt-14-dev llvm-14 valgrind
          zlib1g-dev golang-go chromium python3-jsonschema
          openmpi-bin libopenmpi-dev libmpich-dev mpich dpkg-dev)
for v in ${SS_TEST_LLVM:-}; do
  packages+=("clang-$v" "llvm-$v-dev" "llvm-$v-tools" "llvm-$v")
done
exec "$(dirname "$0")/install-missing.sh" deps "${packages[@]}"
