/* elf_code.c -- code bytes, block markers and line rows of an object. */
#include "mcode.h"

#include "base.h"
#include "pseudo_probes.h"

#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct code_section {
  uint64_t address, size;
  const uint8_t *bytes;
  int code; /* executable */
};

struct ss_elf_code {
  int fd;
  Elf *elf;
  unsigned machine;
  struct code_section *sections;
  size_t num_sections;
  struct ss_block_marker *markers; /* by GUID, address, then seq */
  size_t num_markers, markers_cap;
  int markers_corrupt;
  int rows_read; /* the line table is read when first asked for */
  struct ss_line_row *rows; /* by address */
  size_t num_rows;
  char **files;
  size_t num_files;
};

static int build_id_matches(Elf *elf, const uint8_t *id, uint32_t len) {
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn(elf, scn)) != NULL) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
      continue;
    Elf_Data *data = elf_getdata(scn, NULL);
    size_t off = 0, name_off, desc_off;
    GElf_Nhdr nh;
    while (data && (off = gelf_getnote(data, off, &nh, &name_off,
                                       &desc_off)) > 0) {
      if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
          memcmp((const char *)data->d_buf + name_off, "GNU", 4) == 0)
        return nh.n_descsz == len &&
               memcmp((const char *)data->d_buf + desc_off, id, len) == 0;
    }
  }
  return 0;
}

static int by_guid_address(const void *a, const void *b) {
  const struct ss_block_marker *x = a, *y = b;
  if (x->guid != y->guid)
    return x->guid < y->guid ? -1 : 1;
  if (x->address != y->address)
    return x->address < y->address ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void read_markers(struct ss_elf_code *c, Elf_Scn *scn) {
  Elf_Data *data = elf_getdata(scn, NULL);
  if (!data || !data->d_buf)
    return;
  if (ss_pseudo_probes_decode(data->d_buf, data->d_size, &c->markers,
                              &c->num_markers, &c->markers_cap) != 0)
    c->markers_corrupt = 1;
}

static void read_sections(struct ss_elf_code *c) {
  size_t shstrndx, cap = 0;
  if (elf_getshdrstrndx(c->elf, &shstrndx) != 0)
    return;
  Elf_Scn *scn = NULL;
  while ((scn = elf_nextscn(c->elf, scn)) != NULL) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh))
      continue;
    const char *name = elf_strptr(c->elf, shstrndx, sh.sh_name);
    if (name && strcmp(name, ".pseudo_probe") == 0) {
      read_markers(c, scn);
    } else if (sh.sh_type == SHT_PROGBITS && (sh.sh_flags & SHF_ALLOC)) {
      Elf_Data *data = elf_getdata(scn, NULL);
      if (!data || !data->d_buf || data->d_size < sh.sh_size)
        continue;
      SS_GROW(c->sections, cap, c->num_sections);
      c->sections[c->num_sections++] = (struct code_section){
          sh.sh_addr, sh.sh_size, data->d_buf,
          (sh.sh_flags & SHF_EXECINSTR) != 0};
    }
  }
}

static const char *own_file(struct ss_elf_code *c, const char *name,
                            size_t *cap) {
  for (size_t i = c->num_files; i-- > 0;) /* rows repeat recent files */
    if (strcmp(c->files[i], name) == 0)
      return c->files[i];
  SS_GROW(c->files, *cap, c->num_files);
  return c->files[c->num_files++] = ss_xstrdup(name);
}

static int by_address(const void *a, const void *b) {
  const struct ss_line_row *x = a, *y = b;
  if (x->address != y->address)
    return x->address < y->address ? -1 : 1;
  /* At one address a sequence's end comes before the next one's start. */
  return y->end_sequence - x->end_sequence;
}

static void read_line_rows(struct ss_elf_code *c) {
  Dwarf *dw = dwarf_begin_elf(c->elf, DWARF_C_READ, NULL);
  if (!dw)
    return;
  size_t cap = 0, files_cap = 0;
  Dwarf_Off off = 0, next;
  size_t header_size;
  while (dwarf_nextcu(dw, off, &next, &header_size, NULL, NULL, NULL) == 0) {
    Dwarf_Die cu;
    Dwarf_Lines *lines;
    size_t n;
    if (dwarf_offdie(dw, off + header_size, &cu) &&
        dwarf_getsrclines(&cu, &lines, &n) == 0) {
      for (size_t i = 0; i < n; i++) {
        Dwarf_Line *l = dwarf_onesrcline(lines, i);
        Dwarf_Addr addr;
        int line = 0;
        bool end = false;
        if (!l || dwarf_lineaddr(l, &addr) != 0)
          continue;
        dwarf_lineno(l, &line);
        dwarf_lineendsequence(l, &end);
        const char *file = dwarf_linesrc(l, NULL, NULL);
        SS_GROW(c->rows, cap, c->num_rows);
        c->rows[c->num_rows++] = (struct ss_line_row){
            addr, own_file(c, file ? file : "", &files_cap),
            line > 0 ? (uint32_t)line : 0, end};
      }
    }
    off = next;
  }
  ss_sort(c->rows, c->num_rows, sizeof *c->rows, by_address);
  dwarf_end(dw);
}

