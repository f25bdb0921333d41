/* elf_probe.c -- reads an executable's ELF and program headers (see
 * elf_probe.h).  Only the native 64-bit little-endian format is accepted:
 * libssrt.so exists for this machine alone. */
#define _GNU_SOURCE
#include "elf_probe.h"

#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__x86_64__)
#define NATIVE_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define NATIVE_MACHINE EM_AARCH64
#else
#define NATIVE_MACHINE EM_NONE
#endif

static bool read_at(int fd, void *buf, size_t n, off_t off) {
  ssize_t got = pread(fd, buf, n, off);
  return got == (ssize_t)n;
}

/* File offset of a virtual address, through the PT_LOAD headers. */
static bool vaddr_to_offset(const Elf64_Phdr *ph, int n, uint64_t vaddr,
                            uint64_t *off) {
  for (int i = 0; i < n; i++)
    if (ph[i].p_type == PT_LOAD && vaddr >= ph[i].p_vaddr &&
        vaddr < ph[i].p_vaddr + ph[i].p_filesz) {
      *off = ph[i].p_offset + (vaddr - ph[i].p_vaddr);
      return true;
    }
  return false;
}

/* Whether the dynamic section names libssrt.so among the needed libraries. */
static bool needs_ssrt(int fd, const Elf64_Phdr *ph, int n) {
  const Elf64_Phdr *dyn = NULL;
  for (int i = 0; i < n; i++)
    if (ph[i].p_type == PT_DYNAMIC)
      dyn = &ph[i];
  if (!dyn || dyn->p_filesz == 0 || dyn->p_filesz > (1u << 20))
    return false;
  size_t count = dyn->p_filesz / sizeof(Elf64_Dyn);
  Elf64_Dyn *d = malloc(count * sizeof *d);
  bool found = false;
  if (d && read_at(fd, d, count * sizeof *d, (off_t)dyn->p_offset)) {
    uint64_t strtab = 0;
    for (size_t i = 0; i < count && d[i].d_tag != DT_NULL; i++)
      if (d[i].d_tag == DT_STRTAB)
        strtab = d[i].d_un.d_ptr;
    uint64_t stroff;
    if (strtab && vaddr_to_offset(ph, n, strtab, &stroff))
      for (size_t i = 0; i < count && d[i].d_tag != DT_NULL && !found; i++) {
        char name[64];
        if (d[i].d_tag == DT_NEEDED &&
            read_at(fd, name, sizeof name - 1, (off_t)(stroff + d[i].d_un.d_val))) {
          name[sizeof name - 1] = '\0';
          found = strncmp(name, "libssrt.so", 10) == 0;
        }
      }
  }
  free(d);
  return found;
}

/* The contents of the section called `want` (at most size - 1 bytes, NUL
 * terminated) into buf; false if there is none. */
static bool read_section(int fd, const Elf64_Ehdr *eh, const char *want,
                         char *buf, size_t size) {
  if (eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shnum == 0 ||
      eh->e_shstrndx >= eh->e_shnum)
    return false;
  Elf64_Shdr *sh = malloc(eh->e_shnum * sizeof *sh);
  bool found = false;
  if (sh && read_at(fd, sh, eh->e_shnum * sizeof *sh, (off_t)eh->e_shoff)) {
    const Elf64_Shdr *names = &sh[eh->e_shstrndx];
    size_t wlen = strlen(want);
    for (int i = 0; i < eh->e_shnum && !found; i++) {
      char name[64];
      if (sh[i].sh_name >= names->sh_size ||
          !read_at(fd, name, wlen + 1, (off_t)(names->sh_offset + sh[i].sh_name)) ||
          memcmp(name, want, wlen + 1) != 0 || sh[i].sh_type == SHT_NOBITS)
        continue;
      size_t n = sh[i].sh_size < size - 1 ? sh[i].sh_size : size - 1;
      found = read_at(fd, buf, n, (off_t)sh[i].sh_offset);
      buf[found ? n : 0] = '\0';
    }
  }
  free(sh);
  return found;
}

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
  struct elf_probe r;
  memset(&r, 0, sizeof r);
  r.kind = ELF_UNREADABLE;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return r;
  unsigned char ident[EI_NIDENT];
  if (!read_at(fd, ident, sizeof ident, 0) || memcmp(ident, ELFMAG, SELFMAG) != 0) {
    r.kind = ELF_NOT_ELF;
    close(fd);
    return r;
  }
  Elf64_Ehdr eh;
  if (ident[EI_CLASS] != ELFCLASS64 || ident[EI_DATA] != ELFDATA2LSB ||
      !read_at(fd, &eh, sizeof eh, 0) || eh.e_machine != NATIVE_MACHINE) {
    r.kind = ELF_OTHER_MACHINE;
    close(fd);
    return r;
  }
  if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phnum == 0 ||
      eh.e_phnum > 4096) {
    close(fd);
    return r;
  }
  Elf64_Phdr *ph = malloc(eh.e_phnum * sizeof *ph);
  if (ph && read_at(fd, ph, eh.e_phnum * sizeof *ph, (off_t)eh.e_phoff)) {
    r.kind = ELF_STATIC;
    for (int i = 0; i < eh.e_phnum; i++)
      if (ph[i].p_type == PT_INTERP)
        r.kind = ELF_DYNAMIC;
    if (r.kind == ELF_DYNAMIC)
      r.needs_ssrt = needs_ssrt(fd, ph, eh.e_phnum);
    else
      read_section(fd, &eh, "ssrt_static_experiments", r.static_experiments,
                   sizeof r.static_experiments);
  }
  free(ph);
  close(fd);
  return r;
}
