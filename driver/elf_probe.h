/* elf_probe.h -- what ssrun must know about a program before running it:
 * is it an ELF executable for this machine, dynamically linked, and does
 * it use libssrt already. */
#ifndef SSRUN_ELF_PROBE_H
#define SSRUN_ELF_PROBE_H

#include "elf_dynamic.h"

#include <stdbool.h>

struct elf_probe {
  enum elf_kind kind;
  bool needs_ssrt; /* a DT_NEEDED entry names libssrt.so (built by sscc
                      with instrumented code) */
};

struct elf_probe probe_elf(const char *path);

#endif
