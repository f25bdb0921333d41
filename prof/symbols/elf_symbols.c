/* elf_symbols.c -- function symbol lookup with libelf. */
#include "symbols.h"

#include "base.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct symbol {
  uint64_t start, size;
  char *name;
};

struct elf_module {
  char *path;
  struct symbol *symbols; /* sorted by start */
  size_t num_symbols;
};

struct ss_elf_cache {
  struct elf_module *modules;
  size_t num_modules, cap;
};

struct ss_elf_cache *ss_elf_cache_new(void) {
  return ss_xcalloc(1, sizeof(struct ss_elf_cache));
}

void ss_elf_cache_free(struct ss_elf_cache *c) {
  if (!c)
    return;
  for (size_t i = 0; i < c->num_modules; i++) {
    for (size_t j = 0; j < c->modules[i].num_symbols; j++)
      free(c->modules[i].symbols[j].name);
    free(c->modules[i].symbols);
    free(c->modules[i].path);
  }
  free(c->modules);
  free(c);
}

static int by_start(const void *a, const void *b) {
  const struct symbol *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  /* Prefer the sized symbol, then the longer one, at equal addresses. */
  if (x->size != y->size)
    return x->size > y->size ? -1 : 1;
  return strcmp(x->name, y->name);
}

/* Collect the function symbols of one symbol table section. */
static void read_symtab(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh,
                        struct elf_module *m, size_t *cap) {
  Elf_Data *data = elf_getdata(scn, NULL);
  if (!data || sh->sh_entsize == 0)
    return;
  size_t n = sh->sh_size / sh->sh_entsize;
  for (size_t i = 0; i < n; i++) {
    GElf_Sym sym;
    if (!gelf_getsym(data, (int)i, &sym))
      break;
    if (GELF_ST_TYPE(sym.st_info) != STT_FUNC &&
        GELF_ST_TYPE(sym.st_info) != STT_GNU_IFUNC)
      continue;
    if (sym.st_shndx == SHN_UNDEF || sym.st_value == 0)
      continue;
    const char *name = elf_strptr(elf, sh->sh_link, sym.st_name);
    if (!name || !name[0])
      continue;
    SS_GROW(m->symbols, *cap, m->num_symbols);
    m->symbols[m->num_symbols].start = sym.st_value;
    m->symbols[m->num_symbols].size = sym.st_size;
    m->symbols[m->num_symbols].name = ss_xstrdup(name);
    m->num_symbols++;
  }
}

static void load_module(struct elf_module *m) {
  static int initialized;
  if (!initialized) {
    if (elf_version(EV_CURRENT) == EV_NONE)
      return;
    initialized = 1;
  }
  char why[128];
  int fd = ss_open_regular(m->path, why, sizeof why);
  if (fd < 0)
    return;
  Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
  if (elf && elf_kind(elf) == ELF_K_ELF) {
    size_t cap = 0;
    /* .symtab has the local symbols too; fall back to .dynsym when the
     * file is stripped. */
    for (int pass = 0; pass < 2 && m->num_symbols == 0; pass++) {
      Elf_Scn *scn = NULL;
      while ((scn = elf_nextscn(elf, scn)) != NULL) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
          continue;
        if (sh.sh_type == (pass == 0 ? SHT_SYMTAB : SHT_DYNSYM))
          read_symtab(elf, scn, &sh, m, &cap);
      }
    }
    if (m->num_symbols)
      ss_sort(m->symbols, m->num_symbols, sizeof *m->symbols, by_start);
  }
  if (elf)
    elf_end(elf);
  close(fd);
}

static struct elf_module *module_for(struct ss_elf_cache *c,
                                     const char *path) {
  for (size_t i = 0; i < c->num_modules; i++)
    if (strcmp(c->modules[i].path, path) == 0)
      return &c->modules[i];
  SS_GROW(c->modules, c->cap, c->num_modules);
  struct elf_module *m = &c->modules[c->num_modules++];
  memset(m, 0, sizeof *m);
  m->path = ss_xstrdup(path);
  load_module(m);
  return m;
}

const char *ss_elf_symbol_at(struct ss_elf_cache *c, const char *path,
                             uint64_t vaddr) {
  if (!path || !path[0])
    return NULL;
  struct elf_module *m = module_for(c, path);
  /* Last symbol starting at or below vaddr. */
  size_t lo = 0, hi = m->num_symbols;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (m->symbols[mid].start <= vaddr)
      lo = mid + 1;
    else
      hi = mid;
  }
  /* Walk back over symbols at the same start to find one that contains
   * vaddr (a zero-sized symbol only matches its own address). */
  while (lo > 0) {
    const struct symbol *s = &m->symbols[--lo];
    uint64_t size = s->size ? s->size : 1;
    if (vaddr - s->start < size)
      return s->name;
    if (lo > 0 && m->symbols[lo - 1].start != s->start)
      break;
  }
  return NULL;
}

uint64_t ss_elf_function_end(struct ss_elf_cache *c, const char *path,
                             uint64_t start) {
  if (!path || !path[0])
    return 0;
  struct elf_module *m = module_for(c, path);
  size_t lo = 0, hi = m->num_symbols;
  while (lo < hi) { /* first symbol starting at or after `start` */
    size_t mid = lo + (hi - lo) / 2;
    if (m->symbols[mid].start < start)
      lo = mid + 1;
    else
      hi = mid;
  }
  /* Sized symbols sort first at equal addresses. */
  if (lo < m->num_symbols && m->symbols[lo].start == start &&
      m->symbols[lo].size > 0)
    return start + m->symbols[lo].size;
  return 0;
}

int ss_elf_defines(struct ss_elf_cache *c, const char *path,
                   const char *name) {
  if (!path || !path[0])
    return 0;
  const struct elf_module *m = module_for(c, path);
  for (size_t i = 0; i < m->num_symbols; i++)
    if (strcmp(m->symbols[i].name, name) == 0)
      return 1;
  return 0;
}