struct ss_elf_code *ss_elf_code_open(const char *path,
                                     const uint8_t *build_id,
                                     uint32_t build_id_len, char *why,
                                     size_t why_size) {
  if (elf_version(EV_CURRENT) == EV_NONE) {
    snprintf(why, why_size, "libelf: %s", elf_errmsg(-1));
    return NULL;
  }
  int fd = ss_open_regular(path, why, why_size);
  if (fd < 0)
    return NULL;
  Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
  GElf_Ehdr eh;
  if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
    snprintf(why, why_size, "not an ELF file");
  } else if (build_id_len > 0 && !build_id_matches(elf, build_id,
                                                   build_id_len)) {
    snprintf(why, why_size, "build-id differs from the one the run recorded "
             "(rebuilt since?)");
  } else {
    struct ss_elf_code *c = ss_xcalloc(1, sizeof *c);
    c->fd = fd;
    c->elf = elf;
    c->machine = eh.e_machine;
    read_sections(c);
    if (!c->markers_corrupt) {
      ss_sort(c->markers, c->num_markers, sizeof *c->markers, by_guid_address);
      return c;
    }
    snprintf(why, why_size, "its .pseudo_probe table is malformed");
    free(c->markers);
    free(c->sections);
    free(c);
  }
  if (elf)
    elf_end(elf);
  close(fd);
  return NULL;
}

void ss_elf_code_close(struct ss_elf_code *c) {
  if (!c)
    return;
  for (size_t i = 0; i < c->num_files; i++)
    free(c->files[i]);
  free(c->files);
  free(c->rows);
  free(c->markers);
  free(c->sections);
  elf_end(c->elf);
  close(c->fd);
  free(c);
}

unsigned ss_elf_code_machine(const struct ss_elf_code *c) {
  return c->machine;
}

static const uint8_t *section_bytes(const struct ss_elf_code *c,
                                    uint64_t address, uint64_t size,
                                    int code) {
  for (size_t i = 0; i < c->num_sections; i++) {
    const struct code_section *s = &c->sections[i];
    if (code && !s->code)
      continue;
    if (address >= s->address && address - s->address <= s->size &&
        size <= s->size - (address - s->address))
      return s->bytes + (address - s->address);
  }
  return NULL;
}

const uint8_t *ss_elf_code_bytes(const struct ss_elf_code *c,
                                 uint64_t address, uint64_t size) {
  return section_bytes(c, address, size, 1);
}

const uint8_t *ss_elf_code_data(const struct ss_elf_code *c, uint64_t address,
                                uint64_t size) {
  return section_bytes(c, address, size, 0);
}

size_t ss_elf_code_markers(const struct ss_elf_code *c, uint64_t guid,
                           const struct ss_block_marker **markers) {
  size_t lo = 0, hi = c->num_markers;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (c->markers[mid].guid < guid)
      lo = mid + 1;
    else
      hi = mid;
  }
  size_t end = lo;
  while (end < c->num_markers && c->markers[end].guid == guid)
    end++;
  *markers = c->markers + lo;
  return end - lo;
}

const struct ss_line_row *ss_elf_code_row(const struct ss_elf_code *cc,
                                          uint64_t address) {
  /* Reading the DWARF line table is most of the cost of opening an
   * object; a listing whose machine code is all in the cache of ideal
   * time never asks for a row. */
  struct ss_elf_code *c = (struct ss_elf_code *)cc;
  if (!c->rows_read) {
    c->rows_read = 1;
    read_line_rows(c);
  }
  size_t lo = 0, hi = c->num_rows;
  while (lo < hi) { /* first row after `address` */
    size_t mid = lo + (hi - lo) / 2;
    if (c->rows[mid].address <= address)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0 || c->rows[lo - 1].end_sequence)
    return NULL;
  return &c->rows[lo - 1];
}
