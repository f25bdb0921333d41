# lit configuration for sscc: compile with sscc, run, report with ssprof,
# check exact counts.  Paths come from lit.site.cfg.py (written by CMake).
import os
import re
import shutil
import lit.formats

config.name = "sscc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "tools", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ss_obj_root, "lit")

bindir = os.path.join(config.ss_obj_root, "bin")
libdir = os.path.join(config.ss_obj_root, "lib")
tools = os.path.join(config.test_source_root, "tools")
testbin = os.path.join(config.ss_obj_root, "tests")

# The sanitized ssprof (cmake/SsSanitized.cmake), when it was built.
sanitized_root = getattr(config, "ss_sanitized_root", "")
if sanitized_root and os.path.isdir(os.path.join(sanitized_root, "tests")):
    config.available_features.add("sanitizers")
    if getattr(config, "ss_fuzz", "") == "ON":
        config.available_features.add("libfuzzer")
    config.substitutions.append(("%sanitized", sanitized_root))
# --param sanitized=1 (lit/unit/prof-sanitized.test): ssprof's tests once
# more, with the sanitized ssprof and unit tests, in a tree of their own.
sanitized_run = lit_config.params.get("sanitized") == "1"
if sanitized_run:
    config.available_features.add("sanitized-run")
    config.test_exec_root = os.path.join(config.ss_obj_root, "lit-sanitized")
    ssprof_bindir = os.path.join(sanitized_root, "bin")
    testbin = os.path.join(sanitized_root, "tests")
else:
    ssprof_bindir = bindir

config.substitutions.append(("%sscc", os.path.join(bindir, "sscc")))
config.substitutions.append(("%ssxx", os.path.join(bindir, "sscc++")))
config.substitutions.append(("%ssprof", os.path.join(ssprof_bindir, "ssprof")))
config.substitutions.append(("%ssrun", os.path.join(bindir, "ssrun")))
config.substitutions.append(("%ssperfex", os.path.join(bindir, "ssperfex")))
config.substitutions.append(("%ssdump", os.path.join(config.ss_obj_root, "tests", "ssdump")))
config.substitutions.append(("%expect_exit", config.python_executable + " " + os.path.join(tools, "expect_exit.py")))
config.substitutions.append(("%clangxx", config.ss_clangxx))
config.substitutions.append(("%clang", config.ss_clang))
config.substitutions.append(("%builddir", config.ss_obj_root))
config.substitutions.append(("%bindir", bindir))
config.substitutions.append(("%libdir", libdir))
config.substitutions.append(("%testbin", testbin))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%python", config.python_executable))
# lit itself, for the tests that run a part of the suite again.
import lit as lit_module
config.substitutions.append(("%lit", os.path.join(os.path.dirname(os.path.dirname(lit_module.__file__)), "lit.py")))
config.substitutions.append(("%sscheck", config.python_executable + " " + os.path.join(tools, "sscheck.py")))
config.substitutions.append(("%tracecheck", config.python_executable + " " + os.path.join(tools, "tracecheck.py")))

