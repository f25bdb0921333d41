/* runpath.c -- sscc's runtime directory out of an output's run-time search
 * path where the output does not need the runtime (see runpath.h).
 *
 * sscc adds -rpath <lib> to every link, because only the linker knows
 * whether an object references libssrt (--as-needed then records it or
 * not); the path itself cannot be made conditional.  Left in a library
 * or program that does not need libssrt, it would make the loader search
 * sscc's directory for every library, and a build system that edits the
 * path at install time (CMake replaces its own build directories) would
 * leave an empty entry, which the loader reads as the current directory.
 */
#include "runpath.h"
#include "elf_dynamic.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Whether a string table reference r points into the string at
 * [off, off + len): the linker merges a string into the tail of a longer
 * one, and shortening the longer one would change it. */
static bool inside(size_t r, size_t off, size_t len) { return r >= off && r < off + len; }

static bool is_string_tag(Elf64_Sxword tag) {
  return tag == DT_NEEDED || tag == DT_SONAME || tag == DT_RPATH || tag == DT_RUNPATH ||
         tag == DT_AUXILIARY || tag == DT_FILTER || tag == DT_CONFIG ||
         tag == DT_DEPAUDIT || tag == DT_AUDIT;
}

/* Whether a name of the version records in p[0, size) (verneed: files and
 * versions needed; else verdef: versions defined), `count` records
 * chained by offsets, points into the string at off; a chain that leaves
 * the section counts as yes. */
static bool version_names_inside(const unsigned char *p, size_t size, bool need,
                                 size_t count, size_t off, size_t len) {
  size_t at = 0;
  for (size_t r = 0; r < count; r++) {
    if (at > size || size - at < (need ? sizeof(Elf64_Verneed) : sizeof(Elf64_Verdef)))
      return true;
    uint16_t naux;
    uint32_t aux, next;
    if (need) {
      Elf64_Verneed vn;
      memcpy(&vn, p + at, sizeof vn);
      if (inside(vn.vn_file, off, len))
        return true;
      naux = vn.vn_cnt, aux = vn.vn_aux, next = vn.vn_next;
    } else {
      Elf64_Verdef vd;
      memcpy(&vd, p + at, sizeof vd);
      naux = vd.vd_cnt, aux = vd.vd_aux, next = vd.vd_next;
    }
    size_t a = at + aux;
    for (uint16_t k = 0; k < naux; k++) {
      if (a > size || size - a < (need ? sizeof(Elf64_Vernaux) : sizeof(Elf64_Verdaux)))
        return true;
      uint32_t name, anext;
      if (need) {
        Elf64_Vernaux vna;
        memcpy(&vna, p + a, sizeof vna);
        name = vna.vna_name, anext = vna.vna_next;
      } else {
        Elf64_Verdaux vda;
        memcpy(&vda, p + a, sizeof vda);
        name = vda.vda_name, anext = vda.vda_next;
      }
      if (inside(name, off, len))
        return true;
      a += anext;
    }
    at += next;
  }
  return false;
}

/* Whether the section's data lies in the file. */
static bool in_file(const struct elf_file *f, const Elf64_Shdr *sh) {
  return sh->sh_type != SHT_NOBITS && sh->sh_offset <= f->size &&
         sh->sh_size <= f->size - sh->sh_offset;
}

/* Whether any name of the dynamic string table but that of dynamic entry
 * own (other dynamic entries, dynamic symbols, symbol versions) points
 * into the string at off, or the section headers that would tell are
 * missing. */
static bool string_shared(const struct elf_file *f, size_t own, size_t off, size_t len) {
  for (size_t i = 0; i < f->ndyn; i++)
    if (i != own && is_string_tag(f->dyn[i].d_tag) && inside(f->dyn[i].d_un.d_val, off, len))
      return true;
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *)f->map;
  if (eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shnum == 0 || eh->e_shoff % 8 ||
      eh->e_shoff > f->size || eh->e_shnum > (f->size - eh->e_shoff) / sizeof(Elf64_Shdr))
    return true;
  const Elf64_Shdr *sh = (const Elf64_Shdr *)(f->map + eh->e_shoff);
  for (size_t s = 0; s < eh->e_shnum; s++) {
    if (!in_file(f, &sh[s]))
      continue;
    const unsigned char *p = f->map + sh[s].sh_offset;
    size_t size = sh[s].sh_size;
    if (sh[s].sh_type == SHT_DYNSYM) {
      for (size_t k = 0; k + sizeof(Elf64_Sym) <= size; k += sizeof(Elf64_Sym)) {
        Elf64_Sym sym;
        memcpy(&sym, p + k, sizeof sym);
        if (inside(sym.st_name, off, len))
          return true;
      }
    } else if (sh[s].sh_type == SHT_GNU_verneed || sh[s].sh_type == SHT_GNU_verdef) {
      if (version_names_inside(p, size, sh[s].sh_type == SHT_GNU_verneed, sh[s].sh_info,
                               off, len))
        return true;
    }
  }
  return false;
}

/* rpath without the entries equal to dir, into out (as long as rpath). */
static void without_entry(const char *rpath, const char *dir, char *out) {
  size_t n = 0, dirlen = strlen(dir);
  for (const char *p = rpath;;) {
    const char *end = strchr(p, ':');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (!(len == dirlen && memcmp(p, dir, len) == 0)) {
      if (n)
        out[n++] = ':';
      memcpy(out + n, p, len);
      n += len;
    }
    if (!end)
      break;
    p = end + 1;
  }
  out[n] = '\0';
}

void drop_unneeded_runpath(const char *path, const char *dir) {
  struct elf_file f;
  enum elf_kind kind = elf_open(path, true, &f);
  if (kind != ELF_DYNAMIC && kind != ELF_STATIC)
    return;
  if (!f.dyn || elf_needs(&f, "libssrt.so")) {
    elf_close(&f);
    return;
  }
  for (size_t i = 0; i < f.ndyn; i++) {
    if (f.dyn[i].d_tag != DT_RUNPATH && f.dyn[i].d_tag != DT_RPATH)
      continue;
    size_t off = f.dyn[i].d_un.d_val;
    const char *old = elf_dyn_string(&f, off);
    if (!old)
      continue;
    size_t len = strlen(old);
    char *now = malloc(len + 1);
    if (!now)
      break;
    without_entry(old, dir, now);
    size_t nowlen = strlen(now);
    if (nowlen < len && !string_shared(&f, i, off, len + 1)) {
      char *s = (char *)f.map + f.strtab + off;
      memcpy(s, now, nowlen);
      memset(s + nowlen, 0, len - nowlen);
      if (nowlen == 0) { /* the entry goes; DT_NULL stays last */
        memmove(&f.dyn[i], &f.dyn[i + 1], (f.ndyn - i - 1) * sizeof f.dyn[0]);
        f.ndyn--;
        i--;
      }
    }
    free(now);
  }
  msync(f.map, f.size, MS_SYNC);
  elf_close(&f);
}
