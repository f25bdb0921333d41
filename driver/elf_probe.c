/* elf_probe.c -- what ssrun must know about a program (see elf_probe.h). */
#include "elf_probe.h"

#include <string.h>

bool elf_runs_statically(const struct elf_probe *p, const char *name) {
  const char *s = p->static_experiments;
  const char *end = s + sizeof p->static_experiments;
  while (s < end && *s) {
    if (strcmp(s, name) == 0)
      return true;
    s += strnlen(s, (size_t)(end - s)) + 1;
  }
  return false;
}

struct elf_probe probe_elf(const char *path) {
  struct elf_file f;
  struct elf_probe r;
  memset(&r, 0, sizeof r);
  r.mpi_family = "";
  r.kind = elf_open(path, false, &f);
  if (r.kind == ELF_DYNAMIC) {
    r.needs_ssrt = elf_needs(&f, "libssrt.so");
    if (elf_needs(&f, "libmpich") || elf_needs(&f, "libmpi.so.12"))
      r.mpi_family = "mpich";
    else if (elf_needs(&f, "libmpi.so") || elf_needs(&f, "libmpi_"))
      r.mpi_family = "openmpi";
  } else if (r.kind == ELF_STATIC) {
    size_t size = 0;
    const unsigned char *names =
        elf_section(&f, "ssrt_static_experiments", &size);
    if (names) {
      size_t n = size < sizeof r.static_experiments - 1
                     ? size : sizeof r.static_experiments - 1;
      memcpy(r.static_experiments, names, n);
    }
  }
  elf_close(&f);
  return r;
}