# FileCheck, not, count: from the LLVM the project was built against.
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir] + ([ssprof_bindir] if sanitized_run else []) + [bindir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Every sanitizer report is fatal (the build says so too); leaks are
# reported by the fuzzers' own runs.
# A report ends the program with status 86, which no test expects.
config.environment["ASAN_OPTIONS"] = "detect_leaks=0:exitcode=86"
config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=86"
for var in ["HOME", "TMPDIR", "LANG", "LC_ALL", "SSCC_SPLIT_BYTES"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# ssprof keeps what ideal time computed from a binary in the build tree,
# not in the home directory (a test of the cache sets its own).
config.environment["SSPROF_CACHE_DIR"] = os.path.join(config.ss_obj_root, "lit", "ssprof-cache")
config.environment.pop("SSPROF_NO_CACHE", None)
config.environment.pop("XDG_CACHE_HOME", None)
# Experiment files land in the test's working directory unless a test says otherwise.
config.environment.pop("_SPEEDSHOP_OUTPUT_DIRECTORY", None)
# No experiment is inherited from a shell that runs the suite under ssrun.
for var in ["_SPEEDSHOP_EXPERIMENT_TYPE", "_SPEEDSHOP_CALIPER_SIGNAL",
            "_SPEEDSHOP_TRACE_FORK_TO_EXEC", "LD_PRELOAD"]:
    config.environment.pop(var, None)

# hw-pmu: this machine counts hardware events (perf_event_open of cycles
# in user mode succeeds).  The suite never needs one; the tests of the
# refusal ssrun gives where there is none are UNSUPPORTED where there is.
def _counts_cycles():
    import ctypes
    import struct
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        # struct perf_event_attr: type 0 (hardware), size 128, config 0
        # (cycles), flags bit 5 exclude_kernel | bit 6 exclude_hv.
        attr = struct.pack("<IIQQQQ", 0, 128, 0, 0, 0, (1 << 5) | (1 << 6))
        attr = ctypes.create_string_buffer(attr.ljust(128, b"\0"), 128)
        fd = libc.syscall(298, attr, 0, -1, -1, 0)  # x86-64 perf_event_open
        if fd >= 0:
            os.close(fd)
            return True
    except OSError:
        pass
    return False
if _counts_cycles():
    config.available_features.add("hw-pmu")
if shutil.which("gcc"):
    config.available_features.add("gcc")
if shutil.which("gcov"):
    config.available_features.add("gcov")
if shutil.which("valgrind"):
    config.available_features.add("valgrind")
if shutil.which("autoconf"):
    config.available_features.add("autoconf")
# Linkers besides GNU ld that clang's -fuse-ld= finds: %use_gold and
# %use_lld choose one where it is installed, else nothing (GNU ld links
# again; lit 14 has no %if).
for linker in ("gold", "lld"):
    found = shutil.which("ld." + linker)
    if found:
        config.available_features.add("ld." + linker)
    config.substitutions.append(("%use_" + linker, "-fuse-ld=" + linker if found else ""))

# The consumers of ssprof's exports (scripts/deps.sh installs them,
# scripts/fetch-test-tools.sh fetches speedscope's schema).
if shutil.which("callgrind_annotate"):
    config.available_features.add("callgrind_annotate")
if shutil.which("go"):
    config.available_features.add("go")
if shutil.which("groff") and shutil.which("col"):
    config.available_features.add("groff")
speedscope_schema = os.path.join(config.ss_obj_root, "test-tools", "speedscope",
                                 "file-format-schema.json")
if os.path.exists(speedscope_schema):
    config.available_features.add("speedscope-schema")
config.substitutions.append(("%speedscope_schema", speedscope_schema))
config.substitutions.append(("%export_check", config.python_executable + " " +
                             os.path.join(tools, "export_check.py")))
# Headless Chromium as the issue asks for it; each test adds a fresh
# --user-data-dir of its own.
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", "timeout 120 " + chromium +
        " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
        " --disable-background-networking --disable-component-update"
        " --disable-sync"))
