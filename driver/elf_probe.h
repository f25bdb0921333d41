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
  /* The MPI family a DT_NEEDED entry names: "mpich" (libmpich*, or
   * libmpi.so.12: Intel MPI and others of MPICH's ABI), "openmpi"
   * (another libmpi.so), or "" (none named: not MPI, or MPI reached
   * through another library). */
  const char *mpi_family;
  /* A static program's section "ssrt_static_experiments": the names
   * (NUL-separated) of the experiments the libssrt.a linked into it runs
   * by itself; empty if none. */
  char static_experiments[256];
};

struct elf_probe probe_elf(const char *path);

/* Whether the static program runs experiment `name` by itself. */
bool elf_runs_statically(const struct elf_probe *p, const char *name);

#endif
