# The sanitized ssprof (issue 29): a second build of prof/ alone, with
# clang, AddressSanitizer and UndefinedBehaviorSanitizer (every report
# fatal), in <build>/sanitize -- and, when clang's libFuzzer runtime is
# installed (Debian: libclang-rt-<major>-dev, which scripts/deps.sh
# installs), the fuzz harnesses of prof/fuzz.  lit runs ssprof's unit tests
# once more with it (lit/unit/prof-sanitized.test) and the fuzzers
# (lit/fuzz/).  An ExternalProject, because the flags and the compiler
# differ from the main build's (which may be gcc).
#
# Sets SS_SANITIZED_DIR (empty when there is no clang with the sanitizer
# runtimes) and SS_FUZZ (ON when the fuzzers are built).
set(SS_SANITIZED_DIR "")
set(SS_FUZZ OFF)
if(NOT SS_CLANG)
  message(STATUS "No clang-${LLVM_VERSION_MAJOR}: no sanitized ssprof, no fuzzers")
  return()
endif()
execute_process(COMMAND ${SS_CLANG} --print-runtime-dir
                OUTPUT_VARIABLE _ss_rt_dir OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE _ss_rt_status ERROR_QUIET)
set(_ss_arch ${CMAKE_SYSTEM_PROCESSOR})
if(NOT _ss_rt_status EQUAL 0 OR
   NOT EXISTS "${_ss_rt_dir}/libclang_rt.asan-${_ss_arch}.a" OR
   NOT EXISTS "${_ss_rt_dir}/libclang_rt.ubsan_standalone-${_ss_arch}.a")
  message(STATUS "clang's sanitizer runtimes not found (libclang-rt-${LLVM_VERSION_MAJOR}-dev): no sanitized ssprof, no fuzzers")
  return()
endif()
if(EXISTS "${_ss_rt_dir}/libclang_rt.fuzzer-${_ss_arch}.a")
  set(SS_FUZZ ON)
else()
  message(STATUS "clang's libFuzzer runtime not found: no fuzzers")
endif()
set(SS_SANITIZED_DIR ${CMAKE_BINARY_DIR}/sanitize)

include(ExternalProject)
ExternalProject_Add(ssprof_sanitized
  SOURCE_DIR ${CMAKE_SOURCE_DIR}
  BINARY_DIR ${SS_SANITIZED_DIR}
  CMAKE_ARGS
    -DCMAKE_BUILD_TYPE=RelWithDebInfo
    -DCMAKE_C_COMPILER=${SS_CLANG}
    -DCMAKE_CXX_COMPILER=${SS_CLANGXX}
    -DLLVM_DIR=${LLVM_DIR}
    -DSS_PROF_ONLY=ON
    -DSS_SANITIZE=ON
    -DSS_FUZZ=${SS_FUZZ}
  INSTALL_COMMAND ""
  # Its own sources are the project's: let its ninja decide what changed.
  BUILD_ALWAYS ON)
