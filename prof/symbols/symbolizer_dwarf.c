/*
 * symbolizer_dwarf.c -- the elfutils backend of the symbolizer: libdwfl
 * opens each object (and finds separate debug information the standard
 * way: .gnu_debuglink, /usr/lib/debug/.build-id), libdw gives line tables
 * and the inlined-subroutine trees (through dwarf_index.c), and ELF symbols
 * name code that has no DWARF.  The vDSO has no file: when the one the run
 * recorded has the build-id of ssprof's own (same kernel), its symbols
 * come from that image in memory.
 */
#include "symbols.h"

#include "base.h"
#include "dwarf_index.h"
#include "plt_stubs.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

/* A function symbol, in module addresses. */
struct symbol {
  GElf_Addr start, size;
  const char *name; /* interned, demangled */
  int rank;         /* among symbols at one address: lower is preferred */
};

struct dw_module {
  Dwfl *dwfl;
  Dwfl_Module *mod;
  int symbols_read;
  struct symbol *symbols; /* sorted by start, preferred first */
  GElf_Addr *max_end;     /* running maximum of start + size */
  size_t num_symbols;
  GElf_Addr elf_bias; /* module address = link-time address + elf_bias */
  char *image;        /* the vDSO's copy, which must outlive dwfl */
  int dwarf_tried;
  Dwarf *dw;       /* NULL: no DWARF */
  Dwarf_Addr bias; /* module address = DWARF address + bias */
  struct ss_dwarf_index *index;
};

struct dw_symbolizer {
  struct dw_module **modules;
  size_t num_modules, modules_cap;
  struct ss_hash strings; /* interned strings: index -> strs[index] */
  char **strs;
  size_t strs_cap;
  struct ss_sym_frame *frames;
  size_t frames_cap;
  Dwarf_Die *chain;
  size_t chain_cap;
};

static char *debuginfo_path; /* NULL: the default search path */

static const Dwfl_Callbacks callbacks = {
    .find_elf = NULL,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = &debuginfo_path,
};

static const char *intern(struct dw_symbolizer *s, const char *str) {
  int inserted;
  uint32_t i = ss_hash_intern(&s->strings, str, strlen(str) + 1, &inserted);
  if (inserted) {
    SS_GROW(s->strs, s->strs_cap, i);
    s->strs[i] = ss_xstrdup(str);
  }
  return s->strs[i];
}

static const char *intern_demangled(struct dw_symbolizer *s,
                                    const char *symbol) {
  char *d = ss_demangle(symbol);
  const char *r = intern(s, d);
  free(d);
  return r;
}

static int same_build_id(Dwfl_Module *mod, const uint8_t *build_id,
                         uint32_t build_id_len) {
  const unsigned char *bits = NULL;
  GElf_Addr where;
  int len = dwfl_module_build_id(mod, &bits, &where);
  return len > 0 && (uint32_t)len == build_id_len &&
         memcmp(bits, build_id, build_id_len) == 0;
}

static struct dw_module *add_module(struct dw_symbolizer *s, Dwfl *dwfl,
                                    Dwfl_Module *mod, char *image) {
  struct dw_module *m = ss_xcalloc(1, sizeof *m);
  m->dwfl = dwfl;
  m->mod = mod;
  m->image = image;
  if (!dwfl_module_getelf(mod, &m->elf_bias))
    m->elf_bias = 0;
  SS_GROW(s->modules, s->modules_cap, s->num_modules);
  s->modules[s->num_modules++] = m;
  return m;
}

/* The vDSO of this process, as an ELF image: its size is the furthest
 * extent of its segments and section headers. */
static char *own_vdso(size_t *size) {
  const unsigned char *base = (const void *)getauxval(AT_SYSINFO_EHDR);
  if (!base || memcmp(base, ELFMAG, SELFMAG) != 0 ||
      base[EI_CLASS] != ELFCLASS64)
    return NULL;
  const Elf64_Ehdr *eh = (const void *)base;
  uint64_t end = eh->e_shoff + (uint64_t)eh->e_shnum * eh->e_shentsize;
  for (int i = 0; i < eh->e_phnum; i++) {
    const Elf64_Phdr *ph =
        (const void *)(base + eh->e_phoff + (uint64_t)i * eh->e_phentsize);
    if (ph->p_type == PT_LOAD && ph->p_offset + ph->p_filesz > end)
      end = ph->p_offset + ph->p_filesz;
  }
  char *copy = ss_xmalloc(end);
  memcpy(copy, base, end);
  *size = end;
  return copy;
}

