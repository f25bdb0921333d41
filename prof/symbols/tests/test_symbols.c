/*
 * test_symbols.c -- names from the ELF symbol table of this very binary
 * (ss_elf_symbol_at, ss_elf_function_end) and readable C++ names
 * (ss_demangle).  The expected values come from the C library's view of
 * the running program: the load bias from dl_iterate_phdr, the function's
 * run-time address from the function pointer itself.  And the inline
 * chains of this binary's own DWARF (built -O2 -g: its static helpers are
 * inlined) from the flattened, indexed inline tree
 * (ss_dwarf_index_inline_chain) against the walk of the DIE tree
 * (ss_dwarf_inline_chain) at every address of every compile unit.
 */
#define _GNU_SOURCE
#include "check.h"

#include "dwarf_index.h"
#include "symbols.h"
#include "synth_experiment.h"

#include <dwarf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static void check_inline_chains(void) {
  int fd = open("/proc/self/exe", O_RDONLY);
  Dwarf *dw = fd >= 0 ? dwarf_begin(fd, DWARF_C_READ) : NULL;
  CHECK(dw != NULL);
  if (!dw)
    return;
  struct ss_dwarf_index *ix = ss_dwarf_index_new(dw);
  Dwarf_Die *walked = NULL, *indexed = NULL;
  size_t walked_cap = 0, indexed_cap = 0;
  long addresses = 0, inlined = 0, differ = 0;
  Dwarf_CU *cu = NULL;
  Dwarf_Die cudie;
  uint8_t unit_type;
  while (dwarf_get_units(dw, cu, &cu, NULL, &unit_type, &cudie, NULL) == 0) {
    Dwarf_Addr base, start, end;
    ptrdiff_t off = 0;
    while ((off = dwarf_ranges(&cudie, off, &base, &start, &end)) > 0)
      for (Dwarf_Addr a = start; a < end; a++) {
        Dwarf_Die unit, function;
        if (ss_dwarf_index_lookup(ix, a, &unit, &function) < 2)
          continue;
        size_t n = ss_dwarf_inline_chain(&function, a, &walked, &walked_cap);
        size_t m = ss_dwarf_index_inline_chain(ix, &function, a, &indexed,
                                               &indexed_cap);
        addresses++;
        inlined += n > 0;
        int same = n == m;
        for (size_t i = 0; same && i < n; i++)
          same = dwarf_dieoffset(&walked[i]) == dwarf_dieoffset(&indexed[i]);
        differ += !same;
      }
  }
  CHECK(addresses > 1000 && inlined > 100);
  CHECK_I64(differ, 0, "addresses whose two chains differ");
  free(walked);
  free(indexed);
  ss_dwarf_index_free(ix);
  dwarf_end(dw);
  close(fd);
}

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
  check_inline_chains();
  return check_finish("prof-symbols-test");
}