for var in ["GOCACHE", "GOPATH"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Root, with setpriv to run programs as another user and unshare for pid
# namespaces: the tests of privileged programs (lit/safety).
if os.geteuid() == 0 and shutil.which("setpriv") and shutil.which("unshare"):
    config.available_features.add("root")
if shutil.which("setcap"):
    config.available_features.add("setcap")

# Targets of the clang sscc runs (the software pipeliner's remarks need one
# that pipelines by default: Hexagon).
import subprocess
try:
    targets = subprocess.run([config.ss_clang, "--print-targets"],
                             capture_output=True, text=True).stdout
    for line in targets.splitlines():
        words = line.split()
        if words and words[0] in ("hexagon",):
            config.available_features.add("target-" + words[0])
except OSError:
    pass

# The pass mirrors the code generator's splitting of && / || branches
# (pass/SplitConditions.h), which from LLVM 18 on keeps a cheap second
# condition together with the first: %split_or_joined is the check prefix
# of what branches.c's `a && b` becomes at -O2, SPLIT (two counted
# branches) or JOINED (one).  %switch_pair_estimates bounds the machine
# blocks left to estimates, and their error, where a switch sends two case
# values to one block (loop-registers.c's `c == '+' || c == '-'`): no count
# of the IR tells the two apart; LLVM 14's code generator jumps from both
# straight into the block, and where it tests another case value between
# the pair's two (`+`, `.`, `-`) both blocks after the first are
# estimates (3 blocks, 2%); LLVM 19's from one of them through a block of
# register copies of its own (4 blocks, 2%).  %llvm14_patterns is empty with LLVM
# 14, whose code generator the ideal-time tests that require a pattern of
# machine code to run (lit/tools/ideal_callgrind.py --released, ...) were
# written against, and makes those patterns optional with another.
major = None
try:
    version = subprocess.run([config.ss_clang, "--version"],
                             capture_output=True, text=True).stdout
    found = re.search(r"clang version (\d+)", version)
    major = int(found.group(1)) if found else None
except OSError:
    pass
config.available_features.add("split-conditions")
config.substitutions.append(("%split_or_joined",
                             "SPLIT" if major is not None and major < 18 else "JOINED"))
config.substitutions.append(("%switch_pair_estimates",
                             "--estimated 3 --tolerance 2" if major == 14
                             else "--estimated 4 --tolerance 2"))
config.substitutions.append(("%llvm14_patterns",
                             "" if major == 14 else "--patterns-optional"))

# MPI (lit/mpi): Open MPI's mpicc and mpirun, and libssmpi.so, which the
# build makes only when it found an MPI library (scripts/deps.sh installs
# Open MPI).  Tests run as root here, 4 ranks on few cores: mpirun needs
# --allow-run-as-root and --oversubscribe.
if shutil.which("mpicc") and shutil.which("mpirun") and \
        os.path.exists(os.path.join(libdir, "libssmpi.so")):
    config.available_features.add("mpi")
else:
    lit_config.note("Open MPI (mpicc, mpirun) or build/lib/libssmpi.so not "
                    "found: the lit/mpi tests are UNSUPPORTED (scripts/deps.sh "
                    "installs openmpi-bin and libopenmpi-dev; then rebuild)")
# Fortran through Open MPI's wrapper (gfortran, which libopenmpi-dev
# brings).
if shutil.which("mpifort"):
    config.available_features.add("mpifort")
config.substitutions.append(("%mpifort", "mpifort"))
config.substitutions.append(("%mpicc", "mpicc"))
config.substitutions.append(("%mpirun", "mpirun --allow-run-as-root --oversubscribe"))
# MPICH beside Open MPI (scripts/deps.sh installs libmpich-dev and mpich):
# its wrapper and launcher, and the interposer built against it.
if shutil.which("mpicc.mpich") and shutil.which("mpiexec.mpich") and \
        os.path.exists(os.path.join(libdir, "libssmpi-mpich.so")):
    config.available_features.add("mpich")
else:
    lit_config.note("MPICH (mpicc.mpich, mpiexec.mpich) or "
                    "build/lib/libssmpi-mpich.so not found: lit/mpi/mpich.test "
                    "is UNSUPPORTED (scripts/deps.sh installs libmpich-dev and "
                    "mpich; then rebuild)")
config.substitutions.append(("%mpich_cc", "mpicc.mpich"))
config.substitutions.append(("%mpich_exec", "mpiexec.mpich"))
# The fuzzers' seed corpus gets a 2-rank MPI job's files where MPI is here
# (lit/fuzz/Inputs/seed_corpus.sh's optional arguments).
if "mpi" in config.available_features:
    config.substitutions.append(("%mpi_seeds", "mpicc 'mpirun --allow-run-as-root --oversubscribe' " +
                                 os.path.join(config.test_source_root, "fuzz", "Inputs", "seed_mpi.c")))
else:
    config.substitutions.append(("%mpi_seeds", ""))
config.substitutions.append(("%mpicheck", config.python_executable + " " + os.path.join(tools, "mpicheck.py")))
for var in ["OMPI_ALLOW_RUN_AS_ROOT", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"]:
    config.environment[var] = "1"
