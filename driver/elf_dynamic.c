/* elf_dynamic.c -- maps an ELF file and finds its dynamic section (see
 * elf_dynamic.h).  Only the native 64-bit little-endian format is
 * accepted: libssrt.so exists for this machine alone. */
#define _GNU_SOURCE
#include "elf_dynamic.h"

#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__x86_64__)
#define NATIVE_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define NATIVE_MACHINE EM_AARCH64
#else
#define NATIVE_MACHINE EM_NONE
#endif

/* File offset of a virtual address, through the PT_LOAD headers. */
static bool vaddr_to_offset(const Elf64_Phdr *ph, size_t n, Elf64_Addr vaddr,
                            size_t *off) {
  for (size_t i = 0; i < n; i++)
    if (ph[i].p_type == PT_LOAD && vaddr >= ph[i].p_vaddr &&
        vaddr - ph[i].p_vaddr < ph[i].p_filesz) {
      *off = ph[i].p_offset + (vaddr - ph[i].p_vaddr);
      return true;
    }
  return false;
}

/* Finds the dynamic section and its string table; leaves f->dyn NULL
 * where there is none or it does not fit in the file. */
static void find_dynamic(struct elf_file *f, const Elf64_Phdr *ph, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (ph[i].p_type == PT_INTERP)
      f->has_interp = true;
    if (ph[i].p_type != PT_DYNAMIC || ph[i].p_offset > f->size ||
        ph[i].p_filesz > f->size - ph[i].p_offset || ph[i].p_offset % 8 != 0)
      continue;
    Elf64_Dyn *d = (Elf64_Dyn *)(f->map + ph[i].p_offset);
    size_t max = ph[i].p_filesz / sizeof *d, count = 0;
    while (count < max && d[count].d_tag != DT_NULL)
      count++;
    if (count == max) /* no DT_NULL */
      continue;
    Elf64_Addr strtab = 0;
    size_t strsz = 0;
    for (size_t k = 0; k < count; k++) {
      if (d[k].d_tag == DT_STRTAB)
        strtab = d[k].d_un.d_ptr;
      else if (d[k].d_tag == DT_STRSZ)
        strsz = d[k].d_un.d_val;
    }
    size_t off;
    if (!strtab || !vaddr_to_offset(ph, n, strtab, &off) || off > f->size ||
        strsz > f->size - off)
      continue;
    f->dyn = d;
    f->ndyn = count + 1;
    f->strtab = off;
    f->strsz = strsz;
  }
}

enum elf_kind elf_open(const char *path, bool writable, struct elf_file *f) {
  memset(f, 0, sizeof *f);
  int fd = open(path, (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC);
  if (fd < 0)
    return ELF_UNREADABLE;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < (off_t)sizeof(Elf64_Ehdr)) {
    unsigned char magic[SELFMAG];
    bool elf = pread(fd, magic, sizeof magic, 0) == SELFMAG &&
               memcmp(magic, ELFMAG, SELFMAG) == 0;
    close(fd);
    return elf ? ELF_UNREADABLE : ELF_NOT_ELF;
  }
  void *map = mmap(NULL, (size_t)st.st_size, PROT_READ | (writable ? PROT_WRITE : 0),
                   writable ? MAP_SHARED : MAP_PRIVATE, fd, 0);
  close(fd);
  if (map == MAP_FAILED)
    return ELF_UNREADABLE;
  f->map = map;
  f->size = (size_t)st.st_size;
  const Elf64_Ehdr *eh = map;
  enum elf_kind kind = ELF_UNREADABLE;
  if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0)
    kind = ELF_NOT_ELF;
  else if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != ELFDATA2LSB ||
           eh->e_machine != NATIVE_MACHINE)
    kind = ELF_OTHER_MACHINE;
  else if (eh->e_phentsize == sizeof(Elf64_Phdr) && eh->e_phnum > 0 &&
           eh->e_phoff % 8 == 0 && eh->e_phoff < f->size &&
           eh->e_phnum <= (f->size - eh->e_phoff) / sizeof(Elf64_Phdr)) {
    find_dynamic(f, (const Elf64_Phdr *)(f->map + eh->e_phoff), eh->e_phnum);
    kind = f->has_interp ? ELF_DYNAMIC : ELF_STATIC;
  }
  if (kind != ELF_DYNAMIC && kind != ELF_STATIC)
    elf_close(f);
  return kind;
}

void elf_close(struct elf_file *f) {
  if (f->map)
    munmap(f->map, f->size);
  memset(f, 0, sizeof *f);
}

const char *elf_dyn_string(const struct elf_file *f, size_t off) {
  if (!f->dyn || off >= f->strsz)
    return NULL;
  const char *s = (const char *)f->map + f->strtab + off;
  return memchr(s, '\0', f->strsz - off) ? s : NULL;
}

bool elf_needs(const struct elf_file *f, const char *prefix) {
  for (size_t i = 0; f->dyn && i < f->ndyn; i++) {
    const char *name = f->dyn[i].d_tag == DT_NEEDED
                           ? elf_dyn_string(f, f->dyn[i].d_un.d_val)
                           : NULL;
    if (name && strncmp(name, prefix, strlen(prefix)) == 0)
      return true;
  }
  return false;
}

const unsigned char *elf_section(const struct elf_file *f, const char *name,
                                 size_t *size) {
  const Elf64_Ehdr *eh = (const Elf64_Ehdr *)f->map;
  if (!f->map || eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shnum == 0 ||
      eh->e_shstrndx >= eh->e_shnum || eh->e_shoff % 8 != 0 ||
      eh->e_shoff > f->size ||
      eh->e_shnum > (f->size - eh->e_shoff) / sizeof(Elf64_Shdr))
    return NULL;
  const Elf64_Shdr *sh = (const Elf64_Shdr *)(f->map + eh->e_shoff);
  const Elf64_Shdr *names = &sh[eh->e_shstrndx];
  if (names->sh_offset > f->size || names->sh_size > f->size - names->sh_offset)
    return NULL;
  const char *strings = (const char *)f->map + names->sh_offset;
  size_t len = strlen(name);
  for (size_t i = 0; i < eh->e_shnum; i++) {
    if (sh[i].sh_type == SHT_NOBITS || sh[i].sh_name >= names->sh_size ||
        names->sh_size - sh[i].sh_name <= len ||
        memcmp(strings + sh[i].sh_name, name, len + 1) != 0)
      continue;
    if (sh[i].sh_offset > f->size || sh[i].sh_size > f->size - sh[i].sh_offset)
      return NULL;
    *size = sh[i].sh_size;
    return f->map + sh[i].sh_offset;
  }
  return NULL;
}
