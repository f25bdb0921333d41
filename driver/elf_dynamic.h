/* elf_dynamic.h -- an ELF file of this machine mapped into memory, with its
 * dynamic section found: what ssrun asks of a program (is it dynamically
 * linked, does it need libssrt) and what sscc edits after a link (the
 * RUNPATH it added to an output that turned out not to need libssrt). */
#ifndef SS_ELF_DYNAMIC_H
#define SS_ELF_DYNAMIC_H

#include <elf.h>
#include <stdbool.h>
#include <stddef.h>

enum elf_kind {
  ELF_NOT_ELF,       /* a script or other file: left to the kernel */
  ELF_DYNAMIC,       /* has an interpreter (PT_INTERP): LD_PRELOAD works */
  ELF_STATIC,        /* no interpreter: nothing can be preloaded */
  ELF_OTHER_MACHINE, /* another ABI (32-bit, another architecture) */
  ELF_UNREADABLE     /* could not be read, or a malformed header */
};

struct elf_file {
  unsigned char *map; /* the whole file (MAP_SHARED when opened to write) */
  size_t size;
  bool has_interp;    /* a PT_INTERP header: an executable the loader runs */
  Elf64_Dyn *dyn;     /* the dynamic section (NULL: none), */
  size_t ndyn;        /* its entries up to and with DT_NULL */
  size_t strtab;      /* file offset of its string table, */
  size_t strsz;       /* and its size */
};

/* Maps `path` (read-only, or shared and writable) and finds its dynamic
 * section; anything but ELF_DYNAMIC and ELF_STATIC leaves *f unmapped. */
enum elf_kind elf_open(const char *path, bool writable, struct elf_file *f);
void elf_close(struct elf_file *f);

/* The dynamic string at offset off, or NULL when it is out of bounds. */
const char *elf_dyn_string(const struct elf_file *f, size_t off);

/* The contents of the section called `name` (its size in *size), pointing
 * into the mapping; NULL when there is none or it does not fit the file. */
const unsigned char *elf_section(const struct elf_file *f, const char *name,
                                 size_t *size);

/* Whether a DT_NEEDED entry names a library whose name starts with prefix. */
bool elf_needs(const struct elf_file *f, const char *prefix);

#endif
