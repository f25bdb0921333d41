/*
 * plt_stubs.h -- names for the PLT stubs of an ELF file, "logf@plt" as
 * objdump calls them: a sample in a stub would otherwise be named by the
 * closest symbol below (_init, whose size is unknown) or not at all.
 * Private to symbols/.
 *
 * Each 16-byte entry of .plt, .plt.sec (IBT's second PLT) and .plt.got
 * whose code jumps through a GOT slot (jmp *disp32(%rip), with or
 * without endbr64 and bnd) is named after the dynamic symbol of the
 * relocation (.rela.plt's JUMP_SLOT, .rela.dyn's GLOB_DAT) that fills
 * that slot: the entry's own code says which slot it uses, so the names
 * do not depend on the order of the relocations.  x86-64 only.
 */
#ifndef SSPROF_PLT_STUBS_H
#define SSPROF_PLT_STUBS_H

#include <gelf.h>
#include <stdint.h>

/* Calls `add` for each named stub of `elf`: its link-time address, its
 * size and "<symbol>@plt" (valid during the call only). */
void ss_plt_stubs(Elf *elf,
                  void (*add)(void *ctx, uint64_t addr, uint64_t size,
                              const char *name),
                  void *ctx);

#endif