/* The recorded vDSO, if it is ssprof's own. */
static void *open_vdso(struct dw_symbolizer *s, const char *path,
                       const uint8_t *build_id, uint32_t build_id_len) {
  size_t size;
  char *image = build_id_len ? own_vdso(&size) : NULL;
  if (!image)
    return NULL;
  Dwfl *dwfl = dwfl_begin(&callbacks);
  if (!dwfl) {
    free(image);
    return NULL;
  }
  dwfl_report_begin(dwfl);
  Dwfl_Module *mod =
      dwfl_report_offline_memory(dwfl, path, path, image, size);
  dwfl_report_end(dwfl, NULL, NULL);
  if (!mod || !same_build_id(mod, build_id, build_id_len)) {
    dwfl_end(dwfl);
    free(image);
    return NULL;
  }
  return add_module(s, dwfl, mod, image);
}

static void *dw_open(void *self, const char *path, const uint8_t *build_id,
                     uint32_t build_id_len, enum ss_module_status *status,
                     char *why, size_t why_size) {
  struct dw_symbolizer *s = self;
  why[0] = 0;
  if (!strchr(path, '/')) {
    void *m = strstr(path, "vdso") ? open_vdso(s, path, build_id,
                                               build_id_len)
                                   : NULL;
    *status = m ? SS_MODULE_OK : SS_MODULE_NOT_A_FILE;
    return m;
  }
  int fd = ss_open_regular(path, why, why_size);
  if (fd < 0) {
    *status = SS_MODULE_MISSING;
    return NULL;
  }
  Dwfl *dwfl = dwfl_begin(&callbacks);
  if (!dwfl) {
    close(fd);
    *status = SS_MODULE_MISSING;
    snprintf(why, why_size, "%s", dwfl_errmsg(-1));
    return NULL;
  }
  dwfl_report_begin(dwfl);
  /* Reported at bias 0, so module addresses are link-time addresses; on
   * success the descriptor belongs to libdwfl. */
  Dwfl_Module *mod = dwfl_report_elf(dwfl, ss_basename(path), path, fd, 0,
                                     false);
  dwfl_report_end(dwfl, NULL, NULL);
  if (!mod) {
    close(fd);
    dwfl_end(dwfl);
    *status = SS_MODULE_MISSING;
    snprintf(why, why_size, "not an ELF object");
    return NULL;
  }
  if (build_id_len > 0 && !same_build_id(mod, build_id, build_id_len)) {
    const unsigned char *bits = NULL;
    GElf_Addr where;
    int len = dwfl_module_build_id(mod, &bits, &where);
    dwfl_end(dwfl);
    *status = SS_MODULE_CHANGED;
    snprintf(why, why_size, "%s",
             len <= 0 ? "it has no build-id now" : "build-id differs");
    return NULL;
  }
  *status = SS_MODULE_OK;
  return add_module(s, dwfl, mod, NULL);
}

/* ---- names and files from DIEs ---- */

static const char *die_function_name(struct dw_symbolizer *s, Dwarf_Die *die) {
  Dwarf_Attribute a;
  const char *link =
      dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &a));
  if (!link)
    link = dwarf_formstring(
        dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &a));
  if (link)
    return intern_demangled(s, link);
  const char *name = dwarf_diename(die);
  return name ? intern(s, name) : NULL;
}

/* A file-index attribute (DW_AT_decl_file, DW_AT_call_file) as a path,
 * resolved in the file table of the unit that holds the attribute (an
 * abstract origin may live in another unit after LTO).  Index 0 names the
 * unit's primary file from DWARF 5 on, and no file before. */
