/* elf_probe.c -- what ssrun must know about a program (see elf_probe.h). */
#include "elf_probe.h"
#include "elf_dynamic.h"

struct elf_probe probe_elf(const char *path) {
  struct elf_file f;
  struct elf_probe r = {elf_open(path, false, &f), false};
  if (r.kind == ELF_DYNAMIC)
    r.needs_ssrt = elf_needs(&f, "libssrt.so");
  elf_close(&f);
  return r;
}
