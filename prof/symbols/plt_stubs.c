/* plt_stubs.c -- PLT stubs named after the symbols they jump to (see
 * plt_stubs.h). */
#include "plt_stubs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct slot {
  uint64_t got;     /* the GOT slot's link-time address */
  const char *name; /* the dynamic symbol the relocation names */
};

/* The GOT slots that .rela.plt and .rela.dyn fill with a symbol's
 * address, and the symbols' names. */
static struct slot *read_slots(Elf *elf, size_t *num) {
  struct slot *slots = NULL;
  size_t n = 0, cap = 0;
  size_t shstrndx;
  if (elf_getshdrstrndx(elf, &shstrndx) != 0)
    return NULL;
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn)) != NULL;) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || !sh.sh_entsize)
      continue;
    Elf_Scn *symscn = elf_getscn(elf, sh.sh_link);
    GElf_Shdr symsh;
    Elf_Data *rela = elf_getdata(scn, NULL);
    Elf_Data *syms = symscn ? elf_getdata(symscn, NULL) : NULL;
    if (!rela || !syms || !gelf_getshdr(symscn, &symsh))
      continue;
    for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
      GElf_Rela r;
      GElf_Sym sym;
      if (!gelf_getrela(rela, (int)i, &r))
        break;
      uint32_t type = GELF_R_TYPE(r.r_info);
      if ((type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT) ||
          !gelf_getsym(syms, (int)GELF_R_SYM(r.r_info), &sym))
        continue;
      const char *name = elf_strptr(elf, symsh.sh_link, sym.st_name);
      if (!name || !name[0])
        continue;
      if (n == cap) {
        cap = cap ? 2 * cap : 64;
        struct slot *grown = realloc(slots, cap * sizeof *slots);
        if (!grown)
          abort();
        slots = grown;
      }
      slots[n].got = r.r_offset;
      slots[n].name = name;
      n++;
    }
  }
  *num = n;
  return slots;
}

/* The GOT slot an entry jumps through: jmp *disp32(%rip) is ff 25 disp32
 * (after endbr64 f3 0f 1e fa and bnd f2, when present); 0 if none. */
static uint64_t jump_slot(const uint8_t *code, size_t size, uint64_t addr) {
  for (size_t i = 0; i + 6 <= size; i++)
    if (code[i] == 0xff && code[i + 1] == 0x25) {
      int32_t disp;
      memcpy(&disp, code + i + 2, sizeof disp);
      return addr + i + 6 + (uint64_t)(int64_t)disp;
    }
  return 0;
}

void ss_plt_stubs(Elf *elf,
                  void (*add)(void *ctx, uint64_t addr, uint64_t size,
                              const char *name),
                  void *ctx) {
  GElf_Ehdr eh;
  size_t shstrndx;
  if (!gelf_getehdr(elf, &eh) || eh.e_machine != EM_X86_64 ||
      elf_getshdrstrndx(elf, &shstrndx) != 0)
    return;
  size_t num_slots = 0;
  struct slot *slots = read_slots(elf, &num_slots);
  if (!num_slots) {
    free(slots);
    return;
  }
  for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn)) != NULL;) {
    GElf_Shdr sh;
    const char *sname;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
        !(sname = elf_strptr(elf, shstrndx, sh.sh_name)) ||
        (strcmp(sname, ".plt") != 0 && strcmp(sname, ".plt.sec") != 0 &&
         strcmp(sname, ".plt.got") != 0))
      continue;
    Elf_Data *data = elf_getdata(scn, NULL);
    uint64_t entry = sh.sh_entsize >= 8 ? sh.sh_entsize : 16;
    if (!data || !data->d_buf || data->d_size < sh.sh_size)
      continue;
    for (uint64_t off = 0; off + entry <= sh.sh_size; off += entry) {
      uint64_t got = jump_slot((const uint8_t *)data->d_buf + off, entry,
                               sh.sh_addr + off);
      for (size_t k = 0; got && k < num_slots; k++)
        if (slots[k].got == got) {
          char name[512];
          snprintf(name, sizeof name, "%s@plt", slots[k].name);
          add(ctx, sh.sh_addr + off, entry, name);
          break;
        }
    }
  }
  free(slots);
}