static const char *die_file(struct dw_symbolizer *s, Dwarf_Die *die,
                            unsigned int attr_name, int integrate) {
  Dwarf_Attribute a, *ap;
  ap = integrate ? dwarf_attr_integrate(die, attr_name, &a)
                 : dwarf_attr(die, attr_name, &a);
  Dwarf_Word index;
  if (!ap || dwarf_formudata(ap, &index) != 0)
    return "";
  Dwarf_Die cudie;
  Dwarf_Half version = 0;
  if (!dwarf_cu_die(ap->cu, &cudie, &version, NULL, NULL, NULL, NULL, NULL))
    return "";
  if (version < 5 && index == 0)
    return "";
  Dwarf_Files *files;
  size_t nfiles;
  if (dwarf_getsrcfiles(&cudie, &files, &nfiles) != 0 || index >= nfiles)
    return "";
  const char *name = dwarf_filesrc(files, index, NULL, NULL);
  return name ? intern(s, name) : "";
}

static uint32_t die_udata(Dwarf_Die *die, unsigned int attr_name) {
  Dwarf_Attribute a;
  Dwarf_Word v = 0;
  if (!dwarf_formudata(dwarf_attr(die, attr_name, &a), &v) && v <= UINT32_MAX)
    return (uint32_t)v;
  return 0;
}

/* Where an inlined instance starts: its entry pc, else its lowest address. */
static Dwarf_Addr inline_entry(Dwarf_Die *die) {
  Dwarf_Addr pc;
  if (dwarf_entrypc(die, &pc) == 0)
    return pc;
  Dwarf_Addr base, start, end, low = 0;
  ptrdiff_t off = 0;
  int any = 0;
  while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0)
    if (!any || start < low) {
      low = start;
      any = 1;
    }
  return any ? low : 0;
}

/* Line tables alone (-gline-tables-only, what sscc adds) give a function
 * no declaration position; the line table's position at its entry (for an
 * inlined instance: the instance's entry) stands in, as prof lists a
 * function at its first line. */
static void function_start_line(struct dw_symbolizer *s, Dwarf_Die *cu,
                                Dwarf_Die *function, struct ss_sym_frame *f) {
  Dwarf_Addr entry = inline_entry(function);
  Dwarf_Line *ln = entry ? dwarf_getsrc_die(cu, entry) : NULL;
  int n = 0;
  const char *src = ln ? dwarf_linesrc(ln, NULL, NULL) : NULL;
  if (!src || dwarf_lineno(ln, &n) != 0 || n <= 0)
    return;
  if (!f->decl_file[0])
    f->decl_file = intern(s, src);
  f->decl_line = (uint32_t)n;
}

static struct ss_sym_frame *frame_slot(struct dw_symbolizer *s, size_t i) {
  SS_GROW(s->frames, s->frames_cap, i);
  memset(&s->frames[i], 0, sizeof s->frames[i]);
  s->frames[i].decl_file = "";
  s->frames[i].file = "";
  return &s->frames[i];
}

/* ---- ELF symbols ----
 * libdwfl's own address lookup (dwfl_module_addrinfo) scans the whole
 * symbol table each time; the symbols are read once through it instead
 * (from .symtab, .dynsym or the MiniDebugInfo, wherever libdwfl found
 * them) and searched by address. */

static int symbol_order(const void *x, const void *y) {
  const struct symbol *a = x, *b = y;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  if (a->rank != b->rank)
    return a->rank < b->rank ? -1 : 1;
  return strcmp(a->name, b->name);
}

/* At one address, prefer a symbol with a size, then global over weak over
 * local binding (clock_gettime is a weak alias of __vdso_clock_gettime). */
static int symbol_rank(const GElf_Sym *sym) {
  int binding = GELF_ST_BIND(sym->st_info);
  int r = binding == STB_GLOBAL ? 0 : binding == STB_WEAK ? 1 : 2;
  return (sym->st_size ? 0 : 4) + r;
}

struct stub_sink {
  struct dw_symbolizer *s;
  struct dw_module *m;
  size_t *cap;
  GElf_Addr bias; /* module address = the ELF file's address + bias */
};

/* A PLT stub as a sized symbol (plt_stubs.h): sized, it wins over the
 * sizeless _init below it. */
static void add_stub(void *ctx, uint64_t addr, uint64_t size,
                     const char *name) {
  struct stub_sink *k = ctx;
  SS_GROW(k->m->symbols, *k->cap, k->m->num_symbols);
  struct symbol *y = &k->m->symbols[k->m->num_symbols++];
  y->start = addr + k->bias;
  y->size = size;
  y->name = intern(k->s, name);
  y->rank = 0;
}

