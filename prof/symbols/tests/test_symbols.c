/*
 * test_symbols.c -- names from the ELF symbol table of this very binary
 * (ss_elf_symbol_at, ss_elf_function_end) and readable C++ names
 * (ss_demangle).  The expected values come from the C library's view of
 * the running program: the load bias from dl_iterate_phdr, the function's
 * run-time address from the function pointer itself.
 */
#define _GNU_SOURCE
#include "check.h"

#include "symbols.h"
#include "synth_experiment.h"

#include <stdlib.h>
#include <unistd.h>

static void check_elf_symbols(void) {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  CHECK(n > 0);
  self[n > 0 ? n : 0] = '\0';
  uint64_t bias = synth_load_bias();
  uint64_t start = (uint64_t)(uintptr_t)&synth_marker_function - bias;

  struct ss_elf_cache *cache = ss_elf_cache_new();
  CHECK_STR(ss_elf_symbol_at(cache, self, start), "synth_marker_function",
            "the function's first byte");
  CHECK_STR(ss_elf_symbol_at(cache, self, start + 4), "synth_marker_function",
            "inside the function");
  uint64_t end = ss_elf_function_end(cache, self, start);
  CHECK(end > start + 4 && end < start + 256);
  CHECK(ss_elf_function_end(cache, self, start + 1) == 0);
  CHECK(ss_elf_symbol_at(cache, self, 0) == NULL);
  CHECK(ss_elf_symbol_at(cache, "/nonexistent/object", start) == NULL);
  /* Asked again: the cached table answers the same. */
  CHECK_STR(ss_elf_symbol_at(cache, self, start), "synth_marker_function",
            "from the cache");
  ss_elf_cache_free(cache);
}

static void check_demangle(void) {
  char *s = ss_demangle("_ZN2ns5Shape4areaEv");
  CHECK_STR(s, "ns::Shape::area()", "a C++ method");
  free(s);
  s = ss_demangle("main");
  CHECK_STR(s, "main", "a C name stays");
  free(s);
}

int main(void) {
  check_elf_symbols();
  check_demangle();
  return check_finish("prof-symbols-test");
}
