/*
 * symbols.h -- the symbolization layer of ssprof: code addresses of a
 * module to functions, source lines and inline chains (DWARF through
 * elfutils' libdw), to ELF symbols where there is no DWARF, and C++ names
 * made readable.  Depends on base.
 */
#ifndef SSPROF_SYMBOLS_H
#define SSPROF_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

/*
 * symbolizer_dwarf.c -- code addresses to functions, source lines and inline
 * chains.
 *
 * A backend opens one object (executable or shared library) at a time and
 * looks up link-time addresses in it (run-time address minus the module
 * map entry's load bias).  ssprof uses the elfutils backend
 * (symbolizer_dwarf.c: DWARF line tables and inlined-subroutine trees via
 * libdw, ELF symbols via libdwfl when there is no DWARF); the unit tests
 * plug in a table of known frames.
 *
 * A lookup returns frames innermost first.  Code inlined into f from g,
 * itself inlined from h, gives three frames: h (at the address's source
 * line), g (at the line where h was inlined into g), f (at the line where
 * g was inlined into f).  Only the last frame is a real (out-of-line)
 * function.
 */

struct ss_sym_frame {
  const char *function;  /* demangled name, never NULL */
  const char *decl_file; /* where the function is defined; "" if unknown */
  uint32_t decl_line;    /* 0 if unknown */
  const char *file;      /* this frame's source position: the address's */
  uint32_t line;         /*   line, or the call site of the frame before */
  uint64_t inline_entry; /* frames after the first: link-time entry address
                            of the inlined instance of the frame before
                            (where the inline "call" is); 0 if unknown */
};

enum ss_module_status {
  SS_MODULE_OK,
  SS_MODULE_NOT_A_FILE, /* no path to read (the vDSO): shown by address */
  SS_MODULE_MISSING,    /* cannot be opened or is not ELF */
  SS_MODULE_CHANGED     /* build-id differs from the one recorded */
};

struct ss_symbolizer_ops {
  /* Open the object at `path`, which the run recorded with this build-id
   * (`build_id_len` 0: none recorded, nothing to compare).  Returns the
   * module handle, or NULL with *status and a short reason in `why`
   * ("build-id differs", "No such file or directory"). */
  void *(*open)(void *self, const char *path, const uint8_t *build_id,
                uint32_t build_id_len, enum ss_module_status *status,
                char *why, size_t why_size);
  /* Frames at link-time address `vaddr`, innermost first; 0 when nothing
   * is known there.  The array and its strings stay valid until the next
   * lookup (the strings: as long as the symbolizer). */
  size_t (*lookup)(void *self, void *module, uint64_t vaddr,
                   const struct ss_sym_frame **frames);
  void (*destroy)(void *self);
  /* Optional (NULL: lookup is used): where lookup finds more than one
   * frame (inlined code), the first frame's function, and in *caller the
   * second's (the function it was inlined into); NULL elsewhere.  Only
   * the names: much less work than lookup. */
  const char *(*inlined_at)(void *self, void *module, uint64_t vaddr,
                            const char **caller);
};

struct ss_symbolizer {
  const struct ss_symbolizer_ops *ops;
  void *self;
};

/* The elfutils backend. */
struct ss_symbolizer ss_dwarf_symbolizer_new(void);

static inline void ss_symbolizer_destroy(struct ss_symbolizer *s) {
  if (s->ops)
    s->ops->destroy(s->self);
  s->ops = NULL;
  s->self = NULL;
}

/*
 * elf_symbols.c -- names for code addresses outside instrumented code,
 * from the ELF symbol tables (.symtab, else .dynsym) of the module the
 * address falls in.  Each module is read once (libelf) and cached.
 */

struct ss_elf_cache;

struct ss_elf_cache *ss_elf_cache_new(void);
void ss_elf_cache_free(struct ss_elf_cache *c);

/* The function symbol of the ELF file at `path` that contains the
 * link-time address `vaddr` (load-bias-relative address), or NULL if the
 * file cannot be read or no symbol contains it.  The string lives as long
 * as the cache. */
const char *ss_elf_symbol_at(struct ss_elf_cache *c, const char *path,
                             uint64_t vaddr);

/* Does the ELF file at `path` define a function symbol `name`? */
int ss_elf_defines(struct ss_elf_cache *c, const char *path,
                   const char *name);

/* The end (exclusive) of the sized function symbol that starts exactly at
 * `start` in the ELF file at `path`; 0 if there is none. */
uint64_t ss_elf_function_end(struct ss_elf_cache *c, const char *path,
                             uint64_t start);

/*
 * demangle.c -- readable names for C++ symbols that ssprof meets outside
 * the descriptors (callees and indirect-call targets that were not
 * instrumented).  Uses the C++ runtime's __cxa_demangle.
 */

/* A malloc'd demangled copy of `symbol`, or a malloc'd copy of `symbol`
 * itself when it is not a mangled C++ name. */
char *ss_demangle(const char *symbol);

#endif