static void read_symbols(struct dw_symbolizer *s, struct dw_module *m) {
  size_t cap = 0;
  m->symbols_read = 1;
  GElf_Addr bias = 0;
  Elf *elf = dwfl_module_getelf(m->mod, &bias);
  if (elf) {
    struct stub_sink sink = {s, m, &cap, bias};
    ss_plt_stubs(elf, add_stub, &sink);
  }
  int n = dwfl_module_getsymtab(m->mod);
  for (int i = 1; i < n; i++) {
    GElf_Sym sym;
    GElf_Addr addr;
    const char *name = dwfl_module_getsym_info(m->mod, i, &sym, &addr, NULL,
                                               NULL, NULL);
    int type = GELF_ST_TYPE(sym.st_info);
    if (!name || !name[0] || sym.st_shndx == SHN_UNDEF ||
        (type != STT_FUNC && type != STT_GNU_IFUNC))
      continue;
    SS_GROW(m->symbols, cap, m->num_symbols);
    struct symbol *y = &m->symbols[m->num_symbols++];
    y->start = addr;
    y->size = sym.st_size;
    y->name = intern_demangled(s, name);
    y->rank = symbol_rank(&sym);
  }
  ss_sort(m->symbols, m->num_symbols, sizeof *m->symbols, symbol_order);
  m->max_end = ss_xcalloc(m->num_symbols, sizeof *m->max_end);
  for (size_t i = 0; i < m->num_symbols; i++) {
    GElf_Addr end = m->symbols[i].start + m->symbols[i].size;
    m->max_end[i] = i && m->max_end[i - 1] > end ? m->max_end[i - 1] : end;
  }
}

/* The function symbol holding `vaddr` (module address), or NULL: a sized
 * symbol containing it, else a sizeless one at the closest address below
 * (assembly without .size) when no symbol lies between. */
static const struct symbol *elf_symbol_at(struct dw_symbolizer *s,
                                          struct dw_module *m, uint64_t vaddr) {
  if (!m->symbols_read)
    read_symbols(s, m);
  size_t lo = 0, hi = m->num_symbols;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (m->symbols[mid].start <= vaddr)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0)
    return NULL;
  /* The first symbol of the group starting where the closest one does. */
  size_t first = lo - 1;
  while (first > 0 && m->symbols[first - 1].start == m->symbols[lo - 1].start)
    first--;
  const struct symbol *best = NULL;
  for (size_t i = lo; i-- > 0 && m->max_end[i] > vaddr;) {
    const struct symbol *y = &m->symbols[i];
    if (y->size && vaddr - y->start < y->size &&
        (!best || y->start > best->start ||
         (y->start == best->start && y->rank < best->rank)))
      best = y;
  }
  if (best)
    return best;
  return m->symbols[first].size == 0 ? &m->symbols[first] : NULL;
}

static const char *elf_symbol(struct dw_symbolizer *s, struct dw_module *m,
                              uint64_t vaddr) {
  const struct symbol *y = elf_symbol_at(s, m, vaddr);
  return y ? y->name : NULL;
}

static void read_dwarf(struct dw_module *m) {
  if (!m->dwarf_tried) {
    m->dwarf_tried = 1;
    m->dw = dwfl_module_getdwarf(m->mod, &m->bias);
    if (m->dw)
      m->index = ss_dwarf_index_new(m->dw);
  }
}

/* lookup's first two frames' functions where it has more than one,
 * alone: no line, no declarations, no call sites (ideal time asks this
 * of every instruction). */
static const char *dw_inlined_at(void *self, void *module,
                                 uint64_t link_vaddr, const char **caller) {
  struct dw_symbolizer *s = self;
  struct dw_module *m = module;
  read_dwarf(m);
  Dwarf_Die cu, function;
  Dwarf_Addr addr = link_vaddr + m->elf_bias - m->bias;
  if (!m->index || ss_dwarf_index_lookup(m->index, addr, &cu, &function) < 2)
    return NULL;
  size_t n = ss_dwarf_index_inline_chain(m->index, &function, addr,
                                         &s->chain, &s->chain_cap);
  if (n == 0)
    return NULL;
  const char *name = die_function_name(s, &s->chain[0]);
  const char *outer = die_function_name(s, n >= 2 ? &s->chain[1] : &function);
  *caller = outer ? outer : "<unknown>";
  return name ? name : "<unknown>";
}

