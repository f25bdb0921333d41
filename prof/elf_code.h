/*
 * elf_code.h -- what ideal time reads from one linked object (executable or
 * shared library): its code bytes, the addresses of the pass's block
 * markers (its .pseudo_probe table, pass/MachineCodeMap.h) and its DWARF
 * line table.
 * Addresses are link-time addresses (run-time address minus load bias).
 */
#ifndef SSPROF_ELF_CODE_H
#define SSPROF_ELF_CODE_H

#include "pseudo_probes.h"

#include <stddef.h>
#include <stdint.h>

struct ss_line_row {
  uint64_t address;
  const char *file; /* full path; owned by the elf_code */
  uint32_t line;    /* 0: code without a source line */
  int end_sequence; /* first address after a sequence: no row covers it */
};

struct ss_elf_code;

/* Open the object at `path`; when `build_id_len` > 0 its build-id must be
 * `build_id`.  Returns NULL with a short reason in `why`. */
struct ss_elf_code *ss_elf_code_open(const char *path,
                                     const uint8_t *build_id,
                                     uint32_t build_id_len, char *why,
                                     size_t why_size);
void ss_elf_code_close(struct ss_elf_code *c);

/* e_machine of the object (EM_X86_64, ...). */
unsigned ss_elf_code_machine(const struct ss_elf_code *c);

/* The `size` bytes of code at `address`, or NULL if they are not all
 * inside one section of code. */
const uint8_t *ss_elf_code_bytes(const struct ss_elf_code *c,
                                 uint64_t address, uint64_t size);

/* The `size` bytes at `address` in any loaded section with contents
 * (code, read-only data: jump tables), or NULL. */
const uint8_t *ss_elf_code_data(const struct ss_elf_code *c, uint64_t address,
                                uint64_t size);

/* The markers with `guid` (ss_marker_guid: one function of one module),
 * sorted by address, then in the order the compiler emitted them. */
size_t ss_elf_code_markers(const struct ss_elf_code *c, uint64_t guid,
                           const struct ss_block_marker **markers);

/* The line-table row that covers `address`, or NULL. */
const struct ss_line_row *ss_elf_code_row(const struct ss_elf_code *c,
                                          uint64_t address);

#endif
