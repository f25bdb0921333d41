/*
 * elf_symbols.h -- names for code addresses outside instrumented code,
 * from the ELF symbol tables (.symtab, else .dynsym) of the module the
 * address falls in.  Each module is read once (libelf) and cached.
 */
#ifndef SSPROF_ELF_SYMBOLS_H
#define SSPROF_ELF_SYMBOLS_H

#include <stdint.h>

struct ss_elf_cache;

struct ss_elf_cache *ss_elf_cache_new(void);
void ss_elf_cache_free(struct ss_elf_cache *c);

/* The function symbol of the ELF file at `path` that contains the
 * link-time address `vaddr` (load-bias-relative address), or NULL if the
 * file cannot be read or no symbol contains it.  The string lives as long
 * as the cache. */
const char *ss_elf_symbol_at(struct ss_elf_cache *c, const char *path,
                             uint64_t vaddr);

/* The end (exclusive) of the sized function symbol that starts exactly at
 * `start` in the ELF file at `path`; 0 if there is none. */
uint64_t ss_elf_function_end(struct ss_elf_cache *c, const char *path,
                             uint64_t start);

#endif