static size_t dw_lookup(void *self, void *module, uint64_t link_vaddr,
                        const struct ss_sym_frame **frames) {
  struct dw_symbolizer *s = self;
  struct dw_module *m = module;
  /* Module addresses, as libdwfl lays the module out. */
  uint64_t vaddr = link_vaddr + m->elf_bias;
  *frames = NULL;
  read_dwarf(m);
  Dwarf_Die cu, function;
  int found = 0;
  Dwarf_Addr addr = vaddr - m->bias;
  if (m->index)
    found = ss_dwarf_index_lookup(m->index, addr, &cu, &function);
  const char *file = "";
  uint32_t line = 0;
  if (found) {
    Dwarf_Line *ln = dwarf_getsrc_die(&cu, addr);
    int n = 0;
    const char *src = ln ? dwarf_linesrc(ln, NULL, NULL) : NULL;
    if (src && dwarf_lineno(ln, &n) == 0 && n > 0) {
      file = intern(s, src);
      line = (uint32_t)n;
    } else if (src) {
      file = intern(s, src); /* line 0: compiler-made code */
    }
  }
  if (found < 2) {
    /* No function entry: the ELF symbol, with the line table's position
     * if there is one (assembly files). */
    const struct symbol *y = elf_symbol_at(s, m, vaddr);
    if (!y)
      return 0;
    struct ss_sym_frame *f = frame_slot(s, 0);
    f->function = y->name;
    f->decl_file = file;
    f->file = file;
    f->line = line;
    /* The line table at the symbol's start, as for a function without a
     * declaration line (function_start_line). */
    Dwarf_Line *start = found ? dwarf_getsrc_die(&cu, y->start - m->bias) : NULL;
    int n = 0;
    if (start && dwarf_lineno(start, &n) == 0 && n > 0)
      f->decl_line = (uint32_t)n;
    *frames = s->frames;
    return 1;
  }
  size_t n = ss_dwarf_inline_chain(&function, addr, &s->chain, &s->chain_cap);
  for (size_t i = 0; i <= n; i++) {
    Dwarf_Die *die = i < n ? &s->chain[i] : &function;
    struct ss_sym_frame *f = frame_slot(s, i);
    f->function = die_function_name(s, die);
    if (!f->function && i == n)
      f->function = elf_symbol(s, m, vaddr);
    if (!f->function)
      f->function = "<unknown>";
    f->decl_file = die_file(s, die, DW_AT_decl_file, 1);
    int dl = 0;
    if (dwarf_decl_line(die, &dl) == 0 && dl > 0)
      f->decl_line = (uint32_t)dl;
    else
      function_start_line(s, &cu, die, f); /* -gline-tables-only */
    if (i == 0) {
      f->file = file;
      f->line = line;
    } else {
      /* Positioned where the frame before was inlined into this one. */
      Dwarf_Die *inlined = &s->chain[i - 1];
      f->file = die_file(s, inlined, DW_AT_call_file, 0);
      f->line = die_udata(inlined, DW_AT_call_line);
      Dwarf_Addr entry = inline_entry(inlined);
      f->inline_entry = entry ? entry + m->bias - m->elf_bias : 0;
    }
  }
  *frames = s->frames;
  return n + 1;
}

static void dw_destroy(void *self) {
  struct dw_symbolizer *s = self;
  for (size_t i = 0; i < s->num_modules; i++) {
    ss_dwarf_index_free(s->modules[i]->index);
    dwfl_end(s->modules[i]->dwfl);
    free(s->modules[i]->image);
    free(s->modules[i]->symbols);
    free(s->modules[i]->max_end);
    free(s->modules[i]);
  }
  free(s->modules);
  for (size_t i = 0; i < s->strings.count; i++)
    free(s->strs[i]);
  free(s->strs);
  ss_hash_release(&s->strings);
  free(s->frames);
  free(s->chain);
  free(s);
}

static const struct ss_symbolizer_ops dw_ops = {dw_open, dw_lookup,
                                                dw_destroy, dw_inlined_at};

struct ss_symbolizer ss_dwarf_symbolizer_new(void) {
  struct dw_symbolizer *s = ss_xcalloc(1, sizeof *s);
  ss_hash_init(&s->strings);
  struct ss_symbolizer r = {&dw_ops, s};
  return r;
}
